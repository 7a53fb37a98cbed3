public import WidgetryJSON

/// A problem in a data model, with its place: file, line and column, JSON Pointer (for
/// `Model.json`), and the entity it concerns.
public struct ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case unknownKey = "model.unknown-key"
        case wrongType = "model.wrong-type"
        case missingKey = "model.missing-key"
        case unknownAttributeType = "model.unknown-attribute-type"
        case unknownDeleteRule = "model.unknown-delete-rule"
        case invalidDefault = "model.invalid-default"
        case unknownEntity = "model.unknown-entity"
        case parentCycle = "model.parent-cycle"
        case duplicateProperty = "model.duplicate-property"
        case inverseMismatch = "model.inverse-mismatch"
        case unknownIdentityAttribute = "model.unknown-identity-attribute"
        case invalidOwnerRelationship = "model.invalid-owner-relationship"
        case invalidXML = "model.invalid-xml"
        case compiledModel = "model.compiled-model"
    }

    public var code: Code
    public var message: String
    public var file: String
    public var location: SourceLocation?
    /// JSON Pointer of the offending value, for `Model.json`.
    public var pointer: JSONPointer?
    public var entity: String?
    public var hint: String?

    public init(_ code: Code, _ message: String, file: String, location: SourceLocation? = nil,
                pointer: JSONPointer? = nil, entity: String? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.entity = entity
        self.hint = hint
    }

    /// `file:line:column: message [code]`, then the pointer and the hint when there are.
    public var description: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": \(message) [\(code.rawValue)]"
        if let pointer, !pointer.description.isEmpty { text += "\n  at: \(pointer)" }
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }
}

/// All the problems found in a model, in the order of the file.
public struct ModelErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ModelError]

    public init(_ errors: [ModelError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
