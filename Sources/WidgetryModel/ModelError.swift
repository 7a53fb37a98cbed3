public import WidgetryJSON

/// A problem in a data model, with its place: file, line and column, and JSON Pointer (for
/// `Model.json`).
public typealias ModelError = Problem<ModelErrorCode>

/// The codes of ``ModelError``.
public enum ModelErrorCode: String, StrictReaderCodes, CaseIterable {
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
    /// A compiled model (`Model.mom`) whose keyed archive is damaged or not a model.
    case invalidCompiledModel = "model.invalid-compiled-model"
}

/// All the problems found in one file, in the order of the file.
public typealias ModelErrors = LocatedErrors<ModelError>
