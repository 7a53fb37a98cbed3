import WidgetryBundle
public import WidgetryJSON

/// The files a scenario names (its goldens, picture goldens and picked media), each checked with
/// ``ConfinedPath`` against the scenario's `Tests/` folder: what `validate` and the
/// `path-escape` lint rule both report, at the name, as `bundle.path-escape`.
package enum ScenarioPaths {
    /// The step keys whose value is a file inside the scenario's folder.
    public static let namingKeys = ["golden", "picture", "pickMedia"]

    /// A finding for every name in the scenario `document` that leaves `testsFolder` (an
    /// absolute path), by its text or through a link.
    /// - Parameter file: the scenario as findings name it.
    public static func escapes(in document: JSONDocument, file: String, testsFolder: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for step in document.root["steps"]?.arrayValue ?? [] {
            for key in namingKeys {
                guard let value = step[key], let name = value.stringValue else { continue }
                do throws(PathEscape) {
                    _ = try ConfinedPath(name, in: testsFolder).resolved()
                } catch {
                    findings.append(Diagnostic(code: PathEscape.code, severity: .error, file: file, location: value.location,
                                               pointer: value.pointer, message: error.message, hint: error.hint))
                }
            }
        }
        return findings
    }
}
