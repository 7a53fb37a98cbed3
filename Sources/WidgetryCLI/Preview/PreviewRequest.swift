import WidgetryBundle
import WidgetryJSON
import WidgetryRuntime

/// What the page may ask the preview to do: one interaction, written as a scenario step writes
/// it and read by the same decoder (``InteractionDecoder``), so a step copied from a scenario
/// file does here what it does there. Anything else is a 400 with the reason.
///
///     {"tap": "addButton"}   {"tapRow": 2, "of": "tableView"}   {"type": "swift", "into": "searchBar"}
///     {"return": "searchBar"}   {"refresh": "tableView"}   {"back": true}   {"advance": 5}
///
/// What only a scenario does is refused by name: its checks (`expect`, `expectStore`,
/// `golden`), waiting a fixed time after a step (`for`; the preview runs each interaction until
/// the widget is idle) and expecting a failure (`expectFailure`); the decoder refuses picking a
/// file (`pickMedia`, which reads beside a scenario), given no folder to pick from. On top of
/// the scenario's rules, the preview bounds the run time one request asks for
/// (``PreviewLimits/maxAdvance``, a 422 `preview.advance-limit`) and the text one `type` types.
enum PreviewRequest {
    /// The most characters one `type` may type.
    static let longestText = 10_000

    /// The interaction `bytes` ask for; an `advance` of more than `maxAdvance` seconds, or a
    /// `type` whose interval adds up to more, is refused (`preview.advance-limit`).
    static func interaction(from bytes: [UInt8], maxAdvance: Double = PreviewLimits().maxAdvance) throws(PreviewRefusal) -> Interaction {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, fileName: "request").root
        } catch {
            throw PreviewRefusal(status: 400, message: "the request is not JSON: \(error)")
        }
        let interaction = try decoded(json)
        if case .type(let text, _, _) = interaction, text.count > longestText {
            throw refusal("a type step may type at most \(longestText) characters here, not \(text.count)")
        }
        switch interaction {
        case .advance(let seconds) where seconds > maxAdvance:
            throw PreviewRefusal(status: 422, code: "preview.advance-limit",
                                 message: "advance may ask for at most \(Self.seconds(maxAdvance)) s of run time per request "
                                     + "(--max-advance); advance in smaller steps")
        case .type(let text, _, let interval?) where interval * Double(text.count) > maxAdvance:
            throw PreviewRefusal(status: 422, code: "preview.advance-limit",
                                 message: "\(interaction.description) takes \(Self.seconds(interval * Double(text.count))) s of run time; one request may "
                                     + "take at most \(Self.seconds(maxAdvance)) s (--max-advance); type with a shorter interval")
        default: break
        }
        return interaction
    }

    /// The interaction the step `json` describes, or a 400 saying what is wrong with it.
    private static func decoded(_ json: JSONValue) throws(PreviewRefusal) -> Interaction {
        var read = StrictReader<InteractionProblemKind>(file: "request", commentPrefix: ScenarioSteps.commentPrefix)
        guard let written = read.object(json, what: "the request") else {
            throw refusal(#"the request must be one scenario step that does one interaction, such as {"tap": "addButton"}"#, hint: kindList)
        }
        if let check = written.keys.first(where: ScenarioSteps.checks.contains) {
            throw refusal("\"\(check)\" is a scenario's check, which the preview does not perform: it performs interactions", hint: kindList)
        }
        let kinds = written.keys.filter { InteractionDecoder.kinds[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            throw refusal(kinds.isEmpty ? "the request names no interaction" : "the request does \(kinds.joined(separator: " and ")); it may do one thing",
                          hint: written.keys.lazy.compactMap { Suggestion.didYouMean($0, among: interactionNames) }.first ?? kindList)
        }
        if let key = written.keys.first(where: scenarioKeys.contains) {
            throw refusal("\"\(key)\" is a scenario's key, which the preview does not perform: it runs each interaction until the widget is idle")
        }
        let performed = InteractionDecoder.kinds[kind, default: []]
        let object = read.object(json, allowed: performed.union([kind]), what: "a \(kind) step") ?? written
        var decoder = InteractionDecoder(file: "request")
        let interaction = decoder.interaction(kind, of: object, at: json)
        let problems = read.problems + decoder.problems
        guard problems.isEmpty, let interaction else {
            throw refusal(problems.isEmpty ? "the request could not be read"
                : problems.map { problem in problem.hint.map { "\(problem.message); \($0)" } ?? problem.message }.joined(separator: "; "))
        }
        return interaction
    }

    /// The keys a scenario's interaction steps may add that the decoder does not read: `for`, `expectFailure`.
    private static let scenarioKeys = ScenarioSteps.playingKeys
    /// The interactions the preview performs, sorted, for hints.
    private static let interactionNames = InteractionDecoder.kinds.keys.filter { $0 != "pickMedia" }.sorted()
    private static let kindList = "one of " + interactionNames.joined(separator: ", ")

    /// A 400 saying `message`, and `hint` after it when there is one.
    private static func refusal(_ message: String, hint: String? = nil) -> PreviewRefusal {
        PreviewRefusal(status: 400, message: hint.map { "\(message); \($0)" } ?? message)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
