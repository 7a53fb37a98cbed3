import Foundation
import Testing
import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen

/// Elements answer the keys of upstream format §4.6 as UIKit did, with typed errors where
/// upstream crashed, and record every change that matters.
struct ElementTests {
    private static let eveningOfJune20 = Date(timeIntervalSince1970: 1_529_517_600)

    private func element(_ kind: ElementKind, _ id: String? = "e", _ properties: [(String, Value)] = []) throws -> Element {
        try Element(id: id, kind: kind, properties: properties)
    }

    /// The key-value error `body` throws, nil when it throws none.
    private func error(_ body: () throws -> Void) -> KeyValueError? {
        do {
            try body()
            return nil
        } catch let error as KeyValueError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    // MARK: Kinds

    @Test func everyKindComesBackFromItsTypeName() {
        for kind in ElementKind.allCases {
            #expect(ElementKind(typeName: kind.typeName) == kind)
        }
        #expect(ElementKind(typeName: "TextInputView") == .textField)
        #expect(ElementKind(typeName: "AnimatedConstraint") == .layoutConstraint)
        #expect(ElementKind(typeName: "UISwitch") == .switchControl)
        #expect(ElementKind(typeName: "MediaUploadFormView") == .mediaUploadForm)
        #expect(ElementKind(typeName: "TweetTextView") == nil, "a host registers its own classes")
        #expect(ElementKind(typeName: "uilabel") == nil)
    }

    @Test func anElementDescribesItselfByTypeAndIdentifier() throws {
        let label = try element(.label, "titleLabel")
        #expect(label.keyValueTypeName == "UILabel")
        #expect(label.keyValueDescription == "<UILabel titleLabel>")
        #expect(Value.object(label).description == "<UILabel titleLabel>")
        #expect(try element(.layoutConstraint, nil).keyValueDescription == "<NSLayoutConstraint>")
    }

    // MARK: wx_value

    static let texts: [(Value, String)] = [
        (5, "5"), (1.5, "1.5"), (2.0, "2"), (true, "1"), (false, "0"), (.date(eveningOfJune20), "2018-06-20 18:00:00 +0000"),
        (.null, ""), ("Favio Mobile", "Favio Mobile"), (["a", "b c"], "(\n    a,\n    \"b c\"\n)"),
    ]

    @Test(arguments: [ElementKind.label, .textField, .textView, .searchBar])
    func textElementsShowTheTextOfAnyValue(kind: ElementKind) throws {
        let element = try element(kind)
        #expect(element.value(forKey: "wx_value") == "")
        for (value, text) in Self.texts {
            try element.setValue(value, forKey: "wx_value")
            #expect(element.value(forKey: "wx_value") == .string(text), "\(value)")
            #expect(element.value(forKey: "text") == .string(text))
        }
        try element.setValue(7, forKey: "text")
        #expect(element.value(forKey: "wx_value") == "7")
    }

    @Test(arguments: [ElementKind.button, .barButtonItem])
    func buttonsShowTheirTitle(kind: ElementKind) throws {
        let button = try element(kind, "postButton", [("title", "Post")])
        #expect(button.value(forKey: "wx_value") == "Post")
        for (value, text) in Self.texts {
            try button.setValue(value, forKey: "wx_value")
            #expect(button.value(forKey: "title") == .string(text))
        }
        #expect(button.value(forKey: "text") == .null)
    }

    @Test func imageViewsKeepWhatTheyWereAskedToShow() throws {
        let avatar = try element(.imageView, "avatarView")
        #expect(avatar.value(forKey: "wx_value") == .null)

        try avatar.setValue("widgets", forKey: "wx_imageName")
        #expect(avatar.value(forKey: "wx_imageName") == "widgets")
        #expect(avatar.value(forKey: "wx_imageUrl") == .null)
        #expect(avatar.value(forKey: "image").description == "<UIImage name:widgets>")
        #expect(try Value.object(avatar).value(forKeyPath: "wx_value.name") == "widgets")

        let url = "https://twitter.com/faviomob/profile_image?size=original"
        try avatar.setValue(.string(url), forKey: "wx_imageUrl")
        #expect(avatar.value(forKey: "wx_imageUrl") == .string(url))
        #expect(avatar.value(forKey: "wx_autoValue") == .string(url))
        #expect(avatar.displayState.first?.value == .string("url:\(url)"))

        try avatar.setValue(.null, forKey: "wx_imageName")
        #expect(avatar.value(forKey: "image") == .null)

        try avatar.setValue("ava_dragon", forKey: "wx_autoValue")
        #expect(avatar.value(forKey: "wx_imageName") == "ava_dragon")
        try avatar.setValue("http://example.com/a.png", forKey: "wx_autoValue")
        #expect(avatar.value(forKey: "wx_imageUrl") == "http://example.com/a.png")
        try avatar.setValue("", forKey: "wx_autoValue")
        #expect(avatar.value(forKey: "image") == .null)
    }

    @Test func anImageViewTakesImagesAndClearsForAnythingElse() throws {
        let source = try element(.imageView, "a", [("wx_imageName", "bird")])
        let target = try element(.imageView, "b")
        try target.setValue(source.value(forKey: "wx_value"), forKey: "wx_value")
        #expect(target.value(forKey: "wx_imageName") == "bird")
        #expect(target.value(forKey: "image") == source.value(forKey: "image"))
        try target.setValue("bird", forKey: "wx_value")
        #expect(target.value(forKey: "image") == .null)
        try target.setValue(source.value(forKey: "image"), forKey: "image")
        #expect(target.value(forKey: "wx_autoValue") == "bird")
        #expect(error { try target.setValue("bird", forKey: "image") }?.reason == .typeMismatch(expected: "an image", found: "string"))
    }

    @Test func badImageReferencesAreErrors() throws {
        let avatar = try element(.imageView, "avatarView")
        #expect(error { try avatar.setValue("not a url", forKey: "wx_imageUrl") }?.reason
            == .typeMismatch(expected: "an absolute URL", found: "'not a url'"))
        #expect(error { try avatar.setValue("http://", forKey: "wx_autoValue") } != nil)
        #expect(error { try avatar.setValue(5, forKey: "wx_imageName") }?.reason == .typeMismatch(expected: "a string", found: "number"))
    }

    @Test(arguments: [(ElementKind.activityIndicator, "animating"), (.refreshControl, "refreshing")])
    func indicatorsFollowBooleansAndIgnoreTheRest(kind: ElementKind, property: String) throws {
        let indicator = try element(kind)
        #expect(indicator.value(forKey: "wx_value") == false)
        try indicator.setValue(true, forKey: "wx_value")
        #expect(indicator.value(forKey: property) == true)
        for ignored: Value in ["0", "NO", .null, .date(Self.eveningOfJune20), ["x"]] {
            try indicator.setValue(ignored, forKey: "wx_value")
            #expect(indicator.value(forKey: "wx_value") == true, "\(ignored)")
        }
        try indicator.setValue(0, forKey: "wx_value")
        #expect(indicator.value(forKey: property) == false)
        try indicator.setValue(2.5, forKey: "wx_value")
        #expect(indicator.value(forKey: property) == true)
        #expect(error { try indicator.setValue(.null, forKey: property) } != nil)
    }

    static let switchTexts: [(Value, Bool)] = [
        ("1", true), ("true", true), ("YES", true), ("yes", true), ("T", true), (" +007", true), (1, true), (true, true),
        (42, true), ("0", false), ("false", false), ("NO", false), ("no", false), ("", false), (.null, false), (0, false),
        (0.5, false), ("-0", false), ("maybe", false),
    ]

    @Test(arguments: switchTexts)
    func switchesParseTheTextOfTheValue(value: Value, on: Bool) throws {
        let toggle = try element(.switchControl, "toggle", [("on", .bool(!on))])
        try toggle.setValue(value, forKey: "wx_value")
        #expect(toggle.value(forKey: "on") == .bool(on))
        #expect(toggle.value(forKey: "wx_value") == .bool(on))
    }

    @Test func progressViewsTakeNumbersWithinZeroAndOne() throws {
        let bar = try element(.progressView)
        try bar.setValue(0.5, forKey: "wx_value")
        #expect(bar.value(forKey: "progress") == 0.5)
        try bar.setValue("0.25", forKey: "wx_value")
        #expect(bar.value(forKey: "wx_value") == 0.25)
        try bar.setValue("lots", forKey: "wx_value")
        #expect(bar.value(forKey: "progress") == 0.25)
        try bar.setValue(7, forKey: "wx_value")
        #expect(bar.value(forKey: "progress") == 1)
        try bar.setValue(-1, forKey: "progress")
        #expect(bar.value(forKey: "progress") == 0)
    }

    @Test func constraintsParseTheirConstantFromText() throws {
        let width = try element(.layoutConstraint, "mediaWidth", [("constant", 138)])
        #expect(width.value(forKey: "wx_value") == 138)
        try width.setValue("12.5", forKey: "wx_value")
        #expect(width.value(forKey: "constant") == 12.5)
        try width.setValue(true, forKey: "wx_value")
        #expect(width.value(forKey: "constant") == 1)
        try width.setValue("wide", forKey: "wx_value")
        #expect(width.value(forKey: "constant") == 1)
        try width.setValue(0, forKey: "animatedConstant")
        #expect(width.value(forKey: "animatedConstant") == 0)
        #expect(width.value(forKey: "hidden") == .null)
        #expect(error { try width.setValue(true, forKey: "hidden") }?.reason == .unknownKey)
        #expect(error { try width.setValue(.null, forKey: "animatedConstant") }?.reason == .typeMismatch(expected: "a number", found: "null"))
    }

    @Test(arguments: [ElementKind.view, .tableView, .collectionView, .formDisplayView, .contentDisplayView, .containerView])
    func plainViewsHaveNoValue(kind: ElementKind) throws {
        let view = try element(kind)
        try view.setValue("anything", forKey: "wx_value")
        #expect(view.value(forKey: "wx_value") == .null)
        #expect(view.value(forKey: "wx_fieldValue") == .null)
        #expect(view.revision == 0)
    }

    // MARK: Common view keys

    @Test func visibleIsNotHidden() throws {
        let empty = try element(.label, "emptyDataView")
        #expect(empty.value(forKey: "wx_visible") == true)
        try empty.setValue(false, forKey: "wx_visible")
        #expect(empty.value(forKey: "hidden") == true)
        try empty.setValue(0, forKey: "hidden")
        #expect(empty.value(forKey: "wx_visible") == true)
        try empty.setValue("YES", forKey: "hidden")
        #expect(empty.value(forKey: "hidden") == true)
    }

    @Test func nullIntoHiddenIsAnError() throws {
        let empty = try element(.label, "emptyDataView")
        let failure = error { try empty.setValue(.null, forKey: "hidden") }
        #expect(failure == KeyValueError(key: "hidden", typeName: "UILabel", reason: .typeMismatch(expected: "a boolean", found: "null")))
        #expect(failure?.description == "key 'hidden' of UILabel takes a boolean, not null")
        #expect(error { try empty.setValue(.null, forKey: "wx_visible") } != nil)
        #expect(error { try empty.setValue(.date(Self.eveningOfJune20), forKey: "hidden") } != nil)
        #expect(empty.value(forKey: "hidden") == false)
    }

    @Test(arguments: [ElementKind.button, .barButtonItem, .textField, .switchControl, .searchBar])
    func disabledControlsAreNotEnabled(kind: ElementKind) throws {
        let control = try element(kind)
        #expect(control.value(forKey: "wx_disabled") == false)
        try control.setValue(true, forKey: "wx_disabled")
        #expect(control.value(forKey: "enabled") == false)
        #expect(control.value(forKey: "userInteractionEnabled") == true)
        try control.setValue(true, forKey: "enabled")
        #expect(control.value(forKey: "wx_disabled") == false)
    }

    @Test(arguments: [ElementKind.view, .textView, .imageView, .label, .tableView, .activityIndicator])
    func disabledViewsTakeNoInteraction(kind: ElementKind) throws {
        let view = try element(kind)
        let interactiveByDefault = kind != .label && kind != .imageView
        #expect(view.value(forKey: "wx_disabled") == .bool(!interactiveByDefault))
        try view.setValue(true, forKey: "wx_disabled")
        #expect(view.value(forKey: "userInteractionEnabled") == false)
        #expect(view.value(forKey: "enabled") == .null)
        #expect(error { try view.setValue(true, forKey: "enabled") }?.reason == .unknownKey)
    }

    @Test func readOnlyTextViewsAreNotEditable() throws {
        let textView = try element(.textView, "textView")
        #expect(textView.value(forKey: "wx_readOnly") == false)
        try textView.setValue(1, forKey: "wx_readOnly")
        #expect(textView.value(forKey: "editable") == false)
        try textView.setValue(false, forKey: "wx_readOnly")
        #expect(textView.value(forKey: "editable") == true)
        #expect(error { try element(.textField).setValue(true, forKey: "wx_readOnly") }?.reason == .unknownKey)
    }

    @Test func visualPropertiesAreNumbers() throws {
        let card = try element(.view, "card", [("cornerRadius", 8), ("borderWidth", "0.5"), ("alpha", 0.25), ("tag", 5)])
        #expect(card.value(forKey: "cornerRadius") == 8)
        #expect(card.value(forKey: "borderWidth") == 0.5)
        #expect(card.value(forKey: "alpha") == 0.25)
        #expect(card.value(forKey: "tag") == 5)
        #expect(error { try card.setValue(.null, forKey: "tag") }?.reason == .typeMismatch(expected: "an integer", found: "null"))
        #expect(error { try card.setValue(1.5, forKey: "tag") } != nil)
        #expect(error { try card.setValue("round", forKey: "cornerRadius") }?.reason == .typeMismatch(expected: "a number", found: "string"))
    }

    // MARK: Forms

    @Test func fieldValuesFollowTheFormRules() throws {
        let textView = try element(.textView, "textView", [("wx_fieldName", "text")])
        #expect(textView.value(forKey: "wx_fieldName") == "text")
        #expect(textView.value(forKey: "wx_fieldValue") == .null)
        try textView.setValue("Hello", forKey: "wx_value")
        #expect(textView.value(forKey: "wx_fieldValue") == "Hello")

        for kind in [ElementKind.textField, .searchBar] {
            let field = try element(kind)
            #expect(field.value(forKey: "wx_fieldValue") == "")
            try field.setValue("text 1", forKey: "wx_value")
            #expect(field.value(forKey: "wx_fieldValue") == "text 1")
        }

        let toggle = try element(.switchControl, "toggle", [("on", true)])
        #expect(toggle.value(forKey: "wx_fieldValue") == true)
        #expect(try element(.view).value(forKey: "wx_fieldValue") == .null)
        #expect(try element(.label, "l", [("text", "shown")]).value(forKey: "wx_fieldValue") == "shown")
        #expect(try element(.layoutConstraint).value(forKey: "wx_fieldValue") == .null)
        #expect(error { try textView.setValue("x", forKey: "wx_fieldValue") }?.reason == .readOnly)
        #expect(error { try textView.setValue(5, forKey: "wx_fieldName") }?.reason == .typeMismatch(expected: "a string", found: "number"))
    }

    @Test func formViewsKeepTheirPolicyAndFields() throws {
        let textView = try element(.textView, "textView")
        let form = try Element(id: "formView", kind: .formDisplayView, properties: [("dublicateKeyPolicy", "join")], children: [textView])
        #expect(form.children.first === textView)
        #expect(form.value(forKey: "dublicateKeyPolicy") == "join")
        #expect(form.value(forKey: "mandatoryFields") == [])
        try form.setValue([.object(textView)], forKey: "mandatoryFields")
        #expect(form.value(forKey: "mandatoryFields") == [.object(textView)])
        #expect(error { try form.setValue("merge", forKey: "dublicateKeyPolicy") }?.reason
            == .typeMismatch(expected: "'overwrite', 'join' or 'array'", found: "'merge'"))
        #expect(error { try form.setValue(["textView"], forKey: "optionalFields") } != nil)
    }

    // MARK: Keys, errors, initial properties

    @Test func unknownKeysReadNullAndCannotBeWritten() throws {
        let label = try element(.label, "titleLabel")
        #expect(label.value(forKey: "font") == .null)
        #expect(label.value(forKey: "title") == .null)
        let failure = error { try label.setValue("x", forKey: "font") }
        #expect(failure == KeyValueError(key: "font", typeName: "UILabel", reason: .unknownKey))
        #expect(failure?.description == "UILabel has no key 'font'")
    }

    @Test func initialPropertiesUseTheSameSettersAndAreNotChanges() throws {
        let search = try element(.searchBar, "searchBar", [("placeholder", "Search"), ("hidden", true)])
        #expect(search.value(forKey: "placeholder") == "Search")
        #expect(search.value(forKey: "wx_visible") == false)
        #expect(search.revision == 0)
        #expect(search.drainChanges().isEmpty)
        #expect(error { _ = try Element(id: "x", kind: .label, properties: [("text", "a"), ("colour", "red")]) }?.key == "colour")
        #expect(error { _ = try Element(id: "x", kind: .label, properties: [("hidden", .null)]) }?.key == "hidden")
    }

    // MARK: Refresh control

    @Test func aBindingReachesTheTablesRefreshControl() throws {
        let table = try element(.tableView, "tweetsTableView")
        #expect(try Value.object(table).value(forKeyPath: "refreshControl.wx_value") == .null)

        let refresh = try element(.refreshControl, nil)
        try table.install(refreshControl: refresh)
        #expect(table.value(forKey: "refreshControl") == .object(refresh))
        #expect(try Value.object(table).value(forKeyPath: "refreshControl.wx_value") == false)

        guard case .object(let target) = table.value(forKey: "refreshControl") else {
            Issue.record("no refresh control")
            return
        }
        try target.setValue(true, forKey: "wx_value")
        #expect(refresh.value(forKey: "refreshing") == true)
        #expect(try Value.object(table).value(forKeyPath: "refreshControl.wx_value") == true)
    }

    @Test func onlyScrollingViewsHoldARefreshControl() throws {
        let refresh = try element(.refreshControl, nil)
        #expect(error { try element(.label).install(refreshControl: refresh) }?.reason == .unknownKey)
        #expect(error { try element(.tableView).install(refreshControl: element(.label)) }?.reason
            == .typeMismatch(expected: "a UIRefreshControl", found: "UILabel"))
        try element(.collectionView).install(refreshControl: refresh)
    }

    // MARK: Changes

    @Test func onlyEffectiveChangesAreRecorded() throws {
        let title = try element(.label, "titleLabel")
        try title.setValue(.null, forKey: "wx_value")
        #expect(title.revision == 0)
        try title.setValue("Favio Mobile", forKey: "wx_value")
        try title.setValue("Favio Mobile", forKey: "text")
        try title.setValue(false, forKey: "wx_visible")
        try title.setValue(true, forKey: "hidden")
        #expect(title.revision == 2)
        let changes = title.drainChanges()
        #expect(changes == [
            ElementChange(elementID: "titleLabel", property: "text", old: "", new: "Favio Mobile"),
            ElementChange(elementID: "titleLabel", property: "hidden", old: false, new: true),
        ])
        #expect(changes.first?.description == #"titleLabel.text: "" -> "Favio Mobile""#)
        #expect(title.drainChanges().isEmpty)
        #expect(title.revision == 2)
    }

    @Test func anElementWithoutALogCountsChangesButKeepsNone() throws {
        let cellLabel = try Element(id: "nameLabel", kind: .label, properties: [("text", "Ada")], children: [], logsChanges: false)
        try cellLabel.setValue("Grace", forKey: "text")
        try cellLabel.setValue(0.5, forKey: "alpha")
        try cellLabel.setValue(false, forKey: "wx_visible")
        try cellLabel.setValue("Grace", forKey: "text")
        #expect(cellLabel.revision == 3)
        #expect(cellLabel.drainChanges().isEmpty)
        #expect(cellLabel.value(forKey: "text") == "Grace")
        #expect(cellLabel.value(forKey: "alpha") == 0.5)
        #expect(cellLabel.value(forKey: "hidden") == true)
    }

    @Test func everyPropertyKeepsItsOwnValueWhateverTheOrderOfWrites() throws {
        let label = try element(.label, "titleLabel")
        try label.setValue(true, forKey: "hidden")
        try label.setValue("first", forKey: "text")
        try label.setValue(0.25, forKey: "alpha")
        try label.setValue(false, forKey: "hidden")
        try label.setValue("second", forKey: "text")
        #expect(label.value(forKey: "hidden") == false)
        #expect(label.value(forKey: "text") == "second")
        #expect(label.value(forKey: "alpha") == 0.25)
        #expect(label.value(forKey: "cornerRadius") == 0, "a property never written reads its initial value")
        #expect(label.drainChanges().map(\.property) == ["hidden", "text", "alpha", "hidden", "text"])
    }

    @Test func theSameImageTwiceIsNoChange() throws {
        let avatar = try element(.imageView, "avatarView")
        try avatar.setValue("widgets", forKey: "wx_imageName")
        try avatar.setValue("widgets", forKey: "wx_autoValue")
        try avatar.setValue(5, forKey: "cornerRadius")
        try avatar.setValue(5.0, forKey: "cornerRadius")
        #expect(avatar.drainChanges().map(\.property) == ["image", "cornerRadius"])
    }

    // MARK: Display state

    @Test func displayStatesListWhatAPersonLooksAt() throws {
        func names(_ element: Element) -> [String] { element.displayState.map(\.name) }
        func values(_ element: Element) -> [Value] { element.displayState.map(\.value) }

        let label = try element(.label, "l", [("text", "No posts here yet!")])
        #expect(names(label) == ["text", "hidden"])
        #expect(values(label) == ["No posts here yet!", false])
        #expect(names(try element(.button)) == ["title", "enabled", "hidden"])
        #expect(names(try element(.barButtonItem)) == ["title", "enabled"])
        let avatar = try element(.imageView, "a", [("wx_imageName", "widgets")])
        #expect(names(avatar) == ["image", "hidden"])
        #expect(values(avatar) == ["name:widgets", false])
        #expect(values(try element(.imageView)) == [.null, false])
        #expect(names(try element(.textField)) == ["text", "enabled", "hidden", "placeholder"])
        #expect(names(try element(.textView)) == ["text", "editable", "hidden", "placeholder"])
        #expect(names(try element(.searchBar)) == ["text", "hidden", "placeholder"])
        #expect(names(try element(.switchControl)) == ["on", "enabled"])
        #expect(names(try element(.activityIndicator)) == ["animating", "hidden"])
        #expect(names(try element(.refreshControl)) == ["refreshing"])
        #expect(names(try element(.progressView)) == ["progress", "hidden"])
        #expect(values(try element(.layoutConstraint, "c", [("constant", 138)])) == [138])
        #expect(names(try element(.tableView)) == ["hidden"])
    }
}
