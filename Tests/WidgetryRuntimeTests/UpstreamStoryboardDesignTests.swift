import Foundation
import Testing
@testable import WidgetryScreen

/// Upstream's storyboard and xib sources, beside the checkout.
enum UpstreamStoryboards {
    static let widgetDemo = UpstreamWidgetDemo.sourcePath
    static let twitterDemo = UpstreamWidgetDemo.upstream.appendingPathComponent("TwitterDemo-source").path

    static var isAvailable: Bool {
        [widgetDemo + "/Base.lproj/Main.storyboard", twitterDemo + "/Main.storyboard", twitterDemo + "/Cell.xib"]
            .allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The design read from upstream's own storyboards and cell xibs (`../shared/upstream`, beside
/// the checkout), checked against values read from the XML by hand; and the frames of the
/// compiled storyboard upstream shipped, which must agree with its source.
@Suite("Upstream storyboard design", .enabled(if: UpstreamStoryboards.isAvailable, "needs ../shared/upstream"))
struct UpstreamStoryboardDesignTests {
    static let widgetDemo = UpstreamStoryboards.widgetDemo
    static let twitterDemo = UpstreamStoryboards.twitterDemo

    private func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func storyboard(_ path: String) throws -> Storyboard {
        try StoryboardReader.read(bytes(path), file: "Main.storyboard")
    }

    /// The node whose design id is `id`, anywhere under `node` (prototypes' children too).
    private func node(_ id: String, in node: ViewNode?) -> ViewNode? {
        guard let node else { return nil }
        if node.design.designID == id { return node }
        for child in node.subviews + node.prototypes.flatMap(\.children) {
            if let found = self.node(id, in: child) { return found }
        }
        return nil
    }

    @Test func widgetDemoFeedScreen() throws {
        let feed = try #require(try storyboard(Self.widgetDemo + "/Base.lproj/Main.storyboard").scene(named: "FeedViewController"))
        let root = try #require(feed.view)
        #expect(root.design.frame == DesignRect(x: 0, y: 0, width: 375, height: 667))
        #expect(root.design.topLayoutGuideID == "GtL-OQ-hpw" && root.design.bottomLayoutGuideID == "6BF-y1-t3e")

        let table = try #require(node("cEW-5y-9gT", in: root))
        #expect(table.id == "tableView")
        #expect(table.design.frame == DesignRect(x: 0, y: 0, width: 375, height: 667))
        #expect(table.design.autoresizing == [.flexibleWidth, .flexibleHeight])
        #expect(table.design.usesConstraints == false, "fixedFrame")
        #expect(table.design.rowHeight == 75 && table.design.sectionHeaderHeight == nil && table.design.tableStyle == .plain)
        #expect(table.design.backgroundColor == DesignColor(white: 0, alpha: 0))
        #expect(table.header?.design.backgroundColor == DesignColor(red: 0.12984204290000001, green: 0.12984612579999999, blue: 0.12984395030000001))

        let empty = try #require(node("J4g-mV-lmd", in: root))
        #expect(empty.id == "emptyDataView" && empty.design.usesConstraints)
        #expect(empty.design.frame == DesignRect(x: 67, y: 213, width: 240, height: 240))
        let height = try #require(empty.design.constraints.first { $0.id == "05K-VS-82V" })
        #expect(height.firstItem == nil && height.firstAttribute == .height && height.secondItem == nil && height.constant == 240)
        #expect(height.priority == 1000)
        #expect(height.place.location?.line == 37 && height.place.location?.column == 37)

        let label = try #require(node("0yt-xm-cgm", in: root))
        #expect(label.design.font == DesignFont(size: 24, weight: .medium))
        // Written in Generic RGB (0.957 0.961 0.973), read in sRGB as ibtool compiles it (0.966 0.969 0.978).
        let text = try #require(label.design.textColor)
        #expect(abs(text.red - 0.96561) < 0.0001 && abs(text.green - 0.96908) < 0.0001 && abs(text.blue - 0.97825) < 0.0001, "\(text)")

        // The add button sits above the bottom layout guide.
        let guide = try #require(root.design.constraints.first { $0.id == "Pzg-XP-tRt" })
        #expect(guide.firstItem == "6BF-y1-t3e" && guide.firstAttribute == .top && guide.secondItem == "Vu8-6u-Z7X" && guide.secondAttribute == .bottom)
        #expect(guide.constant == 14 && guide.place.location?.line == 212)
        let button = try #require(node("Vu8-6u-Z7X", in: root))
        #expect(button.design.tintColor == DesignColor(white: 1) && button.design.backgroundColor == DesignColor(white: 0))
    }

    @Test func widgetDemoFeedCell() throws {
        let feed = try #require(try storyboard(Self.widgetDemo + "/Base.lproj/Main.storyboard").scene(named: "FeedViewController"))
        let cell = try #require(node("cEW-5y-9gT", in: feed.view)?.prototypes.first)
        #expect(cell.design.designID == "JtV-hV-0Xr")
        #expect(cell.design.frame == DesignRect(x: 0, y: 84, width: 375, height: 75))
        #expect(cell.design.contentViewID == "8kP-n2-olD")
        let bottom = try #require(cell.design.constraints.first { $0.id == "7sJ-jq-LKD" })
        #expect(bottom.firstItem == "8kP-n2-olD" && bottom.secondItem == "eSA-wI-Dsu" && bottom.firstAttribute == .bottom)
        #expect(bottom.place.location?.line == 169 && bottom.place.location?.column == 49)

        let display = try #require(cell.children.first { $0.design.designID == "eSA-wI-Dsu" })
        let atLeast = try #require(display.design.constraints.first { $0.id == "1HE-T3-Jtk" })
        #expect(atLeast.firstItem == nil && atLeast.relation == .greaterThanOrEqual && atLeast.secondItem == "g2W-rE-R54")
        #expect(atLeast.priority == 750 && atLeast.constant == 12 && atLeast.place.location?.line == 157)
        let avatar = try #require(node("g2W-rE-R54", in: display))
        #expect(avatar.id == "avatarView" && avatar.design.cornerRadius == 3)
        #expect(avatar.design.frame == DesignRect(x: 12, y: 12, width: 50, height: 50))
        #expect(avatar.design.constraints.map(\.id) == ["6ag-0X-knA", "bAC-fh-yso"])
    }

    @Test func widgetDemoNewPostTextViewBorder() throws {
        let scene = try #require(try storyboard(Self.widgetDemo + "/Base.lproj/Main.storyboard").scene(named: "NewPostViewController"))
        let text = try #require(node("lZa-fa-wJ6", in: scene.view))
        #expect(text.design.cornerRadius == 6 && text.design.borderWidth == 1)
        #expect(text.design.borderColor == DesignColor(red: 0.75406885150000003, green: 0.75408679249999999, blue: 0.75407713649999997))
        #expect(text.design.font == DesignFont(size: 15))
        let below = try #require(scene.view?.design.constraints.first { $0.id == "nt9-21-mlu" })
        #expect(below.secondItem == "8B0-y4-cCa" && below.secondItem == scene.view?.design.topLayoutGuideID, "under the top layout guide")
    }

    @Test func twitterDemoButtonAndSettingsTable() throws {
        let board = try storyboard(Self.twitterDemo + "/Main.storyboard")
        let tweet = try #require(board.scenes.lazy.compactMap { self.node("Vu8-6u-Z7X", in: $0.view) }.first)
        #expect(tweet.design.imageName == "bird" && tweet.design.cornerRadius == 20)
        let settings = try #require(board.scenes.first { $0.id == "4W2-00-KMx" }?.view)
        #expect(settings.design.designID == "RSG-95-EWo")
        #expect(settings.design.tableStyle == .grouped && settings.design.rowHeight == 50 && settings.design.sectionHeaderHeight == 18)
        let staticCell = try #require(node("Bb1-d8-IVU", in: settings))
        #expect(staticCell.design.rowHeight == 50 && staticCell.design.frame?.height == 50)
    }

    @Test func twitterDemoCellXib() throws {
        let read = try CellNibReader.prototype(try bytes(Self.twitterDemo + "/Cell.xib"), file: "Cell.xib", reuseIdentifier: "Cell",
                                               elementTypes: [], limits: .default)
        let cell = read.prototype
        #expect(cell.design.frame == DesignRect(x: 0, y: 0, width: 375, height: 75))
        #expect(cell.design.contentViewID == "IAC-i9-JxD")
        let leading = try #require(cell.design.constraints.first { $0.id == "GQ9-L3-e3Z" })
        #expect(leading.firstItem == "F8c-AO-chk" && leading.secondItem == "IAC-i9-JxD" && leading.firstAttribute == .leading)
        #expect(leading.place.file == "Cell.xib" && leading.place.location?.line == 99 && leading.place.location?.column == 21)
        let display = try #require(cell.children.first { $0.design.designID == "F8c-AO-chk" })
        let low = try #require(display.design.constraints.first { $0.id == "DQV-Yb-hKG" })
        #expect(low.priority == 250 && low.constant == 12 && low.place.location?.line == 91)
        let author = try #require(node("slJ-M4-3vn", in: display))
        #expect(author.id == "authorLabel" && author.design.font == DesignFont(size: 14, weight: .bold))
        #expect(author.design.autoresizing == [.flexibleWidth, .flexibleBottomMargin] && author.design.usesConstraints == false)
        let time = try #require(node("6fb-ds-TFB", in: display))
        #expect(time.design.textAlignment == .right && time.design.autoresizing == [.flexibleLeftMargin, .flexibleBottomMargin])
        let text = try #require(node("gxi-ES-RWC", in: display))
        #expect(text.design.numberOfLines == 0 && text.design.usesConstraints)
    }

    /// The compiled storyboard keeps each view's bounds and centre. ibtool lays views that
    /// follow their mask out again on its 600 x 600 canvas, so the root view and the table that
    /// fills it differ from the source's 375 x 667; views placed by constraints keep the
    /// source's frames.
    @Test(.enabled(if: UpstreamWidgetDemo.isAvailable)) func compiledFramesAgreeWithTheSource() throws {
        let bundle = try #require(UpstreamWidgetDemo.bundlePath)
        let compiled = try CompiledStoryboardReader.read(directory: bundle + "/Base.lproj/Main.storyboardc", file: "Base.lproj/Main.storyboardc")
        let source = try storyboard(Self.widgetDemo + "/Base.lproj/Main.storyboard")
        let compiledFeed = try #require(compiled.scene(named: "FeedViewController")?.view)
        let sourceFeed = try #require(source.scene(named: "FeedViewController")?.view)
        #expect(compiledFeed.design.frame == DesignRect(x: 0, y: 0, width: 600, height: 600))
        #expect(compiledFeed.design.autoresizing == sourceFeed.design.autoresizing)
        #expect(compiledFeed.children.count == 3 && sourceFeed.children.count == 3)
        for (compiledChild, sourceChild) in zip(compiledFeed.children, sourceFeed.children) {
            #expect(compiledChild.design.usesConstraints == sourceChild.design.usesConstraints, "\(sourceChild.design.designID ?? "-")")
            if sourceChild.design.usesConstraints {
                #expect(compiledChild.design.frame == sourceChild.design.frame, "\(sourceChild.design.designID ?? "-")")
            }
        }
        let table = compiledFeed.children[1]
        #expect(table.design.usesConstraints == false, "fixedFrame compiles as translating the mask")
        #expect(table.design.frame == compiledFeed.design.frame && table.design.autoresizing == [.flexibleWidth, .flexibleHeight])
        #expect(compiledFeed.children[0].design.frame == DesignRect(x: 67, y: 213, width: 240, height: 240))
        #expect(table.prototypes.first?.design.frame?.height == 75, "the row's height")
    }
}
