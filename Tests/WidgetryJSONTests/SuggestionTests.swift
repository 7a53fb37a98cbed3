import Testing
import WidgetryJSON

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("autor", ["posts", "author"], "author"),
        ("Name", ["name", "names"], "name"),
        ("xyz", ["author"], nil),
        ("nmae", ["name", "mane"], "name"),
        ("httpmethod", ["httpMethod", "headers"], "httpMethod"),
        ("method", ["httpMethod", "headers"], "httpMethod"),
        ("favoritesCont", ["favoritesCount", "favorited"], "favoritesCount"),
        ("a", ["b"], nil),
    ] as [(String, [String], String?)])
    func theClosestCandidateIsSuggested(name: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: name, among: candidates) == expected)
    }

    @Test func equallyCloseCandidatesPreferTheOneMatchingCase() {
        #expect(Suggestion.closest(to: "Titel", among: ["title", "Title"]) == "Title")
    }

    @Test func theNameItselfIsNeverSuggested() {
        #expect(Suggestion.closest(to: "name", among: ["name"]) == nil)
    }

    @Test func veryLongNamesAreNotCompared() {
        let long = String(repeating: "a", count: 500)
        #expect(Suggestion.closest(to: long, among: [long + "b"]) == nil)
    }

    @Test func hintsSuggestOrList() {
        #expect(Suggestion.hint(for: "titel", among: ["title"]) == #"did you mean "title"?"#)
        #expect(Suggestion.hint(for: "zzz", among: ["a", "b"]) == "known keys: a, b")
        #expect(Suggestion.hint(for: "zzz", among: ["a"], listing: false) == nil)
        #expect(Suggestion.hint(for: "zzz", among: []) == nil)
    }
}
