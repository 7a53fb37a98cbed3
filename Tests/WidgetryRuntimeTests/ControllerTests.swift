import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryService
import WidgetryStore
import WidgetryTestSupport

/// Mediating controllers beyond the Feed sample, each in a small generated bundle.
struct ControllerTests {
    static let model = #"""
        {"entities": {
          "Group": {"identityAttribute": "key", "attributes": {"key": {"type": "String", "JSONKeyPath": "key"}},
            "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "group", "JSONKeyPath": "items"}}},
          "Item": {"identityAttribute": "key", "attributes": {
            "key": {"type": "String", "JSONKeyPath": "key"}, "name": {"type": "String", "JSONKeyPath": "name"},
            "rank": {"type": "Integer 32", "default": 0, "JSONKeyPath": "rank"}},
            "relationships": {"group": {"destination": "Group", "inverse": "items"}}}}}
        """#
    static let stub = #"""
        {"options": {"debugDelay": 0}, "defaults": {"baseUrl": "https://stub.test/"},
         "actions": {
           "groups": {"resultType": "[Group]", "response": [{"key": "g", "items": [
             {"key": "a", "name": "Alpha", "rank": 3}, {"key": "b", "name": "Beta", "rank": 1}, {"key": "c", "name": "Gamma", "rank": 2}]}]},
           "tick": {"response": {"ok": true}}}}
        """#

    /// Runs screen `S` (its JSON body) in a bundle with the model, the stub and `files`.
    private func run(_ screen: String, files: [String: String] = [:], for duration: Double = .infinity,
                     options: WidgetRun.Options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0)),
                     configure: (WidgetRun) -> Void = { _ in }) async throws -> WidgetRun {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        var all = files
        all["Info.json"] = #"{"identifier": "test.controllers", "entryScreen": "S", "formatVersion": 1}"#
        all["Model.json"] = Self.model
        all["StubService.json"] = files["StubService.json"] ?? Self.stub
        all["S.json"] = #"{"S": \#(screen)}"#
        for (name, text) in all { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        let loaded = try await BundleLoader().load(try BundleSource(argument: directory))
        let widget = try WidgetRun(bundle: loaded.bundle, options: options)
        configure(widget)
        await widget.run(until: duration)
        return widget
    }

    private func rows(_ widget: WidgetRun, _ controller: String, label: String = "name") -> [String] {
        (widget.screen.tables[controller]?.sections.flatMap(\.rows) ?? []).map { row in
            row.elements.first { $0.id == label }?.element.value(forKey: "text").stringValue ?? "?"
        }
    }

    private let cellViews = #"""
        "views": {"type": "UIView", "children": [{"id": "list", "type": "UITableView", "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "name", "type": "UILabel"}]}]}]}
        """#

    @Test func anItemsCollectionListsTheMasterObjectsItemsFilteredAndSorted() async throws {
        let widget = try await run(#"""
            {"objects": {
               "load": {"type": "OnLoadActionController", "attrs": {"actionName": "groups"}},
               "groups": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Group", "resultChain": ["wx_first"]}},
               "content": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "groups"}},
               "items": {"type": "ItemsCollection", "attrs": {"masterKeyPath": "items", "predicateFormat": "rank > 1", "sortByFields": "name", "sortAscending": false}},
               "table": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "items", "tableView": "list"}}},
             "elements": {"name": {"bindings": [{"from": "content.name"}]}, "@self": {"bindings": [{"to": "title", "from": "content.key"}]}},
             \#(cellViews)}
            """#)
        // ItemsCollection never fetches by itself (§3.2): without a master object it is empty.
        #expect(rows(widget, "table").isEmpty)
        let items = try #require(widget.screen.objects.first { $0.id == "items" })
        let group = widget.screen.controller.content
        try items.setValue(group, forKey: "masterObject")
        widget.screen.render()
        #expect(rows(widget, "table") == ["Gamma", "Alpha"])
        #expect(widget.screen.controller.value(forKey: "title") == "g")
    }

    @Test func aJSONFileProviderAndACollectionShowTheFilesObjects() async throws {
        let widget = try await run(#"""
            {"objects": {
               "people": {"type": "JSONFileDataProvider", "attrs": {"fileName": "people", "sortByFields": "name"}},
               "grid": {"type": "CollectionDisplayController", "outlets": {"mainContentProvider": "people", "collectionView": "list", "emptyDataView": "empty"}}},
             "elements": {"name": {"bindings": [{"from": "content.name", "placeholder": "?"}]}},
             "views": {"type": "UIView", "children": [{"id": "empty", "type": "UILabel"},
               {"id": "list", "type": "UICollectionView", "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "name", "type": "UILabel"}]}]}]}}
            """#, files: ["people.json": #"[{"name": "Zoe"}, {"name": "Adam"}, {"name": "Mia"}]"#])
        #expect(rows(widget, "grid") == ["Adam", "Mia", "Zoe"])
        guard case .object(let empty) = widget.screen.namespace.value(forKey: "empty") else { Issue.record("no empty view"); return }
        #expect(empty.value(forKey: "hidden") == true)
    }

    @Test func aManagedObjectsCollectionHoldsItsProvidersValue() async throws {
        let widget = try await run(#"""
            {"objects": {
               "load": {"type": "OnLoadActionController", "attrs": {"actionName": "groups"}},
               "top": {"type": "ManagedObjectsCollection", "attrs": {"entityName": "Item", "sortByFields": "rank", "resultChain": ["wx_takeFirst:"], "resultChainArgs": ["2"]}},
               "table": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "top", "tableView": "list"}}},
             "elements": {"name": {"bindings": [{"from": "content.name"}]}},
             \#(cellViews)}
            """#)
        #expect(rows(widget, "table") == ["Beta", "Gamma"])
    }

    @Test func aTimerFiresEveryIntervalOnTheClockAndDoesNotKeepARunGoing() async throws {
        let screen = #"""
            {"objects": {"timer": {"type": "TimerActionController", "attrs": {"actionName": "tick", "interval": 10}},
                         "status": {"type": "ActionStatusController", "attrs": {"actionName": "tick"}}},
             "views": {"type": "UIView"}}
            """#
        let idle = try await run(screen)
        #expect(idle.engine.events.isEmpty, "until idle: a timer alone does not run")
        let timed = try await run(screen, for: 35)
        #expect(timed.engine.events.map(\.description) == ["t=10.000 tickStart", "t=10.000 tickReady", "t=20.000 tickStart", "t=20.000 tickReady",
                                                         "t=30.000 tickStart", "t=30.000 tickReady"])
        #expect(timed.timeline.now == 35)
    }

    @Test func aHostHandlerReplacesTheNetworkActionOfItsName() async throws {
        var calls: [HostCall] = []
        let widget = try await run(#"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "groups"}}}, "views": {"type": "UIView"}}
            """#) { widget in widget.hostHandlers.register("groups") { calls.append($0) } }
        #expect(calls.map(\.action) == ["groups"])
        #expect(widget.engine.events.isEmpty, "the stub's groups action did not run")
        #expect(widget.store?.objects(of: "Group").isEmpty == true)
    }

    @Test func aBindingThatFailsAtRunTimeIsReportedOnceWithItsPlace() async throws {
        let widget = try await run(#"""
            {"elements": {"label": {"bindings": [{"to": "hidden", "from": "content.missing"}]}},
             "views": {"type": "UIView", "children": [{"id": "label", "type": "UILabel"}]}}
            """#)
        widget.screen.render()
        #expect(widget.screen.problems.count == 1, "rendering again does not repeat it")
        let problem = try #require(widget.screen.problems.first)
        #expect(problem.code == .binding)
        #expect(problem.message.contains("binding.target"))
        #expect(problem.location?.line == 1)
        #expect(problem.pointer?.description == "/S/elements/label/bindings/0")
        #expect(SnapshotText.render(widget).contains("problems:\n  S.json:1:"))
    }

    @Test func theSnapshotShowsWhichElementsFellBackToTheirPlaceholder() async throws {
        let widget = try await run(#"""
            {"elements": {"author": {"bindings": [{"from": "content.author.name", "placeholder": "<Author>"}]},
                          "title": {"bindings": [{"from": "content", "predicateFormat": "SELF == nil", "ifTrue": "none", "ifFalse": "some"}]}},
             "views": {"type": "UIView", "children": [{"id": "author", "type": "UILabel"}, {"id": "title", "type": "UILabel"}]}}
            """#)
        let text = SnapshotText.render(widget)
        #expect(text.contains(#"author (UILabel): text="<Author>" hidden=false [placeholder: wx_value]"#))
        #expect(text.contains(#"title (UILabel): text="none" hidden=false"# + "\n"))
        let json = SnapshotJSON.render(widget)
        #expect(json["views"]?["children"]?.arrayValue?.first?["placeholder"]?.arrayValue?.first?.stringValue == "wx_value")
    }

    @Test func aDisplayControllerRendersOnItsNotification() async throws {
        let widget = try await run(#"""
            {"objects": {"items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "name"}},
                         "list": {"type": "BaseDisplayController", "attrs": {"renderOn": "itemsChanged"}, "outlets": {"mainContentProvider": "items"}}},
             "elements": {"count": {"bindings": [{"from": "items.totalCount"}]}},
             "views": {"type": "UIView", "children": [{"id": "count", "type": "UILabel"}]}}
            """#)
        guard case .object(let label) = widget.screen.namespace.value(forKey: "count") else { Issue.record("no label"); return }
        #expect(label.value(forKey: "text") == "0")
        try widget.store?.perform { (transaction: inout StoreTransaction) throws(StoreError) in
            let item = try transaction.insert("Item")
            try transaction.setAttribute("key", to: "x", of: item)
            try transaction.setAttribute("name", to: "X", of: item)
        }
        #expect(widget.screen.post("somethingElse") == false)
        #expect(widget.screen.post("itemsChanged"))
        #expect(label.value(forKey: "text") == "1")
        // A store-backed provider also follows saves made by the host, at the run's next event.
        try widget.store?.perform { (transaction: inout StoreTransaction) throws(StoreError) in
            try transaction.setAttribute("key", to: "y", of: transaction.insert("Item"))
        }
        await widget.run()
        #expect(label.value(forKey: "text") == "2")
    }

    @Test func aServiceProviderNameOutsideTheKnownOnesIsALoadErrorAtItsPlace() async throws {
        let screen = #"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "tick", "serviceProviderClassName": "StubServiceProvider"}}},
             "elements": {"@self": {"attrs": {"serviceProviderClassName": "TwitterServiceProvider"}}}}
            """#
        do {
            _ = try await run(screen)
            Issue.record("an unknown provider name loaded")
        } catch let WidgetRunError.screen(errors) {
            let error = try #require(errors.errors.first)
            #expect(error.code == .invalidValue)
            #expect(error.pointer?.description == "/S/elements/@self/attrs/serviceProviderClassName")
            #expect(error.message.contains("StandardServiceProvider or StubServiceProvider"))
        }
    }

    @Test func aLocaleIsTheLanguageAgoSpeaksAndOnlyEnglishIsAccepted() async throws {
        let screen = #"{"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "tick"}}}}"#
        let british = try await run(screen, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0), locale: Locale(identifier: "en_GB")))
        #expect(british.services.transformerContext.locale.identifier == "en_GB")
        do {
            _ = try await run(screen, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0), locale: Locale(identifier: "de_DE")))
            Issue.record("a German locale was accepted")
        } catch let WidgetRunError.unsupportedLocale(identifier) {
            #expect(identifier == "de_DE")
            #expect(WidgetRunError.unsupportedLocale(identifier).description.contains("[run.unsupported-locale]"))
        }
    }

    /// A run that fails to load its screen after making its network client closes the client
    /// (an open client left behind stops the process).
    @Test func aProductionRunWhoseScreenFailsClosesItsNetworkClient() async throws {
        let files = ["Service.json": #"{"defaults": {"baseUrl": "https://service.test/"}, "actions": {"tick": {}}}"#]
        for _ in 0..<3 {
            do {
                _ = try await run(#"{"objects": {"x": {"type": "NoSuchController"}}}"#, files: files,
                                  options: WidgetRun.Options(service: .prod, now: Date(timeIntervalSince1970: 0)))
                Issue.record("a broken screen loaded")
            } catch let WidgetRunError.screen(errors) {
                #expect(errors.errors.first?.code == .unknownType)
            }
        }
    }

    @Test func theHostRegistersItsOwnViewClassesAndTransformers() async throws {
        let screen = #"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "groups"}},
                         "first": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "rank", "resultChain": ["wx_first"]}},
                         "show": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "first"}}},
             "elements": {"title": {"bindings": [{"from": "content.name", "transformer": "shout"}]}},
             "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}, {"id": "badge", "type": "FancyLabel"}]}}
            """#
        do {
            _ = try await run(screen)
            Issue.record("an unknown view class and transformer loaded")
        } catch let WidgetRunError.screen(errors) {
            let unknownView = try #require(errors.errors.first { $0.code == .unknownType })
            #expect(unknownView.message == "FancyLabel is not an element type Widgetry knows")
            #expect(unknownView.hint?.contains("WidgetRun.Options.elementTypes") == true)
            #expect(errors.errors.contains { $0.code == .binding && $0.message.contains("shout") })
        }
        let shout = BindingTransformer { value, _ in value.stringValue.map { .string($0.uppercased() + "!") } }
        let options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0), transformers: ["shout": shout], elementTypes: ["FancyLabel": .label])
        let widget = try await run(screen, options: options)
        guard case .object(let title) = widget.screen.namespace.value(forKey: "title") else { Issue.record("no title"); return }
        #expect(title.value(forKey: "text") == "BETA!")
        guard case .object(let badge) = widget.screen.namespace.value(forKey: "badge"), let element = badge as? Element else { Issue.record("no badge"); return }
        #expect(element.kind == .label)
    }

    /// A screen's elements and objects go with its run, even where they name each other (a form
    /// whose action controller's sender is the form, as the file says and as picking media makes it).
    @Test func aScreensGraphIsFreedWithItsRunCyclesIncluded() async throws {
        let screen = #"""
            {"objects": {
               "attach1": {"type": "ActionController", "attrs": {"actionName": "attachImage"}},
               "send": {"type": "ButtonActionController", "attrs": {"actionName": "attachImage"}, "outlets": {"sender": "mediaForm1"}}},
             "elements": {"mediaForm1": {"outlets": {"uploadContainer": "container1", "actionController": "send"}}},
             "views": {"type": "UIView", "children": [
               {"id": "mediaForm1", "type": "MediaUploadFormView", "children": [{"id": "container1", "type": "UploadContainerView"}]}]}}
            """#
        weak var form: AnyObject?, controller: AnyObject?, widgetRun: WidgetRun?
        do {
            let widget = try await run(screen)
            guard case .object(let element) = widget.screen.namespace.value(forKey: "mediaForm1"),
                  case .object(let object) = widget.screen.namespace.value(forKey: "send") else { Issue.record("no form"); return }
            form = element
            controller = object
            widgetRun = widget
            #expect(form != nil && controller != nil)
        }
        #expect(widgetRun == nil)
        #expect(form == nil, "the form outlives its run")
        #expect(controller == nil, "the action controller outlives its run")
    }

    /// §3.8: a picked file goes into the first empty media form, which uploads it; the upload's
    /// media id becomes the form's field value, which the outer form joins.
    @Test func aPickedFileIsUploadedByItsFormAndTheOuterFormSendsTheMediaIDs() async throws {
        let stub = #"""
            {"options": {"debugDelay": 0}, "defaults": {"baseUrl": "https://stub.test/"},
             "actions": {
               "attachImage": {"path": "https://upload.stub.test/media.json", "httpMethod": "POST", "isUpload": true, "multipart": {"media": "data"},
                               "response": {"media_id_string": "m-$data"}},
               "tweet": {"httpMethod": "POST", "parameters": {"status": "$text", "media_ids": "$media_ids"}, "response": {"ok": true}}}}
            """#
        let screen = #"""
            {"objects": {
               "picker": {"type": "StandardMediaPickerController", "outlets": {"forms": ["mediaForm1", "mediaForm2"], "sender": "pickButton"}},
               "attach1": {"type": "ActionController", "attrs": {"actionName": "attachImage"}},
               "attach2": {"type": "ActionController", "attrs": {"actionName": "attachImage"}},
               "tweetAction": {"type": "ButtonActionController", "attrs": {"actionName": "tweet"}, "outlets": {"form": "tweetForm", "sender": "postButton"}}},
             "elements": {
               "tweetForm": {"attrs": {"dublicateKeyPolicy": "join"}, "outlets": {"mandatoryFields": ["textView"], "optionalFields": ["mediaForm1", "mediaForm2"]}},
               "mediaForm1": {"attrs": {"resultInfoValueKey": "media_id_string", "wx_fieldName": "media_ids"},
                              "outlets": {"uploadContainer": "container1", "actionController": "attach1"}},
               "mediaForm2": {"attrs": {"resultInfoValueKey": "media_id_string", "wx_fieldName": "media_ids"},
                              "outlets": {"uploadContainer": "container2", "actionController": "attach2"}},
               "pickButton": {"bindings": [{"predicateFormat": "picker.pickedNumber >= 2", "to": "wx_disabled"}]}},
             "views": {"type": "UIView", "children": [
               {"id": "tweetForm", "type": "FormDisplayView", "children": [
                 {"id": "textView", "type": "UITextView", "properties": {"wx_fieldName": "text"}},
                 {"id": "mediaForm1", "type": "MediaUploadFormView", "children": [{"id": "container1", "type": "UploadContainerView", "properties": {"wx_fieldName": "data"}}]},
                 {"id": "mediaForm2", "type": "MediaUploadFormView", "children": [{"id": "container2", "type": "UploadContainerView", "properties": {"wx_fieldName": "data"}}]}]},
               {"id": "pickButton", "type": "UIButton"}, {"id": "postButton", "type": "UIButton"}]}}
            """#
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try Data("JPEG".utf8).write(to: URL(fileURLWithPath: directory + "/photo.jpg"))
        try Data("MOOV".utf8).write(to: URL(fileURLWithPath: directory + "/clip.mov"))
        let strict = try await run(screen, files: ["StubService.json": stub], options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0), maxPickedFileBytes: 3))
        await #expect(throws: InteractionError(directory + "/photo.jpg holds 4 bytes; a picked file may hold at most 3 (maxPickedFileBytes)")) {
            try await strict.perform(.pickMedia(path: directory + "/photo.jpg", picker: "picker"))
        }
        #expect(strict.engine.requestLog.isEmpty)
        let widget = try await run(screen, files: ["StubService.json": stub])
        try await widget.perform(.pickMedia(path: directory + "/photo.jpg", picker: "picker"))
        let upload = try #require(widget.engine.requestLog.last?.request)
        #expect(upload.url == "https://upload.stub.test/media.json")
        #expect(String(decoding: upload.body, as: UTF8.self).contains("name=\"media\""))
        #expect(String(decoding: upload.body, as: UTF8.self).contains("JPEG"))
        #expect(widget.engine.events.first { $0.kind == .start }?.sender == "mediaForm1")
        guard case .object(let form1) = widget.screen.namespace.value(forKey: "mediaForm1"),
              case .object(let button) = widget.screen.namespace.value(forKey: "pickButton"),
              case .object(let container2) = widget.screen.namespace.value(forKey: "container2") else { Issue.record("no elements"); return }
        #expect(form1.value(forKey: "wx_fieldValue").stringValue?.hasPrefix("m-") == true)
        #expect(button.value(forKey: "wx_disabled") == false)

        try await widget.perform(.pickMedia(path: directory + "/clip.mov", picker: "picker"))
        #expect(container2.value(forKey: "isMovie") == true)
        #expect(button.value(forKey: "wx_disabled") == true, "two picks fill both forms")
        await #expect(throws: InteractionError.self) { try await widget.perform(.pickMedia(path: directory + "/photo.jpg", picker: "picker")) }
        await #expect(throws: InteractionError.self) { try await widget.perform(.pickMedia(path: directory + "/none.jpg", picker: "attach1")) }

        try await widget.perform(.type(text: "Look", into: "textView", interval: nil))
        try await widget.perform(.tap("postButton"))
        let tweet = String(decoding: try #require(widget.engine.requestLog.last?.request).body, as: UTF8.self)
        #expect(tweet.hasPrefix("media_ids=m-"))
        #expect(tweet.contains("%2Cm-"), "the two media ids joined by a comma")
        #expect(tweet.hasSuffix("&status=Look"))
    }
}
