import Synchronization
public import WidgetryBundle
import WidgetryJSON
public import WidgetryRuntime
import WidgetryScreen
import WidgetryService
public import WidgetryServiceConfiguration

extension CoverageRecorder {
    /// The report for `bundle`: everything it declares, and what of it was exercised.
    public func report(for bundle: WidgetBundle, configuration: ServiceConfiguration?) -> CoverageReport {
        let recorded = state.withLock { $0 }
        var bindings: [CoverageReport.Binding] = []
        for definition in bundle.screens {
            guard let document = try? ScreenReader.read(definition.file.document, screen: definition.name, file: definition.file.path) else { continue }
            for entry in document.elements {
                for spec in entry.bindings {
                    var possible: [Branch] = spec.predicateFormat == nil ? [.value] : [.ifTrue, .ifFalse]
                    if spec.placeholder != nil { possible.append(.placeholder) }
                    let taken = recorded.branches[CoverageRecorder.key(definition.file.path, spec.pointer)] ?? []
                    bindings.append(CoverageReport.Binding(screen: document.name, element: entry.id, to: spec.to, file: definition.file.path,
                                                           line: spec.location?.line, possible: possible, taken: taken.sorted()))
                }
            }
        }
        let actions = (configuration?.actions.map(\.name).sorted() ?? []).map { name in
            CoverageReport.Action(name: name, ran: recorded.ran.contains(name), failed: recorded.failed.contains(name))
        }
        let screens = bundle.screens.map(\.name).map { CoverageReport.Screen(name: $0, visited: recorded.screens.contains($0)) }
        return CoverageReport(bindings: bindings, actions: actions, screens: screens)
    }
}

/// Which bindings took which branch, which actions ran or failed, which screens were shown.
public struct CoverageReport: Sendable {
    public struct Binding: Sendable {
        public var screen: String
        public var element: String
        public var to: String
        public var file: String
        public var line: Int?
        public var possible: [CoverageRecorder.Branch]
        public var taken: [CoverageRecorder.Branch]
    }

    public struct Action: Sendable {
        public var name: String
        public var ran: Bool
        public var failed: Bool
    }

    public struct Screen: Sendable {
        public var name: String
        public var visited: Bool
    }

    public var bindings: [Binding]
    public var actions: [Action]
    public var screens: [Screen]

    /// Covered items over all items, in percent: each possible branch of each binding, each
    /// action (covered when it succeeded once), each screen.
    public var percentage: Double {
        let branchTotal = bindings.reduce(0) { $0 + $1.possible.count }
        let branchCovered = bindings.reduce(0) { $0 + Set($1.possible).intersection($1.taken).count }
        let total = branchTotal + actions.count + screens.count
        guard total > 0 else { return 100 }
        let covered = branchCovered + actions.filter(\.ran).count + screens.filter(\.visited).count
        return Double(covered) * 100 / Double(total)
    }

    /// The report for people: a line per binding, action and screen, then the total.
    public var text: String {
        var lines = ["coverage:"]
        lines.append("  screens:")
        for screen in screens { lines.append("    \(screen.visited ? "✓" : "✗") \(screen.name)") }
        lines.append("  actions:")
        for action in actions {
            let state = action.ran ? (action.failed ? "succeeded and failed" : "succeeded") : (action.failed ? "failed only" : "never ran")
            lines.append("    \(action.ran ? "✓" : "✗") \(action.name): \(state)")
        }
        lines.append("  bindings:")
        for binding in bindings {
            let missing = binding.possible.filter { !binding.taken.contains($0) }
            let place = binding.file + (binding.line.map { ":\($0)" } ?? "")
            lines.append("    \(missing.isEmpty ? "✓" : "✗") \(binding.screen) \(binding.element).\(binding.to) (\(place)): took "
                         + (binding.taken.isEmpty ? "nothing" : binding.taken.map(\.rawValue).joined(separator: ", "))
                         + (missing.isEmpty ? "" : "; never " + missing.map(\.rawValue).joined(separator: ", ")))
        }
        lines.append("  total: " + String(format: "%.1f%%", percentage))
        return lines.joined(separator: "\n") + "\n"
    }
}
