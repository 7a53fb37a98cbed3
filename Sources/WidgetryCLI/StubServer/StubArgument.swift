import WidgetryExpressions
import WidgetryJSON
import WidgetryServiceConfiguration

/// The argument a stub response reads its `$keyPath`s from, rebuilt from what a request sent:
/// each field under the name it travelled by (`product_id`), and also under the key path the
/// action's parameter of that name reads (`"product_id": "$productId"` gives `productId`), so a
/// response written for the app's own calls reads the same values from a request made by hand.
struct StubArgument {
    private(set) var fields = ValueDictionary()
    private let parameters: JSONObject

    init(action: ResolvedAction) {
        parameters = action.parameters
    }

    /// The argument so far.
    var value: Value { .dictionary(fields) }

    /// Adds the field `name` the request sent with `value`.
    mutating func add(_ name: String, _ value: Value) {
        fields[name] = value
        guard let keyPath = Self.onlyKeyPath(of: parameters[name]), keyPath != name else { return }
        fields = Self.setting(value, at: keyPath.split(separator: ".").map(String.init), in: fields)
    }

    /// The key path a parameter's template is made of when it is nothing else (`"$productId"`).
    private static func onlyKeyPath(of template: JSONValue?) -> String? {
        guard let text = template?.stringValue else { return nil }
        let matches = StringSubstitution.keyPath.matches(in: text)
        guard matches.count == 1, let only = matches.first,
              only.range == text.unicodeScalars.startIndex..<text.unicodeScalars.endIndex, !only.keyPath.hasSuffix(".") else { return nil }
        return only.keyPath
    }

    /// `dictionary` with `value` at `path`, making the dictionaries on the way.
    private static func setting(_ value: Value, at path: [String], in dictionary: ValueDictionary) -> ValueDictionary {
        guard let first = path.first else { return dictionary }
        var result = dictionary
        if path.count == 1 {
            result[first] = value
        } else {
            var inner = ValueDictionary()
            if case .dictionary(let existing)? = dictionary[first] { inner = existing }
            result[first] = .dictionary(setting(value, at: Array(path.dropFirst()), in: inner))
        }
        return result
    }
}
