package import Synchronization
package import WidgetryJSON
import WidgetryScreen

/// What a set of runs exercised, gathered while they run: the branches each binding took, the
/// actions that ran or failed, the screens shown. Shared by every run of a `widgetry test`.
public final class CoverageRecorder: Sendable {
    /// Which way a binding went.
    public enum Branch: String, Sendable, CaseIterable, Comparable {
        /// The predicate held (`ifTrue`, or true).
        case ifTrue
        /// The predicate did not hold (`ifFalse`, or false).
        case ifFalse
        /// A binding without predicate gave a value.
        case value
        /// The value was null and the placeholder was shown.
        case placeholder

        public static func < (lhs: Branch, rhs: Branch) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    package struct State {
        package var branches: [String: Set<Branch>] = [:]
        package var ran: Set<String> = []
        package var failed: Set<String> = []
        package var screens: Set<String> = []
    }

    package let state = Mutex(State())

    public init() {}

    /// Records how the binding written at `pointer` in `file` went.
    func record(file: String, pointer: JSONPointer, outcome: BindingOutcome) {
        var taken: Set<Branch> = []
        if let matched = outcome.predicateMatched { taken.insert(matched ? .ifTrue : .ifFalse) } else if !outcome.usedPlaceholder { taken.insert(.value) }
        if outcome.usedPlaceholder { taken.insert(.placeholder) }
        state.withLock { $0.branches[CoverageRecorder.key(file, pointer), default: []].formUnion(taken) }
    }

    /// Records the actions and screens of a finished run.
    public func record(_ run: WidgetRun) {
        let events = run.engine.events
        state.withLock { state in
            for event in events {
                if event.kind == .success { state.ran.insert(event.action) }
                if event.kind == .error { state.failed.insert(event.action) }
            }
            state.screens.formUnion(run.visitedScreens)
        }
    }

    package static func key(_ file: String, _ pointer: JSONPointer) -> String { "\(file)#\(pointer)" }
}
