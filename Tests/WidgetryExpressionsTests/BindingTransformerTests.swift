import Foundation
import Testing
import WidgetryJSON
@testable import WidgetryExpressions

@Suite("Value transformers")
struct ValueTransformerTests {
    /// 2018-06-20 18:00:00 UTC.
    private static let instant = Date(timeIntervalSince1970: 1_529_517_600)
    private let context = TransformerContext(now: instant)
    private let registry = BindingTransformerRegistry()

    private func transform(_ value: Value, _ name: String, in registry: BindingTransformerRegistry? = nil) -> Value? {
        (registry ?? self.registry).transform(value, named: name, context: context)
    }

    private static func utc(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        return calendar.date(from: components) ?? .distantPast
    }

    // MARK: Built-ins

    @Test func registryStartsWithTheBuiltIns() {
        #expect(registry.names == ["ago", "strToInt", "toDouble", "toString"])
        #expect(registry.transform(1, named: "noSuchTransformer", context: context) == nil)
    }

    @Test func toStringGivesTheDescription() {
        #expect(transform(5, "toString") == "5")
        #expect(transform(1.5, "toString") == "1.5")
        #expect(transform(true, "toString") == "1")
        #expect(transform("text", "toString") == "text")
        #expect(transform(.date(Self.instant), "toString") == "2018-06-20 18:00:00 +0000")
        #expect(transform(nil, "toString") == nil)
    }

    @Test(arguments: [
        (Value.string("3"), Value?.some(.int(3))), ("-12", .int(-12)), ("+4", .int(4)), (.int(7), .int(7)),
        (.double(2), .int(2)), (.bool(true), .int(1)),
        ("3.5", nil), (.double(3.5), nil), (" 4 ", nil), ("4 ", nil), ("", nil), ("abc", nil), ("1e3", nil),
        ("99999999999999999999", nil), (.null, nil), (.date(instant), nil),
    ])
    func strToIntParsesWholeIntegersOnly(input: Value, expected: Value?) {
        let result = transform(input, "strToInt")
        #expect(result == expected)
        if let result { #expect(result.integerValue != nil && result.isNumber && !result.description.contains(".")) }
    }

    @Test(arguments: [
        (Value.string("3.5"), Value?.some(.double(3.5))), ("3", .double(3)), ("-0.25", .double(-0.25)), ("1e3", .double(1000)),
        (.int(4), .double(4)), (.bool(false), .double(0)),
        ("abc", nil), (" 1", nil), ("", nil), ("inf", nil), ("nan", nil), (.null, nil), (.date(instant), nil),
    ])
    func toDoubleParsesFiniteNumbers(input: Value, expected: Value?) {
        let result = transform(input, "toDouble")
        #expect(result == expected)
        if let result, case .double = result {} else if result != nil { Issue.record("\(input) did not give a double") }
    }

    @Test(arguments: [
        (0, "Now"), (-5, "Now"), (0.5, "Now"), (1, "1s"), (59, "59s"), (60, "1m"), (3_599, "59m"), (3_600, "1h"),
        (86_399, "23h"), (86_400, "1d"),
    ] as [(TimeInterval, String)])
    func agoBelowAMonth(secondsAgo: TimeInterval, expected: String) {
        #expect(transform(.date(Self.instant.addingTimeInterval(-secondsAgo)), "ago") == .string(expected))
    }

    @Test(arguments: [
        ("2024-01-15T12:00:00", "2024-02-14T12:00:00", "30d"),
        ("2024-01-15T12:00:00", "2024-02-15T11:59:59", "30d"),
        ("2024-01-15T12:00:00", "2024-02-15T12:00:00", "1mo"),
        ("2024-02-01T00:00:00", "2024-03-01T00:00:00", "1mo"),
        ("2023-03-01T00:00:00", "2024-02-29T23:59:59", "11mo"),
        ("2023-03-01T00:00:00", "2024-03-01T00:00:00", "1y"),
        ("2011-06-20T18:00:00", "2018-06-20T18:00:00", "7y"),
    ])
    func agoUsesCalendarMonthsAndYears(from: String, now: String, expected: String) {
        let context = TransformerContext(now: Self.utc(now))
        #expect(registry.transform(.date(Self.utc(from)), named: "ago", context: context) == .string(expected))
    }

    @Test func agoCountsDaysInTheContextTimeZone() throws {
        // 23 hours that span the spring-forward change in Berlin: a calendar day there.
        let from = Self.utc("2024-03-30T11:00:00")
        let now = Self.utc("2024-03-31T10:00:00")
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(registry.transform(.date(from), named: "ago", context: TransformerContext(now: now)) == "23h")
        #expect(registry.transform(.date(from), named: "ago", context: TransformerContext(now: now, timeZone: berlin)) == "1d")
    }

    @Test func agoNeedsADate() {
        #expect(transform("2018-06-20T18:00:00Z", "ago") == nil)
        #expect(transform(1_529_517_600, "ago") == nil)
        #expect(transform(nil, "ago") == nil)
    }

    // MARK: Date transformers

    private func registry(withDates json: JSONValue) throws -> BindingTransformerRegistry {
        var registry = BindingTransformerRegistry()
        try registry.registerDateTransformers(from: ["date": json])
        return registry
    }

    @Test func dateTransformerWithFormatGoesBothWays() throws {
        let registry = try registry(withDates: ["iso": ["format": "yyyy-MM-dd'T'HH:mm:ssZ"]])
        #expect(transform(.date(Self.instant), "iso", in: registry) == "2018-06-20T18:00:00+0000")
        #expect(transform("2018-06-20T20:00:00+0200", "iso", in: registry) == .date(Self.instant))
        #expect(registry.reverseTransform("2018-06-20T18:00:00+0000", named: "iso", context: context) == .date(Self.instant))
        #expect(transform("20 June 2018", "iso", in: registry) == nil)
        #expect(transform(5, "iso", in: registry) == nil)
        #expect(transform(nil, "iso", in: registry) == nil)
    }

    @Test func dateTransformerUsesTheContextTimeZone() throws {
        let registry = try registry(withDates: ["iso": ["format": "yyyy-MM-dd'T'HH:mm:ssZ"]])
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let context = TransformerContext(now: Self.instant, timeZone: tokyo)
        #expect(registry.transform(.date(Self.instant), named: "iso", context: context) == "2018-06-21T03:00:00+0900")
        #expect(registry.transform(.date(Self.instant), named: "iso", context: self.context) == "2018-06-20T18:00:00+0000")
    }

    @Test func dateTransformerWithStylesInPOSIXLocale() throws {
        let registry = try registry(withDates: [
            "day": ["dateStyle": "long"],
            "dayAndTime": ["dateStyle": "medium", "timeStyle": "short"],
        ])
        #expect(transform(.date(Self.instant), "day", in: registry) == "June 20, 2018")
        #expect(transform("June 20, 2018", "day", in: registry) == .date(Self.utc("2018-06-20T00:00:00")))
        // Newer ICU data puts a narrow no-break space before AM/PM.
        let text = try #require(transform(.date(Self.instant), "dayAndTime", in: registry)?.stringValue)
        #expect(text.replacingOccurrences(of: "\u{202F}", with: " ") == "Jun 20, 2018 at 6:00 PM")
        #expect(transform(.string(text), "dayAndTime", in: registry) == .date(Self.instant))
    }

    @Test func dateTransformerWithStylesInGermanLocale() throws {
        let registry = try registry(withDates: [
            "kurz": ["dateStyle": "medium", "timeStyle": "short", "locale": "de_DE"],
            "lang": ["dateStyle": "long", "locale": "de_DE"],
        ])
        #expect(transform(.date(Self.instant), "kurz", in: registry) == "20.06.2018, 18:00")
        #expect(transform("20.06.2018, 18:00", "kurz", in: registry) == .date(Self.instant))
        #expect(transform(.date(Self.instant), "lang", in: registry) == "20. Juni 2018")
    }

    @Test func dateTransformerIsSafeToShareAcrossTasks() async throws {
        let registry = try registry(withDates: ["iso": ["format": "yyyy-MM-dd'T'HH:mm:ssZ"]])
        let zones = try ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin"].map { try #require(TimeZone(identifier: $0)) }
        let expected = zones.map { registry.transform(.date(Self.instant), named: "iso", context: TransformerContext(now: Self.instant, timeZone: $0)) }
        let mismatches = await withTaskGroup(of: Bool.self) { group in
            for round in 0..<400 {
                let zone = round % zones.count
                group.addTask {
                    let context = TransformerContext(now: Self.instant, timeZone: zones[zone])
                    let text = registry.transform(.date(Self.instant), named: "iso", context: context)
                    let back = text.flatMap { registry.transform($0, named: "iso", context: context) }
                    return text != expected[zone] || back != .date(Self.instant)
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(Set(expected).count == zones.count)
        #expect(mismatches == 0)
    }

    @Test func formatWinsOverStyles() throws {
        let registry = try registry(withDates: ["year": ["format": "yyyy", "dateStyle": "full"]])
        #expect(transform(.date(Self.instant), "year", in: registry) == "2018")
    }

    @Test func commentsAndUnknownKeysAreIgnored() throws {
        let registry = try registry(withDates: ["***": ["a comment"], "year": ["format": "yyyy", "***": "note", "color": 3]])
        #expect(registry.names == ["ago", "strToInt", "toDouble", "toString", "year"])
        var withoutDates = BindingTransformerRegistry()
        try withoutDates.registerDateTransformers(from: ["number": ["x": [:]]])
        #expect(withoutDates.names == BindingTransformerRegistry().names)
    }

    // MARK: Configuration errors

    private func configurationError(_ transformers: JSONValue) -> TransformerConfigurationError? {
        var registry = BindingTransformerRegistry()
        do {
            try registry.registerDateTransformers(from: transformers)
            return nil
        } catch {
            #expect(registry.names == BindingTransformerRegistry().names, "a failed registration registers nothing")
            return error
        }
    }

    @Test func unknownStyleNamesTheTransformerKeyAndValidStyles() throws {
        let error = try #require(configurationError(["date": ["good": ["format": "yyyy"], "day": ["dateStyle": "tiny"]]]))
        #expect(error.code == .unknownStyle)
        #expect(error.transformerName == "day")
        #expect(error.key == "dateStyle")
        #expect(error.message.contains("'tiny'"))
        #expect(error.hint == "use one of short, medium, long, full, or leave dateStyle out for none")
    }

    @Test func nonStringValuesAreErrors() throws {
        let format = try #require(configurationError(["date": ["day": ["format": 5]]]))
        #expect(format.code == .notAString)
        #expect(format.transformerName == "day")
        #expect(format.key == "format")
        let style = try #require(configurationError(["date": ["day": ["timeStyle": true]]]))
        #expect(style.code == .notAString)
        #expect(style.key == "timeStyle")
        let locale = try #require(configurationError(["date": ["day": ["locale": nil]]]))
        #expect(locale.code == .notAString)
        #expect(locale.key == "locale")
    }

    @Test func nonObjectsAreErrors() throws {
        let entry = try #require(configurationError(["date": ["day": "yyyy"]]))
        #expect(entry.code == .notAnObject)
        #expect(entry.transformerName == "day")
        #expect(entry.key == nil)
        let dates = try #require(configurationError(["date": ["yyyy"]]))
        #expect(dates.code == .notAnObject)
        #expect(dates.transformerName == nil)
        #expect(try #require(configurationError("date")).code == .notAnObject)
    }

    @Test func errorsCarryTheirPlaceInTheServiceFile() throws {
        let text = """
        {"options": {"transformers": {"date": {
          "day": {"dateStyle": "tiny"}
        }}}}
        """
        let document = try JSONParser.parse(text, fileName: "Service.json")
        let transformers = try #require(document.root["options"]?["transformers"])
        let error = try #require(configurationError(transformers))
        #expect(error.pointer.description == "/options/transformers/date/day/dateStyle")
        #expect(error.location?.line == 2)
        #expect(error.description == "2:24: date transformer 'day': dateStyle 'tiny' is not a style [transformer.unknown-style]")
    }

    // MARK: Host transformers

    @Test func hostTransformerOverridesABuiltInInItsRegistryOnly() {
        var custom = BindingTransformerRegistry()
        custom.register(name: "toString", BindingTransformer { value, _ in .string("<\(value)>") })
        let untouched = BindingTransformerRegistry()
        #expect(transform(5, "toString", in: custom) == "<5>")
        #expect(transform(5, "toString", in: untouched) == "5")
        #expect(custom.reverseTransform(5, named: "toString", context: context) == nil)
    }

    @Test func dateTransformersOfOneRegistryDoNotReachAnother() throws {
        let first = try registry(withDates: ["stamp": ["format": "yyyy"]])
        let second = try registry(withDates: ["stamp": ["format": "MM"]])
        #expect(transform(.date(Self.instant), "stamp", in: first) == "2018")
        #expect(transform(.date(Self.instant), "stamp", in: second) == "06")
        #expect(transform(.date(Self.instant), "stamp") == nil)
    }

    @Test func hostTransformerSeesTheContext() {
        var registry = BindingTransformerRegistry()
        registry.register(name: "clock", BindingTransformer(
            transform: { _, context in .date(context.now) },
            reverse: { value, _ in value }))
        #expect(transform(nil, "clock", in: registry) == .date(Self.instant))
        #expect(registry.reverseTransform(3, named: "clock", context: context) == 3)
        #expect(registry.transformer(named: "clock") != nil)
    }
}
