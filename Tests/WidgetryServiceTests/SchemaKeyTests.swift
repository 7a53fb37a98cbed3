import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration

/// Service files may name their schema with a root `"$schema"` key, for editors; the reader ignores it.
@Suite("$schema key in service files")
struct SchemaKeyTests {
    @Test(arguments: [ServiceFileKind.service, .stub])
    func aServiceFileWithASchemaKeyLoads(_ kind: ServiceFileKind) throws {
        let schema = kind == .stub ? "stub-service" : "service"
        let text = #"{"$schema": "https://widgetry.dev/schemas/\#(schema).schema.json", "actions": {"feed": {"path": "feed"}}}"#
        let configuration = try ServiceConfigurationReader.read(JSONParser.parse(text, fileName: "Service.json"), file: "Service.json", kind: kind)
        #expect(configuration.actions.map(\.name) == ["feed"])
    }
}
