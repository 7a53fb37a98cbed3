/// The name a Swift class has in Interface Builder, from the runtime name ibtool writes.
///
/// A Swift class is archived under its mangled Objective-C name: `_TtC` (or `_TtCC…` for a
/// nested class), then each enclosing name as a decimal length and that many characters, the
/// module first: `_TtC9WidgetKit22StandardViewController` is `StandardViewController` of module
/// `WidgetKit`. Objective-C classes keep their plain names.
enum SwiftClassName {
    /// The class's own name (the last component); `name` itself when it is not a mangled Swift
    /// class name or does not parse.
    static func demangled(_ name: String) -> String {
        components(of: name)?.last ?? name
    }

    /// Module and class names, outermost first, of a `_TtC…` name; nil for anything else.
    static func components(of name: String) -> [String]? {
        guard name.hasPrefix("_TtC") else { return nil }
        var rest = Substring(name.dropFirst(3))
        var nesting = 0
        while rest.first == "C" {
            nesting += 1
            rest = rest.dropFirst()
        }
        var parts: [String] = []
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 4, let length = Int(digits), length > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= length else { return nil }
            parts.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        // The module, then one name per `C`.
        guard parts.count == nesting + 1 else { return nil }
        return parts
    }
}
