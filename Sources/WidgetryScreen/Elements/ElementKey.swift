/// What a key of an element reads and writes (FORMAT.md#elements.keys). Which keys an element
/// answers depends on its kind; a key it does not answer reads null and cannot be written.
package enum ElementKey: Equatable {
    /// A stored property, read as is and written with its strict conversion.
    case stored(ElementProperty)
    /// A boolean stored property negated (`wx_visible`, `wx_disabled`, `wx_readOnly`).
    case negated(ElementProperty)
    /// `wx_value`: the kind's value property, written with the lenient `wx_value` conversion.
    case value
    /// `wx_fieldValue`: what the element contributes to a form (read only).
    case fieldValue
    /// `wx_imageName`, `wx_imageUrl`, `wx_autoValue` of an image view.
    case imageName, imageURL, imageAuto
    /// Whether an upload container holds media (read only).
    case hasMedia

    package init?(_ key: String, kind: ElementKind) {
        let found: ElementKey? = if key == "wx_value" {
            .value
        } else if kind.isView {
            Self.view(key, kind: kind)
        } else {
            Self.constraint(key)
        }
        guard let found else { return nil }
        self = found
    }

    private static func constraint(_ key: String) -> ElementKey? {
        switch key {
        case "constant", "animatedConstant": .stored(.constant)
        case "animationDuration": .stored(.animationDuration)
        case "animationDelay": .stored(.animationDelay)
        default: nil
        }
    }

    private static func view(_ key: String, kind: ElementKind) -> ElementKey? {
        switch key {
        case "hidden": return .stored(.hidden)
        case "wx_visible": return .negated(.hidden)
        case "userInteractionEnabled": return .stored(.userInteractionEnabled)
        case "wx_disabled": return .negated(kind.isControl ? .enabled : .userInteractionEnabled)
        case "wx_fieldName": return .stored(.fieldName)
        case "wx_fieldValue": return .fieldValue
        case "alpha": return .stored(.alpha)
        case "cornerRadius": return .stored(.cornerRadius)
        case "borderWidth": return .stored(.borderWidth)
        case "shadowRadius": return .stored(.shadowRadius)
        case "shadowOpacity": return .stored(.shadowOpacity)
        case "unveilAlpha": return .stored(.unveilAlpha)
        case "standardShadow": return .stored(.standardShadow)
        case "tag": return .stored(.tag)
        default: break
        }
        let key: ElementKey? = switch (key, kind) {
        case ("enabled", _) where kind.isControl: .stored(.enabled)
        case ("text", _) where kind.showsText: .stored(.text)
        case ("placeholder", .textField), ("placeholder", .textView), ("placeholder", .searchBar): .stored(.placeholder)
        case ("editable", .textView): .stored(.editable)
        case ("wx_readOnly", .textView): .negated(.editable)
        case ("title", .button), ("title", .barButtonItem): .stored(.title)
        case ("image", .imageView): .stored(.image)
        case ("wx_imageName", .imageView): .imageName
        case ("wx_imageUrl", .imageView): .imageURL
        case ("wx_autoValue", .imageView): .imageAuto
        case ("animating", .activityIndicator): .stored(.animating)
        case ("refreshing", .refreshControl): .stored(.refreshing)
        case ("on", .switchControl): .stored(.on)
        case ("progress", .progressView): .stored(.progress)
        case ("refreshControl", _) where kind.scrolls: .stored(.refreshControl)
        case ("dublicateKeyPolicy", .formDisplayView): .stored(.duplicateKeyPolicy)
        case ("mandatoryFields", .formDisplayView): .stored(.mandatoryFields)
        case ("optionalFields", .formDisplayView): .stored(.optionalFields)
        case ("hasMedia", .uploadContainer): .hasMedia
        case ("isMovie", .uploadContainer): .stored(.isMovie)
        case ("media", .uploadContainer): .stored(.media)
        case ("imageCompression", .uploadContainer): .stored(.imageCompression)
        case ("previewView", .uploadContainer): .stored(.previewView)
        case ("prepareIndicator", .uploadContainer): .stored(.prepareIndicator)
        case ("resultInfoValueKey", .mediaUploadForm): .stored(.resultInfoValueKey)
        case ("autoUpload", .mediaUploadForm): .stored(.autoUpload)
        case ("uploadContainer", .mediaUploadForm): .stored(.uploadContainer)
        case ("actionController", .mediaUploadForm): .stored(.uploadActionController)
        case ("progressBar", .mediaUploadForm): .stored(.progressBar)
        case ("uploadResult", .mediaUploadForm): .stored(.uploadResult)
        case ("content", .contentDisplayView): .stored(.content)
        default: nil
        }
        return key
    }
}
