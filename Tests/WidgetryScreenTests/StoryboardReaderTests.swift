import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryScreen
import WidgetryTestSupport

/// Interface Builder storyboard XML: element kinds, runtime attributes, prototypes, segues and
/// navigation controllers, bindings and actions, and every problem placed at its line and column.
@Suite("Storyboard reader")
struct StoryboardReaderTests: StoryboardWriting {
    private func read(_ text: String, elementTypes: Set<String> = []) throws -> Storyboard {
        try StoryboardReader.read(Array(text.utf8), file: "Main.storyboard", elementTypes: elementTypes)
    }

    private func errors(_ text: String) -> [ScreenError] {
        do {
            _ = try read(text)
            Issue.record("the storyboard was accepted")
            return []
        } catch let errors as ScreenErrors {
            return errors.errors
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    /// Every node under `node` (header, children, footer, prototypes' children), `node` first.
    private func nodes(_ node: ViewNode?) -> [ViewNode] {
        guard let node else { return [] }
        return [node] + ([node.header].compactMap { $0 } + node.children + [node.footer].compactMap { $0 }
            + node.prototypes.flatMap(\.children)).flatMap { nodes($0) }
    }

    private func node(_ id: String, in scene: StoryboardScene?) throws -> ViewNode {
        let all = nodes(scene?.view) + nodes(scene?.navigationItem?.titleView)
            + (scene?.navigationItem.map { $0.leftBarButtonItems + $0.rightBarButtonItems } ?? []).flatMap { nodes($0) }
        return try #require(all.first { $0.id == id }, "no view \(id)")
    }

    private func properties(_ node: ViewNode) -> [String: JSONValue] {
        Dictionary(node.properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Makes every element of the tree the way a screen does, so each property is one the
    /// element's kind takes.
    private func makeElements(_ node: ViewNode) throws {
        let kind = try #require(ElementKind(typeName: node.type), "\(node.type) is not an element kind")
        _ = try Element(id: node.id, kind: kind, properties: node.properties.map { ($0.key, Value(json: $0.value)) })
        for child in [node.header].compactMap({ $0 }) + node.children + [node.footer].compactMap({ $0 }) + node.prototypes.flatMap(\.children) {
            try makeElements(child)
        }
    }

    // MARK: Elements

    @Test func eachElementTagBecomesItsKindWithItsInitialProperties() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <label text="Hello" id="l1">\(Self.attributes(Self.identifier("label")))</label>
            <button id="b1"><state key="normal" title="Go"/>\(Self.attributes(Self.identifier("button")))</button>
            <button enabled="NO" id="b2"><buttonConfiguration key="configuration" style="plain" title="Later"/>\(Self.attributes(Self.identifier("later")))</button>
            <imageView image="bird" id="i1">\(Self.attributes(Self.identifier("image")))</imageView>
            <textField text="x" placeholder="Name" id="t1">\(Self.attributes(Self.identifier("field")))</textField>
            <textView editable="NO" id="t2"><string key="text">Long text</string>\(Self.attributes(Self.identifier("area")))</textView>
            <searchBar placeholder="Search" id="s1">\(Self.attributes(Self.identifier("search")))</searchBar>
            <switch on="YES" id="w1">\(Self.attributes(Self.identifier("toggle")))</switch>
            <activityIndicatorView hidden="YES" animating="YES" id="a1">\(Self.attributes(Self.identifier("spinner")))</activityIndicatorView>
            <progressView progress="0.25" id="p1">\(Self.attributes(Self.identifier("progress")))</progressView>
            <stackView alpha="0.5" tag="7" id="k1">\(Self.attributes(Self.identifier("stack")))
                <subviews><label text="inside" id="l2">\(Self.attributes(Self.identifier("inner")))</label></subviews>
                <constraints>
                    <constraint firstAttribute="height" constant="40" id="c1" customClass="AnimatedConstraint">\(Self.attributes(Self.identifier("height")))</constraint>
                    <constraint firstAttribute="width" constant="40" id="c2"/>
                </constraints>
            </stackView>
            <collectionView id="cv1">\(Self.attributes(Self.identifier("grid")))
                <cells><collectionViewCell reuseIdentifier="Tile" id="cc1">
                    <view key="contentView" id="cc1-content"><subviews><label id="l3">\(Self.attributes(Self.identifier("tileLabel")))</label></subviews></view>
                </collectionViewCell></cells>
            </collectionView>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.problems.isEmpty, "\(scene.problems)")
        let types = nodes(scene.view).map { "\($0.id ?? "-"):\($0.type)" }
        #expect(types == ["-:UIView", "label:UILabel", "button:UIButton", "later:UIButton", "image:UIImageView", "field:UITextField", "area:UITextView",
                          "search:UISearchBar", "toggle:UISwitch", "spinner:UIActivityIndicatorView", "progress:UIProgressView", "stack:UIView",
                          "inner:UILabel", "height:AnimatedConstraint", "grid:UICollectionView", "tileLabel:UILabel"])
        #expect(properties(try node("label", in: scene))["text"] == "Hello")
        #expect(properties(try node("button", in: scene))["title"] == "Go")
        #expect(properties(try node("later", in: scene)) == ["title": "Later", "enabled": false])
        #expect(properties(try node("image", in: scene))["wx_imageName"] == "bird")
        #expect(properties(try node("field", in: scene)) == ["text": "x", "placeholder": "Name"])
        #expect(properties(try node("area", in: scene)) == ["text": "Long text", "editable": false])
        #expect(properties(try node("search", in: scene))["placeholder"] == "Search")
        #expect(properties(try node("toggle", in: scene))["on"] == true)
        #expect(properties(try node("spinner", in: scene)) == ["hidden": true, "animating": true])
        #expect(properties(try node("progress", in: scene))["progress"] == 0.25)
        #expect(properties(try node("stack", in: scene)) == ["alpha": 0.5, "tag": 7])
        #expect(properties(try node("height", in: scene))["constant"] == 40.0)
        let grid = try node("grid", in: scene)
        #expect(grid.prototypes.map(\.reuseIdentifier) == ["Tile"])
        try makeElements(try #require(scene.view))
        let label = try node("label", in: scene)
        #expect(label.place.file == "Main.storyboard")
        #expect(label.place.location?.line == 10)
    }

    @Test func customClassesWidgetryKnowsAreKeptOthersFallBackToTheTag() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <view id="f1" customClass="FormDisplayView" customModule="WidgetKit">\(Self.attributes(Self.identifier("form")))</view>
            <view id="d1" customClass="ContentDisplayView">\(Self.attributes(Self.identifier("display")))</view>
            <textField id="t1" customClass="TextInputView">\(Self.attributes(Self.identifier("input")))</textField>
            <label id="l1" customClass="FancyLabel">\(Self.attributes(Self.identifier("fancy")))</label>
            <label id="l2" customClass="HostLabel">\(Self.attributes(Self.identifier("host")))</label>
            """)), elementTypes: ["HostLabel"])
        let scene = try #require(storyboard.scenes.first)
        #expect(try node("form", in: scene).type == "FormDisplayView")
        #expect(try node("display", in: scene).type == "ContentDisplayView")
        #expect(try node("input", in: scene).type == "TextInputView")
        #expect(try node("fancy", in: scene).type == "UILabel")
        #expect(try node("host", in: scene).type == "HostLabel")
        #expect(storyboard.warnings.isEmpty)
    }

    @Test func anUnknownElementIsKeptAsAPlainViewWithAWarning() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <mapView id="m1">\(Self.attributes(Self.identifier("map")))
                <subviews><label text="pin" id="l1">\(Self.attributes(Self.identifier("pin")))</label></subviews>
            </mapView>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(try node("map", in: scene).type == "UIView")
        #expect(try node("pin", in: scene).type == "UILabel", "its subviews are kept")
        #expect(storyboard.warnings.map(\.code) == [.unknownElement])
        #expect(storyboard.warnings.first?.description == "Main.storyboard:10:1: warning: <mapView> is not an element Widgetry models; it is kept as a plain view (UIView) [storyboard.unknown-element]")
    }

    // MARK: Runtime attributes

    @Test func runtimeAttributesBecomePropertiesExceptTheVisualOnes() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <textView id="t1">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="textView"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx_fieldName" value="text"/>
                    <userDefinedRuntimeAttribute type="number" keyPath="cornerRadius"><integer key="value" value="6"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="borderWidth"><real key="value" value="0.5"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="standardShadow" value="YES"/>
                    <userDefinedRuntimeAttribute type="color" keyPath="borderColor"><color key="value" white="1" alpha="1" colorSpace="calibratedWhite"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="wx.layoutHint.top"><integer key="value" value="31"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="3"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </textView>
            <view id="f1" customClass="FormDisplayView">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="formView"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="dublicateKeyPolicy"><string key="value">join</string></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </view>
            <textField id="t2">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="name"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.name" value="fullName"/>
                    <userDefinedRuntimeAttribute type="nil" keyPath="placeholder"/>
                </userDefinedRuntimeAttributes>
            </textField>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.problems.isEmpty)
        let textView = try node("textView", in: scene)
        #expect(textView.properties.map(\.key) == ["wx_fieldName", "cornerRadius", "borderWidth", "standardShadow"])
        #expect(properties(textView) == ["wx_fieldName": "text", "cornerRadius": 6, "borderWidth": 0.5, "standardShadow": true])
        #expect(properties(try node("formView", in: scene)) == ["dublicateKeyPolicy": "join"])
        #expect(properties(try node("name", in: scene)) == ["wx_fieldName": "fullName", "placeholder": nil])
        try makeElements(try #require(scene.view))
    }

    @Test func malformedRuntimeAttributesAreProblemsOfTheirScene() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <label id="l1">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="alpha" value="lots"/>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="hidden" value="maybe"/>
                    <userDefinedRuntimeAttribute type="string" value="x"/>
                    <userDefinedRuntimeAttribute type="number" keyPath="wx.identifier"><integer key="value" value="3"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </label>
            """), Self.screen("vc2", subviews: "")))
        let problems = try #require(storyboard.scene(id: "vc1")?.problems)
        #expect(problems.map(\.code) == [.storyboardAttribute, .storyboardAttribute, .storyboardAttribute, .storyboardAttribute])
        #expect(problems.map { $0.location?.line ?? 0 } == [12, 13, 14, 15])
        #expect(problems[0].description.hasPrefix("Main.storyboard:12:9: alpha is a number attribute whose value is \"lots\" [storyboard.attribute]"))
        #expect(storyboard.scene(id: "vc2")?.problems.isEmpty == true, "other scenes still open")
    }

    // MARK: Bindings and actions

    @Test func bindingsAreReadFromTheDictionaryBody() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", """
            customClass="ContentViewController"
            """, subviews: """
            <label id="N2G-J6-nj1">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;from&quot;: &quot;content.author.name&quot;, &quot;placeholder&quot;: &quot;&lt;Author&gt;&quot;"/>
                </userDefinedRuntimeAttributes>
            </label>
            <imageView id="img">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="avatar"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding">
                        <string key="value">"to": "wx_autoValue", "from": "content.author", "predicateFormat": "imageName != nil", "ifTrue": "$imageName", "ifFalse": null</string>
                    </userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </imageView>
            """, more: """
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="string" keyPath="serviceProviderClassName" value="StubServiceProvider"/>
                <userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;to&quot;: &quot;wx_dismissed&quot;, &quot;predicateFormat&quot;: &quot;content == nil&quot;"/>
            </userDefinedRuntimeAttributes>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.problems.isEmpty, "\(scene.problems)")
        #expect(scene.elements.map(\.id) == ["@self", "UILabel-1", "avatar"])
        let controller = scene.elements[0]
        #expect(controller.attrs.map(\.key) == ["serviceProviderClassName"])
        #expect(controller.bindings.map(\.to) == ["wx_dismissed"])
        let author = scene.elements[1].bindings[0]
        #expect(author.to == "wx_value")
        #expect(author.from == "content.author.name")
        #expect(author.placeholder == "<Author>")
        #expect(author.location?.line == 12)
        #expect(try node("UILabel-1", in: scene).type == "UILabel", "an element with a binding and no wx.identifier is named by its class and place")
        let avatar = scene.elements[2].bindings[0]
        #expect(avatar.to == "wx_autoValue")
        #expect(avatar.predicateFormat == "imageName != nil")
        #expect(avatar.ifTrue == "$imageName")
        #expect(avatar.ifFalse == JSONValue(.null))
        #expect(avatar.choosesResult)
    }

    @Test func aBindingThatIsNotADictionaryBodyIsAProblemAtItsAttribute() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <label id="l1">\(Self.attributes(#"<userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="from: content.text"/>"#))</label>
            <label id="l2">\(Self.attributes(#"<userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;form&quot;: &quot;content.text&quot;"/>"#))</label>
            <label id="l3">\(Self.attributes(#"<userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;from&quot;: 3"/>"#))</label>
            """)))
        let problems = try #require(storyboard.scenes.first?.problems)
        #expect(problems.map(\.code) == [.storyboardBinding, .storyboardBinding, .storyboardBinding])
        #expect(problems.map { $0.location.map { "\($0.line):\($0.column)" } ?? "" } == ["10:46", "11:46", "12:46"])
        #expect(problems[0].message.hasPrefix("wx.addBinding is not the body of a binding dictionary"))
        #expect(problems[1].message == "wx.addBinding has no key \"form\"")
        #expect(problems[2].message == "wx.addBinding: \"from\" must be a string, not integer")
    }

    @Test func actionsSentToTheControllerBecomeActionEntries() throws {
        let storyboard = try read(Self.document(Self.scene("vc1", #"storyboardIdentifier="Form" useStoryboardIdentifierAsRestorationIdentifier="YES""#, """
            <view key="view" id="root"/>
            <navigationItem key="navigationItem" title="New Post" id="nav">
                <barButtonItem key="leftBarButtonItem" title="Cancel" id="AC7-pd-IYU">
                    <connections><action selector="dismissAction:" destination="vc1" id="a1"/></connections>
                </barButtonItem>
                <rightBarButtonItems>
                    <barButtonItem systemItem="done" id="done">
                        <connections><action selector="doneWithSender:" destination="fr-vc1" id="a2"/></connections>
                    </barButtonItem>
                    <barButtonItem id="other">
                        <connections><action selector="tap:" destination="somewhere" id="a3"/></connections>
                    </barButtonItem>
                </rightBarButtonItems>
            </navigationItem>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.navigationItem?.title == "New Post")
        #expect(scene.elements.map(\.id) == ["UIBarButtonItem-1", "UIBarButtonItem-2"], "named by class and place: the ids are Interface Builder's")
        #expect(scene.elements.map { $0.action?.target } == ["@self", "@self"])
        #expect(scene.elements.map { $0.action?.selector } == ["dismissAction:", "doneWithSender:"])
        #expect(scene.navigationItem?.rightBarButtonItems.map { properties($0)["title"] } == ["Done", nil])
        #expect(storyboard.warnings.map(\.code) == [.ignoredConnection])
    }

    /// An element without a wx.identifier that needs a name is `<Class>-<n>`: every element of its
    /// class counts, named or not, in reading order; each cell prototype counts from one.
    @Test func elementsWithoutIdentifierAreNamedByClassAndPlace() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <label id="l1"/>
            <button id="b1">\(Self.attributes(Self.identifier("named")))</button>
            <view id="v1"><subviews>
                <button id="b2"><connections><action selector="dismissAction:" destination="vc1" id="a1"/></connections></button>
            </subviews></view>
            <tableView id="t1">
                \(Self.attributes(Self.identifier("tableView")))
                <prototypes>
                    <tableViewCell reuseIdentifier="Cell" id="c1">
                        <tableViewCellContentView key="contentView" id="c1-content"><subviews>
                            <button id="b3"><connections><action selector="dismissAction:" destination="vc1" id="a2"/></connections></button>
                        </subviews></tableViewCellContentView>
                    </tableViewCell>
                </prototypes>
            </tableView>
            <button id="b4"><connections><action selector="dismissAction:" destination="vc1" id="a3"/></connections></button>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.problems.isEmpty, "\(scene.problems)")
        #expect(scene.elements.map(\.id) == ["UIButton-2", "UIButton-1", "UIButton-3"], "the cell's button counts in its own prototype, not in the screen")
        #expect(try node("UIButton-3", in: scene).segue == nil)
        #expect(try node("named", in: scene).type == "UIButton")
        #expect(nodes(scene.view).compactMap(\.id).filter { $0.hasPrefix("UILabel") }.isEmpty, "a plain label needs no name")
    }

    /// `<outlet>` and `<outletCollection>` of views become outlets of their element, like a
    /// screen file's; the views they point at are named even without a wx.identifier. The
    /// controller's and a cell's own outlets are their classes' business and stay out.
    @Test func outletConnectionsOfViewsBecomeOutlets() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <view id="form" customClass="MediaUploadFormView">
                \(Self.attributes(Self.identifier("mediaForm")))
                <subviews>
                    <view id="box" customClass="UploadContainerView"/>
                    <progressView id="bar"/>
                    <textField id="f1"/>
                    <textField id="f2"/>
                </subviews>
                <constraints><constraint firstAttribute="height" constant="30" id="c1"/></constraints>
                <connections>
                    <outlet property="uploadContainer" destination="box" id="o1"/>
                    <outlet property="progressBar" destination="bar" id="o2"/>
                    <outletCollection property="optionalFields" destination="f1" id="o3"/>
                    <outletCollection property="optionalFields" destination="f2" id="o4"/>
                    <outlet property="heightConstraint" destination="c1" id="o5"/>
                </connections>
            </view>
            """, more: """
            <connections><outlet property="tableView" destination="f1" id="o6"/></connections>
            """)))
        let scene = try #require(storyboard.scenes.first)
        #expect(scene.problems.isEmpty, "\(scene.problems)")
        let form = try #require(scene.elements.first { $0.id == "mediaForm" })
        #expect(form.outlets.map { "\($0.property)=\($0.targets.joined(separator: ","))\($0.isArray ? "[]" : "")" }
            == ["uploadContainer=UIView-3", "progressBar=UIProgressView-1", "optionalFields=UITextField-1,UITextField-2[]"])
        #expect(form.outlets.first?.place.location?.line != nil, "placed at the connection")
        #expect(storyboard.warnings.map(\.message) == ["outlet heightConstraint of mediaForm points at c1, which is not an element; it is ignored"])
        #expect(!scene.elements.contains { $0.id == "@self" }, "the controller's own outlets stay out")
    }

    // MARK: Prototypes and identifiers

    @Test func tablesHaveHeaderFooterAndPrototypesWithTheirSegues() throws {
        let storyboard = try read(Self.document(Self.screen("feed", subviews: """
            <tableView id="tv">\(Self.attributes(Self.identifier("tableView")))
                <searchBar key="tableHeaderView" placeholder="Filter" id="sb">\(Self.attributes(Self.identifier("searchBar")))</searchBar>
                <view key="tableFooterView" id="footer"><subviews>
                    <activityIndicatorView id="ai">\(Self.attributes(Self.identifier("spinner")))</activityIndicatorView>
                </subviews></view>
                <prototypes>
                    <tableViewCell reuseIdentifier="Cell" id="c1" customClass="ContentTableViewCell">
                        <tableViewCellContentView key="contentView" id="c1-content"><subviews>
                            <view id="d1" customClass="ContentDisplayView"><subviews>
                                <label id="x1">\(Self.attributes(Self.identifier("title")))</label>
                            </subviews></view>
                        </subviews></tableViewCellContentView>
                        <connections><segue destination="details" kind="show" id="seg-1"/></connections>
                    </tableViewCell>
                    <tableViewCell reuseIdentifier="TextCell" id="c2">
                        <tableViewCellContentView key="contentView" id="c2-content"><subviews>
                            <label id="x2">\(Self.attributes(Self.identifier("title")))</label>
                        </subviews></tableViewCellContentView>
                        <connections><segue destination="details" kind="show" identifier="showText" id="seg-2"/></connections>
                    </tableViewCell>
                    <tableViewCell id="c3"/>
                </prototypes>
            </tableView>
            """), Self.screen("details", subviews: "")))
        let scene = try #require(storyboard.scene(id: "feed"))
        #expect(scene.problems.isEmpty, "\(scene.problems)")
        let table = try node("tableView", in: scene)
        #expect(table.header?.id == "searchBar")
        #expect(table.footer?.children.map(\.id) == ["spinner"])
        #expect(table.prototypes.map(\.reuseIdentifier) == ["Cell", "TextCell"])
        #expect(table.prototypes[0].children.map(\.type) == ["ContentDisplayView"])
        #expect(table.prototypes[0].children[0].children.map(\.id) == ["title"])
        #expect(table.prototypes.map(\.segue) == ["segue-1", "showText"], "the identifier, else segue-<n>")
        #expect(scene.segues.map(\.destination) == ["Scene-details", "Scene-details"])
        #expect(storyboard.warnings.map(\.code) == [.missingReuseIdentifier])
        try makeElements(try #require(scene.view))
    }

    @Test func identifiersMustBeUniqueExceptAcrossCells() throws {
        let storyboard = try read(Self.document(Self.screen("vc1", subviews: """
            <label id="l1">\(Self.attributes(Self.identifier("title")))</label>
            <label id="l2">\(Self.attributes(Self.identifier("title")))</label>
            <tableView id="tv">\(Self.attributes(Self.identifier("tableView")))
                <prototypes>
                    <tableViewCell reuseIdentifier="A" id="c1"><tableViewCellContentView key="contentView" id="k1"><subviews>
                        <label id="x1">\(Self.attributes(Self.identifier("name")))</label>
                        <label id="x2">\(Self.attributes(Self.identifier("name")))</label>
                    </subviews></tableViewCellContentView></tableViewCell>
                    <tableViewCell reuseIdentifier="B" id="c2"><tableViewCellContentView key="contentView" id="k2"><subviews>
                        <label id="x3">\(Self.attributes(Self.identifier("name")))</label>
                        <label id="x4">\(Self.attributes(Self.identifier("tableView")))</label>
                    </subviews></tableViewCellContentView></tableViewCell>
                </prototypes>
            </tableView>
            """)))
        let problems = try #require(storyboard.scenes.first?.problems)
        #expect(problems.map(\.code) == Array(repeating: .storyboardDuplicateIdentifier, count: 3))
        #expect(problems.map(\.message) == ["identifier title is used twice (first at line 10)", "identifier name is used twice (first at line 15)",
                                            "identifier tableView is used twice (first at line 12)"])
    }

    // MARK: Segues and navigation controllers

    @Test func seguesKeepTheirKindAndReachTheRootOfNavigationControllers() throws {
        let storyboard = try read(Self.document(
            Self.scene("nav", tag: "navigationController", """
                <navigationBar key="navigationBar" id="bar"/>
                <connections><segue destination="feed" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                """),
            Self.screen("feed", #"storyboardIdentifier="FeedViewController" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: """
                <button id="b-show"><connections><segue destination="details" kind="show" identifier="open" id="s1"/></connections></button>
                <button id="b-push"><connections><segue destination="details" kind="push" id="s2"/></connections></button>
                <button id="b-modal"><connections><segue destination="details" kind="presentation" id="s3"/></connections></button>
                <button id="b-nav"><connections><segue destination="formNav" kind="show" id="s4"/></connections></button>
                <button id="b-embed"><connections><segue destination="details" kind="embed" id="s5"/></connections></button>
                <button id="b-tabs"><connections><segue destination="tabs" kind="show" id="s6"/></connections></button>
                """, more: """
                <navigationItem key="navigationItem" id="ni">
                    <barButtonItem key="rightBarButtonItem" systemItem="add" id="plus">
                        <connections><segue destination="formNav" kind="presentation" id="s7"/></connections>
                    </barButtonItem>
                </navigationItem>
                <connections>
                    <outlet property="tableView" destination="b-show" id="o1"/>
                    <segue destination="details" kind="show" identifier="Cell" id="s8"/>
                    <segue destination="details" kind="unwind" unwindAction="back:" id="s9"/>
                </connections>
                """),
            Self.scene("formNav", tag: "navigationController", """
                <connections><segue destination="form" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                """),
            Self.screen("form", #"restorationIdentifier="NewPostViewController""#, subviews: ""),
            Self.screen("details", subviews: ""),
            Self.scene("tabs", tag: "tabBarController"),
            initial: "nav"))
        #expect(storyboard.entryScreen == "FeedViewController")
        #expect(storyboard.initialControllerID == "nav")
        let feed = try #require(storyboard.scene(named: "FeedViewController"))
        #expect(feed.restorationIdentifier == "FeedViewController")
        #expect(feed.problems.isEmpty, "\(feed.problems)")
        #expect(feed.segues.map { "\($0.id) \($0.kind.rawValue) \($0.destination)" } == [
            "open show Scene-details", "segue-2 show Scene-details", "segue-3 present Scene-details", "segue-4 present NewPostViewController",
            "segue-5 present NewPostViewController", "Cell show Scene-details",
        ])
        #expect(try node("UIButton-1", in: feed).segue == "open")
        #expect(try node("UIBarButtonItem-1", in: feed).segue == "segue-5")
        #expect(properties(try node("UIBarButtonItem-1", in: feed))["title"] == "+")
        #expect(try node("UIButton-5", in: feed).segue == nil, "an embed segue is not performed")
        #expect(storyboard.warnings.map(\.code) == [.unsupportedSegue, .unsupportedSegue, .unsupportedSegue])
        #expect(storyboard.warnings.map(\.message) == ["embed segues are not performed", "a segue leads to UITabBarController Scene-tabs, which Widgetry does not run",
                                                       "unwind segues are not performed"])
        #expect(storyboard.scene(named: "NewPostViewController")?.restorationIdentifier == "NewPostViewController")
        #expect(storyboard.shownScene(for: "formNav")?.name == "NewPostViewController")
    }

    @Test func brokenSeguesAreProblemsAndLoopsOfNavigationControllersEnd() throws {
        let storyboard = try read(Self.document(
            Self.scene("navA", tag: "navigationController", #"<connections><segue destination="navB" kind="relationship" relationship="rootViewController" id="r1"/></connections>"#),
            Self.scene("navB", tag: "navigationController", #"<connections><segue destination="navA" kind="relationship" relationship="rootViewController" id="r2"/></connections>"#),
            Self.scene("empty", tag: "navigationController"),
            Self.screen("vc1", subviews: """
                <button id="b1"><connections><segue kind="show" id="s1"/></connections></button>
                <button id="b2"><connections><segue destination="nowhere" kind="show" id="s2"/></connections></button>
                <button id="b3"><connections><segue destination="navA" kind="presentation" id="s3"/></connections></button>
                <button id="b4"><connections><segue destination="empty" kind="presentation" id="s4"/></connections></button>
                <button id="b5"><connections><segue destination="vc1" kind="show" identifier="again" id="s5"/></connections></button>
                <button id="b6"><connections><segue destination="vc1" kind="show" identifier="again" id="s6"/></connections></button>
                """),
            initial: "navA"))
        #expect(storyboard.entryScreen == nil)
        let problems = try #require(storyboard.scene(id: "vc1")?.problems)
        #expect(problems.map(\.code) == Array(repeating: .storyboardSegue, count: 5))
        #expect(problems.map(\.message) == [
            "a show segue has no destination",
            "a segue leads to nowhere, which is not a controller of the storyboard",
            "a segue leads to navigation controller Scene-navA, which has no root view controller",
            "a segue leads to navigation controller Scene-empty, which has no root view controller",
            "two segues of Scene-vc1 are named again",
        ])
        #expect(storyboard.scene(id: "vc1")?.segues.map(\.id) == ["again"], "a segue to its own scene is fine")
    }

    @Test func scenesAreNamedByRestorationIdentifierStoryboardIdentifierOrID() throws {
        let storyboard = try read(Self.document(
            Self.screen("a", #"storyboardIdentifier="First" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: ""),
            Self.screen("b", #"restorationIdentifier="Second""#, subviews: ""),
            Self.screen("c", #"storyboardIdentifier="Third""#, subviews: ""),
            Self.screen("d", subviews: ""),
            Self.screen("e", #"restorationIdentifier="First""#, subviews: ""),
            Self.scene("f", #"title="Settings""#, tag: "tableViewController", """
                <tableView key="view" dataMode="static" id="tv">\(Self.attributes(Self.identifier("settings")))
                    <sections><tableViewSection id="sec"><cells>
                        <tableViewCell id="cell1"><tableViewCellContentView key="contentView" id="cc1"><subviews>
                            <switch on="YES" id="sw">\(Self.attributes(Self.identifier("showAvatars")))</switch>
                        </subviews></tableViewCellContentView></tableViewCell>
                    </cells></tableViewSection></sections>
                </tableView>
                """),
            initial: "missing"))
        #expect(storyboard.scenes.map(\.name) == ["First", "Second", "Third", "Scene-d", "First", "Scene-f"])
        #expect(storyboard.scenes.map(\.restorationIdentifier) == ["First", "Second", nil, nil, "First", nil])
        #expect(storyboard.scenes.map(\.className) == ["UIViewController", "UIViewController", "UIViewController", "UIViewController",
                                                       "UIViewController", "UITableViewController"])
        #expect(storyboard.warnings.map(\.code) == [.unknownInitialController, .noRestorationIdentifier, .duplicateScreen], "in document order")
        #expect(storyboard.initialControllerID == nil)
        let settings = try #require(storyboard.scene(id: "f"))
        #expect(settings.kind == .tableViewController)
        #expect(settings.view?.type == "UITableView")
        #expect(settings.navigationItem?.title == "Settings", "the controller's title")
        #expect(properties(try node("showAvatars", in: settings))["on"] == true, "static cells are views of the table")
    }

    @Test func theNavigationItemHoldsItsTitleViewAndBarButtonItems() throws {
        let storyboard = try read(Self.document(Self.scene("vc1", "", """
            <view key="view" id="root"/>
            <navigationItem key="navigationItem" id="ni">
                <nil key="title"/>
                <barButtonItem key="backBarButtonItem" title=" " id="back"/>
                <view key="titleView" id="tv"><subviews>
                    <label text="Name" id="tl">\(Self.attributes(Self.identifier("titleLabel")))</label>
                </subviews></view>
                <leftBarButtonItems>
                    <barButtonItem title="Sign in" id="l1">\(Self.attributes(Self.identifier("signInButton")))</barButtonItem>
                    <barButtonItem enabled="NO" id="l2">
                        <button key="customView" id="news"><state key="normal" title="News! (0)"/>\(Self.attributes(Self.identifier("newsButton")))</button>
                    </barButtonItem>
                </leftBarButtonItems>
            </navigationItem>
            """)))
        let item = try #require(storyboard.scenes.first?.navigationItem)
        #expect(item.title == nil)
        #expect(item.titleView?.children.map(\.id) == ["titleLabel"])
        #expect(item.leftBarButtonItems.map(\.id) == ["signInButton", nil])
        #expect(item.leftBarButtonItems.map { properties($0)["title"] } == ["Sign in", nil])
        #expect(properties(item.leftBarButtonItems[1])["enabled"] == false)
        #expect(item.leftBarButtonItems[1].children.map(\.id) == ["newsButton"])
        #expect(item.rightBarButtonItems.isEmpty)
    }

    // MARK: Documents that are not storyboards

    @Test func malformedXMLIsAnErrorAtItsLineAndColumn() {
        let found = errors("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
                <scenes>
                    <scene sceneID="a"><objects><viewController id="x" sceneMemberID="viewController"></objects></scene>
                </scenes>
            </document>
            """)
        #expect(found.map(\.code) == [.storyboardXML])
        #expect(found.first?.location?.line == 4)
        #expect(found.first?.description.hasPrefix("Main.storyboard:4:") == true)
        #expect(found.first?.message.hasPrefix("malformed XML:") == true)
        #expect(errors("").map(\.code) == [.storyboardXML])
        #expect(errors("<document").map(\.code) == [.storyboardXML])
    }

    @Test func aDocumentThatIsNotAnIOSStoryboardIsRefused() {
        let model = errors(#"<model type="com.apple.IDECoreDataModeler.DataModel"/>"#)
        #expect(model.map(\.code) == [.storyboardNotStoryboard])
        #expect(model.first?.message == "<model> is not an iOS storyboard")
        let xib = errors(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"/>"#)
        #expect(xib.first?.message == "a document of type com.apple.InterfaceBuilder3.CocoaTouch.XIB is not an iOS storyboard")
    }

    @Test func oddInputNeverCrashes() throws {
        let inputs = [
            "<document/>",
            "<document><scenes><scene/><scene><objects/></scene></scenes></document>",
            #"<document><scenes><scene><objects><viewController sceneMemberID="viewController"><view key="view"><subviews><label/><tableView><prototypes><tableViewCell reuseIdentifier="C"/></prototypes></tableView></subviews></view></viewController></objects></scene></scenes></document>"#,
            #"<document initialViewController=""><scenes><scene><objects><navigationController id="n" sceneMemberID="viewController"><connections><segue destination="n" kind="relationship" relationship="rootViewController"/></connections></navigationController></objects></scene></scenes></document>"#,
            String(repeating: "<view>", count: 200) + String(repeating: "</view>", count: 200),
        ]
        for input in inputs {
            do {
                let storyboard = try read(input)
                _ = storyboard.entryScreen
                for scene in storyboard.scenes { _ = storyboard.shownScene(for: scene.id) }
            } catch is ScreenErrors {
                // A located error is a fine answer.
            }
        }
        // Nesting far deeper than any storyboard is a located error, not a stack overflow.
        let deep = Self.document(Self.screen("vc1", subviews: String(repeating: "<view><subviews>", count: 20_000)
            + String(repeating: "</subviews></view>", count: 20_000)))
        #expect(errors(deep).map(\.message) == ["malformed XML: elements are nested more than 512 deep (XMLLimits.maxDepth)"])
        let loop = try read(inputs[3])
        #expect(loop.entryScreen == nil)
        #expect(loop.shownScene(for: "n") == nil)
    }
}
