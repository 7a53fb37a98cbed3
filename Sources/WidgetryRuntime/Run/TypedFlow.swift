import WidgetryExpressions
import WidgetryStore

/// Typed navigation: a screen that declares `"input": "Post"` accepts only a Post (or an
/// object of a sub-entity) as its content, and one that declares `"update": "Post"` takes Posts
/// back from a screen dismissed above it.
enum TypedFlow {
    /// Whether `value` is an object of `entity` or of one of its sub-entities.
    static func value(_ value: Value, isA entity: String) -> Bool {
        guard case .object(let object) = value, let stored = object as? StoreObject else { return false }
        if stored.entity == entity { return true }
        return stored.store.model.ancestors(of: stored.entity).contains { $0.name == entity }
    }

    /// What `value` is, for an error message: `a User`, `an Account`, `nothing`.
    static func describe(_ value: Value) -> String {
        if value.isNull { return "nothing" }
        if case .object(let object) = value { return article(object.keyValueTypeName) }
        return article(value.typeName)
    }

    /// `name` after its indefinite article.
    static func article(_ name: String) -> String {
        ("AEIOUaeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
