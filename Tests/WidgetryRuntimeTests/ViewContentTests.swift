import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryHostProfile
import WidgetryJSON
import WidgetryRuntime
import WidgetryTestSupport

/// A `ContentDisplayView`'s own content (FORMAT.md#binding.view-content) and the taps on a host
/// controller's map (FORMAT.md#profile.map.taps), as GoogleMapsDemo uses them, in a bundle of
/// their own: a host display controller draws the places of a JSON file as markers, a tap on a
/// marker shows its place in an info view, a tap on a marker's title opens a screen with it.
@Suite("View content and map taps")
struct ViewContentTests {
    /// Screen `S`: a card (a content display view) whose `name` label is bound to
    /// `content.name`, written before the card's own binding; a `title` label outside it bound
    /// the same way; a button in the card performing a segue to `D`.
    static let cardScreen = #"""
        {"S": {"elements": {"name": {"bindings": [{"from": "content.name", "placeholder": "none"}]},
                            "title": {"bindings": [{"from": "content.name", "placeholder": "none"}]},
                            "card": {"bindings": [{"to": "content", "from": "defaults.place"}]}},
               "views": {"type": "UIView", "children": [
                 {"id": "title", "type": "UILabel"},
                 {"id": "card", "type": "ContentDisplayView", "children": [
                   {"type": "UIView", "children": [{"id": "name", "type": "UILabel"}, {"id": "open", "type": "UIButton", "segue": "show"}]}]}]},
               "segues": {"show": {"destination": "D"}}}}
        """#
    static let detailScreen = #"""
        {"D": {"elements": {"detail": {"bindings": [{"from": "content.name", "placeholder": "none"}]}},
               "views": {"type": "UIView", "children": [{"id": "detail", "type": "UILabel"}]}}}
        """#

    private func text(_ id: String, _ run: WidgetRun) -> String? {
        run.screen.elements.first { $0.id == id }?.element.value(forKey: "text").stringValue
    }

    private func cardRun(place: Value?) throws -> WidgetRun {
        let scratch = try TemporaryDirectory()
        try ItemScreenBundle.write(["Info.json": ItemScreenBundle.info, "StubService.json": #"{"actions": {}}"#,
                                    "S.json": Self.cardScreen, "D.json": Self.detailScreen], to: scratch.path)
        var options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))
        if let place { options.defaults = ["place": place] }
        return try WidgetRun(bundle: WidgetBundle(directory: scratch.path), options: options)
    }

    @Test func elementsInsideAContentDisplayViewReadItsContentOnceSet() async throws {
        let run = try cardRun(place: .dictionary(["name": .string("Flore")]))
        await run.run()
        #expect(text("name", run) == "Flore", "the label inside the card reads the card's content, though its binding comes first")
        #expect(text("title", run) == "none", "the label outside reads the screen's content")
        #expect(run.screen.problems.isEmpty, "\(run.screen.problems)")
        try await run.perform(.tap("open"))
        #expect(run.screen.document.name == "D")
        #expect(run.screen.controller.content == .dictionary(["name": .string("Flore")]), "a segue from inside the card passes the card's content")
        #expect(text("detail", run) == "Flore")
    }

    @Test func whileAViewHasNoContentItsElementsReadTheScreens() async throws {
        let run = try cardRun(place: nil)
        await run.run()
        #expect(text("name", run) == "none")
        try await run.perform(.tap("open"))
        #expect(run.screen.controller.content == .null)
    }

    /// Screen `M`: a host controller `maps` whose class draws the places of `places.json` on
    /// `map`, shows a tapped place in `info` and opens `placeInfo` on a title tap.
    static let mapScreen = #"""
        {"M": {"objects": {"places": {"type": "JSONFileDataProvider", "attrs": {"fileName": "places"}},
                           "maps": {"type": "PlacesController", "attrs": {"titleSegue": "placeInfo"},
                                    "outlets": {"mainContentProvider": "places", "mapView": "map", "info": "info"}}},
               "elements": {"vicinity": {"bindings": [{"from": "content.vicinity", "placeholder": "No information..."}]}},
               "views": {"type": "UIView", "children": [
                 {"id": "map", "type": "UIView"},
                 {"id": "info", "type": "ContentDisplayView", "properties": {"hidden": true}, "children": [{"id": "vicinity", "type": "UILabel"}]}]},
               "segues": {"placeInfo": {"destination": "D"}}}}
        """#
    static let places = #"[{"name": "Flore", "vicinity": "172 Bd Saint-Germain", "lat": 48.854, "lng": 2.3325}, {"name": "Procope", "vicinity": "13 Rue de l'Ancienne Comédie", "lat": 48.853, "lng": 2.3388}]"#
    static let profile = #"""
        {"objectTypes": {"PlacesController": {"base": "BaseDisplayController", "attrs": ["titleSegue", "markerSegue"], "outlets": ["mapView", "info"],
          "map": {"outlet": "mapView", "latitude": "lat", "longitude": "lng", "title": "name",
                  "markerTapSegue": "markerSegue", "titleTapSegue": "titleSegue", "infoView": "info"}}}}
        """#

    private func mapRun() throws -> WidgetRun {
        let scratch = try TemporaryDirectory()
        try ItemScreenBundle.write(["Info.json": #"{"identifier": "dev.example.Maps", "entryScreen": "M"}"#, "StubService.json": #"{"actions": {}}"#,
                                    "M.json": Self.mapScreen, "D.json": Self.detailScreen, "places.json": Self.places], to: scratch.path)
        let profile = try HostProfileReader.read(JSONParser.parse(Array(Self.profile.utf8), fileName: "p.json"), file: "p.json", environment: [:])
        var read = WidgetBundle.ReadOptions()
        read.objectTypes = profile.objectTypes.mapValues { HostObjectType(base: $0.base, attributes: Set($0.attributes), outlets: Set($0.outlets)) }
        var options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))
        options.profile = profile
        return try WidgetRun(bundle: WidgetBundle(directory: scratch.path, options: read), options: options)
    }

    private func hidden(_ run: WidgetRun) -> Bool? {
        run.screen.elements.first { $0.id == "info" }?.element.value(forKey: "hidden").isOn
    }

    @Test func aMarkerTapShowsItsPlaceInTheInfoViewAndATapOnTheMapHidesIt() async throws {
        let run = try mapRun()
        await run.run()
        #expect(hidden(run) == true)
        #expect(text("vicinity", run) == "No information...")
        try await run.perform(.tapMarker(map: "map", marker: .index(1)))
        #expect(hidden(run) == false)
        #expect(text("vicinity", run) == "13 Rue de l'Ancienne Comédie")
        try await run.perform(.tap("map"))
        #expect(hidden(run) == true)
        try await run.perform(.tapMarker(map: "map", marker: .title("Flore")))
        #expect(text("vicinity", run) == "172 Bd Saint-Germain")
        #expect(run.screen.document.name == "M")
        #expect(run.screen.problems.isEmpty, "\(run.screen.problems)")
    }

    @Test func aTitleTapOpensTheTitleSegueWithTheMarkersPlace() async throws {
        let run = try mapRun()
        await run.run()
        try await run.perform(.tapMarkerTitle(map: "map", marker: .title("Procope")))
        #expect(run.screen.document.name == "D")
        #expect(text("detail", run) == "Procope")
    }

    @Test(arguments: [
        (Interaction.tapMarker(map: "map", marker: .index(2)), "map has 2 markers; there is no marker 2"),
        (.tapMarker(map: "map", marker: .title("Flor")), #"map has no marker titled "Flor"; did you mean "Flore"?"#),
        (.tapMarker(map: "mapp", marker: .index(0)), #"the screen has no map mapp; did you mean "map"?"#),
    ])
    func aMarkerTheMapLacksIsRefusedWithWhatItHas(interaction: Interaction, message: String) async throws {
        let run = try mapRun()
        await run.run()
        await #expect(throws: InteractionError(message)) { try await run.perform(interaction) }
    }
}
