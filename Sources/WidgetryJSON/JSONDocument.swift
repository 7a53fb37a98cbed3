/// A parsed JSON file: its root value and the source it came from.
public struct JSONDocument: Sendable {
    /// The top-level value.
    public let root: JSONValue
    /// The text the document was parsed from, for printing diagnostics.
    public let source: SourceText

    public init(root: JSONValue, source: SourceText) {
        self.root = root
        self.source = source
    }

    /// The value at `pointer`, or nil when any step is missing.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        root.value(at: pointer)
    }

    /// The location of the value at `pointer`; when the pointer names something that does not
    /// exist, the location of its nearest existing ancestor (a missing key is best reported at
    /// the object that lacks it).
    public func location(of pointer: JSONPointer) -> SourceLocation? {
        var candidate: JSONPointer? = pointer
        while let current = candidate {
            if let value = value(at: current) { return value.location }
            candidate = current.parent
        }
        return nil
    }

    /// The location of the key of the member `pointer` names, when the pointer's last step is an
    /// object member; useful to underline an unknown key rather than its value.
    public func keyLocation(of pointer: JSONPointer) -> SourceLocation? {
        guard let parent = pointer.parent, case .key(let key)? = pointer.lastToken,
            let object = value(at: parent)?.objectValue
        else { return nil }
        return object.member(key)?.keyLocation
    }
}
