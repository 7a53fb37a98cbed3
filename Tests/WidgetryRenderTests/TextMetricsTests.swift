import Testing
import WidgetryRender
import WidgetryScreen

/// Text is measured with the published advance widths of the one font pictures use, and broken
/// into lines the way a label breaks it, so the HTML draws exactly the lines the layout sized.
@Suite("Render: text metrics")
struct TextMetricsTests {
    private let body = DesignFont(size: 10)

    @Test func widthsAreTheFontsAdvanceWidths() {
        // Open Sans Regular: H 1511, e 1149, l 518, l 518, o 1237 of 2048 units to the em.
        #expect(abs(TextMetrics.width(of: "Hello", font: body) - 49.33 / 2.048) < 1e-9)
        #expect(TextMetrics.width(of: "Hello", font: DesignFont(size: 10, weight: .bold)) > TextMetrics.width(of: "Hello", font: body))
        #expect(TextMetrics.width(of: "世界", font: body) == 20, "wide characters take a full em")
        #expect(TextMetrics.width(of: "e\u{301}", font: body) == TextMetrics.width(of: "e", font: body), "a combining mark has no width")
    }

    @Test func eachWeightIsMeasuredInTheFaceChromiumDrawsIt() {
        let faces = DesignFont.Weight.allCases.map { TextMetrics.face(for: DesignFont(size: 10, weight: $0)).file }
        #expect(faces == [
            "OpenSans-Light.ttf", "OpenSans-Light.ttf", "OpenSans-Light.ttf", "OpenSans-Regular.ttf", "OpenSans-Regular.ttf",
            "OpenSans-Semibold.ttf", "OpenSans-Bold.ttf", "OpenSans-ExtraBold.ttf", "OpenSans-ExtraBold.ttf",
        ])
    }

    /// WidgetDemo's posts at the feed's label width (247 pt at 14 pt) and in the post's details
    /// (343 pt at 18 pt), as upstream's recording of an iPhone shows them
    /// (`Samples/Resources/WidgetHostDemo.gif`, docs/RENDERING.md#fonts).
    @Test func postsBreakWhereTheDeviceBreaksThem() {
        let feed = DesignFont(size: 14)
        #expect(TextMetrics.lines(of: "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects", font: feed, width: 247, maximumLines: 0)
            == ["WidgetKit Framework provides a set", "of 100% reusable objects! #reusable", "#objects"])
        #expect(TextMetrics.lines(of: "Bind UIKit elements to model's fields with data formatting. #bindings", font: feed, width: 247, maximumLines: 0)
            == ["Bind UIKit elements to model's fields", "with data formatting. #bindings"])
        #expect(TextMetrics.lines(of: "Handle UIControl's interactions, including infinite scroll and pull to refresh. #infinite_scroll #pull_to_refresh",
                                  font: feed, width: 247, maximumLines: 0)
            == ["Handle UIControl's interactions,", "including infinite scroll and pull to", "refresh. #infinite_scroll", "#pull_to_refresh"])
        #expect(TextMetrics.lines(of: "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects", font: DesignFont(size: 18), width: 343, maximumLines: 0)
            == ["WidgetKit Framework provides a set of", "100% reusable objects! #reusable", "#objects"])
    }

    @Test func textThatFitsStaysOnOneLine() {
        #expect(TextMetrics.lines(of: "Hello world", font: body, width: 200, maximumLines: 0) == ["Hello world"])
    }

    @Test func linesBreakBetweenWordsAndInsideAWordTooLongForALine() {
        let width = TextMetrics.width(of: "Hello world", font: body)
        #expect(TextMetrics.lines(of: "Hello world again", font: body, width: width, maximumLines: 0) == ["Hello world", "again"])
        #expect(TextMetrics.lines(of: "Hello world again", font: body, width: width - 1, maximumLines: 0) == ["Hello", "world", "again"])
        let pieces = TextMetrics.lines(of: "Supercalifragilistic", font: body, width: 30, maximumLines: 0)
        #expect(pieces.count > 1)
        #expect(pieces.joined() == "Supercalifragilistic")
        #expect(pieces.allSatisfy { TextMetrics.width(of: $0, font: body) <= 30 })
    }

    @Test func theTextsOwnLineBreaksAreKept() {
        #expect(TextMetrics.lines(of: "one\n\ntwo", font: body, width: 200, maximumLines: 0) == ["one", "", "two"])
    }

    @Test func aLineLimitCutsTheTextWithAnEllipsis() {
        let lines = TextMetrics.lines(of: "alpha beta gamma delta epsilon", font: body, width: 40, maximumLines: 2)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
        #expect(TextMetrics.width(of: lines[1], font: body) <= 40)
        #expect(TextMetrics.lines(of: "alpha", font: body, width: 40, maximumLines: 1) == ["alpha"], "text that fits is not cut")
    }

    @Test func aLineIsAboutOneAndAFifthOfTheSize() {
        #expect(TextMetrics.lineHeight(of: DesignFont(size: 17)) == 21)
        #expect(TextMetrics.lineHeight(of: DesignFont(size: 15)) == 18)
    }
}
