import Foundation
import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryReporting

/// What the shell completion scripts (`widgetry --generate-completion-script bash|zsh|fish`)
/// offer beyond paths: the screens of the bundle named on the command line for `run --screen`,
/// its scenarios for `test --scenario`, and rule ids for `lint --explain`. Each function gets the
/// words typed so far, the index of the one being completed and its text so far.
enum Completions {
    /// The screen files' screens of the bundles among `words`.
    @Sendable static func screens(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let names = bundles(in: words).flatMap { bundle -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []
            return files.filter { $0.hasSuffix(".json") }.compactMap { file in
                let name = String(file.dropLast(".json".count))
                guard let bytes = try? InputFile.bytes(of: bundle + "/" + file, option: "completion", limit: 16 << 20),
                      (try? JSONParser.parse(bytes))?.root.objectValue?[name] != nil else { return nil }
                return name
            }
        }
        return matching(names, prefix)
    }

    /// The scenario file names (without `.scenario.json`) of the bundles among `words`.
    @Sendable static func scenarios(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let names = bundles(in: words).flatMap { bundle in
            ((try? FileManager.default.contentsOfDirectory(atPath: bundle + "/" + BundleFileName.testsFolder)) ?? [])
                .filter { $0.hasSuffix(BundleFileName.scenarioSuffix) }.map { String($0.dropLast(BundleFileName.scenarioSuffix.count)) }
        }
        return matching(names, prefix)
    }

    /// Every lint rule's id.
    @Sendable static func rules(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        matching(LintRules.all.map { type(of: $0).description.id }, prefix)
    }

    /// The words that name bundle folders (a manifest at their root).
    private static func bundles(in words: [String]) -> [String] {
        words.filter { !$0.hasPrefix("-") && BundleArguments.isBundleFolder($0) }
    }

    private static func matching(_ names: [String], _ prefix: String) -> [String] {
        Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted()
    }
}
