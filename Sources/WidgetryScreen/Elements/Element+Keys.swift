import WidgetryExpressions

/// Reading and writing the keys of FORMAT.md#elements.keys on top of the stored properties.
extension Element {
    func read(_ key: ElementKey) -> Value {
        switch key {
        case .stored(let property):
            return stored(property)
        case .negated(let property):
            return .bool(stored(property) == .bool(false))
        case .value:
            return kind.valueProperty.map(stored) ?? .null
        case .fieldValue:
            return fieldValue
        case .imageName:
            guard case .named(let name) = image?.source else { return .null }
            return .string(name)
        case .imageURL:
            guard case .url(let url) = image?.source else { return .null }
            return .string(url)
        case .imageAuto:
            switch image?.source {
            case .named(let text), .url(let text): return .string(text)
            case nil: return .null
            }
        case .hasMedia:
            return .bool(!stored(.media).isNull)
        }
    }

    func write(_ value: Value, forKey key: String, recording: Bool) throws(KeyValueError) {
        guard let elementKey = ElementKey(key, kind: kind) else {
            throw KeyValueError(key: key, typeName: kind.typeName, reason: .unknownKey)
        }
        switch elementKey {
        case .stored(let property):
            store(property, try property.converted(value, key: key, kind: kind), recording: recording)
        case .negated(let property):
            guard let flag = ElementConversion.strictBoolean(value) else {
                throw mismatch(key, expected: "a boolean", found: value.typeName)
            }
            store(property, .bool(!flag), recording: recording)
        case .value:
            guard let property = kind.valueProperty, let new = property.convertedFromWXValue(value) else { return }
            store(property, new, recording: recording)
        case .fieldValue, .hasMedia:
            throw KeyValueError(key: key, typeName: kind.typeName, reason: .readOnly)
        case .imageName, .imageURL, .imageAuto:
            store(.image, try image(value, forKey: key, as: elementKey).map { .object($0) } ?? .null, recording: recording)
        }
    }

    /// What the element gives a form (FORMAT.md#elements.forms): a text view's text, null when empty; an upload
    /// container's media; a media upload form's upload result; otherwise the element's
    /// `wx_value` (a text field's text even when empty, a switch's state), null for views
    /// without one.
    private var fieldValue: Value {
        if kind == .uploadContainer { return stored(.media) }
        if kind == .mediaUploadForm { return stored(.uploadResult) }
        if kind == .textView {
            let text = stored(.text)
            return text == .string("") ? .null : text
        }
        return kind.valueProperty.map(stored) ?? .null
    }

    private var image: ElementImage? {
        guard kind == .imageView, case .object(let object) = stored(.image) else { return nil }
        return object as? ElementImage
    }

    /// The image a `wx_imageName` (by name), `wx_imageUrl` (by URL) or `wx_autoValue` (by URL
    /// when the text starts with `http`, else by name) write asks for; nil when it clears (null
    /// or empty text).
    private func image(_ value: Value, forKey key: String, as elementKey: ElementKey) throws(KeyValueError) -> ElementImage? {
        let text: String
        switch value {
        case .null: return nil
        case .string(let string): text = string
        default: throw mismatch(key, expected: "a string", found: value.typeName)
        }
        if text.isEmpty { return nil }
        let byURL = elementKey == .imageURL || (elementKey == .imageAuto && text.hasPrefix("http"))
        guard byURL else { return ElementImage(.named(text)) }
        guard let image = ElementImage.url(text) else {
            throw mismatch(key, expected: "an absolute URL", found: "'\(text)'")
        }
        return image
    }

    private func mismatch(_ key: String, expected: String, found: String) -> KeyValueError {
        KeyValueError(key: key, typeName: kind.typeName, reason: .typeMismatch(expected: expected, found: found))
    }
}
