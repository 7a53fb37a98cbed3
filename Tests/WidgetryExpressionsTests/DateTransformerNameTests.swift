import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON

/// Graffiti's date transformers name themselves: `"date": {"default": {"name": "strToDate", …}}`
/// is the transformer the model's `JSONTransformerName` `strToDate` means (docs/FORMAT.md#graffiti.service).
struct DateTransformerNameTests {
    @Test func aTransformersNameRegistersItUnderThatNameToo() throws {
        var registry = BindingTransformerRegistry()
        try registry.registerDateTransformers(from: ["date": ["default": ["name": "strToDate", "format": "EEE MMM d HH:mm:ss Z y", "locale": "en_US_POSIX"]]])
        let context = TransformerContext(now: Date(timeIntervalSince1970: 0), timeZone: try #require(TimeZone(identifier: "UTC")))
        let expected = Value.date(Date(timeIntervalSince1970: 1_529_517_600))
        #expect(registry.transform("Wed Jun 20 18:00:00 +0000 2018", named: "strToDate", context: context) == expected)
        #expect(registry.transform("Wed Jun 20 18:00:00 +0000 2018", named: "default", context: context) == expected)
    }
}
