import Foundation
public import WidgetryBundle
public import WidgetryJSON

/// The scenarios a bundle carries: `Tests/*.scenario.json`, in name order.
public enum ScenarioFiles {
    /// The scenario files of `bundle`, with paths.
    public static func paths(in bundle: WidgetBundle) -> [String] {
        let directory = (bundle.rootPath as NSString).appendingPathComponent(BundleFileName.testsFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(BundleFileName.scenarioSuffix) }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Reads the scenario at `path`; a file that is not JSON or not a scenario is an error with its place.
    public static func read(_ path: String) throws(ScenarioLoadError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be read")
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse([UInt8](data), fileName: path)
        } catch {
            throw .syntax(error)
        }
        do throws(ScenarioErrors) {
            return try ScenarioReader.read(document, file: path)
        } catch {
            throw .content(error)
        }
    }
}

/// Why a scenario file could not be read.
public enum ScenarioLoadError: Error, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case syntax(JSONParseError)
    case content(ScenarioErrors)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the scenario: \(reason) [scenario.unreadable]"
        case .syntax(let error): error.description
        case .content(let errors): errors.description
        }
    }
}

extension ScenarioLoadError: DiagnosticConvertible {
    public var diagnostics: [Diagnostic] {
        switch self {
        case .unreadable(let path, let reason):
            [Diagnostic(code: "scenario.unreadable", severity: .error, file: path, location: nil, pointer: nil,
                        message: "cannot read the scenario: \(reason)")]
        case .syntax(let error): error.diagnostics
        case .content(let errors): errors.diagnostics
        }
    }
}
