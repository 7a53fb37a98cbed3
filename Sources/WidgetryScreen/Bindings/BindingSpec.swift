public import WidgetryJSON

/// One binding or evaluation as a screen file writes it (FORMAT.md#binding.keys): where the value
/// comes from, how it is chosen, transformed and formatted, and where it goes.
public struct BindingSpec: Sendable, Equatable {
    /// The target key path on the element (`wx_value` by default; may be nested:
    /// `refreshControl.wx_value`). Evaluations (`evals`) have none.
    public var to: String
    /// The source key path in the scope; nil: the scope object itself.
    public var from: String?
    public var predicateFormat: String?
    /// The results chosen by the predicate, used only when both are present (JSON null counts
    /// as present); otherwise the predicate yields its boolean.
    public var ifTrue: JSONValue?
    public var ifFalse: JSONValue?
    public var placeholder: String?
    public var transformer: String?
    public var format: String?
    /// Where the binding is written, for errors.
    public var location: SourceLocation?
    public var pointer: JSONPointer
    /// Where each key of the binding is written, so a problem with one value (an unknown
    /// `transformer`) is placed at that value; empty for bindings not read from JSON.
    public var members: [String: SourcePlace] = [:]

    /// Where the value of `key` is written; the binding's own place when it has no such key.
    public func place(of key: String) -> SourcePlace {
        members[key] ?? SourcePlace(location: location, pointer: pointer)
    }

    public init(to: String = "wx_value", from: String? = nil, predicateFormat: String? = nil, ifTrue: JSONValue? = nil,
                ifFalse: JSONValue? = nil, placeholder: String? = nil, transformer: String? = nil, format: String? = nil,
                location: SourceLocation? = nil, pointer: JSONPointer = .root) {
        self.to = to
        self.from = from
        self.predicateFormat = predicateFormat
        self.ifTrue = ifTrue
        self.ifFalse = ifFalse
        self.placeholder = placeholder
        self.transformer = transformer
        self.format = format
        self.location = location
        self.pointer = pointer
    }

    /// Whether the predicate chooses between `ifTrue` and `ifFalse` (both given).
    public var choosesResult: Bool { ifTrue != nil && ifFalse != nil }
}
