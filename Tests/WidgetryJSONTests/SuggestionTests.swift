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

    /// Containment is found without case for names of printable ASCII (compared byte by byte)
    /// and for any other (through lowercased copies) alike, and only where one candidate has it.
    @Test(arguments: [
        ("DETAILS", ["PostDetailsViewController", "Feed"], "PostDetailsViewController"),
        ("Details", ["PostDetailsViewController", "UserDetailsViewController"], nil),
        ("Détails", ["PostDÉTAILSViewController", "Feed"], "PostDÉTAILSViewController"),
        ("Straße", ["GroßeSTRASSE", "Straßenbahn"], "Straßenbahn"),
        ("tab\tkey", ["a tab\tkey b"], "a tab\tkey b"),
        ("wxyz", ["wx", "yz"], nil),
    ] as [(String, [String], String?)])
    func aCandidateContainingTheNameIsSuggested(name: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: name, among: candidates) == expected)
    }

    @Test func lettersOutsideASCIIAreComparedWithoutCase() {
        #expect(Suggestion.closest(to: "ÉTAT", among: ["état", "zzzz"]) == "état")
        #expect(Suggestion.closest(to: "ΩMEGA", among: ["zzzzz", "ωmega"]) == "ωmega")
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

    @Test func hintsForManyNamesAreTheHintsForEach() {
        let candidates = ["title", "subtitle", "author"]
        var hints = SuggestionHints(among: candidates, noun: "screens")
        var quiet = SuggestionHints(among: candidates, listing: false)
        for name in ["titel", "zzz", "titel", "autor", "zzz"] {
            #expect(hints.hint(for: name) == Suggestion.hint(for: name, among: candidates, noun: "screens"))
            #expect(quiet.hint(for: name) == Suggestion.didYouMean(name, among: candidates))
        }
        #expect(hints.hint(for: "zzz") == "known screens: title, subtitle, author")
    }

    @Test func hintsSuggestOrList() {
        #expect(Suggestion.hint(for: "titel", among: ["title"]) == #"did you mean "title"?"#)
        #expect(Suggestion.hint(for: "zzz", among: ["a", "b"]) == "known keys: a, b")
        #expect(Suggestion.hint(for: "zzz", among: ["a"], listing: false) == nil)
        #expect(Suggestion.hint(for: "zzz", among: []) == nil)
    }
}
