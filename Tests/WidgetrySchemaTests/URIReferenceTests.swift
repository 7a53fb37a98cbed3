import Testing
@testable import WidgetrySchema

/// URI references resolve as RFC 3986 section 5.4 says.
@Suite("URI references")
struct URIReferenceTests {
    static let base = URIReference(parsing: "http://a/b/c/d;p?q")

    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), (";x", "http://a/b/c/;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ])
    func resolvesAgainstABase(reference: String, expected: String) {
        #expect(URIReference(parsing: reference).resolved(against: Self.base).description == expected)
    }

    @Test func normalizationMakesEquivalentSpellingsEqual() {
        #expect(URIReference(parsing: "HTTP://Example.COM").normalized.description == "http://example.com/")
        #expect(URIReference(parsing: "urn:uuid:DEAD-beef").normalized.description == "urn:uuid:DEAD-beef")
        #expect(URIReference(parsing: "https://User@Host.example/A").normalized.description == "https://User@host.example/A")
    }

    @Test func fragmentsSplitOffAndDecode() {
        let reference = URIReference(parsing: "urn:example:a#/$defs/a%25b/c~1d")
        #expect(reference.withoutFragment.description == "urn:example:a")
        #expect(reference.fragment?.percentDecoded == "/$defs/a%b/c~1d")
        #expect("%zz".percentDecoded == nil)
        #expect("%C3%A9".percentDecoded == "é")
    }
}
