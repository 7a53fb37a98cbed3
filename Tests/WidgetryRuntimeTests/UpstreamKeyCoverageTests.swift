import Testing
@testable import WidgetryScreen

/// Every key upstream's mediating controllers declared for Interface Builder and key-value coding
/// (`@objc var`, `@IBInspectable`, `@IBOutlet` in WidgetKit's sources), class by class, inherited
/// ones included: each is an attribute or an outlet of the same type here, or is listed among
/// the keys deliberately not modelled, with the reason. A key added to a type upstream did not
/// have is fine; a key of upstream's missing here fails.
struct UpstreamKeyCoverageTests {
    /// Keys by upstream class, as its sources declare them (own keys; inherited ones are added
    /// from the superclass below).
    static let declared: [String: (superclass: String?, keys: [String])] = [
        "CustomIBObject": (nil, ["alias"]),
        "BaseContentProvider": ("CustomIBObject", ["masterKeyPath", "sortByFields", "sortAscending", "masterObject", "predicateFormat", "filterFormat",
                                                   "searchString", "resultChain", "resultChainArgs", "resultChainTxt", "resultChainArgsTxt", "isEmpty", "value"]),
        "ItemsCollection": ("BaseContentProvider", []),
        "ManagedObjectsProvider": ("BaseContentProvider", ["entityName", "groupByField", "cacheName"]),
        "ManagedObjectsCollection": ("BaseContentProvider", []),
        "BaseDisplayController": ("CustomIBObject", ["mainContentProvider", "searchController", "elements", "renderOn"]),
        "ContentDisplayController": ("BaseDisplayController", []),
        "TableDisplayController": ("BaseDisplayController", ["cellIdentifier", "searchCellIdentifier", "sectionHeaderIdentifier", "sectionFooterIdentifier",
                                                             "cellNibNames", "animateReload", "maxHeight", "systemAutomaticDimensionEnabled", "allowDeletion",
                                                             "collectSelectedObjects", "defaultSelectionBehavior", "performSegueForCells", "tableView",
                                                             "emptyDataView", "contentHeightConstraint", "deleteController"]),
        "TableInfiniteScrollController": ("TableDisplayController", ["scrollUpThreshhold", "scrollDownThreshhold"]),
        "CollectionDisplayController": ("BaseDisplayController", ["cellIdentifier", "searchCellIdentifier", "performSegueForCells", "collectSelectedObjects",
                                                                  "centerContent", "cellWidthHint", "cellHeightHint", "collectionView", "emptyDataView"]),
        "ActionController": ("CustomIBObject", ["target", "sender", "cancelButton", "form", "serviceProvider", "actionName", "elseActionName",
                                                "predicateFormat", "actionDelay", "serviceProviderClassName", "content"]),
        "ButtonActionController": ("ActionController", []),
        "BarButtonActionController": ("ActionController", []),
        "TableRefreshActionController": ("ActionController", []),
        "OnLoadActionController": ("ActionController", []),
        "TimerActionController": ("ActionController", ["interval"]),
        "InfiniteScrollActionController": ("ActionController", ["trackScrollDown"]),
        "SearchActionController": ("ActionController", ["contentProvider", "filterFormat", "dynamicSearch", "searchOnReturn", "minimumTextLength",
                                                        "filterThrottleInterval", "actionThrottleInterval"]),
        "StandardMediaPickerController": ("ButtonActionController", ["forms", "pickedNumber", "showOptions", "imagesOnly", "cameraOptionTitle",
                                                                     "libraryOptionTitle", "cancelOptionTitle"]),
        "ActionStatusController": ("CustomIBObject", ["elements", "owner", "actionName", "errorTitle", "errorMessage"]),
    ]

    /// Keys upstream had that Widgetry does not take as attributes or outlets, and why.
    static let notModelled: [String: String] = [
        "alias": "an entry's own key (objects.<id>.alias), not an attribute",
        "masterObject": "set by upstream's code, never in a bundle; the master comes from masterKeyPath",
        "searchString": "set by a search controller as it runs (the provider's filter), not by a bundle",
        "isEmpty": "derived: computed from the fetched results, read by bindings",
        "value": "derived: the result chain's result, read by bindings",
        "content": "derived: the controller's content, read by predicates",
        "pickedNumber": "derived: how many files were picked",
        "owner": "set by upstream's code: the action controller whose per-call status it is",
        "cacheName": "NSFetchedResultsController's cache file: nothing to cache headlessly",
        "serviceProvider": "an instance upstream's code set; bundles name the class with serviceProviderClassName",
        "contentHeightConstraint": "visual: resized a table to its content",
        "maxHeight": "visual: the largest height of such a table",
        "animateReload": "visual: animates a reload",
        "defaultSelectionBehavior": "visual: UIKit's row selection highlight",
        "centerContent": "visual: centres a collection's cells",
        "cellWidthHint": "visual: a collection cell's size",
        "cellHeightHint": "visual: a collection cell's size",
        "scrollUpThreshhold": "a scroll distance: scenarios scroll to the end (scrollToEnd)",
        "scrollDownThreshhold": "a scroll distance: scenarios scroll to the end (scrollToEnd)",
    ]

    /// Every key of `name`, its superclasses' included.
    static func keys(of name: String) -> [String] {
        guard let entry = declared[name] else { return [] }
        return entry.keys + (entry.superclass.map(keys(of:)) ?? [])
    }

    @Test(arguments: declared.keys.sorted())
    func everyKeyOfUpstreamsClassIsTakenOrExplained(_ name: String) throws {
        guard let type = ObjectType(rawValue: name) else {
            #expect(name == "CustomIBObject", "\(name) has no ObjectType")
            return
        }
        let taken = Set(type.attributes.keys).union(type.outlets.keys)
        let missing = Self.keys(of: name).filter { !taken.contains($0) && Self.notModelled[$0] == nil }
        #expect(missing.isEmpty, "\(name) does not take \(missing.sorted()), and no reason is given")
    }

    /// The keys of upstream's view classes Widgetry models, each an element key of its kind,
    /// or explained.
    static let viewKeys: [String: [String]] = [
        "MediaUploadFormView": ["uploadContainer", "progressBar", "resultInfoValueKey", "autoUpload", "actionController", "optionalFields",
                                "mandatoryFields", "dublicateKeyPolicy", "content"],
        "UploadContainerView": ["previewView", "prepareIndicator", "isMovie", "hasMedia", "imageCompression"],
        "FormDisplayView": ["optionalFields", "mandatoryFields", "dublicateKeyPolicy", "content"],
        "ContainerView": ["draggable", "selectable", "activeColor", "inactiveColor"],
        "AnimatedConstraint": ["animationDuration", "animationDelay", "animatedConstant"],
    ]

    static let viewKeysNotModelled: [String: String] = [
        "optionalFields": "a form's fields: outlets the screen compiler connects (FORMAT.md#elements.forms), not element keys",
        "mandatoryFields": "a form's fields: outlets the screen compiler connects (FORMAT.md#elements.forms), not element keys",
        "content": "set by a display controller as it renders, not by a bundle",
        "dublicateKeyPolicy": "how upstream merged nested forms' keys; a form's value is built with the last key winning",
        "draggable": "visual: a container view's drag behaviour",
        "selectable": "visual: a container view's selection",
        "activeColor": "visual: a colour",
        "inactiveColor": "visual: a colour",
        "animationDuration": "visual: an animation's length",
        "animationDelay": "visual: an animation's delay",
    ]

    @Test(arguments: viewKeys.keys.sorted())
    func everyKeyOfUpstreamsViewIsAnElementKeyOrExplained(_ name: String) throws {
        let kind = try #require(ElementKind(typeName: name), "\(name) is not an element kind")
        let missing = Self.viewKeys[name, default: []].filter { ElementKey($0, kind: kind) == nil && Self.viewKeysNotModelled[$0] == nil }
        #expect(missing.isEmpty, "\(name) does not take \(missing.sorted()), and no reason is given")
    }

    @Test func everyReasonIsForAKeyUpstreamHad() {
        let all = Set(Self.declared.values.flatMap(\.keys))
        #expect(Set(Self.notModelled.keys).subtracting(all).isEmpty)
        #expect(Set(Self.viewKeysNotModelled.keys).subtracting(Self.viewKeys.values.flatMap { $0 }).isEmpty)
    }
}
