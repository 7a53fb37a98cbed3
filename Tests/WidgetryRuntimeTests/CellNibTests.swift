import Foundation
import Testing
import WidgetryBundle
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// `cellNibNames`: each name registers `<name>.xib` as the prototype of reuse identifier
/// `<name>` in the controller's table, the table being its `tableView` outlet or the first of
/// its `elements` (upstream's `tableView` is `elements.first`).
struct CellNibTests {
    /// A xib as Xcode writes one for a cell: the File's Owner placeholder, then the cell.
    static func xib(reuseIdentifier: String, labelID: String, binding: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tableViewCell reuseIdentifier="\(reuseIdentifier)" id="c1" customClass="ContentTableViewCell" customModule="WidgetKit">
                    <tableViewCellContentView key="contentView" id="c1-content">
                        <subviews>
                            <label text="-" id="l1">
                                <userDefinedRuntimeAttributes>
                                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="\(labelID)"/>
                                    <userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;from&quot;: &quot;\(binding)&quot;"/>
                                </userDefinedRuntimeAttributes>
                                <connections>
                                    <outlet property="partner" destination="b1" id="o1"/>
                                </connections>
                            </label>
                            <button id="b1">
                                <connections>
                                    <action selector="tap:" destination="-1" eventType="touchUpInside" id="a1"/>
                                </connections>
                            </button>
                        </subviews>
                    </tableViewCellContentView>
                </tableViewCell>
            </objects>
        </document>
        """
    }

    static let screen = #"""
        {"objects": {
           "load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
           "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "name"}},
           "table": {"type": "TableDisplayController", "attrs": {"cellIdentifier": "Row", "cellNibNames": ["Row", "Spare"]},
                     "outlets": {"mainContentProvider": "items", "elements": ["list"]}}},
         "views": {"type": "UIView", "children": [{"id": "list", "type": "UITableView",
           "prototypes": [{"reuseIdentifier": "Row", "children": [{"id": "old", "type": "UILabel"}]}]}]}}
        """#

    @Test func registeredXibsAreTheRowsOfTheControllersTable() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("Base.lproj"), withIntermediateDirectories: true)
        try ItemScreenBundle.write(["Row.xib": Self.xib(reuseIdentifier: "Other", labelID: "title", binding: "content.name"),
                                    "Base.lproj/Spare.xib": Self.xib(reuseIdentifier: "Spare", labelID: "code", binding: "content.itemId")],
                                   to: scratch.path)
        let run = try ItemScreenBundle.run(screen: Self.screen, in: scratch)
        await run.run()
        let rows = try #require(run.screen.tables["table"]?.sections.first?.rows)
        #expect(rows.map(\.reuseIdentifier) == ["Row"], "registered under the nib's name, not the cell's own reuseIdentifier")
        #expect(rows.first?.elements.map(\.id) == ["title", "UIButton-1"], "the xib replaces the storyboard prototype; the button is named as an outlet's end")
        #expect(rows.first?.elements.first?.element.value(forKey: "text") == "one")
        let document = try ScreenSource.document(named: "S", in: try WidgetBundle(directory: scratch.path))
        let table = try #require(document.view?.children.first)
        #expect(table.prototypes.map(\.reuseIdentifier) == ["Row", "Spare"], "Spare.xib found in Base.lproj")
        #expect(table.prototypes.first?.place.file == "Row.xib")
        #expect(document.warnings.map(\.code) == [.ignoredConnection, .ignoredConnection], "an action to the File's Owner reaches nothing")
        #expect(document.objects.first { $0.id == "table" }?.outlets.map(\.property) == ["mainContentProvider", "elements", "tableView"])
        #expect(document.elements.first { $0.id == "title" }?.outlets.map { "\($0.property)=\($0.targets)" } == ["partner=[\"UIButton-1\"]"],
                "a xib's outlets are read like a storyboard's")
    }

    @Test func aMissingOrForeignXibIsAProblemAtItsName() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try ItemScreenBundle.write(["Spare.xib": #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB"><objects/></document>"#],
                                   to: scratch.path)
        try ItemScreenBundle.write(["Info.json": ItemScreenBundle.info, "Model.json": ItemScreenBundle.model, "S.json": #"{"S": \#(Self.screen)}"#],
                                   to: scratch.path)
        let bundle = try WidgetBundle(directory: scratch.path)
        let error = #expect(throws: ScreenErrors.self) { try ScreenSource.document(named: "S", in: bundle) }
        let problems = error?.errors ?? []
        #expect(problems.map(\.code) == [.cellNib, .cellNib])
        #expect(problems.first?.message == "cellNibNames of table registers Row.xib, which the bundle does not have")
        #expect(problems.first?.pointer?.description == "/S/objects/table/attrs/cellNibNames/0")
        #expect(problems.first?.location?.line == 4)
        #expect(problems.last?.file == "Spare.xib")
        #expect(problems.last?.message == "Spare.xib is not an iOS xib")
    }
}
