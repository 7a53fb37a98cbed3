/// Every lint rule, in the order `--explain` lists them.
public enum LintRules {
    public static let all: [any LintRule] = [
        ModelFileRule(),
        ServiceFileRule(),
        ScreenLoadRule(),
        UnknownActionRule(),
        MissingStubRule(),
        ActionChainRule(),
        ResultTypeRule(),
        SetKeyRule(),
        ClearBeforeRule(),
        UnprovidedVariableRule(),
        UnknownScreenRule(),
        UnreachableScreenRule(),
        NotAScreenRule(),
        UnusedObjectRule(),
        TimerIntervalRule(),
        InsecureURLRule(),
        PathNotURLRule(),
        HostAllowListRule(),
        ExecutableFileRule(),
        ExecutableModeRule(),
        UnknownImageRule(),
        PathEscapeRule(),
        ScenarioStepRule(),
        ScenarioNameRule(),
        ScenarioExpectationRule(),
        ImagePathEscapeRule(),
        StoryboardWarningRule(),
        PredicateSyntaxRule(),
        FunctionNotAllowedRule(),
        UnknownVariableRule(),
        UnknownKeyPathRule(),
        TypeMismatchRule(),
        FunctionTypeRule(),
        ToManyPathRule(),
        BindingTargetRule(),
        BindingCycleRule(),
    ]

    /// The rule with `id`, or the rule that reports the code `id` as lint prints it: the
    /// file-reading rules report their readers' codes, which start with the rule's id
    /// (`service.invalid-value` is the `service` rule's).
    public static func rule(_ id: String) -> (any LintRule)? {
        if let exact = all.first(where: { type(of: $0).description.id == id }) { return exact }
        guard let dot = id.firstIndex(of: "."), dot != id.startIndex else { return nil }
        let family = String(id[..<dot])
        return all.first { type(of: $0).description.id == family }
    }
}
