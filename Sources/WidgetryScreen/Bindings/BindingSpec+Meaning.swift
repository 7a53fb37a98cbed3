extension BindingSpec {
    /// Whether `other` binds the same key path from the same source by the same rules: every
    /// key equal, wherever each was written.
    func means(sameAs other: BindingSpec) -> Bool {
        to == other.to && from == other.from && predicateFormat == other.predicateFormat && ifTrue == other.ifTrue
            && ifFalse == other.ifFalse && placeholder == other.placeholder && transformer == other.transformer && format == other.format
    }
}
