import WidgetryExpressions
import WidgetryScreen

extension ScreenRun {
    /// Evaluates the screen's bindings in document order, and again while a pass changes an
    /// element, when some binding reads an element: then what the screen shows does not depend
    /// on the order its bindings are written in (a label bound to a field that a later binding
    /// fills shows the filled field). Upstream evaluated each binding once per refresh, so such
    /// a label lagged one refresh behind.
    ///
    /// A screen whose bindings read no element (the usual case: they read `content`, providers
    /// and statuses) needs one pass. Otherwise the render ends with the first pass that changes
    /// no element, or after `maxRenderPasses` passes; then the render stops, and the screen
    /// reports `render.pass-limit` naming the elements that still changed (bindings that read,
    /// directly or through other elements, what they write). Only the last pass counts: its
    /// errors, placeholders and coverage are the render's, and the change log holds one change
    /// per property for the whole render.
    func applyBindings() {
        guard bindingsReadElements else {
            applyBindingsOnce().forEach(note)
            return
        }
        var elements: [Element] = []
        forEachElement { elements.append($0) }
        let logged = elements.map(\.pendingChangeCount)
        var passes = 0
        var changed: [Element] = []
        var outcomes: [BindingResult] = []
        repeat {
            let before = elements.map(\.revision)
            outcomes = applyBindingsOnce()
            passes += 1
            changed = zip(elements, before).filter { $0.revision != $1 }.map(\.0)
        } while !changed.isEmpty && passes < environment.maxRenderPasses
        outcomes.forEach(note)
        if passes > 1 {
            for (element, count) in zip(elements, logged) { element.coalesceChanges(after: count) }
        }
        if !changed.isEmpty { reportUnsettled(changed, passes: passes) }
    }

    /// What applying one binding to one target gave.
    struct BindingResult {
        var binding: CompiledBinding
        var target: any KeyValueCoding
        var outcome: Result<BindingOutcome, BindingError>
    }

    /// Applies every binding of the screen once, in document order.
    private func applyBindingsOnce() -> [BindingResult] {
        var results: [BindingResult] = []
        for (target, compiled) in bindings {
            let scope = scope(of: target)
            for binding in compiled {
                results.append(BindingResult(binding: binding, target: target, outcome: applying(binding, to: target, in: scope)))
            }
        }
        return results
    }

    /// Applies `binding` to `target` in `scope`, and keeps what it gave: placeholders shown,
    /// branches taken, errors. Called for every binding of every cell, so it neither copies the
    /// binding nor wraps the outcome, and takes the run's contexts from a caller that read them
    /// once (reading them from the environment retains a time zone and a locale each time).
    func apply(_ binding: CompiledBinding, to target: any KeyValueCoding, in scope: Value, context: EvaluationContext,
               transformerContext: TransformerContext) {
        do throws(BindingError) {
            let outcome = try binding.applyReporting(to: target, in: scope, context: context, transformerContext: transformerContext)
            note(outcome, of: binding, on: target)
        } catch {
            record(error)
        }
    }

    private func applying(_ binding: CompiledBinding, to target: any KeyValueCoding, in scope: Value) -> Result<BindingOutcome, BindingError> {
        Result { () throws(BindingError) in
            try binding.applyReporting(to: target, in: scope, context: environment.evaluation, transformerContext: environment.transformerContext)
        }
    }

    private func note(_ result: BindingResult) {
        switch result.outcome {
        case .success(let outcome): note(outcome, of: result.binding, on: result.target)
        case .failure(let error): record(error)
        }
    }

    private func note(_ outcome: BindingOutcome, of binding: CompiledBinding, on target: any KeyValueCoding) {
        if outcome.usedPlaceholder { placeholders[ObjectIdentifier(target), default: []].append(binding.spec.to) }
        environment.coverage?.record(file: document.file, pointer: binding.spec.pointer, outcome: outcome)
    }

    /// One `render.pass-limit` problem for a render that had not settled, at the first binding
    /// of the first element still changing that has one.
    private func reportUnsettled(_ changed: [Element], passes: Int) {
        let names = changed.compactMap(\.id)
        let changing = Set(changed.map(ObjectIdentifier.init))
        let first = bindings.first { changing.contains(ObjectIdentifier($0.target)) }?.compiled.first?.spec
        record("the bindings had not settled after \(passes) render \(passes == 1 ? "pass" : "passes"): \(names.isEmpty ? "elements" : names.joined(separator: ", ")) still changed in the last; "
               + "bindings read, directly or through other elements, what they write",
               code: .renderPassLimit, at: first.map { SourcePlace(location: $0.location, pointer: $0.pointer) },
               hint: "bind to content, a provider or a status, not to an element a binding writes; or allow more passes (--max-render-passes, WidgetRun.Options.maxRenderPasses)")
    }
}
