import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryRuntime
import WidgetrySchema
import WidgetryTestSupport

/// `widgetry contract`: the response schemas describe what the importer reads, so the samples'
/// own canned responses satisfy them and a response of the wrong shape does not.
struct ServiceContractTests {
    private func contract(_ sample: String) async throws -> (JSONValue, WidgetServices) {
        let path = Samples.file(sample)
        let loaded = try await BundleLoader().load(try BundleSource(argument: path))
        let services = try WidgetServices(bundle: loaded.bundle, options: WidgetRun.Options(service: .stub))
        return (ServiceContract.document(for: services.configuration, model: services.store?.model), services)
    }

    /// The schema of `action`'s response, with the entity definitions beside it.
    private func responseSchema(_ action: JSONValue, in contract: JSONValue) throws -> Schema {
        guard case .object(var schema) = try #require(action["response"]).kind else { throw ContractTestError.notAnObject }
        schema["$defs"] = contract["$defs"]
        var registry = SchemaRegistry()
        let uri = "urn:test:\(action["name"]?.stringValue ?? "x")"
        try registry.register(JSONValue(.object(schema)), uri: uri)
        return try registry.schema(at: uri)
    }

    enum ContractTestError: Error { case notAnObject }

    @Test(arguments: ["SampleWidgets/Feed", "SampleWidgets/Tweets"])
    func theStubResponsesSatisfyTheContract(_ sample: String) async throws {
        let (contract, services) = try await contract(sample)
        let actions = try #require(contract["actions"]?.arrayValue)
        var checked = 0
        for action in actions {
            guard let name = action["name"]?.stringValue, let stub = services.configuration.actions.first(where: { $0.name == name }),
                  stub.resultType != nil, let response = stub.response else { continue }
            let violations = try responseSchema(action, in: contract).validate(response)
            #expect(violations.isEmpty, "\(name): \(violations.map(\.message))")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func aResponseOfTheWrongShapeBreaksTheContract() async throws {
        let (contract, _) = try await contract("SampleWidgets/Feed")
        let homeFeed = try #require(contract["actions"]?.arrayValue?.first { $0["name"]?.stringValue == "homeFeed" })
        #expect(homeFeed["url"]?.stringValue == "https://test/", "a slash is added to the base URL, as upstream")
        #expect(homeFeed["parameters"]?["count"]?.stringValue == "20")
        let wrong = try JSONParser.parse(#"[{"id_str": 7, "favorite_count": "many"}]"#).root
        let violations = try responseSchema(homeFeed, in: contract).validate(wrong)
        #expect(violations.map(\.instanceLocation.description).sorted() == ["/0/favorite_count", "/0/id_str"])
    }
}
