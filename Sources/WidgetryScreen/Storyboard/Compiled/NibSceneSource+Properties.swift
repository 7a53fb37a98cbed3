import WidgetryNIB
import WidgetryJSON

/// An element's initial properties read from a nib: what its UIKit keys say (a label's text,
/// a button's title, `hidden`), then its user-defined runtime attributes, the same properties
/// the XML reader takes from a tag's attributes. A key ibtool omitted has UIKit's default
/// (``UIKitDefaults``), and a value equal to the default is no property, as in the XML.
extension NibSceneSource {
    /// What an object's `UINibKeyValuePair`s say.
    func runtimeAttributes(of view: Object, findings: inout SceneFindings) throws(NIBError) -> StoryboardRuntimeAttributes {
        let (nib, object) = (view.nib, view.object)
        let place = SourcePlace(file: nib.file, location: nil)
        var result = StoryboardRuntimeAttributes()
        for pair in nib.keyValuePairs[object] ?? [] {
            guard let keyPath = try nib.archive.string(of: pair, key: "UIKeyPath"), !keyPath.isEmpty else {
                findings.problem(.storyboardAttribute, "user-defined runtime attribute \(pair) has no key path", at: place, key: "UIKeyPath")
                continue
            }
            guard !StoryboardVocabulary.isVisualKeyPath(keyPath), let value = try attributeValue(pair, in: nib) else { continue }
            if let message = result.take(keyPath, value, at: nil) { findings.problem(.storyboardAttribute, message, at: place, key: keyPath) }
        }
        return result
    }

    /// A runtime attribute's `UIValue`: a string, a number or a boolean, or nil; colours,
    /// images and geometry only change the look and are skipped (nil).
    private func attributeValue(_ pair: Int, in nib: CompiledNib) throws(NIBError) -> JSONValue? {
        let archive = nib.archive
        switch try archive.value(of: pair, key: "UIValue") {
        case nil, .null?:
            return JSONValue(.null)
        case .object(let target)?:
            switch try archive.className(of: target) {
            case "NSString", "NSMutableString", "NSLocalizableString":
                return JSONValue(.string(try archive.string(target)))
            case "NSNumber":
                return JSONValue(Self.number(try archive.number(target)))
            default:
                return nil
            }
        case .data?:
            return nil
        case let scalar?:
            return JSONValue(Self.number(scalar))
        }
    }

    /// A number as the XML reader reads one: booleans stay booleans, whole numbers are integers.
    static func number(_ value: NIBValue) -> JSONValue.Kind {
        switch value {
        case .bool(let flag):
            return .bool(flag)
        case .float32, .float64:
            let number = value.double ?? 0
            if number.isFinite, number.rounded() == number, abs(number) < 9e15 { return .integer(Int64(number)) }
            return .double(number)
        default:
            return .integer(value.integer ?? 0)
        }
    }

    /// What the UIKit keys set: visibility, alpha and tag of every view, `enabled` of controls,
    /// and each kind's content (text, title, placeholder, image, switch state…).
    func initialProperties(of view: Object, viewClass: SceneViewClass) throws(NIBError) -> [(key: String, value: JSONValue)] {
        let (archive, object, className) = (view.nib.archive, view.object, viewClass.name)
        var properties: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ kind: JSONValue.Kind?) {
            if let kind { properties.append((key, JSONValue(kind))) }
        }
        /// A scalar under `key`, nil when missing or UIKit's default.
        func number(_ key: String) throws(NIBError) -> Double? {
            let value = try archive.double(of: object, key: key) ?? defaultNumber(key)
            return value == defaultNumber(key) ? nil : value
        }
        func defaultNumber(_ key: String) -> Double? {
            if case .number(let value)? = UIKitDefaults.value(of: key, in: className) { return value }
            return nil
        }
        /// The text under `key`, nil when missing or UIKit's default.
        func text(_ key: String) throws(NIBError) -> JSONValue.Kind? {
            guard let value = try archive.string(of: object, key: key) else { return nil }
            if case .text(let standard)? = UIKitDefaults.value(of: key, in: className), standard == value { return nil }
            return .string(value)
        }
        add("hidden", try number("UIHidden").map { _ in .bool(true) })
        add("alpha", try number("UIAlpha").map { .double($0) })
        add("tag", try number("UITag").map { Self.number(.float64($0)) })
        if UIKitDefaults.controls.contains(className) {
            let disabled = className == "UIBarButtonItem" ? try number("UIEnabled") != nil : try number("UIDisabled") != nil
            add("enabled", disabled ? .bool(false) : nil)
        }
        switch className {
        case "UILabel":
            add("text", try text("UIText"))
        case "UIButton":
            add("title", try buttonTitle(of: object, in: archive).map { .string($0) })
        case "UIBarButtonItem":
            var title = try text("UITitle")
            if title == nil, try archive.bool(of: object, key: "UIIsSystemItem"), let item = try archive.integer(of: object, key: "UISystemItem") {
                title = UIKitDefaults.systemItems[item].flatMap(StoryboardVocabulary.title(ofSystemItem:)).map { .string($0) }
            }
            add("title", title)
        case "UITextField", "UISearchBar":
            add("text", try text("UIText"))
            add("placeholder", try text("UIPlaceholder"))
        case "UITextView":
            add("text", try text("UIText"))
            add("editable", try number("UIEditable").map { _ in .bool(false) })
        case "UIImageView":
            if let image = try archive.reference(of: object, key: "UIImage") {
                add("wx_imageName", try archive.string(of: image, key: "UIResourceName").map { .string($0) })
            }
        case "UISwitch":
            add("on", try number("UISwitchOn").map { _ in .bool(true) })
        case "UIActivityIndicatorView":
            add("animating", try number("UIAnimating").map { _ in .bool(true) })
        case "UIProgressView":
            add("progress", try number("UIProgress").map { .double($0) })
        case "NSLayoutConstraint":
            add("constant", try number("NSConstant").map { .double($0) })
        default:
            break
        }
        return properties
    }

    /// The title of a button's normal state: `UIButtonStatefulContent` maps states (0 is
    /// normal) to `UIButtonContent` objects with a `UITitle`.
    private func buttonTitle(of button: Int, in archive: NIBArchive) throws(NIBError) -> String? {
        guard let contents = try archive.reference(of: button, key: "UIButtonStatefulContent") else { return nil }
        for pair in try archive.pairs(of: contents) {
            let state: Int64?
            switch pair.key {
            case .object(let number): state = try archive.number(number).integer
            default: state = pair.key.integer
            }
            guard state == 0, case .object(let content) = pair.value else { continue }
            return try archive.string(of: content, key: "UITitle")
        }
        return nil
    }
}
