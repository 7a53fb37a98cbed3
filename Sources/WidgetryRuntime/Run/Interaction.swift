import Foundation
public import WidgetryExpressions
import WidgetryJSON

/// One thing a person (or a scenario) does to a running widget. Tables are named by their
/// element id, rows by index in the last render.
public enum Interaction: Sendable, Equatable {
    /// Taps a button, bar button item or any element with an action or a segue.
    case tap(String)
    /// Taps a row of a table or collection.
    case tapRow(table: String, section: Int, row: Int)
    /// Types text into a text field, text view or search bar, replacing what it held: all at
    /// once, or one character after the other `interval` seconds apart.
    case type(text: String, into: String, interval: Double?)
    /// Presses return (the search button).
    case pressReturn(String)
    /// Clears a text input.
    case clear(String)
    /// Pulls a table to refresh.
    case refresh(String)
    /// Scrolls a table to its end (infinite scroll).
    case scrollToEnd(String)
    /// Swipes a row away.
    case deleteRow(table: String, section: Int, row: Int)
    /// Posts a named notification (`renderOn`).
    case post(String)
    /// Sets a user default (`defaults.showAvatars`); null removes it.
    case setDefault(key: String, value: Value)
    /// Picks the file at `path` with a media picker (`StandardMediaPickerController`).
    case pickMedia(path: String, picker: String)
    /// Taps a marker of a map a host controller draws (FORMAT.md#profile.map.taps), the map
    /// named by its view's id.
    case tapMarker(map: String, marker: MarkerChoice)
    /// Taps the title a map shows over one of its markers (its info window).
    case tapMarkerTitle(map: String, marker: MarkerChoice)
    /// Goes back from a pushed screen (the navigation bar's back button).
    case back
    /// Lets `seconds` of run time pass.
    case advance(Double)
}

/// Which marker of a map a step taps: the n-th (0-based, in the order the snapshot lists them),
/// or the first with this title.
public enum MarkerChoice: Sendable, Equatable {
    case index(Int)
    case title(String)
}

extension Interaction: CustomStringConvertible {
    /// The interaction as a scenario step would name it: `tap addButton`, `type "core" into searchBar`.
    public var description: String {
        func quoted(_ text: String) -> String { JSONValue(.string(text)).serialized() }
        func describe(_ marker: MarkerChoice) -> String {
            switch marker {
            case .index(let index): "marker \(index)"
            case .title(let title): "marker \(quoted(title))"
            }
        }
        func seconds(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
        switch self {
        case .tap(let id): return "tap \(id)"
        case .tapRow(let table, let section, let row): return "tap row \(row)" + (section == 0 ? "" : " of section \(section)") + " of \(table)"
        case .type(let text, let id, let interval):
            return "type \(quoted(text)) into \(id)" + (interval.map { " one character every \(seconds($0)) s" } ?? "")
        case .pressReturn(let id): return "press return in \(id)"
        case .clear(let id): return "clear \(id)"
        case .refresh(let table): return "pull \(table) to refresh"
        case .scrollToEnd(let table): return "scroll \(table) to the end"
        case .deleteRow(let table, let section, let row): return "delete row \(row)" + (section == 0 ? "" : " of section \(section)") + " of \(table)"
        case .post(let name): return "post \(name)"
        case .setDefault(let key, let value): return "set default \(key) = \(value.description)"
        case .pickMedia(let path, let picker): return "pick \(quoted(path)) with \(picker)"
        case .tapMarker(let map, let marker): return "tap \(describe(marker)) of \(map)"
        case .tapMarkerTitle(let map, let marker): return "tap the title of \(describe(marker)) of \(map)"
        case .back: return "go back"
        case .advance(let amount): return "advance \(seconds(amount)) s"
        }
    }
}

extension WidgetRun {
    /// Does `interaction` on the screen on top, then lets the run go on until nothing is left to
    /// do, or for `seconds` of run time when given. Dismissed screens leave the stack.
    ///
    /// With an `eventLimit`, the run stops once the interaction has caused that many events of
    /// the run's timeline (timer firings, answers, imports), the rest left scheduled, and the
    /// interaction throws ``InteractionError/eventLimit``: what a host that performs
    /// interactions for others (the preview) bounds one request's work with.
    public func perform(_ interaction: Interaction, for seconds: Double? = nil, eventLimit: Int? = nil) async throws(InteractionError) {
        timeline.eventCeiling = eventLimit.map { timeline.eventsDone + max(0, $0) }
        defer { timeline.eventCeiling = nil }
        try await performUnbounded(interaction, for: seconds)
        if let eventLimit, timeline.stoppedAtEventCeiling {
            throw InteractionError("\(interaction.description) stopped after \(eventLimit) events, the most one interaction may cause here; "
                                   + "the run is at t=\(String(format: "%.3f", timeline.now)) with more work due (advance in smaller steps)",
                                   code: InteractionError.eventLimit)
        }
    }

    private func performUnbounded(_ interaction: Interaction, for seconds: Double?) async throws(InteractionError) {
        switch interaction {
        case .tap(let id): try screen.tap(id)
        case .tapRow(let table, let section, let row): try screen.tapRow(row, section: section, of: table)
        case .type(let text, let id, nil): try screen.type(text, into: id)
        case .type(let text, let id, let interval?):
            var typed = ""
            for character in text {
                typed.append(character)
                try screen.type(typed, into: id)
                settle()
                await run(until: timeline.now + interval)
                if timeline.stoppedAtEventCeiling { break }
            }
        case .pressReturn(let id): try screen.pressReturn(in: id)
        case .clear(let id): try screen.type("", into: id)
        case .refresh(let table): try screen.refresh(table)
        case .scrollToEnd(let table): try screen.scrollToEnd(of: table)
        case .deleteRow(let table, let section, let row): try screen.deleteRow(row, section: section, of: table)
        case .post(let name): for shown in stack { shown.post(name) }
        case .setDefault(let key, let value): defaults.setValue(value, forKey: key)
        case .back: try goBack()
        case .pickMedia(let path, let picker): try screen.pickMedia(path, with: picker)
        case .tapMarker(let map, let marker): try screen.tapMarker(marker, of: map)
        case .tapMarkerTitle(let map, let marker): try screen.tapMarkerTitle(marker, of: map)
        case .advance(let amount):
            await run(until: timeline.now + amount)
            settle()
            return
        }
        settle()
        await run(until: seconds.map { timeline.now + $0 } ?? .infinity)
        settle()
    }
}
