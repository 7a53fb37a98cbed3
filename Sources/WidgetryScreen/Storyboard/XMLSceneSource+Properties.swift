import WidgetryXML
import WidgetryJSON

/// An element's initial properties: what its tag's attributes say (a label's text, a button's
/// title, `hidden`), then its user-defined runtime attributes, as upstream applies them.
extension XMLSceneSource {
    /// What an element's `<userDefinedRuntimeAttributes>` say.
    func runtimeAttributes(of element: XMLElementNode, findings: inout SceneFindings) -> StoryboardRuntimeAttributes {
        var result = StoryboardRuntimeAttributes()
        let attributes = element.children(named: "userDefinedRuntimeAttributes").flatMap { $0.children(named: "userDefinedRuntimeAttribute") }
        for attribute in attributes {
            let location = index.document.location(of: attribute)
            guard let keyPath = attribute["keyPath"], !keyPath.isEmpty else {
                findings.problem(.storyboardAttribute, "a user-defined runtime attribute has no keyPath", at: SourcePlace(file: file, location: location))
                continue
            }
            let type = attribute["type"] ?? "string"
            guard StoryboardVocabulary.valueAttributeTypes.contains(type), !StoryboardVocabulary.isVisualKeyPath(keyPath),
                  let value = value(of: attribute, type: type, keyPath: keyPath, at: location, findings: &findings) else { continue }
            if let message = result.take(keyPath, value, at: location) {
                findings.problem(.storyboardAttribute, message, at: SourcePlace(file: file, location: location))
            }
        }
        return result
    }

    /// The value of a runtime attribute: in its `value` attribute, or in a `<string>`,
    /// `<integer>` or `<real>` child with `key="value"`.
    private func value(of attribute: XMLElementNode, type: String, keyPath: String, at location: SourceLocation,
                       findings: inout SceneFindings) -> JSONValue? {
        let inner = attribute.children.first { $0["key"] == "value" }
        let text = attribute["value"] ?? inner?["value"]
        switch type {
        case "nil":
            return JSONValue(.null, location: location)
        case "boolean":
            guard let flag = StoryboardVocabulary.flag(text) else {
                findings.problem(.storyboardAttribute, "\(keyPath) is a boolean attribute whose value is \(text.map { "\"\($0)\"" } ?? "missing"), not YES or NO",
                                 at: SourcePlace(file: file, location: location))
                return nil
            }
            return JSONValue(.bool(flag), location: location)
        case "number":
            if let text, let integer = Int64(text) { return JSONValue(.integer(integer), location: location) }
            if let text, let number = Double(text), number.isFinite { return JSONValue(.double(number), location: location) }
            findings.problem(.storyboardAttribute, "\(keyPath) is a number attribute whose value is \(text.map { "\"\($0)\"" } ?? "missing")",
                             at: SourcePlace(file: file, location: location))
            return nil
        default:
            return JSONValue(.string(text ?? inner?.text ?? ""), location: location)
        }
    }

    /// What the tag's own attributes set: visibility, alpha and tag of every view, `enabled` of
    /// controls, and each kind's content (text, title, placeholder, image, switch state…).
    func initialProperties(of element: XMLElementNode, viewClass: SceneViewClass) -> [(key: String, value: JSONValue)] {
        let location = index.document.location(of: element)
        var properties: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ kind: JSONValue.Kind?) {
            if let kind { properties.append((key, JSONValue(kind, location: location))) }
        }
        func text(_ attribute: String) -> JSONValue.Kind? { element[attribute].map { .string($0) } }
        func number(_ attribute: String) -> JSONValue.Kind? { element[attribute].flatMap(Double.init).map { .double($0) } }
        func flag(_ attribute: String, is value: Bool) -> JSONValue.Kind? {
            StoryboardVocabulary.flag(element[attribute]) == value ? .bool(value) : nil
        }
        add("hidden", flag("hidden", is: true))
        add("alpha", number("alpha"))
        add("tag", element["tag"].flatMap { Int64($0) }.map { .integer($0) })
        if StoryboardVocabulary.controlTags.contains(element.name) { add("enabled", flag("enabled", is: false)) }
        switch element.name {
        case "label":
            add("text", text("text"))
        case "button":
            let title = element.children.first { $0.name == "state" && $0["key"] == "normal" }?["title"]
                ?? element.children.first { $0.name == "buttonConfiguration" }?["title"]
            add("title", title.map { .string($0) })
        case "barButtonItem":
            add("title", (element["title"] ?? element["systemItem"].flatMap(StoryboardVocabulary.title(ofSystemItem:))).map { .string($0) })
        case "textField", "searchBar":
            add("text", text("text"))
            add("placeholder", text("placeholder"))
        case "textView":
            add("text", text("text") ?? element.children.first { $0.name == "string" && $0["key"] == "text" }.map { .string($0.text) })
            add("editable", flag("editable", is: false))
        case "imageView":
            add("wx_imageName", text("image"))
        case "switch":
            add("on", flag("on", is: true))
        case "activityIndicatorView":
            add("animating", flag("animating", is: true))
        case "progressView":
            add("progress", number("progress"))
        case "constraint":
            add("constant", number("constant"))
        default:
            break
        }
        return properties
    }
}
