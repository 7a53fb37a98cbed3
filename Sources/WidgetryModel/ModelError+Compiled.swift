extension ModelError {
    /// The error for a bundle that ships only a compiled model (`.momd` or `.mom`): its binary
    /// form cannot be read, so the bundle must carry the model's source.
    public static func compiledModelError(path: String) -> ModelError {
        ModelError(.compiledModel, "\(path) is a compiled data model (.momd/.mom), which cannot be read", file: path,
                   hint: "ship the model's source, Model.xcdatamodeld (with its .xcdatamodel/contents), or a Model.json in the bundle instead")
    }
}
