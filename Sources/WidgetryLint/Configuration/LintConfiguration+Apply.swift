public import WidgetryJSON

extension LintConfiguration {
    /// `findings` as this configuration wants them: excluded files dropped, levels applied
    /// (overrides after the global rules, later overrides winning), rules set off removed; and a
    /// warning (`config.unused-override`) for each override target that matched no finding.
    /// `relativePath` turns a finding's file into the path patterns are written against.
    public func apply(to findings: [Diagnostic], relativePath: (String) -> String) -> [Diagnostic] {
        var used = Set<TargetID>()
        var result: [Diagnostic] = []
        for finding in findings {
            let path = relativePath(finding.file)
            if exclude.contains(where: { $0.matches(path) }) { continue }
            var level = rules[finding.code.description]
            for (index, override) in overrides.enumerated() {
                guard let overridden = override.rules[finding.code.description] else { continue }
                for (targetIndex, target) in override.targets.enumerated() where target.glob.matches(path) {
                    if let pointer = target.pointer {
                        guard let at = finding.jsonPointer, at.tokens.starts(with: pointer.tokens) else { continue }
                    }
                    level = overridden
                    used.insert(TargetID(override: index, target: targetIndex))
                }
            }
            guard let level else {
                result.append(finding)
                continue
            }
            guard let severity = level.severity else { continue }
            var changed = finding
            changed.severity = severity
            result.append(changed)
        }
        for (index, override) in overrides.enumerated() {
            for (targetIndex, target) in override.targets.enumerated() where !used.contains(TargetID(override: index, target: targetIndex)) {
                result.append(Diagnostic(code: "config.unused-override", severity: .warning, file: file ?? LintConfiguration.fileName,
                                         location: target.value.location, pointer: target.value.pointer,
                                         message: "override \(target.glob)\(target.pointer.map { "#\($0)" } ?? "") matches no finding",
                                         hint: "remove it: the findings it was written for are gone"))
            }
        }
        return result
    }
}

/// One target of one override, to tell which matched something.
private struct TargetID: Hashable {
    let override: Int
    let target: Int
}
