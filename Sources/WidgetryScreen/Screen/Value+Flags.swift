import WidgetryExpressions

extension Value {
    /// Whether this is a true flag: a true boolean or a non-zero number.
    package var isOn: Bool { doubleValue.map { $0 != 0 } ?? false }

    /// Whether this outlet value is `object`.
    package func isObject(_ object: AnyObject) -> Bool {
        guard case .object(let held) = self else { return false }
        return held === object
    }
}
