import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
@testable import WidgetryService
@testable import WidgetryServiceConfiguration
import WidgetryTestSupport

private let ignoredParameters: JSONObject = {
    var object = JSONObject()
    object["ignored"] = "yes"
    return object
}()

/// Upload bodies (§5.8): multipart parts from the argument, or the argument itself.
struct UploadRequestTests {
    private let attachImage = ServiceAction(name: "attachImage", path: "https://upload.example/1.1/media/upload.json", httpMethod: .post,
                                            parameters: ignoredParameters, isUpload: true,
                                            multipart: [MultipartPart(name: "media", keyPath: "data"), MultipartPart(name: "meta", keyPath: "info.note")])

    @Test func multipartDataPartsHaveExactBytes() throws {
        let argument: Value = ["data": .data([0x00, 0x01, 0xFF, 0x0D, 0x0A]), "info": ["note": .data(Array("hi".utf8))]]
        let request = try RequestBuilder().request(for: RequestFixture.action(attachImage), argument: argument)
        let boundary = "widgetry-7b10906225bcf46b"
        #expect(request.headers == [HeaderField("Content-Type", "multipart/form-data; boundary=\(boundary)")])
        var expected = Array("""
            --\(boundary)\r
            Content-Disposition: form-data; name="media"; filename="media"\r
            Content-Type: application/octet-stream\r
            \r

            """.utf8)
        expected += [0x00, 0x01, 0xFF, 0x0D, 0x0A]
        expected += Array("""
            \r
            --\(boundary)\r
            Content-Disposition: form-data; name="meta"; filename="meta"\r
            Content-Type: application/octet-stream\r
            \r
            hi\r
            --\(boundary)--\r

            """.utf8)
        #expect(request.body == expected)
        #expect(request.url == "https://upload.example/1.1/media/upload.json")
        #expect(try RequestBuilder().request(for: RequestFixture.action(attachImage), argument: argument) == request, "same inputs, same bytes")
        let other = try RequestBuilder().request(for: RequestFixture.action(attachImage), argument: ["data": .data([1]), "info": ["note": .data([2])]])
        #expect(other.headers != request.headers, "other content, other boundary")
    }

    @Test func multipartFilePartReadsTheFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = URL(fileURLWithPath: scratch.path)
        let file = folder.appendingPathComponent("photo \"1\".JPG")
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: file)

        let action = ServiceAction(name: "attach", path: "upload", httpMethod: .post, isUpload: true,
                                   multipart: [MultipartPart(name: "media", keyPath: "file")])
        let request = try RequestBuilder().request(for: RequestFixture.action(action), argument: ["file": .string(file.path)])
        let boundary = try #require(request.headers.first?.value.split(separator: "=").last.map(String.init))
        #expect(boundary.hasPrefix("widgetry-") && boundary.count == 25)
        var expected = Array("""
            --\(boundary)\r
            Content-Disposition: form-data; name="media"; filename="photo %221%22.JPG"\r
            Content-Type: image/jpeg\r
            \r

            """.utf8)
        expected += [0xFF, 0xD8, 0xFF, 0xE0]
        expected += Array("\r\n--\(boundary)--\r\n".utf8)
        #expect(request.body == expected)
        let url = try RequestBuilder().request(for: RequestFixture.action(action), argument: ["file": .string(file.absoluteString)])
        #expect(url.body == expected, "a file URL reads the same file")
    }

    @Test func boundaryAvoidsTextInTheParts() {
        let first = MultipartBody.boundary(startingFrom: 1, avoiding: [])
        #expect(first == "widgetry-0000000000000001")
        let second = MultipartBody.boundary(startingFrom: 1, avoiding: [Array("x widgetry-0000000000000001 y".utf8)])
        #expect(second != first && second.hasPrefix("widgetry-") && second.count == 25)
        let third = MultipartBody.boundary(startingFrom: 1, avoiding: [Array("\(first)\(second)".utf8)])
        #expect(third != first && third != second)
    }

    @Test func uploadWithoutMultipartSendsTheArgument() throws {
        let action = ServiceAction(name: "raw", path: "upload", httpMethod: HTTPMethod(rawValue: "PUT"), parameters: ignoredParameters, isUpload: true)
        let data = try RequestBuilder().request(for: RequestFixture.action(action), argument: .data([1, 2, 3]))
        #expect(data.body == [1, 2, 3])
        #expect(data.headers == [HeaderField("Content-Type", "application/octet-stream")])
        #expect(data.url == "https://test/upload", "no parameters in the query either")

        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let file = URL(fileURLWithPath: scratch.file("note.txt"))
        try Data("note\n".utf8).write(to: file)
        let text = try RequestBuilder().request(for: RequestFixture.action(action), argument: .string(file.path))
        #expect(text.body == Array("note\n".utf8))
        #expect(text.headers == [HeaderField("Content-Type", "text/plain")])
    }

    @Test(arguments: [("a.jpeg", "image/jpeg"), ("a.PNG", "image/png"), ("a.gif", "image/gif"), ("a.json", "application/json"),
                      ("a.txt", "text/plain"), ("a.bin", "application/octet-stream"), ("noext", "application/octet-stream"),
                      (".png", "application/octet-stream")])
    func contentTypesFollowTheExtension(_ name: String, _ type: String) {
        #expect(UploadContent.contentType(forFileName: name) == type)
    }

    @Test func missingOrUnreadablePartsAreUploadErrors() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cases: [Value] = [
            ["info": ["note": .data([1])]],
            ["data": 5, "info": ["note": .data([1])]],
            ["data": "/nonexistent/widgetry/file.jpg", "info": ["note": .data([1])]],
            ["data": .string(scratch.path), "info": ["note": .data([1])]],
        ]
        for argument in cases {
            let error = #expect(throws: ActionError.self) { try RequestBuilder().request(for: RequestFixture.action(attachImage), argument: argument) }
            #expect(error?.code == .upload)
            #expect(error?.message.contains("part 'media'") == true)
        }
        let raw = ServiceAction(name: "raw", path: "upload", isUpload: true)
        let error = #expect(throws: ActionError.self) { try RequestBuilder().request(for: RequestFixture.action(raw), argument: ["a": 1]) }
        #expect(error?.code == .upload)
    }
}
