public import WidgetryExpressions

/// One effective change of an element's state: a stored property that now holds another value.
///
/// `property` is the stored property's name, whatever key the write used: writing `wx_visible`
/// records `hidden`, writing a label's `wx_value` records `text`.
public struct ElementChange: Sendable, Equatable, CustomStringConvertible {
    /// The element's identifier, nil for an element without one.
    public var elementID: String?
    public var property: String
    public var old: Value
    public var new: Value

    public init(elementID: String?, property: String, old: Value, new: Value) {
        self.elementID = elementID
        self.property = property
        self.old = old
        self.new = new
    }

    /// `titleLabel.text: "" -> "Favio Mobile"`.
    public var description: String {
        "\(elementID ?? "-").\(property): \(Self.text(old)) -> \(Self.text(new))"
    }

    private static func text(_ value: Value) -> String {
        if case .string(let string) = value { return "\"\(string)\"" }
        return value.description
    }
}
