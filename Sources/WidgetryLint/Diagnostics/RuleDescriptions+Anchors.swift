extension RuleDescriptions {
    /// Where `docs/FORMAT.md` documents what `code` is about: the anchor of its own key or
    /// section when it has one, else its domain's section; nil for the codes of the command line
    /// itself (`usage.*`, `io.*`, the preview's), which the README documents. The tables cite
    /// each anchor as source comments do (`FORMAT.md#` before it), so the test of the reference
    /// checks that each exists.
    public static func anchor(of code: String) -> String? {
        let dot = code.firstIndex(of: ".")
        guard let cited = codeAnchors[code] ?? dot.flatMap({ domainAnchors[String(code[..<$0])] }) else { return nil }
        return String(cited.dropFirst("FORMAT.md#".count))
    }

    /// Each domain's section.
    static let domainAnchors: [String: String] = [
        "json": "FORMAT.md#conventions", "schema": "FORMAT.md#conventions.schema", "schema-error": "FORMAT.md#conventions.schema",
        "bundle": "FORMAT.md#bundle", "archive": "FORMAT.md#bundle", "download": "FORMAT.md#bundle",
        "model": "FORMAT.md#model", "store": "FORMAT.md#model", "import": "FORMAT.md#import",
        "service": "FORMAT.md#service", "action": "FORMAT.md#service.action", "profile": "FORMAT.md#profile", "host": "FORMAT.md#profile",
        "config": "FORMAT.md#lint-config", "scenario": "FORMAT.md#scenario", "value": "FORMAT.md#scenario.expectations",
        "screen": "FORMAT.md#screen", "render": "FORMAT.md#render", "storyboard": "FORMAT.md#bundle.storyboard", "nib": "FORMAT.md#bundle.storyboard",
        "binding": "FORMAT.md#binding", "transformer": "FORMAT.md#transformers", "predicate": "FORMAT.md#binding.predicate-format", "eval": "FORMAT.md#binding.evaluation",
        "assets": "FORMAT.md#screen.design.image", "lzfse": "FORMAT.md#screen.design.image",
        "run": "FORMAT.md#run", "navigation": "FORMAT.md#run.navigation", "interaction": "FORMAT.md#run.timeline",
        "regex": "FORMAT.md#binding.predicate-format", "layout": "FORMAT.md#render",
    ]

    /// Codes and lint rules documented at a finer place than their domain's section.
    static let codeAnchors: [String: String] = [
        "bundle.no-manifest": "FORMAT.md#manifest", "bundle.invalid-manifest": "FORMAT.md#manifest", "bundle.missing-identifier": "FORMAT.md#manifest.identifier",
        "bundle.unresolved-identifier": "FORMAT.md#manifest.plist", "bundle.identifier-mismatch": "FORMAT.md#bundle.identifier",
        "bundle.not-a-screen": "FORMAT.md#bundle.screens", "bundle.unknown-patch-target": "FORMAT.md#profile.patches",
        "json.duplicate-key": "FORMAT.md#conventions.strict",
        "screen.unknown-type": "FORMAT.md#screen.object.type", "screen.unknown-attribute": "FORMAT.md#screen.object.attrs",
        "screen.unknown-outlet": "FORMAT.md#screen.outlets", "screen.unresolved-outlet": "FORMAT.md#screen.outlets", "screen.outlet-kind": "FORMAT.md#screen.outlets",
        "screen.unknown-element": "FORMAT.md#screen.element", "screen.binding": "FORMAT.md#binding.keys", "screen.unknown-segue": "FORMAT.md#screen.segue",
        "screen.wrong-input": "FORMAT.md#screen.input", "screen.unknown-key": "FORMAT.md#screen.keys", "render.pass-limit": "FORMAT.md#render.settling",
        "binding.unknown-transformer": "FORMAT.md#binding.transformer", "binding.target": "FORMAT.md#binding.to", "binding.predicate": "FORMAT.md#binding.predicate-format",
        "action.chain-cycle": "FORMAT.md#service.chain", "action.chain-limit": "FORMAT.md#service.chain", "action.not-implemented": "FORMAT.md#service.stub.response",
        "action.sign-in": "FORMAT.md#service.sign-in", "action.upload": "FORMAT.md#service.upload", "action.no-host-command": "FORMAT.md#service.host-actions",
        "action.host": "FORMAT.md#service.host-actions", "action.substitution": "FORMAT.md#service.request", "action.server": "FORMAT.md#service.response",
        "action.result-shape": "FORMAT.md#service.response", "action.import": "FORMAT.md#import",
        "config.unknown-rule": "FORMAT.md#lint-config.rules", "config.invalid-level": "FORMAT.md#lint-config.rules",
        "config.unused-override": "FORMAT.md#lint-config.overrides", "config.invalid-pointer": "FORMAT.md#lint-config.overrides",
        "scenario.expectation-syntax": "FORMAT.md#scenario.expectations",
        // Lint rules
        "model": "FORMAT.md#model", "service": "FORMAT.md#service", "screen": "FORMAT.md#screen",
        "unknown-action": "FORMAT.md#service.action", "action-without-stub": "FORMAT.md#service.stub", "action-chain": "FORMAT.md#service.chain",
        "result-type": "FORMAT.md#service.action.result-type", "set-key": "FORMAT.md#service.action.set", "clear-before-visible-table": "FORMAT.md#service.clear-policy",
        "unprovided-variable": "FORMAT.md#service.request", "unknown-screen": "FORMAT.md#screen.segue.destination", "unreachable-screen": "FORMAT.md#bundle.screens",
        "not-a-screen": "FORMAT.md#bundle.screens", "unused-object": "FORMAT.md#screen.object", "timer-interval": "FORMAT.md#objects.action",
        "insecure-url": "FORMAT.md#service.defaults.base-url", "path-not-url": "FORMAT.md#service.action.path", "host-not-allowed": "FORMAT.md#lint-config.allowed-hosts",
        "executable-file": "FORMAT.md#bundle.files", "executable-mode": "FORMAT.md#bundle.files", "unknown-image": "FORMAT.md#screen.design.image",
        "path-escape": "FORMAT.md#scenario.paths", "scenario-step": "FORMAT.md#scenario.lint", "scenario-name": "FORMAT.md#scenario.lint",
        "scenario-expectation": "FORMAT.md#scenario.lint", "image-path-escape": "FORMAT.md#screen.design.image", "storyboard": "FORMAT.md#bundle.storyboard",
        "predicate-syntax": "FORMAT.md#binding.predicate-format", "function-not-allowed": "FORMAT.md#binding.evaluation", "unknown-variable": "FORMAT.md#binding.evaluation",
        "unknown-key-path": "FORMAT.md#binding.from", "type-mismatch": "FORMAT.md#binding.predicate-format", "function-type": "FORMAT.md#binding.evaluation",
        "to-many-path": "FORMAT.md#binding.predicate-format", "binding-target": "FORMAT.md#binding.to", "binding-cycle": "FORMAT.md#render.settling",
    ]
}
