import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryTestSupport

/// The plain-http policy of downloads, decided on the parsed host and checked at every redirect
/// hop, against a real server on 127.0.0.1.
struct DownloadRedirectPolicyTests {
    static let payload = Array("archive bytes".utf8)

    private func download(_ url: String, options: DownloadOptions = DownloadOptions()) async -> Result<BundleDownloader.Result, BundleError> {
        do {
            let result = try await BundleDownloader(options: options).download(url)
            try? FileManager.default.removeItem(atPath: result.archivePath)
            return .success(result)
        } catch let error as BundleError {
            return .failure(error)
        } catch {
            Issue.record("not a BundleError: \(error)")
            return .failure(.cancelled(url: url))
        }
    }

    @Test(arguments: ["http://127.attacker.invalid/a.zip", "http://127.0.0.1.attacker.invalid/a.zip", "http://0127.0.0.1/a.zip",
                      "http://127.1/a.zip", "http://localhost.attacker.invalid/a.zip", "http://[::2]/a.zip"])
    func aNameThatLooksLikeLoopbackIsRefusedBeforeAnyLookup(url: String) async {
        #expect(await download(url).errorValue == .insecureURL(url))
    }

    @Test func aRedirectToPlainHTTPOffLoopbackIsRefusedAtTheHop() async throws {
        try await TestHTTPServer.with({ _ in TestResponse.redirect(to: "http://127.attacker.invalid/a.zip") }) { server in
            let error = await download(server.baseURL + "/a.zip").errorValue
            #expect(error?.code == "download.insecure-redirect")
            #expect(server.requests.count == 1)
        }
    }

    @Test func aRedirectOnLoopbackIsFollowedAndTheHostsHeadersStayWithIt() async throws {
        try await TestHTTPServer.with({ request in
            switch request.uri {
            case "/a.zip": TestResponse.redirect(to: "/b.zip")
            case "/b.zip": TestResponse.redirect(to: "http://localhost:\(request.header("X-Port") ?? "0")/c.zip")
            default: TestResponse(body: Self.payload)
            }
        }) { server in
            let options = DownloadOptions(headers: [("X-Port", "\(server.port)")])
            let result = await download(server.baseURL + "/a.zip", options: options)
            #expect(result.errorValue == nil)
            #expect(server.requests.map(\.uri) == ["/a.zip", "/b.zip", "/c.zip"])
            #expect(server.requests.last?.header("X-Port") == nil, "localhost is another host than 127.0.0.1")
        }
    }

    @Test func theCallersHeadersStayWithTheirOriginNotJustTheirHost() async throws {
        try await TestHTTPServer.with({ _ in TestResponse(body: Self.payload) }) { other in
            try await TestHTTPServer.with({ request in
                request.uri == "/a.zip" ? TestResponse.redirect(to: "/b.zip") : TestResponse.redirect(to: other.baseURL + "/c.zip")
            }) { server in
                let options = DownloadOptions(headers: [("Authorization", "Bearer download-secret"), ("X-Key", "key-secret")])
                #expect(await download(server.baseURL + "/a.zip", options: options).errorValue == nil)
                #expect(server.requests.map { $0.header("X-Key") } == ["key-secret", "key-secret"], "the same origin keeps them")
                let arrived = try #require(other.requests.first)
                #expect(arrived.header("Authorization") == nil && arrived.header("X-Key") == nil, "127.0.0.1 on another port is another origin")
            }
        }
    }

    @Test func aRedirectLoopStopsAtTheFirstRepeat() async throws {
        try await TestHTTPServer.with({ request in TestResponse.redirect(to: request.uri == "/a.zip" ? "/b.zip" : "/a.zip") }) { server in
            #expect(await download(server.baseURL + "/a.zip").errorValue?.code == "download.too-many-redirects")
            #expect(server.requests.count == 2)
        }
    }

    @Test(arguments: [999, 304, 404])
    func onlyTwoHundredsAreSuccess(status: Int) async throws {
        try await TestHTTPServer.with({ _ in TestResponse(status: status, body: Self.payload) }) { server in
            #expect(await download(server.baseURL + "/a.zip").errorValue?.code == "download.http-status")
        }
    }

    @Test func thePolicyDecidesOnTheParsedHost() {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.255.3.4", "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0::1]"] {
            #expect(PlainHTTPPolicy.isLoopback(host: host), "\(host)")
        }
        for host in ["127.attacker.invalid", "127.0.0.1.nip.io", "0127.0.0.1", "127.1", "0x7f.0.0.1", "128.0.0.1", "::2", "::ffff:127.0.0.1", "", "[::1]x"] {
            #expect(!PlainHTTPPolicy.isLoopback(host: host), "\(host)")
        }
        #expect(PlainHTTPPolicy.redirect(from: "https://a.test/x", to: "http://127.0.0.1/y", allowsPlainHTTP: true) == .failure(.downgrade))
        #expect(PlainHTTPPolicy.redirect(from: "http://127.0.0.1/x", to: "http://a.test/y", allowsPlainHTTP: false) == .failure(.plainHTTP))
        #expect(PlainHTTPPolicy.redirect(from: "http://127.0.0.1/x", to: "file:///etc/passwd", allowsPlainHTTP: true) == .failure(.notHTTP))
        #expect(PlainHTTPPolicy.redirect(from: "https://a.test/x/y", to: "../z", allowsPlainHTTP: false) == .success("https://a.test/z"))
    }
}

extension Result {
    var errorValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
