import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry render` draws the map a host profile declares for a controller class
/// (FORMAT.md#profile.map) as a plain canvas with a pin and title per marker, placed by the
/// markers' coordinates fitted to the view (docs/RENDERING.md#maps).
@Suite("CLI: maps in pictures")
struct MapPictureTests {
    /// A bundle whose screen `Places` holds a 375×400 view `mapView` at the top and a label
    /// below; a `PlacesMapController` (the host's class) shows `places.json` on the map.
    static func writeBundle(places: String, in folder: String) throws {
        let storyboard = StoryboardXML.document(StoryboardXML.screen("places", #"storyboardIdentifier="Places" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: """
            <view contentMode="scaleToFill" id="map-view">
                <rect key="frame" x="0.0" y="64" width="375" height="400"/>
                <autoresizingMask key="autoresizingMask"/>
                <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                \(StoryboardXML.attributes(StoryboardXML.identifier("mapView")))
            </view>
            """), initial: "places")
        let files = [
            "Info.json": #"{"identifier": "test.maps", "entryScreen": "Places", "formatVersion": 1}"#,
            "StubService.json": #"{"actions": {}}"#,
            "Base.lproj/Main.storyboard": storyboard,
            "places.json": places,
            "Places.json": #"""
                {"Places": {"objects": {
                   "places": {"type": "JSONFileDataProvider", "attrs": {"fileName": "places"}},
                   "map": {"type": "PlacesMapController", "outlets": {"mainContentProvider": "places", "mapView": "mapView"}}}}}
                """#,
            "maps.profile.json": #"""
                {"identifier": "test.maps", "objectTypes": {"PlacesMapController": {"base": "BaseDisplayController", "outlets": ["mapView"],
                   "map": {"outlet": "mapView", "latitude": "at.lat", "longitude": "at.lng", "title": "name"}}}}
                """#,
        ]
        for (name, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// The HTML `render` draws of a bundle showing `places`, and its exit status and errors.
    static func render(places: String) throws -> CommandRunner.Outcome {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try writeBundle(places: places, in: scratch.path)
        return try CommandRunner.run(["render", scratch.path, "--profile", scratch.path + "/maps.profile.json", "--now", "2018-06-20T19:00:00Z"])
    }

    /// The `left` and `top` of each pin of `html`, in order.
    static func pins(_ html: String) -> [[String]] {
        html.matches(of: /left:([0-9.-]+)px;top:([0-9.-]+)px;width:0;height:0" data-marker>/).map { [String($0.output.1), String($0.output.2)] }
    }

    @Test func markersArePinnedByTheirCoordinatesFittedToTheMap() throws {
        // Three places on the equator, a degree of longitude apart, and one a degree north of
        // the middle one: a box 2 degrees wide and 1 high, fitted to 295 points across (375
        // less the margins), so 147.5 points a degree, centred in the 400 points' height.
        let outcome = try Self.render(places: #"""
            [{"name": "West", "at": {"lat": 0, "lng": 10}}, {"name": "Middle", "at": {"lat": 0, "lng": 11}},
             {"name": "East", "at": {"lat": 0, "lng": 12}}, {"name": "North & up", "at": {"lat": 1, "lng": 11}}]
            """#)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let html = outcome.stdout
        #expect(html.contains(#"<div class="v map" data-id="mapView""#), "\(html)")
        #expect(html.contains("background:#e5e3df;"), "the map is a flat canvas, not the view's white")
        let shrink = cos(0.5 * Double.pi / 180)
        let scale = 295 / (2 * shrink)
        let top = (400 - scale) / 2
        func number(_ value: Double) -> String { String(format: "%.2f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) }
        #expect(Self.pins(html) == [["40", number(top + scale)], ["187.5", number(top + scale)], ["335", number(top + scale)], ["187.5", number(top)]])
        for title in ["West", "Middle", "East", "North &amp; up"] { #expect(html.contains(">\(title)</div>"), "\(title)") }
    }

    @Test func oneMarkerIsAtTheCentreAndAMarkerWithoutCoordinatesIsNotDrawn() throws {
        let outcome = try Self.render(places: #"""
            [{"name": "Here", "at": {"lat": 48.85, "lng": 2.33}}, {"name": "Nowhere"}, {"name": "Off the globe", "at": {"lat": 91, "lng": 0}}]
            """#)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.pins(outcome.stdout) == [["187.5", "200"]])
        #expect(!outcome.stdout.contains("Nowhere") && !outcome.stdout.contains("Off the globe"))
    }

    @Test func aMapIsDrawnTheSameEveryTimeAndAnEmptyOneIsACanvasWithoutPins() throws {
        let places = #"[{"name": "A", "at": {"lat": 1.5, "lng": 2}}, {"name": "B", "at": {"lat": -3.25, "lng": 7.125}}]"#
        let first = try Self.render(places: places)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.render(places: places).stdout == first.stdout)
        let empty = try Self.render(places: "[]")
        #expect(empty.stdout.contains(#"<div class="v map" data-id="mapView""#) && Self.pins(empty.stdout).isEmpty, "\(empty.stdout)")
    }
}
