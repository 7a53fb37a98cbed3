import Testing
import WidgetryExpressions
import WidgetryService
import WidgetryServiceConfiguration

/// The request log's rendering: deterministic, secrets redacted, binary content summarised.
struct RequestLogTests {
    @Test func headersAreRedactedAndTextBodiesShown() throws {
        let credentials = Credentials(bearerToken: "secret-token", headers: [HeaderField("X-Session", "s3cr3t")])
        let action = ServiceAction(name: "newPost", httpMethod: .post,
                                   headers: [HeaderField("Accept", "application/json"), HeaderField("cookie", "id=1"), HeaderField("X-API-KEY", "k")],
                                   parameters: try RequestFixture.parameters(#"{"status": "$text"}"#), needAuth: true)
        let request = try RequestBuilder(credentials: credentials).request(for: RequestFixture.action(action), argument: ["text": "Hello"])
        #expect(request.logLines(redacting: credentials) == [
            "POST https://test/",
            "Accept: application/json",
            "cookie: <redacted>",
            "X-API-KEY: <redacted>",
            "Content-Type: application/x-www-form-urlencoded; charset=utf-8",
            "Authorization: <redacted>",
            "X-Session: <redacted>",
            "",
            "status=Hello",
        ])
        #expect(request.logLines() == request.logLines(redacting: credentials), "the request names its credential headers itself")
        var unnamed = request
        unnamed.credentialHeaders = []
        #expect(unnamed.logLines().contains("X-Session: s3cr3t"), "only credential headers and the fixed names are secrets")
    }

    @Test func bodiesAreTextOrAByteCount() {
        let text = ServiceRequest(action: "a", method: .post, url: "https://test/", body: Array("line 1\n\tline 2".utf8))
        #expect(text.logLines() == ["POST https://test/", "", "line 1", "\tline 2"])
        let binary = ServiceRequest(action: "a", method: .post, url: "https://test/", body: [0x41, 0x00, 0x42])
        #expect(binary.logLines() == ["POST https://test/", "", "<3 bytes>"])
        let invalid = ServiceRequest(action: "a", method: .post, url: "https://test/", body: [0xC3, 0x28])
        #expect(invalid.logLines().last == "<2 bytes>")
        let carriageReturn = ServiceRequest(action: "a", method: .post, url: "https://test/", body: Array("a\r\nb".utf8))
        #expect(carriageReturn.logLines().last == "<4 bytes>")
        #expect(ServiceRequest(action: "a", method: .get, url: "https://test/").logLines() == ["GET https://test/"])
    }

    @Test func multipartBodiesShowEachPart() throws {
        let action = ServiceAction(name: "attach", path: "upload", httpMethod: .post, isUpload: true,
                                   multipart: [MultipartPart(name: "media", keyPath: "data"), MultipartPart(name: "note", keyPath: "note")])
        let request = try RequestBuilder().request(for: RequestFixture.action(action), argument: ["data": .data([0xFF, 0xD8, 0x00]), "note": .data(Array("hi".utf8))])
        let boundary = try #require(request.headers.first?.value.split(separator: "=").last.map(String.init))
        #expect(request.logLines() == [
            "POST https://test/upload",
            "Content-Type: multipart/form-data; boundary=\(boundary)",
            "",
            "--\(boundary)",
            "Content-Disposition: form-data; name=\"media\"; filename=\"media\"",
            "Content-Type: application/octet-stream",
            "",
            "<3 bytes>",
            "--\(boundary)",
            "Content-Disposition: form-data; name=\"note\"; filename=\"note\"",
            "Content-Type: application/octet-stream",
            "",
            "hi",
            "--\(boundary)--",
        ])
    }
}
