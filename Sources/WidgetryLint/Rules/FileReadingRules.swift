import WidgetryJSON

/// The data model reads: every `model.*` error of the model reader and validator (unknown
/// attribute types, relationships without inverses, identity attributes that do not exist…).
struct ModelFileRule: LintRule {
    static let description = LintRuleDescription(
        id: "model", severity: .error,
        summary: "The data model reads without errors.",
        rationale: "A widget whose model does not read cannot run at all; findings carry the model reader's code (model.unknown-attribute-type, …).",
        examples: [
            LintExample("an attribute type that does not exist", files: [
                "Model.json": #"{"entities": {"Post": {"attributes": {"text": {"type": 1️⃣"Text"}}}}}"#, "S.json": #"{"S": {}}"#,
            ]),
            LintExample("a model that reads", files: ["Model.json": #"{"entities": {"Post": {"attributes": {"text": {"type": "String"}}}}}"#, "S.json": #"{"S": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        context.modelErrors.map { context.diagnostic($0) }
    }
}

/// The service files read: every `service.*` error of the strict service reader (unknown keys,
/// wrong types, an unknown `httpMethod`, `clearPolicy` or `nextAction`…).
struct ServiceFileRule: LintRule {
    static let description = LintRuleDescription(
        id: "service", severity: .error,
        summary: "Service.json, Service.dev.json and StubService.json read without errors.",
        rationale: "Upstream replaced what it did not understand with defaults; Widgetry refuses, so lint reports it with the reader's code (service.unknown-key, …).",
        examples: [
            LintExample("a misspelt key of an action", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"a": {1️⃣"pth": "a.json"}}}"#, "S.json": #"{"S": {}}"#,
            ]),
            LintExample("a service file that reads", files: ["S.json": #"{"S": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        context.serviceErrors.map { context.diagnostic($0) }
            + context.services.flatMap(\.configuration.warnings).map { context.diagnostic($0, severity: .warning) }
    }
}
