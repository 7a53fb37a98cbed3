import WidgetryBundle
import WidgetryJSON

/// A scenario names a golden or a picked file outside its `Tests/` folder: an absolute path, a
/// `..`, or a symbolic link that leads out (``ConfinedPath``). `widgetry test` refuses it; lint
/// says so first, at the name, under the runtime's code `bundle.path-escape`.
struct PathEscapeRule: LintRule {
    static let description = LintRuleDescription(
        id: "path-escape", severity: .error,
        summary: "Files a scenario names (goldens, picked media) stay inside the bundle's Tests folder.",
        rationale: "A bundle is not trusted: a golden named '../../.ssh/config' or '/etc/passwd' would be written by `widgetry test --update` or printed in a diff in CI. Findings carry the code bundle.path-escape.",
        examples: [
            LintExample("a golden outside the bundle", files: [
                "S.json": #"{"S": {}}"#,
                "Tests/a.scenario.json": #"{"steps": [{"golden": 1️⃣"../../outside.txt"}, {"golden": 2️⃣"/etc/passwd"}]}"#]),
            LintExample("goldens and media inside Tests", files: [
                "S.json": #"{"S": {}}"#,
                "Tests/a.scenario.json": #"{"steps": [{"pickMedia": "fixtures/photo.jpg", "with": "picker"}, {"golden": "goldens/a.txt"}]}"#]),
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        let folder = context.bundle.rootPath + "/" + BundleFileName.testsFolder
        return context.scenarios.flatMap { ScenarioPaths.escapes(in: $0.document, file: $0.file, testsFolder: folder) }
    }
}
