/// Stops an evaluation that cannot finish, carrying the ``SchemaError`` that says why. A
/// reference, so that the many functions evaluation recurses through reserve one word each for
/// it rather than room for the whole error.
final class EvaluationAbort: Error {
    let error: SchemaError

    init(_ error: SchemaError) {
        self.error = error
    }
}
