import WidgetryJSON

/// What an element's user-defined runtime attributes say, read by the same rules from a
/// storyboard's XML and from a compiled nib: `wx.identifier`, `wx.addBinding`, and every other
/// key path as a property (`wx.name` as `wx_fieldName`), in order.
struct StoryboardRuntimeAttributes {
    var identifier: String?
    /// `wx.addBinding`, with where it is written (nil in a compiled nib, which keeps no places).
    var binding: (text: String, location: SourceLocation?)?
    var properties: [(key: String, value: JSONValue)] = []

    /// Takes the attribute at `keyPath`; returns what is wrong with it, if anything.
    mutating func take(_ keyPath: String, _ value: JSONValue, at location: SourceLocation?) -> String? {
        switch keyPath {
        case "wx.identifier":
            guard let text = value.stringValue, !text.isEmpty else { return "wx.identifier must be a non-empty string" }
            identifier = text
        case "wx.addBinding":
            guard let text = value.stringValue else { return "wx.addBinding must be a string attribute" }
            binding = (text, location)
        case "wx.name":
            properties.append(("wx_fieldName", value))
        default:
            properties.append((keyPath, value))
        }
        return nil
    }

    /// The binding `wx.addBinding` holds, read strictly; a problem with it joins `problems`.
    func bindingSpec(file: String, problems: inout [ScreenError]) -> BindingSpec? {
        guard let binding else { return nil }
        switch StoryboardBinding.spec(binding.text, file: file, location: binding.location) {
        case .success(let spec): return spec
        case .failure(let error):
            problems.append(error)
            return nil
        }
    }
}
