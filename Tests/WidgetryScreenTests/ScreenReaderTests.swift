import Foundation
import Testing
import WidgetryJSON
import WidgetryScreen
import WidgetryTestSupport

/// Screen files: objects, elements and views in document order, and every problem located.
struct ScreenReaderTests {
    static let feed = URL(fileURLWithPath: Samples.widget("Feed"))

    private func read(_ name: String) throws -> ScreenDocument {
        let bytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("\(name).json")))
        return try ScreenReader.read(JSONParser.parse(bytes, fileName: "\(name).json"), screen: name, file: "\(name).json")
    }

    private func errors(_ text: String) -> [ScreenError] {
        do {
            _ = try ScreenReader.read(JSONParser.parse(text, fileName: "S.json"), screen: "S", file: "S.json")
            return []
        } catch let error as ScreenErrors {
            return error.errors
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test func theFeedScreenReadsInDocumentOrder() throws {
        let screen = try read("FeedViewController")
        #expect(screen.objects.map(\.id) == ["currentUserProvider", "homeFeedContentProvider", "currentUserDisplayController",
                                              "tableDisplayController", "currentUserAction", "homeFeedStatusController", "searchController"])
        #expect(screen.objects[5].alias == "homeFeedStatus")
        #expect(screen.objects[3].outlets.map(\.property) == ["mainContentProvider", "searchController", "emptyDataView", "tableView"])
        #expect(screen.elements.map(\.id) == ["@self", "titleLabel", "footerActivityIndicator", "avatarView", "textLabel", "authorLabel", "timeLabel"])
        #expect(screen.elements[3].bindings.first?.to == "wx_imageName")
        #expect(screen.elements[1].bindings.first?.to == "wx_value")
        let table = try #require(screen.view?.children.last)
        #expect(table.type == "UITableView")
        #expect(table.header?.id == "searchBar")
        #expect(table.prototypes.first?.children.map(\.id) == ["avatarView", "textLabel", "authorLabel", "timeLabel"])
        #expect(screen.navigationItem?.titleView?.id == "titleLabel")
        #expect(table.prototypes.first?.segue == "showPost")
        #expect(screen.segues.map(\.id) == ["showPost", "newPost"])
        #expect(screen.segues.map(\.destination) == ["PostDetailsViewController", "NewPostViewController"])
        #expect(screen.segues.map(\.kind) == [.show, .present])
    }

    @Test func theNewPostScreenHasAFormRoot() throws {
        let screen = try read("NewPostViewController")
        #expect(screen.view?.type == "FormDisplayView")
        #expect(screen.view?.id == "formView")
        #expect(screen.objects.first?.outlets.map(\.targets) == [["formView"], ["postButton"]])
        #expect(screen.objects.last?.outlets.first?.isArray == true)
    }

    @Test func everyProblemIsReportedAtItsPlace() {
        let found = errors("""
            {"S": {
              "objects": {"a": {"type": "X", "bindings": []}, "b": {"attrs": {}}, "***": ["comment"]},
              "elements": {"e": {"binding": []}, "f": {"bindings": {"from": "x"}}},
              "views": {"type": "UIView", "children": [{"id": "v", "type": "UILabel"}, {"id": "v", "type": "UILabel"}, {"id": "w"}]},
              "segues": {"s": {"destination": "T", "kind": "slide"}},
              "extra": 1}}
            """)
        #expect(found.map(\.code) == [.unknownKey, .missingKey, .unknownKey, .wrongType, .duplicateID, .missingKey, .invalidValue, .unknownKey])
        #expect(found.first?.location?.line == 2)
        #expect(found.first?.pointer?.description == "/S/objects/a/bindings")
        #expect(found[2].message.contains("\"binding\""))
        #expect(found.last?.message.contains("\"extra\"") == true)
    }

    @Test func aFileWithoutItsScreenKeyIsAnError() {
        let found = errors(#"{"Other": {}}"#)
        #expect(found.map(\.code) == [.missingScreen])
        #expect(found.first?.hint?.contains("{\"S\"") == true)
    }

    /// Cells may share ids (one entry configures the same element of every cell); an id used
    /// twice in one cell, or by a cell and the controller, is an error (§2.5).
    @Test func cellsMayShareIdsButNotWithinACellOrWithTheController() {
        let shared = #"""
            {"S": {"views": {"type": "UITableView", "prototypes": [
              {"reuseIdentifier": "A", "children": [{"id": "name", "type": "UILabel"}]},
              {"reuseIdentifier": "B", "children": [{"id": "name", "type": "UILabel"}]}]}}}
            """#
        #expect(errors(shared).isEmpty)
        let twiceInACell = #"""
            {"S": {"views": {"type": "UITableView", "prototypes": [
              {"reuseIdentifier": "A", "children": [{"id": "name", "type": "UILabel"}, {"id": "name", "type": "UILabel"}]}]}}}
            """#
        #expect(errors(twiceInACell).map(\.code) == [.duplicateID])
        let cellAndController = #"""
            {"S": {"views": {"id": "name", "type": "UITableView", "prototypes": [
              {"reuseIdentifier": "A", "children": [{"id": "name", "type": "UILabel"}]}]}}}
            """#
        #expect(errors(cellAndController).map(\.code) == [.duplicateID])
        #expect(errors(cellAndController).first?.location?.line == 2)
    }

    /// Each repeat of an id names where it was first used, as a storyboard's repeats do, also
    /// the third use within one cell.
    @Test func everyRepeatInACellNamesTheFirstUse() {
        let thrice = #"""
            {"S": {"views": {"type": "UITableView", "prototypes": [
              {"reuseIdentifier": "A", "children": [
                {"id": "name", "type": "UILabel"},
                {"id": "name", "type": "UILabel"},
                {"id": "name", "type": "UILabel"}]}]}}}
            """#
        #expect(errors(thrice).map(\.message) == ["view id name is used twice (first at line 3)", "view id name is used twice (first at line 3)"])
    }
}
