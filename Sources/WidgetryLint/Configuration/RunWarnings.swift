public import WidgetryJSON

/// A run's warnings as the bundle's own `.widgetry.json` wants them. `run` and `test` warn of
/// some findings lint also makes (an action no service file defines, `unknown-action`); the
/// levels and overrides the bundle set for those rules apply there too, so a finding the bundle
/// turned off on purpose is not printed by one command and silenced by the other.
public enum RunWarnings {
    /// `warnings` with the configuration of the bundle folder `bundleRoot` applied to those whose
    /// code is a lint rule (others are left as they are); unchanged when the bundle has none.
    public static func configured(_ warnings: [Diagnostic], bundleRoot: String) -> [Diagnostic] {
        guard warnings.contains(where: { $0.code.isLintRule }) else { return warnings }
        let (configuration, _) = LintConfigurationFile.load(path: nil, bundleRoot: bundleRoot)
        guard configuration.file != nil else { return warnings }
        let rules = warnings.filter { $0.code.isLintRule }
        let kept = configuration.apply(to: rules) { $0 }.filter { $0.code.isLintRule }
        return warnings.filter { !$0.code.isLintRule } + kept
    }
}
