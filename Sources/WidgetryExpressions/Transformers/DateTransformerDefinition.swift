import Foundation
import WidgetryJSON

/// One `options.transformers.date.<name>` entry of a service file, checked.
struct DateTransformerDefinition: Sendable {
    static let defaultLocaleIdentifier = "en_US_POSIX"
    static let styleNames: [(name: String, style: DateFormatter.Style)] = [
        ("short", .short), ("medium", .medium), ("long", .long), ("full", .full),
    ]

    let name: String
    let format: String?
    let dateStyle: DateFormatter.Style
    let timeStyle: DateFormatter.Style
    let localeIdentifier: String

    /// The definitions in a `transformers` object, in document order. Members of `date` whose
    /// key starts with `***` are comments; keys of a definition other than `format`,
    /// `dateStyle`, `timeStyle` and `locale` are ignored, as upstream ignores them, except that
    /// a string `name` (Graffiti's `"date": {"default": {"name": "strToDate", …}}`) registers the
    /// same definition under that name as well (FORMAT.md#graffiti.service).
    static func definitions(inTransformers transformers: JSONValue) throws(TransformerConfigurationError) -> [DateTransformerDefinition] {
        guard let section = transformers.objectValue else {
            throw TransformerConfigurationError(.notAnObject, "transformers must be an object, not \(transformers.typeName)",
                                                at: transformers)
        }
        guard let dates = section["date"] else { return [] }
        guard let entries = dates.objectValue else {
            throw TransformerConfigurationError(.notAnObject, "transformers.date must be an object, not \(dates.typeName)",
                                                at: dates)
        }
        var definitions: [DateTransformerDefinition] = []
        for entry in entries where !entry.key.hasPrefix("***") {
            let definition = try DateTransformerDefinition(name: entry.key, json: entry.value)
            definitions.append(definition)
            if let alias = entry.value["name"]?.stringValue, !alias.isEmpty, alias != entry.key {
                definitions.append(DateTransformerDefinition(named: alias, as: definition))
            }
        }
        return definitions
    }

    /// `definition` under another name.
    private init(named name: String, as definition: DateTransformerDefinition) {
        self.name = name
        format = definition.format
        dateStyle = definition.dateStyle
        timeStyle = definition.timeStyle
        localeIdentifier = definition.localeIdentifier
    }

    init(name: String, json: JSONValue) throws(TransformerConfigurationError) {
        guard json.objectValue != nil else {
            throw TransformerConfigurationError(.notAnObject, "date transformer '\(name)' must be an object, not \(json.typeName)",
                                                transformerName: name, at: json)
        }
        self.name = name
        format = try DateTransformerDefinition.string("format", of: json, transformer: name)
        dateStyle = try DateTransformerDefinition.style("dateStyle", of: json, transformer: name)
        timeStyle = try DateTransformerDefinition.style("timeStyle", of: json, transformer: name)
        localeIdentifier = try DateTransformerDefinition.string("locale", of: json, transformer: name)
            ?? DateTransformerDefinition.defaultLocaleIdentifier
    }

    private static func string(_ key: String, of json: JSONValue, transformer: String) throws(TransformerConfigurationError) -> String? {
        guard let value = json[key] else { return nil }
        guard let text = value.stringValue else {
            throw TransformerConfigurationError(.notAString, "date transformer '\(transformer)': \(key) must be a string, not \(value.typeName)",
                                                transformerName: transformer, key: key, at: value)
        }
        return text
    }

    /// An absent style is none; a present one must be a style name.
    private static func style(_ key: String, of json: JSONValue, transformer: String) throws(TransformerConfigurationError) -> DateFormatter.Style {
        guard let name = try string(key, of: json, transformer: transformer) else { return .none }
        guard let style = styleNames.first(where: { $0.name == name })?.style else {
            throw TransformerConfigurationError(.unknownStyle, "date transformer '\(transformer)': \(key) '\(name)' is not a style",
                                                transformerName: transformer, key: key,
                                                hint: "use one of " + styleNames.map(\.name).joined(separator: ", ")
                                                    + ", or leave \(key) out for none",
                                                at: json[key] ?? json)
        }
        return style
    }
}
