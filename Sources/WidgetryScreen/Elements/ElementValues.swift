import WidgetryExpressions

/// The stored properties an element has been given, in the order they were first written.
///
/// An element holds a handful of values, and cells make thousands of elements per render, so
/// this beats a dictionary: no hashing of the property's name on every read and write, the
/// first value kept inline (a cell's label usually gets one: its text) and the rest in a short
/// array searched from the front.
struct ElementValues {
    private var first: (property: ElementProperty, value: Value)?
    private var rest: [(property: ElementProperty, value: Value)] = []

    subscript(property: ElementProperty) -> Value? {
        get {
            guard let first else { return nil }
            if first.property == property { return first.value }
            for entry in rest where entry.property == property { return entry.value }
            return nil
        }
        set {
            if let first, first.property == property {
                if let newValue {
                    self.first = (property, newValue)
                } else {
                    self.first = rest.isEmpty ? nil : rest.removeFirst()
                }
            } else if let index = rest.firstIndex(where: { $0.property == property }) {
                if let newValue { rest[index].value = newValue } else { rest.remove(at: index) }
            } else if let newValue {
                if first == nil { first = (property, newValue) } else { rest.append((property, newValue)) }
            }
        }
    }

    mutating func removeAll() {
        first = nil
        rest.removeAll()
    }
}
