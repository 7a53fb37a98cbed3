import Foundation
import Testing
@testable import WidgetryRender
import WidgetryScreen
import WidgetryTestSupport

/// Collection views with a flow layout are drawn as `UICollectionViewFlowLayout` places their
/// items: lines justified between the section's insets, a line of one item centred, the last
/// line at the least spacing from the leading inset; a horizontal collection in columns, cut
/// off at its edge. A storyboard's flow layout is read into the design.
@Suite("Render: collections in a flow layout")
struct CollectionLayoutTests {
    /// A storyboard whose screen `Grid` holds a collection `grid` (frame `frame`) whose flow
    /// layout is `layout` (attributes and children of `<collectionViewFlowLayout>`), with a
    /// prototype `Cell` showing a label `name`.
    static func storyboard(layout: String, frame: String = #"x="0.0" y="0.0" width="375" height="667""#) -> String {
        StoryboardXML.document(StoryboardXML.screen("grid-screen", #"storyboardIdentifier="Grid" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: """
            <collectionView clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv">
                <rect key="frame" \(frame)/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                \(layout)
                <cells>
                    <collectionViewCell contentMode="center" reuseIdentifier="Cell" id="cell">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="80"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <view key="contentView" contentMode="center" id="cell-content">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="80"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <label text="Name" id="name-label">
                                    <rect key="frame" x="8" y="8" width="84" height="21"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES"/>
                                    \(StoryboardXML.attributes(StoryboardXML.identifier("name")))
                                </label>
                            </subviews>
                        </view>
                        <color key="backgroundColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    </collectionViewCell>
                </cells>
                \(StoryboardXML.attributes(StoryboardXML.identifier("grid")))
            </collectionView>
            """), initial: "grid-screen")
    }

    static func flowLayout(_ attributes: String = "", itemWidth: Int = 100, inset: String = #"minX="15" minY="20" maxX="15" maxY="20""#) -> String {
        """
        <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" \(attributes) id="flow">
            <size key="itemSize" width="\(itemWidth)" height="80"/>
            <size key="headerReferenceSize" width="0.0" height="0.0"/>
            <size key="footerReferenceSize" width="0.0" height="0.0"/>
            <inset key="sectionInset" \(inset)/>
        </collectionViewFlowLayout>
        """
    }

    /// The cells drawn for `count` people in `storyboard`'s grid, on the iPhone 8.
    private static func cells(_ storyboard: String, count: Int, controllerAttrs: String = "{}") async throws -> [DrawnView] {
        let people = (1...count).map { #"{"name": "P\#(String(format: "%02d", $0))"}"# }.joined(separator: ", ")
        let screen = try await StoryboardPictureBundle.draw(entry: "Grid", files: [
            "Base.lproj/Main.storyboard": storyboard,
            "people.json": "[\(people)]",
            "Grid.json": #"""
                {"Grid": {"objects": {
                   "people": {"type": "JSONFileDataProvider", "attrs": {"fileName": "people", "sortByFields": "name"}},
                   "shown": {"type": "CollectionDisplayController", "attrs": \#(controllerAttrs),
                             "outlets": {"mainContentProvider": "people", "collectionView": "grid"}}},
                 "elements": {"name": {"bindings": [{"from": "content.name"}]}}}}
                """#,
        ])
        return StoryboardPictureBundle.all(screen.views).filter { $0.type == "UICollectionViewCell" }
    }

    private static func origins(_ cells: [DrawnView]) -> [[Double]] {
        cells.map { [$0.frame.x, $0.frame.y] }
    }

    @Test func aStoryboardsFlowLayoutIsRead() throws {
        let storyboard = try StoryboardReader.read(Array(Self.storyboard(layout: Self.flowLayout(#"scrollDirection="horizontal""#)).utf8),
                                                   file: "Main.storyboard")
        let grid = try #require(storyboard.scene(named: "Grid")?.view?.children.first)
        #expect(grid.design.flowLayout == FlowLayoutDesign(itemWidth: 100, itemHeight: 80, minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                                                          sectionInset: DesignInsets(top: 20, left: 15, bottom: 20, right: 15),
                                                          scrollDirection: .horizontal))
        let custom = try StoryboardReader.read(Array(Self.storyboard(layout: #"<collectionViewLayout key="collectionViewLayout" id="custom"/>"#).utf8),
                                               file: "Main.storyboard")
        #expect(custom.scene(named: "Grid")?.view?.children.first?.design.flowLayout == nil, "a layout that is not a flow layout")
    }

    /// 345 points between the insets take three items of 100 at least 10 apart: full rows are
    /// justified (22.5 apart), the last row keeps 10 from the left inset.
    @Test func fullLinesAreJustifiedAndTheLastKeepsTheLeastSpacing() async throws {
        let cells = try await Self.cells(Self.storyboard(layout: Self.flowLayout()), count: 8)
        #expect(Self.origins(cells) == [[15, 40], [137.5, 40], [260, 40], [15, 130], [137.5, 130], [260, 130], [15, 220], [125, 220]])
        #expect(cells.allSatisfy { $0.frame.width == 100 && $0.frame.height == 80 }, "the layout's item size")
        #expect(cells.map(\.row?.row) == Array(0..<8), "each cell is its row's, for taps")
        let label = try #require(cells.first?.children.first)
        #expect(label.lines == ["P01"] && label.frame == DesignRect(x: 23, y: 48, width: 84, height: label.frame.height))
        #expect(cells.first?.backgroundColor == DesignColor(red: 1, green: 0, blue: 0))
    }

    @Test func aLineOfOneItemIsCentredUnlessItIsTheLast() async throws {
        let cells = try await Self.cells(Self.storyboard(layout: Self.flowLayout(itemWidth: 200)), count: 3)
        #expect(Self.origins(cells) == [[87.5, 40], [87.5, 130], [15, 220]])
    }

    /// A horizontal collection 120 points tall holds one item a column: columns go on to the
    /// right, 10 apart, past the screen's edge, which the collection cuts off.
    @Test func aHorizontalCollectionRunsInColumnsCutOffAtItsEdge() async throws {
        let layout = Self.flowLayout(#"scrollDirection="horizontal""#, inset: #"minX="0.0" minY="0.0" maxX="0.0" maxY="0.0""#)
        let cells = try await Self.cells(Self.storyboard(layout: layout, frame: #"x="0.0" y="100" width="375" height="120""#), count: 5)
        #expect(Self.origins(cells) == [[0, 120], [110, 120], [220, 120], [330, 120], [440, 100]])
    }

    /// The controller's hints: a quarter of the collection's 375-point width, 60 points tall.
    @Test func theControllersHintsSizeTheItems() async throws {
        let cells = try await Self.cells(Self.storyboard(layout: Self.flowLayout()), count: 4,
                                         controllerAttrs: #"{"cellWidthHint": 0.25, "cellHeightHint": 60}"#)
        #expect(Self.origins(cells) == [[15, 40], [140.625, 40], [266.25, 40], [15, 110]])
        #expect(cells.allSatisfy { $0.frame.width == 93.75 && $0.frame.height == 60 })
        #expect(CollectionLayout.itemLength(hint: -1, layout: 50, bounds: 300) == 50, "below 0: the layout's")
        #expect(CollectionLayout.itemLength(hint: 120, layout: 50, bounds: 300) == 120, "above 1: points")
    }

    @Test func linesArePlacedByUIKitsRules() {
        let places = CollectionLayout.places(count: 5, itemLength: 50, itemDepth: 40, lineLength: 200, interitem: 20, lineSpacing: 5)
        #expect(places.map(\.main) == [0, 75, 150, 0, 70])
        #expect(places.map(\.cross) == [0, 0, 0, 45, 45])
        let tooWide = CollectionLayout.places(count: 2, itemLength: 300, itemDepth: 40, lineLength: 200, interitem: 10, lineSpacing: 0)
        #expect(tooWide.map(\.main) == [0, 0], "an item wider than the line has a line of its own, from the inset")
    }

    /// Sizes a bundle may give that no device has: nothing traps, and the picture is drawn.
    @Test func absurdSizesDrawWithoutTrapping() async throws {
        let none = CollectionLayout.places(count: 3, itemLength: 0, itemDepth: 10, lineLength: 200, interitem: 0, lineSpacing: 0)
        #expect(none.count == 3, "items and spacing of no length: one line of all")
        let tiny = CollectionLayout.places(count: 4, itemLength: 1e-20, itemDepth: 10, lineLength: 200, interitem: 0, lineSpacing: 0)
        #expect(tiny.map(\.cross) == [0, 0, 0, 0])
        #expect(CollectionLayout.itemLength(hint: 1e17, layout: 50, bounds: 300) == CollectionLayout.maxItemLength)
        #expect(CollectionLayout.itemLength(hint: nil, layout: .infinity, bounds: 300) == 0)
        #expect(HTMLPicture.number(1e17) == "1000000000" && HTMLPicture.number(-1e300) == "-1000000000", "a page's lengths stay within a billion")
        for attrs in [#"{"cellWidthHint": 1e17, "cellHeightHint": 1e19}"#, #"{"cellWidthHint": 0, "cellHeightHint": 0}"#] {
            let cells = try await Self.cells(Self.storyboard(layout: Self.flowLayout()), count: 3, controllerAttrs: attrs)
            #expect(cells.count == 3, "\(attrs)")
        }
    }
}
