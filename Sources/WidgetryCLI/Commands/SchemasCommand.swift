import ArgumentParser
import Foundation
import WidgetryJSON
import WidgetryLint
import WidgetryReporting

struct SchemasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemas",
        abstract: "Work with the JSON Schemas of bundle files.",
        subcommands: [SchemasExportCommand.self]
    )
}

struct SchemasExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the JSON Schemas of bundle files into a folder, for editors.",
        discussion: """
            Writes every schema this version of widgetry validates with, under its file name \
            (screen.schema.json, …), and catalog.json, a schema catalog in the format of \
            SchemaStore (https://www.schemastore.org) whose fileMatch patterns name the bundle \
            files each schema covers. Each schema's $id is its stable identifier \
            (https://widgetry.dev/schemas/NAME): bundle files name it in "$schema", and an editor \
            maps it to the exported file (VS Code: json.schemas; JetBrains: JSON Schema mappings).
            """
    )

    @Argument(help: ArgumentHelp("The folder to write into (created when missing).", valueName: "dir"))
    var directory: String

    @OptionGroup var errorOptions: ErrorFormatOption

    /// The bundle files each schema covers, as `fileMatch` patterns.
    static let fileMatches: [String: [String]] = [
        "manifest.schema.json": ["Info.json"],
        "screen.schema.json": ["*ViewController.json"],
        "service.schema.json": ["Service.json", "Service.dev.json"],
        "stub-service.schema.json": ["StubService.json"],
        "model.schema.json": ["Model.json"],
        "scenario.schema.json": ["*.scenario.json"],
        "lint-config.schema.json": [".widgetry.json"],
        "host-profile.schema.json": ["*.profile.json"],
    ]

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.unwritableFile, "cannot create the folder \(directory): \(OutputFailure.reason(error))", file: directory)
        }
        var catalog: [JSONValue] = []
        for file in BundledSchemas.files.sorted(by: { $0.name < $1.name }) {
            try OutputFile.write(file.text, to: directory + "/" + file.name, option: "schemas export")
            var entry = JSONObject()
            entry["name"] = JSONValue(.string("Widgetry " + file.name.replacingOccurrences(of: ".schema.json", with: "")))
            entry["fileMatch"] = JSONValue(.array((Self.fileMatches[file.name] ?? []).map { JSONValue(.string($0)) }))
            entry["url"] = JSONValue(.string(BundleSchemas.baseURI + file.name))
            catalog.append(JSONValue(.object(entry)))
        }
        var root = JSONObject()
        root["$schema"] = JSONValue(.string("https://json.schemastore.org/schema-catalog.json"))
        root["version"] = JSONValue(.integer(1))
        root["schemas"] = JSONValue(.array(catalog))
        try OutputFile.write(JSONValue(.object(root)).serialized(JSONWritingOptions(pretty: true)) + "\n", to: directory + "/catalog.json", option: "schemas export")
        Console.standard.write("wrote \(BundledSchemas.files.count) schemas and catalog.json into \(directory)\n")
    }
}

extension SchemasExportCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry schemas export" }
}
