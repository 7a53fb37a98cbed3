import WidgetryExpressions

/// A property an element stores. Every key an element answers reads or writes one of these
/// (`wx_visible` is `hidden` negated, `wx_value` of a label is `text`); the raw value is the
/// name change records and display states use.
package enum ElementProperty: String, Sendable, Hashable {
    case text
    case title
    case placeholder
    case image
    case animating
    case refreshing
    case on
    case progress
    case constant
    case hidden
    case enabled
    case userInteractionEnabled
    case editable
    case fieldName = "wx_fieldName"
    case alpha
    case cornerRadius
    case borderWidth
    case shadowRadius
    case shadowOpacity
    case unveilAlpha
    case standardShadow
    case tag
    case animationDuration
    case animationDelay
    case refreshControl
    case duplicateKeyPolicy = "dublicateKeyPolicy"
    case mandatoryFields
    case optionalFields
    /// An upload container's picked image or movie (data), null when empty.
    case media
    case isMovie
    /// An upload container's JPEG quality for picked images, and the views it shows them in and
    /// spins while preparing (upstream `UploadContainerView`).
    case imageCompression
    case previewView
    case prepareIndicator
    /// A media upload form's settings and connections (FORMAT.md#elements.media-upload).
    case resultInfoValueKey
    case autoUpload
    case uploadContainer
    case uploadActionController
    case progressBar
    /// What a media upload form's upload answered at `resultInfoValueKey`: its field value.
    case uploadResult
    /// A `ContentDisplayView`'s own content, which the bindings of the elements inside it read
    /// as `content` once it is set (FORMAT.md#binding.view-content).
    case content

    /// The value before anything is written, as UIKit starts out. Labels and image views do not
    /// take user interaction by default.
    func initialValue(for kind: ElementKind) -> Value {
        switch self {
        case .text, .title: .string("")
        case .placeholder, .image, .fieldName, .refreshControl, .media, .resultInfoValueKey, .uploadContainer, .uploadActionController,
             .progressBar, .uploadResult, .previewView, .prepareIndicator, .content: .null
        case .imageCompression: .double(0.8)
        case .isMovie: .bool(false)
        case .autoUpload: .bool(true)
        case .animating, .refreshing, .on, .hidden, .standardShadow: .bool(false)
        case .enabled, .editable: .bool(true)
        case .userInteractionEnabled: .bool(kind != .label && kind != .imageView)
        case .progress, .constant, .cornerRadius, .borderWidth, .shadowOpacity, .animationDuration, .animationDelay: .double(0)
        case .alpha, .unveilAlpha: .double(1)
        case .shadowRadius: .double(3)
        case .tag: .int(0)
        case .duplicateKeyPolicy: .string("overwrite")
        case .mandatoryFields, .optionalFields: .array([])
        }
    }

    /// What a direct write of `value` at `key` stores: the strict conversion KVC would make,
    /// with a typed error where upstream crashed (null into a scalar, FORMAT.md#elements.keys; a string into an
    /// object property, FORMAT.md#differences.errors).
    func converted(_ value: Value, key: String, kind: ElementKind) throws(KeyValueError) -> Value {
        func mismatch(_ expected: String, found: String? = nil) -> KeyValueError {
            KeyValueError(key: key, typeName: kind.typeName,
                          reason: .typeMismatch(expected: expected, found: found ?? value.typeName))
        }
        switch self {
        case .text, .title:
            return .string(ElementConversion.text(of: value))
        case .placeholder:
            return value.isNull ? .null : .string(ElementConversion.text(of: value))
        case .image:
            if value.isNull { return .null }
            guard case .object(let object) = value, object is ElementImage else { throw mismatch("an image") }
            return value
        case .on, .hidden, .enabled, .userInteractionEnabled, .editable, .standardShadow, .animating, .refreshing, .isMovie, .autoUpload:
            guard let flag = ElementConversion.strictBoolean(value) else { throw mismatch("a boolean") }
            return .bool(flag)
        case .progress:
            guard let number = ElementConversion.strictNumber(value) else { throw mismatch("a number") }
            return .double(ElementConversion.clampedProgress(number))
        case .constant, .alpha, .cornerRadius, .borderWidth, .shadowRadius, .shadowOpacity, .unveilAlpha,
             .animationDuration, .animationDelay, .imageCompression:
            guard let number = ElementConversion.strictNumber(value) else { throw mismatch("a number") }
            return .double(number)
        case .tag:
            guard let number = ElementConversion.strictNumber(value), let integer = Int64(exactly: number) else {
                throw mismatch("an integer")
            }
            return .int(integer)
        case .fieldName:
            if value.isNull { return .null }
            guard case .string = value else { throw mismatch("a string") }
            return value
        case .refreshControl:
            if value.isNull { return .null }
            guard case .object(let object) = value, let element = object as? Element, element.kind == .refreshControl else {
                throw mismatch("a UIRefreshControl")
            }
            return value
        case .duplicateKeyPolicy:
            guard let policy = value.stringValue, ["overwrite", "join", "array"].contains(policy) else {
                throw mismatch("'overwrite', 'join' or 'array'", found: value.stringValue.map { "'\($0)'" })
            }
            return value
        case .media:
            if value.isNull { return .null }
            guard case .data = value else { throw mismatch("data") }
            return value
        case .resultInfoValueKey:
            if value.isNull { return .null }
            guard case .string = value else { throw mismatch("a string") }
            return value
        case .uploadResult, .content:
            return value
        case .uploadContainer, .progressBar:
            let expected: ElementKind = self == .uploadContainer ? .uploadContainer : .progressView
            if value.isNull { return .null }
            guard case .object(let object) = value, let element = object as? Element, element.kind == expected else {
                throw mismatch("a \(expected.typeName)")
            }
            return value
        case .previewView, .prepareIndicator:
            if value.isNull { return .null }
            guard case .object(let object) = value, object is Element else { throw mismatch("a view") }
            return value
        case .uploadActionController:
            if value.isNull { return .null }
            guard case .object(let object) = value, (object as? ScreenObject)?.type.isActionController == true else {
                throw mismatch("an action controller")
            }
            return value
        case .mandatoryFields, .optionalFields:
            if value.isNull { return .array([]) }
            guard let fields = value.elements else { throw mismatch("an array of elements") }
            for field in fields {
                guard case .object(let object) = field, object is Element else {
                    throw mismatch("an array of elements", found: "an array holding a \(field.typeName)")
                }
            }
            return .array(fields)
        }
    }
}

extension ElementProperty {
    /// What a `wx_value` write of `value` stores in this property, the kind's value property;
    /// nil when the write is ignored. Lenient where upstream's `wx_value` setters are: text
    /// elements show any value's text, an image view clears for anything but an image, the
    /// indicators ignore what is not a boolean or a number.
    func convertedFromWXValue(_ value: Value) -> Value? {
        switch self {
        case .text, .title:
            return .string(ElementConversion.text(of: value))
        case .image:
            if case .object(let object) = value, object is ElementImage { return value }
            return .null
        case .animating, .refreshing:
            return ElementConversion.numericBoolean(value).map(Value.bool)
        case .on:
            return .bool(ElementConversion.booleanText(ElementConversion.text(of: value)))
        case .progress:
            return ElementConversion.numberFromText(value).map { .double(ElementConversion.clampedProgress($0)) }
        case .constant:
            return ElementConversion.numberFromText(value).map(Value.double)
        default:
            return nil
        }
    }
}
