public import WidgetryExpressions

/// The mediating controllers a screen's `objects` can create (FORMAT.md#objects), with the attributes and
/// outlets each accepts. One table instead of a class per type: attributes are checked against
/// it (an unknown attribute or outlet is a located error, where upstream crashed, FORMAT.md#differences.errors), and the
/// runtime reads typed values from it.
public enum ObjectType: String, Sendable, CaseIterable {
    case baseContentProvider = "BaseContentProvider"
    case itemsCollection = "ItemsCollection"
    case managedObjectsProvider = "ManagedObjectsProvider"
    case managedObjectsCollection = "ManagedObjectsCollection"
    case jsonFileDataProvider = "JSONFileDataProvider"
    case baseDisplayController = "BaseDisplayController"
    case contentDisplayController = "ContentDisplayController"
    case tableDisplayController = "TableDisplayController"
    case tableInfiniteScrollController = "TableInfiniteScrollController"
    case collectionDisplayController = "CollectionDisplayController"
    case collectionPageScrollController = "CollectionPageScrollController"
    case collectionCircleScrollController = "CollectionCircleScrollController"
    case actionController = "ActionController"
    case buttonActionController = "ButtonActionController"
    case barButtonActionController = "BarButtonActionController"
    case onLoadActionController = "OnLoadActionController"
    case timerActionController = "TimerActionController"
    case tableRefreshActionController = "TableRefreshActionController"
    case searchActionController = "SearchActionController"
    case infiniteScrollActionController = "InfiniteScrollActionController"
    /// A button that picks images or movies into the first empty media upload form of its
    /// `forms` (FORMAT.md#objects.media-picker); headless, the picked file is given by the `pickMedia` interaction.
    case standardMediaPickerController = "StandardMediaPickerController"
    case actionStatusController = "ActionStatusController"

    /// What an attribute holds.
    public enum AttributeKind: Sendable, Equatable {
        case string
        case bool
        case number
        /// An array of strings (`resultChain`).
        case strings
        /// Any value (`masterObject`).
        case any
        /// One of these names (`serviceProviderClassName`).
        case name(oneOf: [String])
    }

    /// The service providers a screen or an action controller may name. Which service a run
    /// talks to is the run's choice (`--service`), so one bundle runs against its stubs in CI and
    /// against the real service by hand; a name outside this list is a load error, as upstream
    /// could not have instantiated it either.
    public static let serviceProviderNames = ["StandardServiceProvider", "StubServiceProvider"]

    /// What an outlet may point at.
    public enum OutletKind: Sendable, Equatable {
        case provider
        case displayController
        case actionController
        case searchController
        case element
        case elements
        case anyObject
    }

    public var isProvider: Bool {
        switch self {
        case .baseContentProvider, .itemsCollection, .managedObjectsProvider, .managedObjectsCollection, .jsonFileDataProvider: true
        default: false
        }
    }

    public var isDisplayController: Bool {
        switch self {
        case .baseDisplayController, .contentDisplayController, .tableDisplayController, .tableInfiniteScrollController,
             .collectionDisplayController, .collectionPageScrollController, .collectionCircleScrollController: true
        default: false
        }
    }

    /// Display controllers that show rows: tables and collections.
    public var showsRows: Bool {
        switch self {
        case .tableDisplayController, .tableInfiniteScrollController, .collectionDisplayController, .collectionPageScrollController,
             .collectionCircleScrollController: true
        default: false
        }
    }

    /// The outlet that names the element showing the rows.
    public var rowsOutlet: String? {
        switch self {
        case .tableDisplayController, .tableInfiniteScrollController: "tableView"
        case .collectionDisplayController, .collectionPageScrollController, .collectionCircleScrollController: "collectionView"
        default: nil
        }
    }

    public var isActionController: Bool {
        switch self {
        case .actionController, .buttonActionController, .barButtonActionController, .onLoadActionController,
             .timerActionController, .tableRefreshActionController, .searchActionController, .infiniteScrollActionController,
             .standardMediaPickerController: true
        default: false
        }
    }

    /// The attributes the type accepts, with their default values (`nil`: no default).
    public var attributes: [String: (kind: AttributeKind, defaultValue: Value)] {
        var result: [String: (kind: AttributeKind, defaultValue: Value)] = [:]
        if isProvider {
            result["sortByFields"] = (.string, .null)
            result["sortAscending"] = (.bool, true)
            result["predicateFormat"] = (.string, .null)
            result["filterFormat"] = (.string, .null)
            result["searchString"] = (.string, .null)
            result["masterObject"] = (.any, .null)
            result["masterKeyPath"] = (.string, .null)
            result["resultChain"] = (.strings, .null)
            result["resultChainArgs"] = (.strings, .null)
            result["resultChainTxt"] = (.string, .null)
            result["resultChainArgsTxt"] = (.string, .null)
        }
        if self == .managedObjectsProvider || self == .managedObjectsCollection {
            result["entityName"] = (.string, .null)
            result["groupByField"] = (.string, .null)
            result["cacheName"] = (.string, .null)
        }
        if isDisplayController {
            result["renderOn"] = (.string, .null)
        }
        if self == .jsonFileDataProvider {
            result["fileName"] = (.string, .null)
        }
        if showsRows {
            result["cellIdentifier"] = (.string, "Cell")
            result["searchCellIdentifier"] = (.string, .null)
            result["performSegueForCells"] = (.number, -1)
            result["collectSelectedObjects"] = (.bool, false)
        }
        if self == .tableInfiniteScrollController {
            result["scrollUpThreshhold"] = (.number, 200)
            result["scrollDownThreshhold"] = (.number, 200)
        }
        if [.collectionDisplayController, .collectionPageScrollController, .collectionCircleScrollController].contains(self) {
            result["cellNibNames"] = (.strings, .null)
            result["centerContent"] = (.bool, false)
            result["cellWidthHint"] = (.number, -1)
            result["cellHeightHint"] = (.number, -1)
        }
        if self == .collectionPageScrollController {
            result["pagingEnabled"] = (.bool, true)
        }
        if self == .collectionCircleScrollController {
            result["circleScrollFactor"] = (.number, 100)
        }
        if self == .infiniteScrollActionController {
            result["trackScrollDown"] = (.bool, true)
        }
        if self == .tableDisplayController || self == .tableInfiniteScrollController {
            result["cellIdentifier"] = (.string, "Cell")
            result["searchCellIdentifier"] = (.string, .null)
            result["sectionHeaderIdentifier"] = (.string, "Header")
            result["sectionFooterIdentifier"] = (.string, "Footer")
            result["animateReload"] = (.bool, false)
            result["maxHeight"] = (.number, 0)
            result["systemAutomaticDimensionEnabled"] = (.bool, true)
            result["allowDeletion"] = (.bool, false)
            result["collectSelectedObjects"] = (.bool, false)
            result["defaultSelectionBehavior"] = (.bool, false)
            result["performSegueForCells"] = (.number, -1)
            result["cellNibNames"] = (.strings, .null)
        }
        if isActionController {
            result["actionName"] = (.string, .null)
            result["elseActionName"] = (.string, .null)
            result["predicateFormat"] = (.string, .null)
            result["actionDelay"] = (.number, 0)
            result["serviceProviderClassName"] = (.name(oneOf: ObjectType.serviceProviderNames), .null)
        }
        if self == .timerActionController {
            result["interval"] = (.number, 60)
        }
        if self == .standardMediaPickerController {
            result["showOptions"] = (.bool, true)
            result["imagesOnly"] = (.bool, false)
            result["cameraOptionTitle"] = (.string, .null)
            result["libraryOptionTitle"] = (.string, .null)
            result["cancelOptionTitle"] = (.string, .null)
        }
        if self == .searchActionController {
            result["filterFormat"] = (.string, .null)
            result["dynamicSearch"] = (.bool, false)
            result["searchOnReturn"] = (.bool, true)
            result["minimumTextLength"] = (.number, 1)
            result["filterThrottleInterval"] = (.number, 0.5)
            result["actionThrottleInterval"] = (.number, 0.5)
        }
        if self == .actionStatusController {
            result["actionName"] = (.string, .null)
            result["errorMessage"] = (.string, .null)
            result["errorTitle"] = (.string, .null)
        }
        return result
    }

    /// The outlets the type accepts.
    public var outlets: [String: OutletKind] {
        var result: [String: OutletKind] = [:]
        if isDisplayController {
            result["mainContentProvider"] = .provider
            result["searchController"] = .searchController
            result["elements"] = .elements
        }
        if let rows = rowsOutlet {
            result[rows] = .element
            result["emptyDataView"] = .element
        }
        if self == .collectionPageScrollController {
            result["pageControl"] = .element
        }
        if self == .tableDisplayController || self == .tableInfiniteScrollController {
            result["tableView"] = .element
            result["emptyDataView"] = .element
            result["contentHeightConstraint"] = .element
            result["deleteController"] = .actionController
        }
        if isActionController {
            result["target"] = .anyObject
            result["sender"] = .element
            result["cancelButton"] = .element
            result["form"] = .element
            result["serviceProvider"] = .anyObject
        }
        if self == .searchActionController {
            result["contentProvider"] = .provider
        }
        if self == .standardMediaPickerController {
            result["forms"] = .elements
        }
        if self == .actionStatusController {
            result["elements"] = .elements
        }
        return result
    }
}
