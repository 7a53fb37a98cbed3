import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryTestSupport

/// `BundleValidation`, the validate facade: a bundle's JSON files against the schemas, read
/// through a file system whose contents in memory override the disk's; archives unpacked by the
/// loader and removed afterwards.
@Suite("Bundle validation facade")
struct BundleValidationTests {
    private let feed = Samples.widget("Feed")

    private func outcome(_ check: BundleValidation.Check) throws -> BundleValidator.Outcome {
        guard case .checked(let outcome) = check else { throw CheckFailed(check: check) }
        return outcome
    }

    private struct CheckFailed: Error {
        let check: BundleValidation.Check
    }

    /// `file:line [code]` of each finding.
    private func places(_ outcome: BundleValidator.Outcome) -> [String] {
        outcome.report.diagnostics.map { "\($0.file):\($0.location.map { String($0.line) } ?? "-") [\($0.code)]" }
    }

    @Test func aManifestInMemoryIsValidatedInsteadOfTheDisk() async throws {
        let info = feed + "/Info.json"
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: info))
        let edited = String(decoding: onDisk, as: UTF8.self).replacingOccurrences(of: "\"name\"", with: "\"nmae\"")
        let validation = BundleValidation(validator: try BundleValidator(), fileSystem: BundleFileSystem(overriding: [info: Array(edited.utf8)]))
        let prefix = BundleSource.directory(feed).displayPrefix

        #expect(places(try outcome(await BundleValidation(validator: try BundleValidator()).validate(.directory(feed)))).isEmpty)
        let found = try outcome(await validation.validate(.directory(feed)))
        #expect(places(found) == ["\(prefix)Info.json:3 [schema.additional-property]"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: info)) == onDisk)
    }

    @Test func aScenarioThatIsOnlyInMemoryIsValidated() async throws {
        let added = feed + "/Tests/9-unsaved.scenario.json"
        #expect(!FileManager.default.fileExists(atPath: added))
        let validation = BundleValidation(validator: try BundleValidator(), fileSystem: BundleFileSystem(overriding: [
            added: Array(#"{"name": "unsaved", "steps": [{"golden": "../../outside.txt"}]}"#.utf8),
        ]))
        let found = try outcome(await validation.validate(.directory(feed)))
        let prefix = BundleSource.directory(feed).displayPrefix
        #expect(found.report.files.contains(prefix + "Tests/9-unsaved.scenario.json"))
        #expect(places(found).contains("\(prefix)Tests/9-unsaved.scenario.json:1 [bundle.path-escape]"), "\(places(found))")
    }

    @Test func anArchiveIsValidatedInAFolderThatIsRemovedAfterwards() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [
            .text("A/Info.json", #"{"identifier": "x.a", "name": "A", "entryScreen": "S", "formatVersion": 1, "colour": 1}"#),
            .text("A/S.json", #"{"S": {}}"#),
        ]).write(to: scratch.file("a.zip"))
        let work = scratch.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let validation = BundleValidation(validator: try BundleValidator(), loader: BundleLoader(options: BundleLoader.Options(workDirectory: work)))

        let found = try outcome(await validation.validate(.archive(archive)))
        #expect(places(found) == ["\(BundleSource.archive(archive).displayPrefix)Info.json:1 [schema.additional-property]"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        #expect(!TemporaryPaths.current.contains { $0.hasPrefix(work) })
    }

    @Test func aFolderLoaderRefusesAnArchiveAsUnreadable() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [.text("A/Info.json", "{}")]).write(to: scratch.file("a.zip"))
        let checks = await BundleValidation(validator: try BundleValidator()).validate(arguments: [feed, archive, scratch.file("none")])
        #expect(checks.map(\.wasChecked) == [true, false, false])
    }
}
