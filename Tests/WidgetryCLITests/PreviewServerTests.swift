import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRender
import WidgetryRuntime
@testable import WidgetryCLI

/// `widgetry preview`'s server on 127.0.0.1, driven by AsyncHTTPClient: the page, the state, the
/// interactions and their refusals, the event stream, and reloading a changed bundle.
struct PreviewServerTests {
    @Test func thePageThePictureAndTheStateAreServed() async throws {
        try await PreviewHarness.with { preview in
            let page = try await preview.send("/")
            #expect(page.status == 200)
            #expect(page.text.contains("new EventSource('/events')"))
            let state = try preview.json(try await preview.send("/state").text)
            #expect(state["screen"]?.stringValue == "FeedViewController")
            #expect(state["error"]?.isNull == true)
            #expect(state["snapshot"]?.stringValue?.contains("table tableView (tableDisplayController): 1 section, 6 rows") == true)
            let picture = try await preview.send("/picture")
            #expect(picture.text.contains(#"data-screen="FeedViewController""#))
            #expect(picture.text.contains(#"data-row="tableView/0/5""#), "rows carry what a tap on them selects")
        }
    }

    @Test func interactionsAreTheOnesScenariosUse() async throws {
        try await PreviewHarness.with { preview in
            let opened = try await preview.send("/interact", method: "POST", body: #"{"tapRow": 1, "of": "tableView"}"#)
            #expect(opened.status == 200)
            #expect(try preview.json(opened.text)["screen"]?.stringValue == "PostDetailsViewController")
            let back = try await preview.send("/interact", method: "POST", body: #"{"back": true}"#)
            #expect(try preview.json(back.text)["screen"]?.stringValue == "FeedViewController")
            let searched = try await preview.send("/interact", method: "POST", body: #"{"type": "CoreData", "into": "searchBar"}"#)
            #expect(searched.status == 200)
            #expect(try preview.json(searched.text)["snapshot"]?.stringValue?.contains("1 section, 2 rows") == true)
            let later = try await preview.send("/interact", method: "POST", body: #"{"advance": 60}"#)
            let laterSnapshot = try preview.json(later.text)["snapshot"]?.stringValue ?? ""
            #expect(laterSnapshot.hasPrefix("screen FeedViewController at t=6"), "\(laterSnapshot.prefix(80))")
        }
    }

    @Test func everythingElseIsA4xxWithAMessage() async throws {
        try await PreviewHarness.with { preview in
            let unknown = try await preview.send("/interact", method: "POST", body: #"{"tap": "nothing"}"#)
            #expect(unknown.status == 422)
            #expect(try preview.json(unknown.text)["error"]?.stringValue?.contains("no element nothing") == true)
            for (body, message) in [("junk", "not JSON"), (#"{"fly": "away"}"#, "names no interaction"), (#"{"tap": 3}"#, #""tap" must be a string"#),
                                    (#"{"tap": "a", "back": true}"#, "one thing"), (#"{"advance": -1}"#, "seconds ≥ 0"),
                                    (#"{"tapRow": {"table": "tableView", "row": 1}}"#, #"needs "of": the table's id; tapRow takes a whole number"#),
                                    (#"{"type": "swift"}"#, #"needs "into""#), (#"{"tap": "a", "colour": 1}"#, #"unknown key "colour""#),
                                    (#"{"expect": "screen == 'FeedViewController'"}"#, "scenario's check"), (#"{"golden": "a.txt"}"#, "scenario's check"),
                                    (#"{"tap": "addButton", "for": 1}"#, #""for" is a scenario's key"#),
                                    (#"{"tap": "addButton", "expectFailure": "no"}"#, #""expectFailure" is a scenario's key"#),
                                    (#"{"pickMedia": "photo.jpg", "with": "picker"}"#, "pickMedia is not performed here"),
                                    (#"{"type": ""# + String(repeating: "x", count: 10_001) + #"", "into": "searchBar"}"#, "at most 10000 characters")] {
                let refused = try await preview.send("/interact", method: "POST", body: body)
                #expect(refused.status == 400, "\(body)")
                #expect(try preview.json(refused.text)["error"]?.stringValue?.contains(message) == true, "\(body): \(refused.text)")
            }
            let huge = try await preview.send("/interact", method: "POST", body: #"{"tap": ""# + String(repeating: "x", count: 20_000) + #""}"#)
            #expect(huge.status == 413)
            #expect(try await preview.send("/nowhere").status == 404)
            #expect(try await preview.send("/state", method: "POST", body: "{}").status == 405)
            #expect(try await preview.send("/interact").status == 405)
        }
    }

    /// A step copied from a sample's scenario file does in the preview what it does there.
    @Test func aScenarioStepIsPerformedAsItIsWritten() async throws {
        let scenario = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: CommandRunner.feed + "/Tests/3-post-details.scenario.json"))))
        let steps = try #require(scenario.root["steps"]?.arrayValue)
        let (tapRow, expect) = (steps[0], steps[1])
        #expect(tapRow["tapRow"] != nil && tapRow["of"] != nil, "the scenario's first step taps a row: \(tapRow.serialized())")
        try await PreviewHarness.with { preview in
            let opened = try await preview.send("/interact", method: "POST", body: tapRow.serialized())
            #expect(opened.status == 200, "\(opened.text)")
            let state = try preview.json(opened.text)
            #expect(state["screen"]?.stringValue == "PostDetailsViewController")
            #expect(state["snapshot"]?.stringValue?.contains("\"Favio Mobile\"") == true)
            let checked = try await preview.send("/interact", method: "POST", body: expect.serialized())
            #expect(checked.status == 400)
            #expect(try preview.json(checked.text)["error"]?.stringValue?.contains(#""expect" is a scenario's check"#) == true, "\(checked.text)")
        }
    }

    @Test func eachChangeIsAnEventOnTheStream() async throws {
        try await PreviewHarness.with { preview in
            let response = try await preview.client.execute(HTTPClientRequest(url: preview.base + "/events"), timeout: .seconds(20))
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
            var chunks = response.body.makeAsyncIterator()
            var received = ""
            if let first = try await chunks.next() { received += String(buffer: first) }
            _ = try await preview.send("/interact", method: "POST", body: #"{"tap": "addButton"}"#)
            while !received.contains("event: changed"), let chunk = try await chunks.next() { received += String(buffer: chunk) }
            #expect(received.contains("event: changed\ndata: "))
        }
    }

    @Test func theServiceCanBeSwitchedAndAMissingFileIsShownAsTheError() async throws {
        try await PreviewHarness.with { preview in
            let dev = try preview.json(try await preview.send("/service", method: "POST", body: #"{"service": "dev"}"#).text)
            #expect(dev["service"]?.stringValue == "dev")
            #expect(dev["error"]?.stringValue?.isEmpty == false, "the Feed sample has no Service.json")
            let stub = try preview.json(try await preview.send("/service", method: "POST", body: #"{"service": "stub"}"#).text)
            #expect(stub["service"]?.stringValue == "stub")
            #expect(stub["error"]?.isNull == true)
            #expect(stub["screen"]?.stringValue == "FeedViewController")
            #expect(try await preview.send("/service", method: "POST", body: #"{"service": "staging"}"#).status == 400)
        }
    }

    @Test func aChangedFileReloadsOnTheSameScreenAndABrokenOneShowsItsError() async throws {
        try await PreviewHarness.with { preview in
            let session = preview.session, folder = preview.folder
            _ = try await preview.send("/interact", method: "POST", body: #"{"tap": "addButton"}"#)
            let file = folder + "/NewPostViewController.json"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try "{".write(toFile: file, atomically: true, encoding: .utf8)
            let broken = await session.reload()
            #expect(broken.error?.contains("NewPostViewController.json:1:2") == true, "\(broken.error ?? "no error")")
            #expect(broken.error?.contains("[json.unexpected-end]") == true)
            let refused = try await preview.send("/interact", method: "POST", body: #"{"back": true}"#)
            #expect(refused.status == 409, "nothing runs while the bundle does not load")
            try original.replacingOccurrences(of: "\"Cancel\"", with: "\"Dismiss\"").write(toFile: file, atomically: true, encoding: .utf8)
            let fixed = await session.reload()
            #expect(fixed.error == nil)
            #expect(fixed.screen == "NewPostViewController", "the reload keeps the screen that was shown")
            #expect(fixed.snapshot.contains("\"Dismiss\""))
        }
    }
}
