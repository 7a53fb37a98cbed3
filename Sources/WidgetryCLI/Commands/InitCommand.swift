import ArgumentParser
import Foundation
import WidgetryReporting

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a minimal bundle that runs, tests and lints clean.",
        discussion: """
            Writes NAME/ with a manifest, a data model, a stub action with its canned response, \
            one screen showing the items in a table, and a scenario that checks them. Then \
            `widgetry run NAME`, `widgetry test NAME` and `widgetry lint NAME` work as they are; \
            docs/TUTORIAL.md starts here.
            """
    )

    @Argument(help: ArgumentHelp("The bundle's name, and the folder it is written into.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The bundle identifier (default: dev.example.NAME in lower case).", valueName: "id"))
    var identifier: String?

    @OptionGroup var errorOptions: ErrorFormatOption

    func run() throws {
        let base = (name as NSString).lastPathComponent
        guard let first = base.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              base.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw CommandFailure(.invalidOption, "'\(base)' is not a bundle name", hint: "use letters and digits, starting with a letter, such as Notes")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) {
            let contents = isFolder.boolValue ? ((try? FileManager.default.contentsOfDirectory(atPath: name)) ?? []) : [name]
            guard contents.isEmpty else {
                throw CommandFailure(.unwritableFile, "\(name) exists and is not an empty folder", hint: "pick another name, or remove it first", file: name)
            }
        }
        let template = BundleTemplate(name: base, identifier: identifier ?? "dev.example." + base.lowercased())
        for file in template.files {
            let path = name + "/" + file.path
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(.unwritableFile, "cannot create the folder for \(path): \(OutputFailure.reason(error))", file: path)
            }
            try OutputFile.write(file.text, to: path, option: "init")
        }
        Console.standard.write("""
            created \(name)/ with \(template.files.map(\.path).joined(separator: ", "))
            next:
              widgetry run \(name)
              widgetry test \(name)
              widgetry lint \(name)

            """)
    }
}

extension InitCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry init" }
}
