public import WidgetryJSON

/// A compiled JSON Schema (draft 2020-12), ready to validate any number of values.
///
/// Get one from a ``SchemaRegistry``. Compilation resolved every reference and checked every
/// keyword, so validation only fails with a ``SchemaError`` when it cannot finish: references
/// that loop without descending into the data, nesting past
/// ``SchemaOptions/maxEvaluationDepth``, or a pattern that exhausts its backtracking budget.
/// A value of this type may be shared between threads.
public struct Schema: Sendable {
    let program: SchemaProgram
    let root: NodeID
    /// The URI the schema was compiled from.
    public let uri: String

    init(program: SchemaProgram, root: NodeID, uri: String) {
        self.program = program
        self.root = root
        self.uri = uri
    }

    /// The ways `instance` breaks the schema, in the order of the data (by position in the
    /// document, then in the order the schema's keywords apply); empty when it is valid.
    ///
    /// - Parameter file: the name the violations carry, for data parsed from a file.
    public func validate(_ instance: JSONValue, file: String = "<input>") throws(SchemaError) -> [SchemaViolation] {
        var evaluator = Evaluator(program: program)
        do {
            _ = try evaluator.evaluate(root, instance, collecting: true)
        } catch {
            throw error.error
        }
        return evaluator.violations.enumerated()
            .sorted { lhs, rhs in
                lhs.element.instancePositions.lexicographicallyPrecedes(rhs.element.instancePositions)
                    || (lhs.element.instancePositions == rhs.element.instancePositions && lhs.offset < rhs.offset)
            }
            .map { $0.element.violation(file: file) }
    }

    /// The violations of a parsed file, each placed at its line and column, named by the
    /// document's file name.
    public func validate(_ document: JSONDocument) throws(SchemaError) -> [SchemaViolation] {
        try validate(document.root, file: document.source.fileName ?? "<input>")
    }

    /// Whether the document on `tape` is valid, decided from the tape without building a tree:
    /// the fast path for files that are expected to pass.
    ///
    /// `true` means ``validate(_:file:)`` of the same document finds no violation and throws
    /// nothing. `false` means it finds some, and nil that this check leaves the answer to it
    /// (`uniqueItems`, `unevaluated*`, or a document that would make validation fail with a
    /// ``SchemaError``): in both cases parse the
    /// document and validate it to learn what and where.
    public func isValid(_ tape: JSONTape) -> Bool? {
        try? TapeCheck.check(program, root: root, on: tape)
    }

    /// Whether `instance` is valid, without gathering violations: faster than ``validate(_:file:)``
    /// when only the answer matters.
    public func isValid(_ instance: JSONValue) throws(SchemaError) -> Bool {
        var evaluator = Evaluator(program: program)
        do {
            return try evaluator.evaluate(root, instance, collecting: false).isValid
        } catch {
            throw error.error
        }
    }
}
