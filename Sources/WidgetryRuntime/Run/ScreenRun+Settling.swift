import WidgetryExpressions

extension ScreenRun {
    /// Evaluates the screen's bindings in document order, and again while a pass changes an
    /// element another binding reads, so that what the screen shows does not depend on the
    /// order its bindings are written in: a label bound to a field that a later binding fills
    /// shows the filled field. Upstream evaluated each binding once per refresh, so such a
    /// label lagged one refresh behind.
    ///
    /// A screen whose bindings read no bound element (the usual case: they read `content`,
    /// providers and statuses) needs one pass. Bindings that read, directly or through other
    /// elements, what they write never settle: after `maxRenderPasses` passes the render
    /// stops, and each element still changing is reported as `render.pass-limit` at its first
    /// binding. The change log holds one change per property for the whole render.
    func applyBindings() {
        guard !readTargets.isEmpty else {
            applyBindingsOnce()
            return
        }
        let watched = readTargets.compactMap { bindings[$0].target as? Element }
        var logged: [ObjectIdentifier: Int] = [:]
        forEachElement { logged[ObjectIdentifier($0)] = $0.pendingChangeCount }
        var passes = 0
        var unsettled: [Int] = []
        repeat {
            let before = watched.map(\.revision)
            applyBindingsOnce()
            passes += 1
            unsettled = zip(readTargets, zip(watched, before)).filter { $1.0.revision != $1.1 }.map(\.0)
        } while !unsettled.isEmpty && passes < environment.maxRenderPasses
        if passes > 1 {
            forEachElement { $0.coalesceChanges(after: logged[ObjectIdentifier($0)] ?? 0) }
        }
        for index in unsettled {
            let (target, compiled) = bindings[index]
            let id = (target as? Element)?.id ?? "an element"
            record("\(id) still changed in the last of \(passes) render passes: its bindings read, directly or through other elements' bindings, what they write",
                   code: .renderPassLimit, at: compiled.first.map { SourcePlace(location: $0.spec.location, pointer: $0.spec.pointer) },
                   hint: "bind \(id) to content, a provider or a status, not to an element a binding writes; or allow more passes (--max-render-passes, WidgetRun.Options.maxRenderPasses)")
        }
    }

    private func applyBindingsOnce() {
        for (target, compiled) in bindings {
            placeholders[ObjectIdentifier(target)] = nil
            for binding in compiled { apply(binding, to: target, in: .object(namespace)) }
        }
    }

    /// Finds the bound elements some binding of the screen reads (``readTargets``), once, when
    /// the screen is built: a binding reads the names at the top of the scope its source and
    /// predicate start from (``CompiledBinding/scopeRoots``), or every name.
    func findReadTargets() {
        var roots: Set<String> = []
        var readsEverything = false
        for (_, compiled) in bindings {
            for binding in compiled {
                guard let read = binding.scopeRoots else {
                    readsEverything = true
                    break
                }
                roots.formUnion(read)
            }
        }
        readTargets = bindings.indices.filter { index in
            guard let element = bindings[index].target as? Element, let id = element.id else { return false }
            return readsEverything || roots.contains(id)
        }
    }
}
