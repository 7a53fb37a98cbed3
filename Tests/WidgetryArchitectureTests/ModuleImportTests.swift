import Foundation
import Testing
import WidgetryTestSupport

/// The module graph of `docs/ARCHITECTURE.md` is the one the code has: every `import` in every
/// source file of a module is one its row in the module table allows.
@Suite struct ModuleImportTests {
    static let root = Samples.packageRootURL

    /// Modules every module may import: the platform's own.
    static let system: Set<String> = ["Foundation", "FoundationXML", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization"]

    /// Each module's row of the table: the modules it may import.
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            let module = String(cells[1].dropFirst().dropLast())
            let allowed = cells[cells.count - 2]
            table[module] = allowed == "—" ? [] : Set(allowed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return table
    }

    /// The module a line of Swift imports, or nil when it is no import: `import X`, with an
    /// access level and attributes before it (`public`, `@testable`, `@preconcurrency`,
    /// `@_spi(Name)`, …).
    static func importedModule(in line: Substring) -> String? {
        let words = line.split(separator: " ")
        let modifiers: Set<Substring> = ["public", "package", "internal", "@testable", "@_implementationOnly", "@preconcurrency", "@_exported"]
        guard let position = words.firstIndex(of: "import"), position + 1 < words.count,
              words[..<position].allSatisfy({ modifiers.contains($0) || ($0.hasPrefix("@_spi(") && $0.hasSuffix(")")) })
        else { return nil }
        return String(words[position + 1])
    }

    /// The modules imported by the Swift files under `directory`, with a file that imports each.
    static func imports(under directory: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let module = importedModule(in: line) else { continue }
                if found[module] == nil { found[module] = file.lastPathComponent }
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatItsRowAllows() throws {
        let table = try Self.allowedImports()
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!modules.isEmpty)
        for module in modules {
            guard let allowed = table[module] else {
                Issue.record("Sources/\(module) has no row in the module table of docs/ARCHITECTURE.md")
                continue
            }
            for (imported, file) in try Self.imports(under: sources.appendingPathComponent(module)).sorted(by: { $0.key < $1.key })
            where !Self.system.contains(imported) && !allowed.contains(imported) {
                Issue.record("\(module) imports \(imported) (in \(file)), which its row does not allow")
            }
        }
    }

    /// A row names only modules its module imports, so the table is no wider than the code:
    /// a dependency dropped from the code is dropped from its row (and from `Package.swift`).
    @Test func everyRowNamesOnlyWhatItsModuleImports() throws {
        let table = try Self.allowedImports()
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }.sorted()
        for module in modules {
            let imported = Set(try Self.imports(under: sources.appendingPathComponent(module)).keys)
            for listed in (table[module] ?? []).sorted() where !imported.contains(listed) {
                Issue.record("the row of \(module) names \(listed), which no file of Sources/\(module) imports")
            }
        }
    }

    @Test func importsAreReadWithTheirAttributes() {
        #expect(Self.importedModule(in: "import WidgetryJSON") == "WidgetryJSON")
        #expect(Self.importedModule(in: "public import WidgetryJSON") == "WidgetryJSON")
        #expect(Self.importedModule(in: "@_spi(WidgetryInternals) import WidgetryJSON") == "WidgetryJSON")
        #expect(Self.importedModule(in: "@_spi(WidgetryInternals) public import WidgetryStore") == "WidgetryStore")
        #expect(Self.importedModule(in: "@preconcurrency import Dispatch") == "Dispatch")
        #expect(Self.importedModule(in: "@_exported public import WidgetryDiagnostics") == "WidgetryDiagnostics")
        #expect(Self.importedModule(in: "/// import X, in a comment") == nil)
        #expect(Self.importedModule(in: "let imports = 1") == nil)
    }

    @Test func theTableIsReadAsWritten() throws {
        let table = try Self.allowedImports()
        #expect(table["WidgetryDiagnostics"] == [], "the lowest module imports nothing of the project's")
        #expect(table["WidgetryJSON"] == ["WidgetryDiagnostics"])
        #expect(table["WidgetryExpressions"]?.contains("WidgetryJSON") == true)
        #expect(table["WidgetrySchema"]?.contains("WidgetryStore") == false, "the schema validator does not know about stores")
    }

    /// Lint checks a bundle without running it: it reaches the screen compiler, the data model and
    /// the service files, never the store, the action engine, the runtime or the network.
    @Test func lintDependsOnTheFormatNotOnWhatRunsIt() throws {
        let lint = try #require(try Self.allowedImports()["WidgetryLint"])
        #expect(lint.contains("WidgetryScreen"))
        for module in ["WidgetryStore", "WidgetryService", "WidgetryRuntime", "WidgetryBundleFetch", "GRDB", "AsyncHTTPClient", "NIOCore"] {
            #expect(!lint.contains(module), "lint may not import \(module)")
        }
        let screen = try #require(try Self.allowedImports()["WidgetryScreen"])
        #expect(screen.isDisjoint(with: ["WidgetryStore", "WidgetryService", "WidgetryRuntime"]), "the screen compiler runs nothing")
    }
}
