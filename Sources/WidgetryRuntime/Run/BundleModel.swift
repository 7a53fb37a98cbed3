import Foundation
public import WidgetryBundle
public import WidgetryStore

/// A bundle's data model, read from whichever form it ships (`Model.json`, an `.xcdatamodeld`
/// source); a compiled `.momd` is an error that asks for the source.
public enum BundleModel {
    public static func load(_ source: ModelSource, bundleRoot: String) throws(ModelErrors) -> EntityModel {
        switch source {
        case .json(let file):
            return try ModelJSONReader.read(file.document, file: file.path)
        case .xcdatamodel(let path):
            let bytes: [UInt8]
            do {
                bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundleRoot + "/" + path)))
            } catch {
                throw ModelErrors([ModelError(.invalidXML, "cannot read \(path): \(error.localizedDescription)", file: path)])
            }
            return try XcdatamodelReader.read(bytes, file: path)
        case .compiled(let path):
            throw ModelErrors([ModelError.compiledModelError(path: path)])
        }
    }
}
