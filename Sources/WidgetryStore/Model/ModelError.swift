public import WidgetryJSON

/// A problem in a data model, with its place: file, line and column, JSON Pointer (for
/// `Model.json`), and the entity it concerns.
public struct ModelError: LocatedError, Equatable {
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
        /// A compiled model (`Model.mom`) whose keyed archive is damaged or not a model.
        case invalidCompiledModel = "model.invalid-compiled-model"
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
}

/// All the problems found in one file, in the order of the file.
public typealias ModelErrors = LocatedErrors<ModelError>
