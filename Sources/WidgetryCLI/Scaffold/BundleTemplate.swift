/// The files `widgetry init` writes: a list of items loaded from a stub action into the store,
/// shown in a table with a count, an activity indicator and an empty view, and a scenario that
/// checks it. Every file names its schema by its stable identifier, so an editor that maps
/// them (`widgetry schemas export`) completes and checks as one types.
struct BundleTemplate {
    /// The bundle's name as given (`Notes`).
    let name: String
    /// The reverse-DNS identifier (`dev.example.notes`).
    let identifier: String

    /// The entry screen's name: the name, capitalised, with `ViewController` as upstream's
    /// screens are named (`NotesViewController`).
    var screen: String { name.prefix(1).uppercased() + name.dropFirst() + "ViewController" }

    /// Each file's path in the bundle and its text, in the order they are written.
    var files: [(path: String, text: String)] {
        [
            ("Info.json", """
                {
                  "$schema": "https://widgetry.dev/schemas/manifest.schema.json",
                  "identifier": "\(identifier)",
                  "name": "\(name)",
                  "version": "1.0",
                  "entryScreen": "\(screen)",
                  "formatVersion": 1
                }

                """),
            ("Model.json", """
                {
                  "$schema": "https://widgetry.dev/schemas/model.schema.json",
                  "entities": {
                    "Item": {
                      "identityAttribute": "itemId",
                      "attributes": {
                        "itemId": {"type": "String", "JSONKeyPath": "id"},
                        "title": {"type": "String", "optional": true, "JSONKeyPath": "title"}
                      }
                    }
                  }
                }

                """),
            ("StubService.json", """
                {
                  "$schema": "https://widgetry.dev/schemas/stub-service.schema.json",
                  "defaults": {"baseUrl": "https://api.example.com/"},
                  "options": {"debugDelay": 0.1},
                  "actions": {
                    "items": {
                      "path": "items.json",
                      "resultType": "[Item]",
                      "clearPolicy": "after",
                      "response": [
                        {"id": "1", "title": "First item"},
                        {"id": "2", "title": "Second item"}
                      ]
                    }
                  }
                }

                """),
            ("\(screen).json", """
                {
                  "$schema": "https://widgetry.dev/schemas/screen.schema.json",
                  "\(screen)": {
                    "objects": {
                      "itemsProvider": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "title"}},
                      "itemsTable": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "itemsProvider", "tableView": "tableView", "emptyDataView": "emptyLabel"}},
                      "loadItems": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
                      "itemsStatus": {"type": "ActionStatusController", "attrs": {"actionName": "items", "errorMessage": "Items could not be loaded."}}
                    },
                    "elements": {
                      "countLabel": {"bindings": [{"from": "itemsProvider.totalCount", "format": "%@ items"}]},
                      "spinner": {"bindings": [{"from": "itemsStatus.inProgress"}]},
                      "titleLabel": {"bindings": [{"from": "content.title"}]}
                    },
                    "views": {
                      "type": "UIView",
                      "children": [
                        {"id": "countLabel", "type": "UILabel"},
                        {"id": "spinner", "type": "UIActivityIndicatorView"},
                        {"id": "emptyLabel", "type": "UILabel", "properties": {"text": "Nothing yet."}},
                        {"id": "tableView", "type": "UITableView", "prototypes": [
                          {"reuseIdentifier": "Cell", "children": [{"id": "titleLabel", "type": "UILabel"}]}
                        ]}
                      ]
                    }
                  }
                }

                """),
            ("Tests/items.scenario.json", """
                {
                  "$schema": "https://widgetry.dev/schemas/scenario.schema.json",
                  "name": "Items load from the stub",
                  "settings": {"now": "2024-01-01T09:00:00Z"},
                  "steps": [
                    {"expect": [
                      "elements.countLabel.value == '2 items'",
                      "tables.tableView.rows[0].elements.titleLabel.value == 'First item'",
                      "elements.emptyLabel.visible == false"
                    ]},
                    {"expectStore": "Item", "count": 2}
                  ]
                }

                """),
        ]
    }
}
