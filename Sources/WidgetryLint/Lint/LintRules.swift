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

    /// The rule with `id`.
    public static func rule(_ id: String) -> (any LintRule)? {
        all.first { type(of: $0).description.id == id }
    }
}
