import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryTestSupport
@testable import WidgetryLanguageServer

/// Definition and references of an entity's attributes (in Model.json or an Xcode model) and of
/// outlets naming a view a storyboard defines.
@Suite(.timeLimit(.minutes(2))) struct AttributeAndDesignDefinitionTests {
    @Test func anAttributeInAKeyPathGoesToTheModelAndTheModelsAttributeToItsKeyPaths() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let uri = workspace.uri(Workspace.screen)
        let model = try workspace.text("Model.json")

        // A binding's key path and a provider's sort key, to the attribute's key in Model.json.
        let binding = try #require(Workspace.position(of: #""from": "content.text""#, in: text))
        let text1 = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: binding.line, character: binding.character + 19)))
        #expect(text1.array?.map { $0["uri"] } == [.string(workspace.uri("Model.json"))])
        #expect(text1[0]?["range"] == (try DefinitionTests.range(of: "text", after: "        \"", in: model)))
        let sort = try #require(Workspace.position(of: #""sortByFields": "stars""#, in: text))
        let stars = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: sort.line, character: sort.character + 18)))
        #expect(stars[0]?["range"] == (try DefinitionTests.range(of: "stars", after: "        \"", in: model)))
        // Not an attribute: the object a binding starts from.
        let count = try #require(Workspace.position(of: #""from": "notesProvider.totalCount""#, in: text))
        let total = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: count.line, character: count.character + 25)))
        #expect(total == .null)

        // The attribute's references: the sort key and the predicate reading it in the cell.
        let declared = try #require(Workspace.position(of: #""stars": {"#, in: model))
        let references = try await client.result(client.request("textDocument/references", #"""
            {"textDocument":{"uri":"\#(workspace.uri("Model.json"))"},"position":{"line":\#(declared.line),"character":\#(declared.character + 2)},"context":{"includeDeclaration":false}}
            """#))
        #expect(references.array?.map { $0["uri"] } == [.string(uri), .string(uri)])
        #expect(references[0]?["range"] == (try DefinitionTests.range(of: "stars", after: #""sortByFields": ""#, in: text)))
        #expect(references[1]?["range"] == (try DefinitionTests.range(of: "stars", after: #""predicateFormat": ""#, in: text)))
        try await client.finish()
    }

    @Test func inTheStoryboardLayoutAnOutletGoesToTheStoryboardAndAnAttributeToTheXcodeModel() async throws {
        let demo = try TemporaryDirectory()
        defer { demo.remove() }
        let bundle = try demo.copy(of: Samples.file("Tests/Fixtures/WidgetDemo"), as: "WidgetDemo")
        let client = await ServerClient()
        _ = try await client.initialize(folders: [demo.path])
        _ = try await client.collect(under: bundle)
        let screen = try String(contentsOfFile: bundle + "/FeedViewController.json", encoding: .utf8)
        let uri = URL(fileURLWithPath: bundle + "/FeedViewController.json").absoluteString
        let storyboardFile = bundle + "/Base.lproj/Main.storyboard"
        let storyboard = try String(contentsOfFile: storyboardFile, encoding: .utf8)
        let storyboardURI = URL(fileURLWithPath: storyboardFile).absoluteString

        // The outlet names the view whose wx.identifier is emptyDataView.
        let outlet = try #require(Workspace.position(of: #""emptyDataView": "emptyDataView""#, in: screen))
        let view = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: outlet.line, character: outlet.character + 20)))
        #expect(view.array?.map { $0["uri"] } == [.string(storyboardURI)])
        #expect(view[0]?["range"] == (try DefinitionTests.range(of: "emptyDataView", after: #"keyPath="wx.identifier" value=""#, in: storyboard)))
        // And back: from the storyboard to the screen file's outlet.
        let designed = try #require(Workspace.position(of: #"value="emptyDataView""#, in: storyboard))
        let references = try await client.result(client.request("textDocument/references", #"""
            {"textDocument":{"uri":"\#(storyboardURI)"},"position":{"line":\#(designed.line),"character":\#(designed.character + 8)},"context":{"includeDeclaration":false}}
            """#))
        #expect(references.array?.map { $0["uri"] }.contains(.string(uri)) == true, "\(references)")
        #expect(references.array?.contains { $0["range"] == (try? DefinitionTests.range(of: "emptyDataView", after: #""emptyDataView": ""#, in: screen)) } == true)

        // An attribute of the Xcode model: the name of its element.
        let contents = bundle + "/Model.xcdatamodeld/Model.xcdatamodel/contents"
        let sort = try #require(Workspace.position(of: #""sortByFields": "timestamp""#, in: screen))
        let attribute = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: sort.line, character: sort.character + 20)))
        #expect(attribute.array?.map { $0["uri"] } == [.string(URL(fileURLWithPath: contents).absoluteString)])
        #expect(attribute[0]?["range"] == (try DefinitionTests.range(of: "timestamp", after: #"<attribute name=""#, in: try String(contentsOfFile: contents, encoding: .utf8))))
        try await client.finish()
    }

    @Test func aCellElementOfAXibGoesToItsWxIdentifierInTheXib() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = directory.path + "/Cells"
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell reuseIdentifier="Row" id="c1" customClass="ContentTableViewCell" customModule="WidgetKit">
                        <tableViewCellContentView key="contentView" id="c1-content">
                            <subviews>
                                <label text="-" id="l1">
                                    <userDefinedRuntimeAttributes>
                                        <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="title"/>
                                    </userDefinedRuntimeAttributes>
                                </label>
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        let screen = #"""
            {"S": {"objects": {
               "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "name"}},
               "table": {"type": "TableDisplayController", "attrs": {"cellIdentifier": "Row", "cellNibNames": ["Row"]},
                         "outlets": {"mainContentProvider": "items", "tableView": "list"}}},
             "elements": {"title": {"bindings": [{"from": "content.name"}]}},
             "views": {"type": "UIView", "children": [{"id": "list", "type": "UITableView"}]}}}
            """#
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        for (name, text) in [("Info.json", #"{"identifier": "test.cells", "formatVersion": 1, "entryScreen": "S"}"#),
                             ("Model.json", #"{"entities": {"Item": {"attributes": {"name": {"type": "String"}}}}}"#),
                             ("S.json", screen), ("Row.xib", xib)] {
            try text.write(toFile: bundle + "/" + name, atomically: true, encoding: .utf8)
        }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [directory.path])
        _ = try await client.collect(under: bundle)
        let entry = try #require(Workspace.position(of: #""title": {"#, in: screen))
        let places = try await client.result(client.request("textDocument/definition", positionParams(
            uri: URL(fileURLWithPath: bundle + "/S.json").absoluteString, line: entry.line, character: entry.character + 3)))
        let inXib = places.array?.filter { $0["uri"] == .string(URL(fileURLWithPath: bundle + "/Row.xib").absoluteString) }
        #expect(inXib?.count == 1, "\(places)")
        #expect(inXib?.first?["range"] == (try DefinitionTests.range(of: "title", after: #"keyPath="wx.identifier" value=""#, in: xib)))
        try await client.finish()
    }
}
