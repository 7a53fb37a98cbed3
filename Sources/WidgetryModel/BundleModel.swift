public import WidgetryXML
import Foundation
public import WidgetryJSON
public import WidgetryBundle

/// A bundle's data model, read from whichever form it ships (`Model.json`, an `.xcdatamodeld`
/// source, or the compiled `.momd`/`.mom` Xcode ships, through ``CompiledModelReader``).
public enum BundleModel {
    /// The model `source` describes; an Xcode model's XML is read within `xmlLimits`, the files
    /// through `fileSystem` (the disk, or some files' contents in memory).
    public static func load(_ source: ModelSource, bundleRoot: String, xmlLimits: XMLLimits = .default,
                            fileSystem: BundleFileSystem = .disk) throws(ModelErrors) -> EntityModel {
        switch source {
        case .json(let file):
            return try ModelJSONReader.read(file.document, file: file.path)
        case .xcdatamodel(let path):
            let bytes: [UInt8]
            do throws(XMLSyntaxError) {
                bytes = try xmlLimits.readFile(atPath: bundleRoot + "/" + path, in: fileSystem)
            } catch {
                throw ModelErrors([ModelError(.invalidXML, "cannot read \(path): \(error.message)", file: path)])
            }
            return try XcdatamodelReader.read(bytes, file: path, limits: xmlLimits)
        case .compiled(let path):
            let file = try compiledModelFile(path, bundleRoot: bundleRoot)
            let bytes: [UInt8]
            do throws(BoundedFile.Failure) {
                bytes = try fileSystem.bytes(of: bundleRoot + "/" + file, limit: CompiledModelReader.Limits().maxBytes)
            } catch {
                throw ModelErrors([ModelError(.invalidCompiledModel, "cannot read \(file): \(error)", file: file)])
            }
            return try CompiledModelReader.read(bytes, file: file)
        }
    }

    /// The `.mom` to read: the file itself, or inside a `.momd` the one named after the folder
    /// (`Model.momd/Model.mom`), else its only `.mom`.
    static func compiledModelFile(_ path: String, bundleRoot: String) throws(ModelErrors) -> String {
        guard path.hasSuffix(".momd") else { return path }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: bundleRoot + "/" + path)) ?? []).filter { $0.hasSuffix(".mom") }.sorted()
        let base = String(path.split(separator: "/").last?.dropLast(".momd".count) ?? "")
        guard let name = names.first(where: { $0 == base + ".mom" }) ?? (names.count == 1 ? names.first : nil) else {
            throw ModelErrors([ModelError(.invalidCompiledModel, "\(path) holds no \(base).mom", file: path,
                                          hint: "a compiled model folder holds the .mom Xcode wrote for each version")])
        }
        return path + "/" + name
    }
}
