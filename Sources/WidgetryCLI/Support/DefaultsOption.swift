import ArgumentParser
import WidgetryExpressions
import WidgetryJSON

/// `--default key=JSON`: user defaults the widget starts with, over the host profile's (and a
/// scenario's own), for `run` and `test`.
struct DefaultsOption: ParsableArguments {
    @Option(name: .customLong("default"),
            help: ArgumentHelp("A user default the widget starts with, as key=JSON (showAvatars=true, name='\"Ann\"'). Repeatable.", valueName: "key=json"))
    var defaults: [String] = []

    /// The options as user defaults; the last of one key wins.
    func values() throws -> [String: Value] {
        var result: [String: Value] = [:]
        for option in defaults {
            guard let equals = option.firstIndex(of: "="), equals > option.startIndex else {
                throw ValidationError("--default '\(option)' is not of the form key=JSON, like showAvatars=true")
            }
            let text = option[option.index(after: equals)...]
            do throws(JSONParseError) {
                result[String(option[..<equals])] = Value(json: try JSONParser.parse(Array(text.utf8)).root)
            } catch {
                throw ValidationError("--default '\(option)': the value is not JSON (\(error.message)); a string needs quotes: key='\"text\"'")
            }
        }
        return result
    }
}
