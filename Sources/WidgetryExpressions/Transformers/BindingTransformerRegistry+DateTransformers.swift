public import WidgetryJSON

extension BindingTransformerRegistry {
    /// Registers the date transformers of a service file's `options.transformers` object
    /// (FORMAT.md#transformers.date), replacing transformers of the same names.
    ///
    /// Each member of `transformers.date` defines one transformer, named by its key:
    /// - `format`: a date format pattern such as `yyyy-MM-dd'T'HH:mm:ssZ`; it wins over the styles;
    /// - `dateStyle`, `timeStyle`: `short`, `medium`, `long` or `full`; absent means none;
    /// - `locale`: a locale identifier, `en_US_POSIX` when absent.
    ///
    /// Each transformer goes both ways, in either direction: a date becomes its text, a string
    /// becomes the date it spells (nil when it spells none), anything else gives nil. Dates are
    /// written and read in the time zone of the ``TransformerContext`` (UTC unless the host sets
    /// another), not the machine's, so output does not depend on where the run happens.
    ///
    /// All definitions are checked before any is registered: on error the registry is unchanged.
    /// Errors name the transformer and the key, and say where the bad value is.
    public mutating func registerDateTransformers(from transformers: JSONValue) throws(TransformerConfigurationError) {
        for definition in try DateTransformerDefinition.definitions(inTransformers: transformers) {
            register(name: definition.name, DateTransformer.make(definition))
        }
    }
}
