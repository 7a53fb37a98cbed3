/// The keys an element kind answers (FORMAT.md#elements.keys), for tools that check key paths
/// and binding targets without building elements: lint's `binding-target` and
/// `unknown-key-path` rules.
extension ElementKind {
    /// Whether an element of this kind reads and writes `key` (a key it does not answer reads
    /// null and cannot be written).
    public func answers(_ key: String) -> Bool {
        ElementKey(key, kind: self) != nil
    }

    /// Every key an element of this kind answers, sorted (for "did you mean" hints).
    public var answeredKeys: [String] {
        ElementKind.candidateKeys.filter(answers).sorted()
    }

    /// Every key ``ElementKey`` knows for some kind; ``answeredKeys`` keeps those a kind answers,
    /// so a key missing here only goes missing from hints, never from ``answers(_:)``.
    private static let candidateKeys = [
        "wx_value", "constant", "animatedConstant", "animationDuration", "animationDelay", "hidden", "wx_visible",
        "userInteractionEnabled", "wx_disabled", "wx_fieldName", "wx_fieldValue", "alpha", "cornerRadius", "borderWidth",
        "shadowRadius", "shadowOpacity", "unveilAlpha", "standardShadow", "tag", "enabled", "text", "placeholder", "editable",
        "wx_readOnly", "title", "image", "wx_imageName", "wx_imageUrl", "wx_autoValue", "animating", "refreshing", "on",
        "progress", "refreshControl", "dublicateKeyPolicy", "mandatoryFields", "optionalFields", "hasMedia", "isMovie", "media",
        "resultInfoValueKey", "autoUpload", "uploadContainer", "actionController", "progressBar", "uploadResult",
        "imageCompression", "previewView", "prepareIndicator", "content",
    ]
}
