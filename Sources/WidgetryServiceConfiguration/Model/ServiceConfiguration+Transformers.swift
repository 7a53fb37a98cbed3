public import WidgetryExpressions

extension ServiceConfiguration {
    /// `registry` with the date transformers this service file's `options.transformers` define
    /// (docs/FORMAT.md#transformers.date); a definition that does not read is a located error.
    public func transformers(adding registry: BindingTransformerRegistry = BindingTransformerRegistry()) throws(ServiceConfigurationErrors) -> BindingTransformerRegistry {
        var registry = registry
        guard let definitions = options.transformers else { return registry }
        do {
            try registry.registerDateTransformers(from: definitions)
        } catch {
            let code: ServiceConfigurationError.Code = error.code == .unknownStyle ? .invalidValue : .wrongType
            throw ServiceConfigurationErrors([ServiceConfigurationError(code, error.message, file: file, location: error.location, pointer: error.pointer, hint: error.hint)])
        }
        return registry
    }
}
