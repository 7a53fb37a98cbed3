import Testing
import WidgetryJSON

/// Origins as redirects compare them: scheme, host and port, default ports filled in.
struct OriginTests {
    @Test func defaultPortsAndCaseDoNotMakeAnotherOrigin() {
        #expect(Origin.same("https://API.example.com/a", "https://api.example.com:443/b?c"))
        #expect(Origin.same("http://example.com/", "http://example.com:80/x"))
        #expect(Origin.same("https://example.com./a", "https://example.com/b"))
        #expect(Origin(url: "http://127.0.0.1:8080/x")?.description == "http://127.0.0.1:8080")
    }

    @Test func anotherSchemeHostOrPortIsAnotherOrigin() {
        #expect(!Origin.same("http://127.0.0.1:8080/", "http://127.0.0.1:8081/"))
        #expect(!Origin.same("http://example.com/", "https://example.com/"))
        #expect(!Origin.same("https://example.com/", "https://example.com:8443/"))
        #expect(!Origin.same("http://localhost/", "http://127.0.0.1/"))
        #expect(!Origin.same("https://example.com/", "https://example.com.evil.test/"))
        #expect(!Origin.same("ftp://example.com/", "ftp://example.com/"), "only http(s) URLs have an origin here")
        #expect(Origin(url: "not a url") == nil)
    }
}
