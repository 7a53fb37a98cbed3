import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
@testable import WidgetryRuntime

/// The one reader of interactions: each kind written as a scenario step, and what is wrong with
/// one, placed and of a kind the caller can report under its own codes.
struct InteractionDecoderTests {
    /// The interaction `text` (one step) describes, and the problems found reading it.
    private func decode(_ text: String, resolvePath: InteractionDecoder.PathResolver? = nil) throws -> (Interaction?, [InteractionProblem]) {
        let json = try JSONParser.parse(text, fileName: "step.json").root
        let object = try #require(json.objectValue)
        let kind = try #require(object.keys.first { InteractionDecoder.kinds[$0] != nil })
        var decoder = InteractionDecoder(file: "step.json", resolvePath: resolvePath)
        let interaction = decoder.interaction(kind, of: object, at: json)
        return (interaction, decoder.problems)
    }

    @Test(arguments: [
        (#"{"tap": "addButton"}"#, Interaction.tap("addButton")),
        (#"{"tapRow": 2, "of": "tableView"}"#, .tapRow(table: "tableView", section: 0, row: 2)),
        (#"{"deleteRow": 0, "of": "tableView", "section": 1}"#, .deleteRow(table: "tableView", section: 1, row: 0)),
        (#"{"type": "swift", "into": "searchBar", "interval": 0.5}"#, .type(text: "swift", into: "searchBar", interval: 0.5)),
        (#"{"return": "searchBar"}"#, .pressReturn("searchBar")), (#"{"clear": "searchBar"}"#, .clear("searchBar")),
        (#"{"refresh": "tableView"}"#, .refresh("tableView")), (#"{"scrollToEnd": "tableView"}"#, .scrollToEnd("tableView")),
        (#"{"post": "reload"}"#, .post("reload")), (#"{"setDefault": "showAvatars", "value": false}"#, .setDefault(key: "showAvatars", value: .bool(false))),
        (#"{"setDefault": "showAvatars"}"#, .setDefault(key: "showAvatars", value: .null)),
        (#"{"advance": 5}"#, .advance(5)), (#"{"back": true}"#, .back),
        (#"{"tapMarker": 1, "of": "mapContainer"}"#, .tapMarker(map: "mapContainer", marker: .index(1))),
        (#"{"tapMarkerTitle": "Café Procope", "of": "mapContainer"}"#, .tapMarkerTitle(map: "mapContainer", marker: .title("Café Procope"))),
    ])
    func eachKindReadsAsAScenarioWritesIt(text: String, expected: Interaction) throws {
        let (interaction, problems) = try decode(text)
        #expect(problems.isEmpty, "\(problems)")
        #expect(interaction == expected)
    }

    @Test(arguments: [
        (#"{"tap": 3}"#, InteractionProblemKind.wrongType, #""tap" must be a string, found integer"#, "/tap"),
        (#"{"tapRow": 1}"#, .missingKey, #"a tapRow step needs "of": the table's id"#, ""),
        (#"{"tapRow": -1, "of": "t"}"#, .wrongType, "tapRow takes a whole number ≥ 0, not -1", "/tapRow"),
        (#"{"type": "a", "into": "b", "interval": 1e300}"#, .outOfRange,
         "interval takes a number of seconds from 0 to 1,000,000,000 (about 31 years), not 1e+300", "/interval"),
        (#"{"back": false}"#, .invalidValue, "back takes true", "/back"),
        (#"{"tapMarker": 0}"#, .missingKey, #"a tapMarker step needs "of": the id of the map's view"#, ""),
        (#"{"tapMarkerTitle": -1, "of": "map"}"#, .wrongType, "tapMarkerTitle takes a marker's index (a whole number ≥ 0) or its title, not -1", "/tapMarkerTitle"),
        (#"{"pickMedia": "photo.jpg", "with": "picker"}"#, .unavailable, "pickMedia is not performed here: there is no folder to pick files from", "/pickMedia"),
    ])
    func aProblemIsPlacedAndOfAKind(text: String, kind: InteractionProblemKind, message: String, pointer: String) throws {
        let (interaction, problems) = try decode(text)
        #expect(interaction == nil)
        #expect(problems.map(\.code) == [kind])
        #expect(problems.first?.message == message)
        #expect(problems.first?.pointer?.description == pointer)
        #expect(problems.first?.location?.line == 1)
    }

    @Test func pickMediaResolvesItsPathThroughTheCaller() throws {
        let resolve: InteractionDecoder.PathResolver = { name throws(PathEscape) in try ConfinedPath(name, in: "/bundle/Tests").path }
        let (picked, none) = try decode(#"{"pickMedia": "fixtures/photo.jpg", "with": "picker"}"#, resolvePath: resolve)
        #expect(none.isEmpty)
        #expect(picked == .pickMedia(path: "/bundle/Tests/fixtures/photo.jpg", picker: "picker"))
        let (escaped, problems) = try decode(#"{"pickMedia": "../secret.jpg", "with": "picker"}"#, resolvePath: resolve)
        #expect(escaped == nil)
        #expect(problems.map(\.code) == [.pathEscape])
        #expect(problems.first?.hint != nil)
    }

}
