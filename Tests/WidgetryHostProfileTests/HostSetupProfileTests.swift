import Testing
import WidgetryHostProfile
import WidgetryJSON

/// What a profile says of the host's setup in code (docs/FORMAT.md#graffiti.host-setup): the
/// restoration identifiers it sets, and its own controller classes.
@Suite struct HostSetupProfileTests {
    private func read(_ text: String) throws(HostProfileErrors) -> HostProfile {
        let document = try! JSONParser.parse(Array(text.utf8), fileName: "maps.profile.json")
        return try HostProfileReader.read(document, file: "maps.profile.json", environment: [:])
    }

    @Test func restorationIdentifiersAndObjectTypesAreRead() throws {
        let profile = try read("""
        {"restorationIdentifiers": {"TweetsViewController": "TweetsViewController"},
         "objectTypes": {"GooglePlaceNearbyProvider": {"base": "BaseContentProvider", "attrs": ["radius", "placeType"]},
                         "GoogleMapController": {"base": "BaseContentController", "outlets": ["mapContainer"]}}}
        """)
        #expect(profile.restorationIdentifiers == ["TweetsViewController": "TweetsViewController"])
        #expect(profile.objectTypes["GooglePlaceNearbyProvider"] == HostProfile.ObjectTypeDeclaration(base: "BaseContentProvider", attributes: ["radius", "placeType"]))
        #expect(profile.objectTypes["GoogleMapController"]?.outlets == ["mapContainer"])
        #expect(!profile.isEmpty)
        #expect(profile.summaryLines == ["objectType GoogleMapController: BaseContentController", "objectType GooglePlaceNearbyProvider: BaseContentProvider",
                                         "restorationIdentifier TweetsViewController: TweetsViewController"])
    }

    @Test func eachMistakeIsPlaced() {
        do {
            _ = try read("""
            {"restorationIdentifiers": {"A": ""},
             "objectTypes": {"P": {"attrs": ["x"]}, "Q": {"base": "BaseContentProvider", "outlet": []}}}
            """)
            Issue.record("the profile was read")
        } catch {
            let lines = error.errors.map { "\($0.location?.line ?? 0) \($0.code.rawValue)" }
            #expect(lines == ["1 profile.invalid-value", "2 profile.missing-key", "2 profile.unknown-key"], "\(error.errors)")
        }
    }
}
