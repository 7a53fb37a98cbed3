import ArgumentParser
import WidgetryBundle

/// `--dialect widgetkit|graffiti` (FORMAT.md#graffiti.detection): the bundle format's
/// generation, said instead of found.
enum DialectArgument: String, CaseIterable, ExpressibleByArgument {
    case widgetkit
    case graffiti

    var dialect: Dialect {
        switch self {
        case .widgetkit: .widgetkit
        case .graffiti: .graffiti
        }
    }
}
