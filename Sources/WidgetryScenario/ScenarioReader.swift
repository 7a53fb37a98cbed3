import Foundation
import WidgetryBundle
import WidgetryExpressions
public import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryService
import WidgetryServiceConfiguration

/// Reads a scenario file strictly: every unknown key, wrong type or unparsable expectation is
/// reported with its place, all at once.
package enum ScenarioReader {
    static let rootKeys: Set<String> = ["$schema", "name", "settings", "steps"]
    static let settingKeys: Set<String> = ["now", "timeZone", "locale", "service", "screen", "defaults", "stub", "pictureTolerance"]
    /// The key that says what a step is, and the keys each kind may add: ``ScenarioSteps/kinds``,
    /// which lint reads too (the preview refuses what a scenario adds to ``InteractionDecoder/kinds``).
    package static let stepKinds = ScenarioSteps.kinds

    /// What starts a key that is a comment, left out of every object read.
    package static let commentPrefix = ScenarioSteps.commentPrefix

    /// The scenario in `document`, read from `file`.
    public static func read(_ document: JSONDocument, file: String) throws(ScenarioErrors) -> Scenario {
        var reader = Reader(read: StrictReader(file: file, commentPrefix: commentPrefix))
        let scenario = reader.scenario(document.root)
        if reader.read.hasProblems { throw ScenarioErrors(reader.read.problems) }
        return scenario
    }

    private struct Reader {
        var read: StrictReader<ScenarioErrorCode>
        var file: String { read.file }

        mutating func scenario(_ root: JSONValue) -> Scenario {
            let defaultName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension.replacingOccurrences(of: ".scenario", with: "")
            var result = Scenario(name: defaultName, file: file, settings: Scenario.Settings(), steps: [])
            guard let object = read.object(root, allowed: ScenarioReader.rootKeys, what: "a scenario") else { return result }
            if let name = object["name"] { result.name = read.string(name) ?? result.name }
            if let settings = object["settings"] { result.settings = self.settings(settings) }
            let steps = read.required("steps", of: object, in: root, what: "a scenario",
                                      hint: "a list such as [{\"tap\": \"addButton\"}, {\"expect\": \"screen == 'NewPostViewController'\"}]")
            result.steps = read.array(steps)?.compactMap { step($0) } ?? []
            return result
        }

        private mutating func settings(_ json: JSONValue) -> Scenario.Settings {
            var settings = Scenario.Settings()
            guard let object = read.object(json, allowed: ScenarioReader.settingKeys, what: "settings") else { return settings }
            if let value = object["now"], let text = read.string(value) {
                if let date = ISO8601DateFormatter().date(from: text) {
                    if NumericPolicy.isDate(secondsSince1970: date.timeIntervalSince1970) {
                        settings.now = date
                    } else {
                        fail(.outOfRange, "now must be in the years 1 to 9999", at: value)
                    }
                } else {
                    fail(.invalidValue, "now must be an ISO 8601 instant", at: value, hint: "for example \"2018-06-20T19:00:00Z\"")
                }
            }
            if let value = object["timeZone"], let text = read.string(value) {
                if let zone = TimeZone(identifier: text) { settings.timeZone = zone } else { fail(.invalidValue, "\(text) is not a known time zone", at: value) }
            }
            if let value = object["locale"], let text = read.string(value) { settings.locale = Locale(identifier: text) }
            if let service = read.choice(object["service"], ServiceSelection.self, what: "service", invalid: .invalidValue) {
                settings.service = service
            }
            if let value = object["screen"] { settings.screen = read.string(value) }
            if let value = object["stub"], read.object(value, what: "stub") != nil { settings.stubPatch = value }
            if let value = object["pictureTolerance"] {
                var decoder = InteractionDecoder(file: file)
                settings.pictureTolerance = decoder.wholeNumber(value, what: "pictureTolerance") ?? 0
                report(decoder.problems)
            }
            if let value = object["defaults"], let defaults = read.object(value, what: "defaults") {
                for member in defaults { settings.defaults[member.key] = Value(json: member.value) }
            }
            return settings
        }

        private mutating func step(_ json: JSONValue) -> Scenario.Step? {
            guard let written = read.object(json, what: "a step") else { return nil }
            let kinds = written.keys.filter { ScenarioReader.stepKinds[$0] != nil }
            // A key near a kind of step is that kind misspelt ({"goBack": true} for "back"):
            // said at the key, with the one did-you-mean.
            if kinds.isEmpty, let misspelt = written.members.first(where: { Suggestion.closest(to: $0.key, among: Array(ScenarioReader.stepKinds.keys)) != nil }) {
                let kind = Suggestion.closestCandidates(to: misspelt.key, among: ScenarioReader.stepKinds.keys.sorted())
                read.report(ScenarioError(.missingKey, "\"\(misspelt.key)\" is not a kind of step", file: read.file,
                                          location: misspelt.keyLocation ?? json.location, pointer: misspelt.value.pointer,
                                          hint: Suggestion.didYouMean(misspelt.key, among: kind)))
                return nil
            }
            guard kinds.count == 1, let kindKey = kinds.first, let kindValue = written[kindKey] else {
                fail(kinds.isEmpty ? .missingKey : .invalidValue,
                     kinds.isEmpty ? "the step says nothing to do" : "the step does \(kinds.joined(separator: " and ")); a step does one thing", at: json,
                     hint: "one of " + ScenarioReader.stepKinds.keys.sorted().joined(separator: ", "))
                return nil
            }
            let object = read.object(json, allowed: ScenarioReader.stepKinds[kindKey, default: []].union([kindKey]), what: "a \(kindKey) step") ?? written
            let folder = folder
            var decoder = InteractionDecoder(file: file) { name throws(PathEscape) in try ConfinedPath(name, in: folder).path }
            defer { report(decoder.problems) }
            let seconds = object["for"].flatMap { decoder.seconds($0, what: "for") }
            let failure = object["expectFailure"].flatMap { read.string($0) }
            let kind: Scenario.Step.Kind?
            switch kindKey {
            case "expect":
                let texts = kindValue.arrayValue ?? [kindValue]
                let predicates = texts.compactMap { predicate($0) }
                kind = predicates.count == texts.count ? .expect(predicates) : nil
            case "expectStore":
                guard let entity = read.string(kindValue) else { return nil }
                guard let count = object["count"].flatMap({ decoder.wholeNumber($0, what: "count") }) else {
                    fail(.missingKey, "an expectStore step needs \"count\"", at: json)
                    return nil
                }
                let filter = object["where"].flatMap { predicate($0) }
                if object["where"] != nil, filter == nil { return nil }
                kind = .expectStore(entity: entity, filter: filter, count: count)
            case "golden":
                kind = read.string(kindValue).flatMap { confined($0, at: kindValue) }.map(Scenario.Step.Kind.golden)
            case "picture":
                let tolerance = object["tolerance"].flatMap { decoder.wholeNumber($0, what: "tolerance") }
                if object["tolerance"] != nil, tolerance == nil { return nil }
                kind = read.string(kindValue).flatMap { confined($0, at: kindValue) }.map { .picture($0, tolerance: tolerance) }
            default:
                kind = decoder.interaction(kindKey, of: object, at: json).map { .interaction($0, seconds: seconds, expectedFailure: failure) }
            }
            return kind.map { Scenario.Step(kind: $0, location: json.location, pointer: json.pointer) }
        }

        private mutating func predicate(_ json: JSONValue) -> WidgetryExpressions.Predicate? {
            guard let text = read.string(json) else { return nil }
            do {
                return try WidgetryExpressions.Predicate(format: text, arguments: [])
            } catch {
                fail(.expectationSyntax, "\"\(text)\" does not parse: \(error)", at: json,
                     hint: "expectations are predicates over the snapshot, e.g. elements.titleLabel.value == 'Favio Mobile'")
                return nil
            }
        }

        /// The scenario's folder, which goldens and picked media stay inside.
        private var folder: String { (file as NSString).deletingLastPathComponent }

        /// `name` inside the scenario's folder, or a located `bundle.path-escape`.
        private mutating func confined(_ name: String, at json: JSONValue) -> ConfinedPath? {
            do throws(PathEscape) {
                return try ConfinedPath(name, in: folder)
            } catch {
                fail(.pathEscape, error.message, at: json, hint: error.hint)
                return nil
            }
        }

        /// The decoder's problems, under the scenario's codes.
        private mutating func report(_ problems: [InteractionProblem]) {
            for problem in problems {
                let code: ScenarioErrorCode = switch problem.code {
                case .unknownKey: .unknownKey
                case .missingKey: .missingKey
                case .wrongType: .wrongType
                case .invalidValue, .unavailable: .invalidValue
                case .outOfRange: .outOfRange
                case .pathEscape: .pathEscape
                }
                read.report(ScenarioError(code, problem.message, file: problem.file, location: problem.location, pointer: problem.pointer, hint: problem.hint))
            }
        }

        private mutating func fail(_ code: ScenarioError.Code, _ message: String, at value: JSONValue, hint: String? = nil) {
            read.report(code, message, at: value, hint: hint)
        }
    }
}
