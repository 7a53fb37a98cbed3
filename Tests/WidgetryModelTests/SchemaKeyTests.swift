import Testing
import WidgetryJSON
import WidgetryModel

/// `Model.json` may name its schema with a root `"$schema"` key, for editors; the reader ignores it.
@Suite("$schema key in Model.json")
struct SchemaKeyTests {
    @Test func aModelWithASchemaKeyLoads() throws {
        let text = #"""
            {"$schema": "https://widgetry.dev/schemas/model.schema.json",
             "entities": {"Post": {"attributes": {"text": {"type": "String"}}}}}
            """#
        let model = try ModelJSONReader.read(JSONParser.parse(text, fileName: "Model.json"), file: "Model.json")
        #expect(model.entities.map(\.name) == ["Post"])
    }
}
