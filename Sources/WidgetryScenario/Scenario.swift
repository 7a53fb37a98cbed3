public import Foundation
public import WidgetryBundle
public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryRuntime
import WidgetryScreen
import WidgetryService
public import WidgetryServiceConfiguration

/// A scripted session with a widget (`Tests/*.scenario.json`): how the run is set up, then
/// steps — things a person does and what must hold afterwards.
public struct Scenario: Sendable {
    /// How the run is set up; unset values take the defaults of a reproducible run.
    public struct Settings: Sendable {
        public var now = Date(timeIntervalSince1970: 1_529_521_200)
        public var timeZone = TimeZone.gmt
        public var locale = Locale(identifier: "en_US_POSIX")
        public var service = ServiceSelection.stub
        public var screen: String?
        public var defaults: [String: Value] = [:]
        /// A JSON Merge Patch for the stub file (`{"actions": {"homeFeed": {"response": null}}}`).
        public var stubPatch: JSONValue?
        /// How many pixels of a picture may differ from its golden (`pictureTolerance`), unless
        /// a `picture` step says otherwise.
        public var pictureTolerance = 0

        public init() {}
    }

    /// One step, with where it is written.
    public struct Step: Sendable {
        public enum Kind: Sendable {
            /// Do something, then run until idle, or for `seconds` of run time. With
            /// `expectedFailure`, the interaction must fail with a message containing it.
            case interaction(Interaction, seconds: Double?, expectedFailure: String?)
            /// Predicates over the snapshot that must all hold.
            case expect([WidgetryExpressions.Predicate])
            /// The number of objects of an entity (and its sub-entities) matching a filter.
            case expectStore(entity: String, filter: WidgetryExpressions.Predicate?, count: Int)
            /// The whole snapshot, as text (`.txt`) or JSON (`.json`), against a golden file
            /// (a path relative to the scenario file, inside its folder).
            case golden(ConfinedPath)
            /// A PNG picture of the screen against a golden PNG (a path relative to the scenario
            /// file, inside its folder), allowing `tolerance` differing pixels (else the
            /// scenario's ``Settings/pictureTolerance``).
            case picture(ConfinedPath, tolerance: Int?)
        }

        public var kind: Kind
        public var location: SourceLocation?
        public var pointer: JSONPointer

        /// What the step does, in words, for reports.
        public var title: String {
            switch kind {
            case .interaction(let interaction, let seconds, _): interaction.description + (seconds.map { " for \($0) s" } ?? "")
            case .expect(let predicates): predicates.count == 1 ? "expect \(predicates[0].format)" : "expect \(predicates.count) conditions"
            case .expectStore(let entity, let filter, let count): "expect \(count) \(entity)" + (filter.map { " where \($0.format)" } ?? "")
            case .golden(let path): "snapshot matches \(path)"
            case .picture(let path, _): "picture matches \(path)"
            }
        }
    }

    /// The scenario's name (its `name`, else the file name without `.scenario.json`).
    public var name: String
    /// The file it was read from.
    public var file: String
    public var settings: Settings
    public var steps: [Step]
}
