import Testing
import WidgetryHostProfile
import WidgetryJSON

/// A host provider class's `request` (FORMAT.md#profile.request) and a display controller class's
/// `map` (FORMAT.md#profile.map), as a profile declares them.
@Suite struct ProviderRequestReaderTests {
    private func read(_ request: String, environment: [String: String] = ["KEY": "k-123"]) throws(HostProfileErrors) -> HostProfile {
        let text = #"{"objectTypes": {"GooglePlaceNearbyProvider": {"base": "BaseContentProvider", "attrs": ["radius", "placeType"], "request": "#
            + request + "}}}"
        let document = try! JSONParser.parse(Array(text.utf8), fileName: "maps.profile.json")
        return try HostProfileReader.read(document, file: "maps.profile.json", environment: environment)
    }

    @Test func theRequestIsReadAndFillsItsPlaceholders() throws {
        let profile = try read(#"{"url": "https://maps.example/search?q={searchString}&at={location}&r={radius}&t={placeType}&key={key}", "#
                               + #""values": {"location": "48.85,2.33", "radius": "5000", "key": {"env": "KEY"}}, "results": "results", "minimumLength": 2}"#)
        let request = try #require(profile.objectTypes["GooglePlaceNearbyProvider"]?.request)
        #expect(request.results == "results" && request.minimumLength == 2)
        #expect(request.secrets == ["key"] && request.secretValues == ["k-123"])
        // The screen file's value comes before the profile's; every value is a query component.
        #expect(request.url(with: ["searchString": "café & bar", "radius": "200", "placeType": ""])
                == "https://maps.example/search?q=caf%C3%A9%20%26%20bar&at=48.85,2.33&r=200&t=&key=k-123")
    }

    @Test func anUnknownPlaceholderOrAURLThatIsNotHTTPIsALocatedError() {
        for (request, message) in [
            (#"{"url": "https://maps.example/search?q={searchString}&near={where}"}"#,
             "objectTypes.GooglePlaceNearbyProvider.request.url has the placeholder {where}, which is neither the search text, an attribute of GooglePlaceNearbyProvider, nor one of values"),
            (#"{"url": "file:///etc/passwd?q={searchString}"}"#,
             #"objectTypes.GooglePlaceNearbyProvider.request.url is "file:///etc/passwd?q={searchString}", not an http(s) URL"#),
            (#"{"url": "https://maps.example/", "minimumLength": -1}"#, "objectTypes.GooglePlaceNearbyProvider.request.minimumLength is -1"),
        ] {
            do {
                _ = try read(request)
                Issue.record("\(request) was accepted")
            } catch {
                #expect(error.errors.map(\.message) == [message])
                #expect(error.errors.allSatisfy { $0.code == .invalidValue && $0.location != nil && $0.hint != nil })
            }
        }
    }

    /// A secret the environment lacks is one problem, not a second one for its placeholder.
    @Test func aMissingSecretIsOneProblem() {
        do {
            _ = try read(#"{"url": "https://maps.example/?q={searchString}&r={radius}&key={key}", "values": {"radius": "1", "key": {"env": "KEY"}}}"#,
                         environment: [:])
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.code) == [.missingEnvironment])
        }
        do {
            _ = try read(#"{"url": "https://maps.example/?q={searchString}&at={where}", "values": {"radius": "1"}}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.hint) == [#"use one of searchString, radius, placeType, or add "where" to values"#])
        }
    }

    @Test func aKeyTheRequestDoesNotTakeIsRefused() {
        do {
            _ = try read(#"{"url": "https://maps.example/", "method": "POST"}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.code) == [.unknownKey])
        }
    }

    @Test func aMapNamesOneOfTheClassesOutletsAndThreeKeyPaths() throws {
        let text = #"{"objectTypes": {"GooglePlacesContentController": {"base": "BaseContentController", "outlets": ["mapContainer"], "map": "#
        let good = #"{"outlet": "mapContainer", "latitude": "geometry.location.lat", "longitude": "geometry.location.lng", "title": "name"}"#
        let document = try JSONParser.parse(Array((text + good + "}}}").utf8), fileName: "maps.profile.json")
        let profile = try HostProfileReader.read(document, file: "maps.profile.json", environment: [:])
        #expect(profile.objectTypes["GooglePlacesContentController"]?.map
                == MapDeclaration(outlet: "mapContainer", latitude: "geometry.location.lat", longitude: "geometry.location.lng", title: "name"))

        let bad = #"{"outlet": "map", "latitude": "lat", "longitude": "", "title": "name"}"#
        let badDocument = try JSONParser.parse(Array((text + bad + "}}}").utf8), fileName: "maps.profile.json")
        do throws(HostProfileErrors) {
            _ = try HostProfileReader.read(badDocument, file: "maps.profile.json", environment: [:])
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.message) == ["objectTypes.GooglePlacesContentController.map.outlet is map, which is not one of the outlets of GooglePlacesContentController",
                                                    "objectTypes.GooglePlacesContentController.map.longitude is empty"])
            #expect(error.errors.first?.hint == "one of mapContainer")
        }
    }

    /// A map's tap keys name the class's own attributes (the segues) and outlet (the info view).
    @Test func aMapsTapKeysNameTheClassesOwnAttributesAndOutlet() throws {
        let text = #"{"objectTypes": {"GooglePlacesContentController": {"base": "BaseContentController", "attrs": ["markerTitleTapSegue"], "#
            + #""outlets": ["mapContainer", "infoView"], "map": {"outlet": "mapContainer", "latitude": "lat", "longitude": "lng", "title": "name", "#
        let good = #""titleTapSegue": "markerTitleTapSegue", "infoView": "infoView"}}}}"#
        let profile = try HostProfileReader.read(JSONParser.parse(Array((text + good).utf8), fileName: "maps.profile.json"), file: "maps.profile.json", environment: [:])
        #expect(profile.objectTypes["GooglePlacesContentController"]?.map
                == MapDeclaration(outlet: "mapContainer", latitude: "lat", longitude: "lng", title: "name", titleTapSegue: "markerTitleTapSegue", infoView: "infoView"))

        let bad = #""markerTapSegue": "markerTapSegue", "titleTapSegue": "", "infoView": "markerTitleTapSegue"}}}}"#
        let badDocument = try JSONParser.parse(Array((text + bad).utf8), fileName: "maps.profile.json")
        do throws(HostProfileErrors) {
            _ = try HostProfileReader.read(badDocument, file: "maps.profile.json", environment: [:])
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.message) == [
                "objectTypes.GooglePlacesContentController.map.markerTapSegue is markerTapSegue, which is not one of the attributes of GooglePlacesContentController",
                "objectTypes.GooglePlacesContentController.map.titleTapSegue is empty",
                "objectTypes.GooglePlacesContentController.map.infoView is markerTitleTapSegue, which is not one of the outlets of GooglePlacesContentController",
            ])
            #expect(error.errors.map(\.hint) == ["one of markerTitleTapSegue", "one of the class's attributes", "one of mapContainer, infoView"])
            #expect(error.errors.allSatisfy { $0.code == .invalidValue })
        }
    }
}
