import Testing
@testable import WidgetryScenario

/// Golden diffs in the unified form of `git diff`: hunks, three lines of context, colour on request.
struct LineDiffTests {
    private func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff(expected: "same\n", actual: "same\n") == nil)
    }

    @Test func aChangeShowsThreeLinesOfContextUnderAUnifiedHeader() throws {
        let actual = numbered(1...20).replacingOccurrences(of: "line 10\n", with: "LINE 10\n")
        let diff = try #require(LineDiff(expected: numbered(1...20), actual: actual))
        #expect(diff.render() == """
            @@ -7,7 +7,7 @@
             line 7
             line 8
             line 9
            -line 10
            +LINE 10
             line 11
             line 12
             line 13

            """)
    }

    @Test func changesFarApartAreSeparateHunksAndNearOnesShareOne() throws {
        // Lines 3 and 15 are more than six unchanged lines apart; 15 and 19 are not.
        let expected = numbered(1...20)
        let actual = expected.replacingOccurrences(of: "line 3\n", with: "")
            .replacingOccurrences(of: "line 15\n", with: "line 15\nnew\n")
            .replacingOccurrences(of: "line 19\n", with: "nineteen\n")
        let diff = try #require(LineDiff(expected: expected, actual: actual))
        #expect(diff.hunks.map(\.header) == ["@@ -1,6 +1,5 @@", "@@ -13,8 +12,9 @@"])
        #expect(diff.hunks[1].lines.map(\.kind).filter { $0 != .context } == [.added, .removed, .added])
    }

    @Test func additionsAtTheStartAndAnEmptySideUseGitsLineNumbers() throws {
        let diff = try #require(LineDiff(expected: "", actual: "a\nb\n"))
        #expect(diff.render() == "@@ -0,0 +1,2 @@\n+a\n+b\n")
        let removal = try #require(LineDiff(expected: "only\n", actual: ""))
        #expect(removal.render() == "@@ -1 +0,0 @@\n-only\n")
    }

    @Test func aMissingNewlineAtTheEndIsShown() throws {
        let diff = try #require(LineDiff(expected: "a\nb\n", actual: "a\nb"))
        #expect(diff.render() == "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
    }

    @Test func colourMarksHeadersRemovalsAndAdditionsAndIsOffByDefault() throws {
        let diff = try #require(LineDiff(expected: "a\nb\n", actual: "a\nc\n"))
        #expect(!diff.render().contains("\u{1B}"))
        #expect(diff.render(colour: true) == "\u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[m\n a\n\u{1B}[31m-b\u{1B}[m\n\u{1B}[32m+c\u{1B}[m\n")
    }

    @Test func aDiffTooLargeToComputeShowsTheFirstDifference() throws {
        let expected = (1...3_000).map { "old \($0)\n" }.joined()
        let actual = (1...3_000).map { "new \($0)\n" }.joined()
        let diff = try #require(LineDiff(expected: expected, actual: actual))
        #expect(diff.render() == "@@ -1 +1 @@\n-old 1\n+new 1\n")
    }
}
