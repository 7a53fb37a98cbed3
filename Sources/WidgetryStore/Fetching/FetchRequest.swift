public import WidgetryExpressions

/// What to fetch from an ``ObjectStore``: an entity (and its sub-entities), a predicate, sort
/// keys, a group key for sections, an offset and a limit.
public struct FetchRequest: Sendable {
    public struct SortDescriptor: Sendable, Equatable {
        public var keyPath: String
        public var ascending: Bool

        public init(_ keyPath: String, ascending: Bool = true) {
            self.keyPath = keyPath
            self.ascending = ascending
        }
    }

    public var entity: String
    public var includesSubentities = true
    public var predicate: Predicate?
    /// Applied in order; ties keep insertion order. Null sorts first ascending (``SortOrder``).
    public var sortDescriptors: [SortDescriptor] = []
    /// The key path whose value groups the results into sections (`groupByField`): results are
    /// sorted by it first, in the direction of the first sort descriptor (ascending without one).
    public var sectionKeyPath: String?
    public var offset = 0
    public var limit: Int?
    /// Variables and clock for the predicate.
    public var context = EvaluationContext()

    public init(entity: String, predicate: Predicate? = nil, sortDescriptors: [SortDescriptor] = [], sectionKeyPath: String? = nil,
                offset: Int = 0, limit: Int? = nil) {
        self.entity = entity
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.sectionKeyPath = sectionKeyPath
        self.offset = offset
        self.limit = limit
    }
}

extension FetchRequest {
    /// The sort descriptors a fetch applies: the section key first when there is one.
    var effectiveSortDescriptors: [SortDescriptor] {
        guard let sectionKeyPath, !sectionKeyPath.isEmpty else { return sortDescriptors }
        return [SortDescriptor(sectionKeyPath, ascending: sortDescriptors.first?.ascending ?? true)] + sortDescriptors
    }
}
