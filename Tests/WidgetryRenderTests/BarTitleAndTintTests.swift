import Foundation
import Testing
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// The navigation bar's title in the font and colour of its `titleTextAttributes`, and UIKit's
/// tint inheritance: a view without a tint colour of its own draws in its superview's.
@Suite("Render: bar title attributes and inherited tints")
struct BarTitleAndTintTests {
    static let red = DesignColor(red: 1, green: 0, blue: 0)
    static let green = DesignColor(red: 0, green: 0.5, blue: 0)
    static let orange = DesignColor(red: 1, green: 0.5, blue: 0)

    /// `Home` inside a navigation controller whose bar has `titleTextAttributes`: its root view
    /// is tinted green and holds a plain view holding two `contactAdd` buttons, `inherits`
    /// without a tint and `own` tinted orange.
    static let storyboard = StoryboardXML.document(
        StoryboardXML.scene("nav", tag: "navigationController", """
            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                <textAttributes key="titleTextAttributes">
                    <fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>
                    <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </textAttributes>
            </navigationBar>
            <connections>
                <segue destination="home" kind="relationship" relationship="rootViewController" id="root-segue"/>
            </connections>
            """),
        StoryboardXML.scene("home", #"storyboardIdentifier="Home" useStoryboardIdentifierAsRestorationIdentifier="YES""#, """
            <view key="view" contentMode="scaleToFill" id="root-home">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <view contentMode="scaleToFill" id="plain">
                        <rect key="frame" x="0.0" y="100" width="375" height="100"/>
                        <subviews>
                            <button contentMode="scaleToFill" buttonType="contactAdd" id="b1">
                                <rect key="frame" x="16" y="10" width="44" height="44"/>
                                \(StoryboardXML.attributes(StoryboardXML.identifier("inherits")))
                            </button>
                            <button contentMode="scaleToFill" buttonType="contactAdd" id="b2">
                                <rect key="frame" x="80" y="10" width="44" height="44"/>
                                <color key="tintColor" red="1" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                \(StoryboardXML.attributes(StoryboardXML.identifier("own")))
                                <connections>
                                    <segue destination="detail" kind="show" id="to-detail"/>
                                </connections>
                            </button>
                        </subviews>
                    </view>
                </subviews>
                <color key="tintColor" red="0.0" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            </view>
            <navigationItem key="navigationItem" title="Home" id="item"/>
            """),
        StoryboardXML.screen("detail", #"storyboardIdentifier="Detail" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: "",
                             more: #"<navigationItem key="navigationItem" title="Detail" id="detail-item"/>"#),
        initial: "nav")

    private static func drawn(after interactions: [Interaction] = []) async throws -> [DrawnView] {
        let screen = try await StoryboardPictureBundle.draw(entry: "Home", files: [
            "Base.lproj/Main.storyboard": storyboard, "Home.json": #"{"Home": {}}"#, "Detail.json": #"{"Detail": {}}"#,
        ], after: interactions)
        return StoryboardPictureBundle.all(screen.views)
    }

    @Test func theTitleTakesTheBarsTitleTextAttributes() async throws {
        let title = try #require(try await Self.drawn().first { $0.lines == ["Home"] })
        #expect(title.font == DesignFont(size: 20, weight: .bold))
        #expect(title.textColor == Self.red)
    }

    /// UIKit titles a pushed screen's back button with the title of the screen below.
    @Test func aBackButtonIsTitledByTheScreenBelow() async throws {
        let bar = try #require(try await Self.drawn(after: [.tap("own")]).first { $0.look == .navigationBar })
        #expect(bar.children.filter { !$0.lines.isEmpty }.sorted { $0.frame.x < $1.frame.x }.flatMap(\.lines) == ["‹ Home", "Detail"])
    }

    @Test func aViewWithoutATintDrawsInItsSuperviewsTint() async throws {
        let views = try await Self.drawn()
        #expect(try #require(views.first { $0.id == "inherits" }).textColor == Self.green, "the root view's tint, through a plain view")
        #expect(try #require(views.first { $0.id == "own" }).textColor == Self.orange, "its own tint")
    }
}
