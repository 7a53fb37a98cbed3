public import WidgetryExpressions
public import WidgetryModel

/// Keys an entity's objects answer beyond the model's: each an expression over the object
/// (a host profile's `keyPaths`, `{"Post": {"timeAgoString": "timeAgo(timestamp)"}}`), what
/// upstream hosts wrote as computed properties of their model classes. Sub-entities inherit
/// their ancestors' computed keys. Set one on a store with ``ObjectStore/setComputedKeys(_:)``.
public struct ComputedKeys: Sendable {
    /// Expressions by entity (sub-entities included) and key.
    private let expressions: [String: [String: Expression]]
    /// What the expressions are evaluated with: the run's clock, for `now()` and `timeAgo:`.
    public let context: EvaluationContext

    /// Why computed keys cannot be declared.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var entity: String
        public var key: String
        public var message: String

        public init(entity: String, key: String, message: String) {
            self.entity = entity
            self.key = key
            self.message = message
        }

        public var description: String { "keyPaths.\(entity).\(key): \(message)" }
    }

    /// Compiles `definitions` (entity → key → expression) against `model`. An unknown entity,
    /// a key the entity or one of its sub-entities already has (attribute or relationship), an
    /// expression that does not parse, or one that reads a computed key (which could read
    /// itself) is a failure naming the entity and key.
    public init(_ definitions: [String: [String: String]], model: EntityModel, context: EvaluationContext) throws(Failure) {
        self.context = context
        let computedNames = Set(definitions.values.flatMap(\.keys))
        var own: [String: [String: Expression]] = [:]
        for entity in definitions.keys.sorted() {
            for (key, text) in definitions[entity]!.sorted(by: { $0.key < $1.key }) {
                guard model.entity(named: entity) != nil else {
                    throw Failure(entity: entity, key: key, message: "the model has no entity \(entity)")
                }
                guard model.attribute(key, of: entity) == nil, model.relationship(key, of: entity) == nil else {
                    throw Failure(entity: entity, key: key, message: "\(entity) already has \(key) in the model; a computed key cannot replace it")
                }
                let expression: Expression
                do throws(PredicateSyntaxError) {
                    expression = try Expression(format: text)
                } catch {
                    throw Failure(entity: entity, key: key, message: "\(text): \(error)")
                }
                if let read = expression.facts.keyPaths.flatMap(\.components).first(where: computedNames.contains) {
                    throw Failure(entity: entity, key: key, message: "\(text) reads the computed key \(read); a computed key reads the model's keys only")
                }
                own[entity, default: [:]][key] = expression
            }
        }
        var expressions: [String: [String: Expression]] = [:]
        for entity in model.entities {
            var keys: [String: Expression] = [:]
            for ancestor in model.ancestors(of: entity.name).reversed() + [entity] {
                keys.merge(own[ancestor.name] ?? [:]) { _, nearer in nearer }
            }
            // An inherited key a sub-entity has in the model would be shadowed on its objects.
            for key in keys.keys.sorted() where model.attribute(key, of: entity.name) != nil || model.relationship(key, of: entity.name) != nil {
                throw Failure(entity: entity.name, key: key,
                              message: "\(entity.name) already has \(key) in the model; the computed key it inherits cannot replace it")
            }
            if !keys.isEmpty { expressions[entity.name] = keys }
        }
        self.expressions = expressions
    }

    /// The expression of `key` on objects of `entity`, if it is computed.
    public func expression(for key: String, of entity: String) -> Expression? {
        expressions[entity]?[key]
    }

    /// The computed keys of `entity` (its ancestors' included), sorted.
    public func keys(of entity: String) -> [String] {
        (expressions[entity]?.keys).map { $0.sorted() } ?? []
    }
}
