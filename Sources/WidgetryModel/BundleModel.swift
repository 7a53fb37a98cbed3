public import WidgetryXML
import Foundation
public import WidgetryBundle

/// A bundle's data model, read from whichever form it ships (`Model.json`, an `.xcdatamodeld`
/// source); a compiled `.momd` is an error that asks for the source.
public enum BundleModel {
    /// The model `source` describes; an Xcode model's XML is read within `xmlLimits`.
    public static func load(_ source: ModelSource, bundleRoot: String, xmlLimits: XMLLimits = .default) throws(ModelErrors) -> EntityModel {
        switch source {
        case .json(let file):
            return try ModelJSONReader.read(file.document, file: file.path)
        case .xcdatamodel(let path):
            let bytes: [UInt8]
            do throws(XMLSyntaxError) {
                bytes = try xmlLimits.readFile(atPath: bundleRoot + "/" + path)
            } catch {
                throw ModelErrors([ModelError(.invalidXML, "cannot read \(path): \(error.message)", file: path)])
            }
            return try XcdatamodelReader.read(bytes, file: path, limits: xmlLimits)
        case .compiled(let path):
            throw ModelErrors([ModelError.compiledModelError(path: path)])
        }
    }
}
