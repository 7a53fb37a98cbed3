public import WidgetryJSON

/// Graffiti's mediating controllers that WidgetKit has under other names
/// (FORMAT.md#graffiti.objects). The samples' comments say what each does:
///
/// - `BaseContentController` updates its `elements` with its provider's value, and with
///   `shouldSetViewControllerContent` also the screen's `content` (TweetsViewController.json,
///   currentUserContentController): WidgetKit's `BaseDisplayController`, and with the flag its
///   `ContentDisplayController`.
/// - `InfiniteScrollContentController` updates its table with the provider's value and scrolls on
///   for more (feedTableContentController): WidgetKit's `TableInfiniteScrollController`.
///
/// Every other controller type of the samples has the same name in both.
public enum GraffitiObjectTypes {
    /// The flag that makes a `BaseContentController` set the screen's content.
    static let setsContent = "shouldSetViewControllerContent"

    /// WidgetKit's names of Graffiti's own types, for messages: each is written back as Graffiti's.
    static let spellings: [(widgetKit: String, graffiti: String)] = [
        ("ContentDisplayController", "BaseContentController"),
        ("BaseDisplayController", "BaseContentController"),
        ("TableInfiniteScrollController", "InfiniteScrollContentController"),
    ]

    /// Graffiti's type names that WidgetKit does not have: evidence of the dialect.
    public static let graffitiOnly: Set<String> = Set(spellings.map(\.graffiti))

    /// An object entry of a Graffiti screen (`{"type": …, "attrs": …}`, its names already in
    /// WidgetKit's) with its type in WidgetKit's name; `shouldSetViewControllerContent`, which
    /// the type now says, is taken out of its attributes when it is a boolean.
    static func canonical(entry: JSONObject) -> JSONObject {
        guard let typeValue = entry["type"], let type = typeValue.stringValue else { return entry }
        var result = entry
        switch type {
        case "InfiniteScrollContentController":
            result["type"] = JSONValue(.string("TableInfiniteScrollController"), location: typeValue.location, pointer: typeValue.pointer)
        case "BaseContentController":
            var setsContent = false
            if let attrsValue = entry["attrs"], var attrs = attrsValue.objectValue, let flag = attrs[Self.setsContent]?.boolValue {
                setsContent = flag
                attrs[Self.setsContent] = nil
                result["attrs"] = JSONValue(.object(attrs), location: attrsValue.location, pointer: attrsValue.pointer)
            }
            let name = setsContent ? "ContentDisplayController" : "BaseDisplayController"
            result["type"] = JSONValue(.string(name), location: typeValue.location, pointer: typeValue.pointer)
        default:
            break
        }
        return result
    }

    /// `text` with WidgetKit's names of Graffiti's types written as Graffiti's, whole words only.
    static func spelled(_ text: String) -> String {
        var result = text
        for (widgetKit, graffiti) in spellings where result.contains(widgetKit) {
            result = replacingWord(widgetKit, with: graffiti, in: result)
        }
        return result
    }

    private static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let before = rest[..<range.lowerBound]
            let startsWord = (before.last ?? " ").isLetter == false && before.last != "_"
            let endsWord = rest[range.upperBound...].first.map { !$0.isLetter && !$0.isNumber && $0 != "_" } ?? true
            result += before
            result += startsWord && endsWord ? replacement : word
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
