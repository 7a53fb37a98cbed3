import WidgetryJSON

/// The `wx.addBinding` runtime attribute (FORMAT.md#bundle.storyboard, FORMAT.md#binding.keys): the body of a binding
/// dictionary without its braces, in JSON, as upstream reads it (`{` + text + `}`):
///
/// ```
/// "from": "content.author.name", "placeholder": "<Author>"
/// ```
///
/// Keys are those of a screen file's bindings, checked as strictly: an unknown key or a value of
/// the wrong type is an error, placed at the runtime attribute.
enum StoryboardBinding {
    static func spec(_ text: String, file: String, location: SourceLocation?) -> Result<BindingSpec, ScreenError> {
        func failure(_ message: String, hint: String? = nil) -> Result<BindingSpec, ScreenError> {
            .failure(ScreenError(.storyboardBinding, message, file: file, at: SourcePlace(file: file, location: location), hint: hint))
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse("{" + text + "}").root
        } catch {
            return failure("wx.addBinding is not the body of a binding dictionary: \(error.message)",
                           hint: "write the dictionary's members in JSON without the braces: \"from\": \"content.text\", \"placeholder\": \"<Empty>\"")
        }
        guard case .object(let members) = root.kind else { return failure("wx.addBinding is not the body of a binding dictionary") }
        var spec = BindingSpec(location: location)
        for member in members where !member.key.hasPrefix("***") {
            let value = JSONValue(member.value.kind, location: location)
            switch member.key {
            case "ifTrue": spec.ifTrue = value
            case "ifFalse": spec.ifFalse = value
            case "to", "from", "predicateFormat", "placeholder", "transformer", "format":
                guard let string = member.value.stringValue else {
                    return failure("wx.addBinding: \"\(member.key)\" must be a string, not \(member.value.typeName)")
                }
                switch member.key {
                case "to": spec.to = string
                case "from": spec.from = string
                case "predicateFormat": spec.predicateFormat = string
                case "placeholder": spec.placeholder = string
                case "transformer": spec.transformer = string
                default: spec.format = string
                }
            default:
                return failure("wx.addBinding has no key \"\(member.key)\"", hint: "allowed: " + ScreenReader.bindingKeys.sorted().joined(separator: ", "))
            }
        }
        return .success(spec)
    }
}
