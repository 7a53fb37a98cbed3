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
        "tapMarker": ["of", "for", "expectFailure"], "tapMarkerTitle": ["of", "for", "expectFailure"],
        "expect": [], "expectStore": ["where", "count"], "golden": [], "picture": ["tolerance"],
    ]

    /// The kinds that check what a run shows rather than act on it.
    public static let checks: Set<String> = ["expect", "expectStore", "golden", "picture"]

    /// The keys that say how a scenario plays a step (how long to wait after it, which failure
    /// it expects), rather than what the step does.
    public static let playingKeys: Set<String> = ["for", "expectFailure"]

    /// The kinds that act on the widget, each with the keys that say what it does: what a host
    /// that performs interactions (the runtime's `InteractionDecoder`) reads.
    public static let interactions: [String: Set<String>] = kinds.filter { !checks.contains($0.key) }.mapValues { $0.subtracting(playingKeys) }

    /// The kinds, sorted, for hints.
    public static let kindNames: [String] = kinds.keys.sorted()

    /// What starts a key that is a comment, in a scenario as in the other files of a bundle.
    public static let commentPrefix = "***"
}
