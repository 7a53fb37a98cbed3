public import WidgetryExpressions

extension CompiledBinding {
    /// Evaluates the binding for `scope` and writes the value at ``BindingSpec/to`` in `target`
    /// (FORMAT.md#binding.evaluation, step 6). Returns whether anything was written.
    ///
    /// `to` is a key path: every key but the last is read from the object before it, and the
    /// last is written with ``KeyValueCoding/setValue(_:forKey:)``. When a key on the way reads
    /// as null or as something that is not an object (a table whose `refreshControl` is not
    /// there yet), nothing is written and nothing is reported, as upstream (FORMAT.md#binding.evaluation).
    ///
    /// Throws the errors of ``evaluate(in:context:transformerContext:)``, and `binding.target`
    /// when the target refuses the write (no such key, read-only, wrong type: where upstream
    /// crashed) or `to` is empty.
    @discardableResult
    public func apply(to target: any KeyValueCoding, in scope: Value, context: EvaluationContext,
                      transformerContext: TransformerContext) throws(BindingError) -> Bool {
        try applyReporting(to: target, in: scope, context: context, transformerContext: transformerContext).written
    }

    /// ``apply(to:in:context:transformerContext:)``, also telling how the value came about.
    public func applyReporting(to target: any KeyValueCoding, in scope: Value, context: EvaluationContext,
                               transformerContext: TransformerContext) throws(BindingError) -> BindingOutcome {
        guard let lastKey = targetKeys.last, !spec.to.isEmpty else {
            throw BindingError(.target, "the binding has no target key path", at: spec,
                               hint: "give 'to' a key of the element, e.g. 'wx_value'")
        }
        var outcome = try evaluation(in: scope, context: context, transformerContext: transformerContext)
        var object = target
        for key in targetKeys.dropLast() {
            guard case .object(let next) = Value.object(object).value(forKey: key) else {
                outcome.written = false
                return outcome
            }
            object = next
        }
        do {
            try object.setValue(outcome.value, forKey: lastKey)
        } catch {
            throw BindingError(.target, "cannot write '\(spec.to)': \(error)", at: spec)
        }
        return outcome
    }
}
