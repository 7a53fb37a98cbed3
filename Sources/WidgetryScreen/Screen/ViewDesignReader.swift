import WidgetryJSON

/// Reads a view's or a cell prototype's `design` object in a screen file (FORMAT.md#screen.design):
/// where the view sits and how it looks, for `widgetry render`. Every key is optional; a wrong
/// one is a located `screen.*` problem like any other in the file.
enum ViewDesignReader {
    static let keys: Set<String> = ["frame", "autoresizing", "font", "textColor", "backgroundColor", "tintColor", "alignment", "lines",
                                    "image", "rowHeight", "sectionHeaderHeight", "cornerRadius", "borderWidth", "borderColor"]
    static let fontKeys: Set<String> = ["size", "weight", "name", "italic"]
    static let autoresizingNames: [(String, Autoresizing)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth), ("flexibleRightMargin", .flexibleRightMargin),
        ("flexibleTopMargin", .flexibleTopMargin), ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    static func design(_ json: JSONValue, read: inout StrictReader<ScreenErrorCode>) -> ViewDesign {
        var design = ViewDesign()
        guard let entry = read.object(json, allowed: keys, what: "a design") else { return design }
        if let frame = entry["frame"] { design.frame = rect(frame, read: &read) }
        if let names = entry["autoresizing"], let texts = read.strings(names, expected: "an array of autoresizing names") {
            var mask: Autoresizing = []
            for (text, item) in zip(texts, names.arrayValue ?? []) {
                guard let flag = autoresizingNames.first(where: { $0.0 == text })?.1 else {
                    let list = autoresizingNames.map(\.0)
                    read.report(ScreenError(.invalidValue, "\"\(text)\" is not an autoresizing name", file: read.file, at: item,
                                            hint: Suggestion.didYouMean(text, among: list) ?? "use \(list.joined(separator: ", "))").renaming(text, among: list))
                    continue
                }
                mask.insert(flag)
            }
            design.autoresizing = mask
        }
        if let font = entry["font"] { design.font = self.font(font, read: &read) }
        design.textColor = entry["textColor"].flatMap { color($0, read: &read) }
        design.backgroundColor = entry["backgroundColor"].flatMap { color($0, read: &read) }
        design.tintColor = entry["tintColor"].flatMap { color($0, read: &read) }
        design.borderColor = entry["borderColor"].flatMap { color($0, read: &read) }
        design.textAlignment = entry["alignment"].flatMap { read.choice($0, TextAlignment.self, what: "alignment", invalid: .invalidValue) }
        if let lines = entry["lines"], let count = read.integer(lines, expected: "a number of lines (0 for as many as needed)") {
            if (0...1_000).contains(count) {
                design.numberOfLines = Int(count)
            } else {
                read.report(.invalidValue, "\"lines\" must be from 0 (as many as needed) to 1000, found \(count)", at: lines)
            }
        }
        design.imageName = entry["image"].flatMap { read.string($0) }
        design.rowHeight = entry["rowHeight"].flatMap { length($0, read: &read) }
        design.sectionHeaderHeight = entry["sectionHeaderHeight"].flatMap { length($0, read: &read) }
        design.cornerRadius = entry["cornerRadius"].flatMap { length($0, read: &read) }
        design.borderWidth = entry["borderWidth"].flatMap { length($0, read: &read) }
        return design
    }

    /// A length in points: a number from 0 to 10,000.
    private static func length(_ json: JSONValue, read: inout StrictReader<ScreenErrorCode>) -> Double? {
        guard let value = read.number(json, expected: "a length in points") else { return nil }
        guard (0...10_000).contains(value) else {
            read.report(.invalidValue, "\(StrictReader<ScreenErrorCode>.name(of: json)) must be from 0 to 10000 points, found \(value)", at: json)
            return nil
        }
        return value
    }

    /// `[x, y, width, height]` in points.
    private static func rect(_ json: JSONValue, read: inout StrictReader<ScreenErrorCode>) -> DesignRect? {
        guard let items = read.array(json, expected: "[x, y, width, height] in points") else { return nil }
        guard items.count == 4 else {
            read.report(.invalidValue, "\"frame\" must have four numbers, [x, y, width, height], found \(items.count)", at: json)
            return nil
        }
        let numbers = items.compactMap { item -> Double? in
            guard let value = read.number(item) else { return nil }
            guard abs(value) <= 10_000 else {
                read.report(.invalidValue, "a frame's numbers must be within 10000 points, found \(value)", at: item)
                return nil
            }
            return value
        }
        guard numbers.count == 4 else { return nil }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            read.report(.invalidValue, "a frame's width and height cannot be negative", at: json)
            return nil
        }
        return DesignRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private static func font(_ json: JSONValue, read: inout StrictReader<ScreenErrorCode>) -> DesignFont? {
        guard let entry = read.object(json, allowed: fontKeys, what: "a font") else { return nil }
        let size = entry["size"].flatMap { value -> Double? in
            guard let size = read.number(value, expected: "a size in points") else { return nil }
            guard (1...500).contains(size) else {
                read.report(.invalidValue, "a font size must be from 1 to 500 points, found \(size)", at: value)
                return nil
            }
            return size
        } ?? DesignFont(size: 17).size
        let weight = entry["weight"].flatMap { read.choice($0, DesignFont.Weight.self, what: "font weight", invalid: .invalidValue) } ?? .regular
        return DesignFont(size: size, weight: weight, name: entry["name"].flatMap { read.string($0) },
                          italic: entry["italic"].flatMap { read.bool($0) } ?? false)
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    private static func color(_ json: JSONValue, read: inout StrictReader<ScreenErrorCode>) -> DesignColor? {
        guard let text = read.string(json) else { return nil }
        guard text.hasPrefix("#"), let color = DesignColor(hex: text) else {
            read.report(.invalidValue, "\(StrictReader<ScreenErrorCode>.name(of: json)) must be a colour as #RRGGBB or #RRGGBBAA, found \"\(text)\"", at: json,
                        hint: "e.g. \"#007AFF\" for iOS blue, \"#00000080\" for half-transparent black")
            return nil
        }
        return color
    }
}
