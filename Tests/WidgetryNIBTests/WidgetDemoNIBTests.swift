import Foundation
import Testing
import WidgetryNIB

/// Facts decoded from the real compiled storyboard, checked against its XML source.
@Suite(.enabled(if: WidgetDemoSample.isAvailable, "needs ../shared/upstream/WidgetDemo.zip"))
struct WidgetDemoNIBTests {
    /// Every archive of the storyboard, with the archives nested in it (prototype cells).
    func allArchives() throws -> [NIBArchive] {
        var result: [NIBArchive] = []
        var pending: [NIBArchive] = []
        for name in WidgetDemoSample.nibNames() {
            pending.append(try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: name), file: name))
        }
        while let archive = pending.popLast() {
            result.append(archive)
            for index in archive.objects.indices where try archive.className(of: index) == "UINib" {
                pending.append(try archive.nestedArchive(index))
            }
        }
        return result
    }

    func storyboardXML() throws -> String {
        try String(contentsOfFile: WidgetDemoSample.sourcePath + "/Base.lproj/Main.storyboard", encoding: .utf8)
    }

    /// The values of one XML attribute across the storyboard, for elements matching `pattern`.
    func xmlValues(_ pattern: String, in xml: String) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(xml.startIndex..., in: xml)
        return Set(regex.matches(in: xml, range: range).compactMap { match in
            Range(match.range(at: 1), in: xml).map { String(xml[$0]) }
        })
    }

    func objects(of className: String, in archive: NIBArchive) throws -> [Int] {
        try archive.objects.indices.filter { try archive.className(of: $0) == className }
    }

    @Test func everyNibDecodes() throws {
        let names = WidgetDemoSample.nibNames()
        #expect(names.count == 8)
        for name in names {
            let archive = try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: name), file: name)
            #expect(archive.formatVersion == 1 && archive.coderVersion == 9)
            #expect(try archive.className(of: NIBArchive.rootObjectIndex) == "NSObject")
            #expect(try archive.reference(of: 0, key: "UINibTopLevelObjectsKey") != nil)
            #expect(try archive.reachableObjects().count <= archive.objects.count)
            #expect(archive.endOffset == (try WidgetDemoSample.bytes(ofNib: name)).count)
        }
    }

    @Test func feedViewControllerIsAClassSwapperWithItsStoryboardIdentifier() throws {
        let archive = try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: "FeedViewController.nib"), file: "FeedViewController.nib")
        let swappers = try objects(of: "UIClassSwapper", in: archive)
        let feed = try #require(swappers.first { try archive.string(of: $0, key: "UIStoryboardIdentifier") == "FeedViewController" })
        #expect(try archive.string(of: feed, key: "UIClassName") == "_TtC9WidgetKit22StandardViewController")
        #expect(try archive.string(of: feed, key: "UIOriginalClassName") == "UIViewController")
        #expect(try archive.string(of: feed, key: "UINibName") == "zbs-L4-ivJ-view-Ech-rE-AyQ")
        let xml = try storyboardXML()
        #expect(try xmlValues(#"storyboardIdentifier="([^"]+)""#, in: xml).contains("FeedViewController"))
        let external = try #require(try archive.reference(of: feed, key: "UIExternalObjectsTableForViewLoading"))
        let placeholders = try archive.stringPairs(of: external).map(\.key)
        #expect(placeholders.count == 6 && placeholders.allSatisfy { $0.hasPrefix("UpstreamPlaceholder-") })
    }

    @Test func userDefinedRuntimeAttributesMatchTheXML() throws {
        var identifiers: Set<String> = []
        for archive in try allArchives() {
            for pair in try objects(of: "UINibKeyValuePair", in: archive)
            where try archive.string(of: pair, key: "UIKeyPath") == "wx.identifier" {
                let value = try #require(try archive.reference(of: pair, key: "UIValue"))
                identifiers.insert(try archive.string(value))
                #expect(try archive.reference(of: pair, key: "UIObject") != nil)
            }
        }
        let expected = try xmlValues(#"keyPath="wx\.identifier" value="([^"]+)""#, in: try storyboardXML())
        #expect(!expected.isEmpty)
        #expect(identifiers == expected)
    }

    @Test func prototypeCellNibCarriesTheReuseIdentifier() throws {
        let name = "zbs-L4-ivJ-view-Ech-rE-AyQ.nib"
        let archive = try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: name), file: name)
        let table = try #require(try objects(of: "UITableView", in: archive).first)
        let prototypes = try #require(try archive.reference(of: table, key: "UITableViewCellPrototypeNibs"))
        let entries = try archive.stringPairs(of: prototypes)
        #expect(entries.map(\.key) == ["Cell"])
        let nib = try #require(entries.first?.value.objectIndex)
        let cellArchive = try archive.nestedArchive(nib)
        #expect(cellArchive.depth == 1)
        #expect(cellArchive.file == "\(name)#\(nib)")
        let reuse = try cellArchive.objects.indices.compactMap { try cellArchive.string(of: $0, key: "UIReuseIdentifier") }
        #expect(reuse == ["Cell"])
        let xmlReuse = try xmlValues(#"reuseIdentifier="([^"]+)""#, in: try storyboardXML())
        #expect(xmlReuse == Set(reuse))
    }

    @Test func labelTextsMatchTheXML() throws {
        var texts: Set<String> = []
        for archive in try allArchives() {
            for label in try objects(of: "UILabel", in: archive) {
                if let text = try archive.string(of: label, key: "UIText") { texts.insert(text) }
            }
        }
        let expected = try xmlValues(#"<label [^>]*text="([^"]*)""#, in: try storyboardXML())
        #expect(texts == expected)
        #expect(texts.contains("No posts here yet!"))
    }

    @Test func localizableStringsKeepTheirXMLKey() throws {
        let name = "zbs-L4-ivJ-view-Ech-rE-AyQ.nib"
        let archive = try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: name), file: name)
        let strings = try objects(of: "NSLocalizableString", in: archive)
        let keyed = try strings.compactMap { try archive.string(of: $0, key: "NSKey") }
        #expect(keyed.contains("0yt-xm-cgm.text"))
    }

    @Test func geometryAndColoursDecode() throws {
        let name = "FeedViewController.nib"
        let archive = try NIBArchive(bytes: WidgetDemoSample.bytes(ofNib: name), file: name)
        let label = try #require(try objects(of: "UILabel", in: archive).first)
        let bounds = try #require(try archive.rect(of: label, key: "UIBounds"))
        #expect(bounds == NIBRect(x: 0, y: 0, width: 47, height: 21))
        let center = try #require(try archive.point(of: label, key: "UICenter"))
        #expect(center.x == 15 && center.y == 15)
        let background = try #require(try archive.color(of: label, key: "UIBackgroundColor"))
        #expect(background.alpha == 0 && background.systemName == "clearColor")
        #expect(try archive.bool(of: label, key: "UIHidden") == false)
        #expect(try archive.integer(of: label, key: "UITextAlignment") == 1)
    }

    @Test func storyboardInfoMapsIdentifiersToNibs() throws {
        let folder = try #require(WidgetDemoSample.storyboardcPath)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/Info.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let map = try #require(plist["UIViewControllerIdentifiersToNibNames"] as? [String: String])
        for nib in map.values {
            #expect(WidgetDemoSample.nibNames().contains(nib + ".nib"))
        }
    }
}
