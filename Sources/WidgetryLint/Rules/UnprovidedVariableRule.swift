import WidgetryExpressions
import WidgetryJSON
import WidgetryScreen
import WidgetryModel

/// A `$key` in an action's path or parameters that no caller's argument provides: every
/// controller calling the action is known, and none passes a value with that key.
struct UnprovidedVariableRule: LintRule {
    static let description = LintRuleDescription(
        id: "unprovided-variable", severity: .warning,
        summary: "Every $key of an action's path and parameters is provided by what its callers pass.",
        rationale: "A placeholder nothing fills is sent as written ($text) or makes the request fail; usually a form field or an attribute was renamed.",
        examples: [
            LintExample("a form that sends no field of that name", screen: #"""
                {"objects": {"send": {"type": "ButtonActionController", "attrs": {"actionName": "post"}, "outlets": {"form": "form", "sender": "button"}}},
                 "elements": {"form": {"outlets": {"mandatoryFields": ["field"]}}},
                 "views": {"type": "UIView", "children": [
                   {"id": "form", "type": "FormDisplayView", "children": [{"id": "field", "type": "UITextField", "properties": {"wx_fieldName": "body"}}]},
                   {"id": "button", "type": "UIButton"}]}}
                """#, files: ["StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"post": {"httpMethod": "POST", "parameters": {"status": 1️⃣"$text"}, "response": {}}}}
                    """#]),
            LintExample("a form field of that name", screen: #"""
                {"objects": {"send": {"type": "ButtonActionController", "attrs": {"actionName": "post"}, "outlets": {"form": "form", "sender": "button"}}},
                 "elements": {"form": {"outlets": {"mandatoryFields": ["field"]}}},
                 "views": {"type": "UIView", "children": [
                   {"id": "form", "type": "FormDisplayView", "children": [{"id": "field", "type": "UITextField", "properties": {"wx_fieldName": "text"}}]},
                   {"id": "button", "type": "UIButton"}]}}
                """#, files: ["StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"post": {"httpMethod": "POST", "parameters": {"status": "$text"}, "response": {}}}}
                    """#]),
        ])

    /// What a caller passes: the keys its argument has, or nil when that cannot be known.
    typealias Provided = Set<String>?

    func check(_ context: LintContext) -> [Diagnostic] {
        // Only actions whose path or parameters take a variable can lack one: when none does,
        // no caller need be looked at.
        let templated = Set(context.services.flatMap { service in
            service.configuration.actions.filter { action in
                ([action.path].compactMap { $0 } + (action.parameters ?? JSONObject()).compactMap { $0.value.stringValue }).contains { $0.contains("$") }
            }.map(\.name)
        })
        guard !templated.isEmpty else { return [] }
        var callers: [String: [Provided]] = [:]
        for screen in context.screens {
            let document = screen.document
            var fieldNames: [String: String]?
            for object in document.objects {
                guard let type = ObjectType(rawValue: object.type), type.isActionController else { continue }
                let provided: Provided
                if let form = object.outlets.first(where: { $0.property == "form" })?.targets.first {
                    let fields = document.elements.first { $0.id == form }?.outlets.filter { $0.property == "mandatoryFields" || $0.property == "optionalFields" }
                        .flatMap(\.targets) ?? []
                    let known = fieldNames ?? Self.fieldNames(document)
                    fieldNames = known
                    let names = fields.map { known[$0] }
                    provided = names.contains(nil) ? nil : Set(names.compactMap { $0 })
                } else if type == .searchActionController {
                    provided = ["input"]
                } else if let input = document.input?.entity, type != .infiniteScrollActionController, type != .standardMediaPickerController {
                    provided = Self.keys(of: input, in: context.model)
                } else {
                    provided = nil
                }
                for attr in object.attrs where attr.key == "actionName" || attr.key == "elseActionName" {
                    if let name = attr.value.stringValue { callers[name, default: []].append(provided) }
                }
            }
        }
        for service in context.services {
            for action in service.configuration.actions {
                guard let next = action.nextAction else { continue }
                callers[next, default: []].append(action.resultType.flatMap { Self.keys(of: $0.entity, in: context.model) })
            }
        }
        var findings: [Diagnostic] = []
        for service in context.services {
            for action in service.configuration.actions {
                guard let known = callers[action.name], !known.isEmpty, !known.contains(where: { $0 == nil }) else { continue }
                let provided = known.compactMap { $0 }
                var templates: [(text: String, key: String?)] = action.path.map { [($0, "path")] } ?? []
                for member in action.parameters ?? JSONObject() { if let text = member.value.stringValue { templates.append((text, member.key)) } }
                for (text, key) in templates {
                    for match in StringSubstitution.key.matches(in: text) {
                        let first = String(match.keyPath.split(separator: ".").first ?? "")
                        guard !first.isEmpty, provided.contains(where: { !$0.contains(first) }) else { continue }
                        let pointer = key == "path" ? action.pointer.appending(key: "path")
                                                    : action.pointer.appending(key: "parameters").appending(key: key ?? "")
                        findings.append(service.finding(Self.description, at: pointer,
                                                        message: "$\(match.keyPath) in action \(action.name) is not provided by every caller",
                                                        hint: "callers pass: " + provided.map { $0.sorted().joined(separator: ", ") }.joined(separator: " / ")))
                    }
                }
            }
        }
        return findings
    }

    /// Each element's `wx_fieldName`, from its view properties or its entry's attributes.
    static func fieldNames(_ document: ScreenDocument) -> [String: String] {
        var names: [String: String] = [:]
        func walk(_ node: ViewNode?) {
            guard let node else { return }
            if let id = node.id, let name = node.properties.first(where: { $0.key == "wx_fieldName" })?.value.stringValue { names[id] = name }
            ([node.header, node.footer].compactMap { $0 } + node.children).forEach(walk)
        }
        walk(document.view)
        for entry in document.elements {
            if let name = entry.attrs.first(where: { $0.key == "wx_fieldName" })?.value.stringValue { names[entry.id] = name }
        }
        return names
    }

    /// The keys an object of `entity` answers: its attributes and relationships, inherited included.
    static func keys(of entity: String, in model: EntityModel?) -> Set<String>? {
        guard let model, model.entity(named: entity) != nil else { return nil }
        return Set(model.attributes(of: entity).map(\.name) + model.relationships(of: entity).map(\.name))
    }
}
