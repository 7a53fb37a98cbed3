import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry call`, run as a user runs it.
struct CallCommandTests {
    @Test func theSampleOnLoadChainPrintsRequestsEventsAndTheStore() throws {
        let outcome = try CommandRunner.run(["call", CommandRunner.feed, "currentUser"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == """
            requests:
              t=0.000 GET https://test/
              t=0.250 GET https://test/
                Content-Type: application/x-www-form-urlencoded; charset=utf-8

                count=20
            events:
              t=0.000 currentUserStart
              t=0.250 currentUserReady
              t=0.250 currentUserSuccess objects=#1
              t=0.250 homeFeedStart
              t=0.500 homeFeedReady
              t=0.500 homeFeedSuccess objects=#2,#3,#5,#7,#9,#11
            store:
              User: 5
              Account: 1
              Post: 6

            """)
    }

    @Test func dryRunPrintsTheRequestWithSubstitutedParameters() throws {
        let outcome = try CommandRunner.run(["call", CommandRunner.feed, "newPost", "--arg", #"{"text": "Hi & bye"}"#, "--dry-run"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "POST https://test/\nContent-Type: application/x-www-form-urlencoded; charset=utf-8\n\nstatus=Hi%20%26%20bye\n")
    }

    @Test func aFailedActionExitsWithOneAndUsageErrorsWithTwo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(#"{"identifier": "test.call"}"#.utf8).write(to: URL(fileURLWithPath: directory.file("Info.json")))
        try Data(#"{"actions": {"todo": {"path": "https://test/todo"}}}"#.utf8).write(to: URL(fileURLWithPath: directory.file("StubService.json")))
        let failed = try CommandRunner.run(["call", directory.path, "todo"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("todoError"), "\(failed.stdout)")
        let unknown = try CommandRunner.run(["call", CommandRunner.feed, "homeFed"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "SampleWidgets/Feed/StubService.json: error: StubService.json has no action homeFed [usage.unknown-name]\n  hint: did you mean \"homeFeed\"?\n")
        let recordingStubs = try CommandRunner.run(["call", CommandRunner.feed, "currentUser", "--record-stubs", "/tmp/x.json"])
        #expect(recordingStubs.status == 2)
        #expect(recordingStubs.stderr.contains("--service dev or prod"))
        let noService = try CommandRunner.run(["call", CommandRunner.feed, "currentUser", "--service", "prod"])
        #expect(noService.status == 2)
        #expect(noService.stderr.contains("service.missing-file"))
    }

    @Test func recordingWritesTheRealResponsesIntoAStubFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await TestHTTPServer.with({ request in
            TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"id_str": "42", "name": "Real"}"#.utf8))
        }) { server in
            let bundle = directory.path + "/Bundle"
            try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: bundle)
            let service = #"{"defaults": {"baseUrl": "\#(server.baseURL)/api/"}, "actions": {"me": {"path": "me", "resultType": "Account"}}}"#
            try Data(service.utf8).write(to: URL(fileURLWithPath: bundle + "/Service.json"))
            let recorded = directory.path + "/Recorded.json"
            let outcome = try CommandRunner.run(["call", bundle, "me", "--service", "prod", "--record-stubs", recorded])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(server.requests.first?.uri == "/api/me")
            let text = try String(contentsOfFile: recorded, encoding: .utf8)
            #expect(text == """
                {
                  "actions": {
                    "me": {
                      "path": "me",
                      "response": {
                        "id_str": "42",
                        "name": "Real"
                      },
                      "resultType": "Account"
                    }
                  },
                  "defaults": {
                    "baseUrl": "\(server.baseURL)/api/"
                  }
                }

                """)
        }
    }
}
