import WidgetryJSON

/// An action's `resultType` names something the data model does not have.
struct ResultTypeRule: LintRule {
    static let description = LintRuleDescription(
        id: "result-type", severity: .error,
        summary: "Every resultType names an entity of the data model.",
        rationale: "The response of such an action cannot be imported: upstream crashed, Widgetry fails the action.",
        examples: [
            LintExample("an entity that does not exist", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"a": {"resultType": 1️⃣"[Tweet]", "response": []}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("an entity of the model", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"a": {"resultType": "[Post]", "response": []}}}"#,
                "S.json": #"{"S": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let entities = Set(context.model?.entities.map(\.name) ?? [])
        for service in context.services {
            for action in service.configuration.actions {
                guard let type = action.resultType, !entities.contains(type.entity) else { continue }
                let message = context.model == nil ? "action \(action.name) imports \(type.entity), but the bundle has no data model"
                                                   : "action \(action.name) imports \(type.entity), which the data model does not have"
                let pointer = action.pointer.appending(key: "resultType")
                let finding = service.finding(Self.description, at: pointer, message: message,
                                              hint: Suggestion.didYouMean(type.entity, among: entities.sorted()))
                // A list of the entity (`"[Post]"`) is not the entity's name alone.
                let writtenAlone = service.document.value(at: pointer)?.stringValue == type.entity
                findings.append(writtenAlone ? finding.renaming(type.entity, among: entities.sorted()) : finding)
            }
        }
        return findings
    }
}
