/// The kinds of step a scenario (`Tests/*.scenario.json`) is written in: the key that says what
/// a step does, and the keys each kind may add, as `Schemas/scenario.schema.json` defines them
/// (a test keeps the two the same). The scenario reader's table, and lint's, which does not run
/// scenarios.
public enum ScenarioSteps {
    /// The key that says what a step is, and the keys that kind may add.
    public static let kinds: [String: Set<String>] = [
        "tap": ["for", "expectFailure"], "tapRow": ["of", "section", "for", "expectFailure"],
        "type": ["into", "interval", "for", "expectFailure"], "return": ["for", "expectFailure"], "clear": ["for", "expectFailure"],
        "refresh": ["for", "expectFailure"], "scrollToEnd": ["for", "expectFailure"], "deleteRow": ["of", "section", "for", "expectFailure"],
        "post": ["for"], "setDefault": ["value", "for"], "advance": [], "back": ["for", "expectFailure"],
        "pickMedia": ["with", "for", "expectFailure"],
        "expect": [], "expectStore": ["where", "count"], "golden": [],
    ]

    /// The kinds, sorted, for hints.
    public static let kindNames: [String] = kinds.keys.sorted()

    /// What starts a key that is a comment, in a scenario as in the other files of a bundle.
    public static let commentPrefix = "***"
}
