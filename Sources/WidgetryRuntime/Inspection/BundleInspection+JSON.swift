public import WidgetryJSON

extension BundleInspection {
    /// The JSON `widgetry inspect --format json` prints: the summary's, with the model's
    /// entities when it was read and whether it is compiled, the compiled storyboard, the images
    /// and the host profile.
    public var json: JSONValue {
        var json = summary.json
        if let entityModel { json["model"]?["entities"] = ModelListing.json(entityModel) }
        json["model"]?["compiled"] = JSONValue(.bool(compiled.model))
        func strings(_ values: [String]) -> JSONValue { JSONValue(.array(values.map { JSONValue(.string($0)) })) }
        if let storyboard = compiled.storyboard {
            json["storyboard"] = ["path": JSONValue(.string(storyboard.path)), "compiled": true,
                                  "nibs": JSONValue(.integer(Int64(storyboard.nibs))), "scenes": JSONValue(.integer(Int64(storyboard.scenes)))]
        }
        if dialect.dialect != .widgetkit {
            json["dialect"] = ["name": JSONValue(.string(dialect.dialect.rawValue)), "evidence": dialect.evidence.map { JSONValue(.string($0)) } ?? nil]
        }
        if let images { json["images"] = ["sources": strings(images.sources), "names": strings(images.names)] }
        if !profile.isEmpty { json["profile"] = ["file": JSONValue(.string(profile.file ?? "")), "parts": strings(profile.summaryLines)] }
        return json
    }
}
