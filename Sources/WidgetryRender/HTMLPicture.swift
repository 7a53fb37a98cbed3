import Foundation
import WidgetryJSON
import WidgetryScreen

/// A drawn screen as one self-contained HTML file: every view an absolutely positioned box,
/// text in the lines the layout broke it into, images as data URIs, no script. The same
/// screen gives the same bytes on every machine, so a picture can be a golden.
public enum HTMLPicture {
    /// The fonts the page asks for: Open Sans, whose widths ``TextMetrics`` breaks lines with
    /// (docs/RENDERING.md#fonts).
    public static let fontFamily = #""Open Sans", sans-serif"#

    /// The page for `screen`, with the images `images` finds, showing what `options` ask for.
    public static func page(_ screen: DrawnScreen, images: ImageLibrary?, options: PictureOptions = PictureOptions()) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="widgetry render">
            <title>\(XMLText.escaped(screen.screen)) on \(XMLText.escaped(screen.device.name))</title>
            <style>
            body{margin:0;background:#d8d8dc}
            .screen{position:relative;overflow:hidden;background:#fff;font-family:\(fontFamily);color:#000}
            .v{position:absolute;box-sizing:border-box}
            .t{position:absolute;left:0;right:0;white-space:pre;overflow:hidden}
            .img{width:100%;height:100%;display:block}
            .missing{background:#e5e5ea;border:1px solid #c7c7cc}
            .field{background:#fff;border:1px solid #c7c7cc;border-radius:5px}
            .search{background:#f7f7f7}
            .search>.well{position:absolute;left:8px;right:8px;top:10px;bottom:10px;background:#e3e3e8;border-radius:10px}
            .toggle{border-radius:16px;background:#e5e5ea}
            .toggle.on{background:#4cd964}
            .toggle>.knob{position:absolute;top:2px;width:27px;height:27px;border-radius:50%;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3)}
            .glyph{position:absolute}
            .spinner{border:2px solid #8e8e93;border-top-color:transparent;border-radius:50%}
            .search.black>.well{background:#000}
            .well>svg{position:absolute;left:8px;top:50%;margin-top:-7px}
            .bar{border-bottom:1px solid #b2b2b2}
            .bar.black{border-bottom-color:#000}
            .fold{position:absolute;left:0;right:0;height:0;border-top:2px dashed #ff3b30}
            .status{position:absolute;left:0;right:0;top:0;font-size:15px;font-weight:bold;display:flex;align-items:center;justify-content:center}
            .status>.battery{position:absolute;right:8px;width:22px;height:10px;border:1px solid currentColor;border-radius:3px;padding:1px}
            .status>.battery>.level{width:100%;height:100%;background:currentColor;border-radius:1px}
            </style>
            </head>
            <body>

            """
        html += #"<div class="screen" data-screen="\#(XMLText.escaped(screen.screen))" data-device="\#(XMLText.escaped(screen.device.name))" "#
        html += #"style="width:\#(number(screen.device.width))px;height:\#(number(options.height(of: screen)))px">"# + "\n"
        let origin = DesignRect(x: 0, y: 0, width: screen.device.width, height: screen.height)
        for view in screen.views { write(view, in: origin, depth: 1, to: &html, images: images) }
        if options.statusBar {
            html += #"<div class="status" style="height:\#(number(screen.device.statusBarHeight))px">\#(PictureOptions.statusBarTime)"#
                + #"<div class="battery"><div class="level"></div></div></div>"# + "\n"
        }
        if options.fullPage, options.marksFold, screen.height > screen.device.height {
            html += #"<div class="fold" style="top:\#(number(screen.device.height))px" title="the bottom of the device's screen"></div>"# + "\n"
        }
        html += "</div>\n</body>\n</html>\n"
        return html
    }

    private static func write(_ view: DrawnView, in parent: DesignRect, depth: Int, to html: inout String, images: ImageLibrary?) {
        let indent = String(repeating: " ", count: depth)
        var classes = ["v"]
        var style = "left:\(number(view.frame.x - parent.x))px;top:\(number(view.frame.y - parent.y))px;"
            + "width:\(number(view.frame.width))px;height:\(number(view.frame.height))px;"
        var inner = ""
        var extra = ""
        switch view.look {
        case .box, .text, .button:
            break
        case .navigationBar:
            classes.append(view.barStyle == .black ? "bar black" : "bar")
        case .image(let source):
            if case .named(let name) = source, let image = images?.image(named: name) {
                inner = #"<img class="img" alt="\#(XMLText.escaped(name))" src="data:\#(image.mediaType);base64,\#(Data(image.bytes).base64EncodedString())">"#
            } else {
                // A URL is never fetched, and a name the bundle lacks has nothing to draw: a box.
                classes.append("missing")
                if case .url(let url) = source { extra = #" data-url="\#(XMLText.escaped(url))""# }
            }
        case .field:
            classes.append("field")
        case .searchBar:
            classes.append(view.barStyle == .black ? "search black" : "search")
            inner = #"<div class="well">\#(magnifier)</div>"#
        case .toggle(let on):
            classes.append(on ? "toggle on" : "toggle")
            inner = #"<div class="knob" style="left:\#(on ? 22 : 2)px"></div>"#
        case .spinner:
            classes.append("spinner")
        case .systemButton(let type):
            inner = glyph(type, colour: color(view.textColor), in: view.frame)
        case .map(let pins):
            classes.append("map")
            inner = MapCanvas.html(pins)
        case .progress(let fraction):
            style += "background:#e5e5ea;"
            inner = #"<div class="v" style="left:0;top:0;height:100%;width:\#(number(fraction * 100))%;background:\#(color(DrawnView.tint))"></div>"#
        }
        if let background = view.backgroundColor { style += "background:\(color(background));" }
        if view.cornerRadius > 0 { style += "border-radius:\(number(view.cornerRadius))px;" }
        if view.borderWidth > 0 { style += "border:\(number(view.borderWidth))px solid \(color(view.borderColor ?? DrawnView.black));" }
        if view.clips { style += "overflow:hidden;" }
        var attributes = #"class="\#(classes.joined(separator: " "))""#
        if let id = view.id { attributes += #" data-id="\#(XMLText.escaped(id))""# }
        if let designID = view.designID { attributes += #" data-design-id="\#(XMLText.escaped(designID))""# }
        attributes += #" data-type="\#(XMLText.escaped(view.type))""# + extra
        if let row = view.row { attributes += #" data-row="\#(XMLText.escaped(row.table))/\#(row.section)/\#(row.row)""# }
        html += "\(indent)<div \(attributes) style=\"\(style)\">\(inner)\(text(view))"
        if view.children.isEmpty {
            html += "</div>\n"
            return
        }
        html += "\n"
        for child in view.children { write(child, in: view.frame, depth: depth + 1, to: &html, images: images) }
        html += "\(indent)</div>\n"
    }

    /// The magnifier UIKit draws at the start of a search field, in its placeholder grey.
    private static let magnifier = ##"<svg width="14" height="14" viewBox="0 0 14 14"><circle cx="5.8" cy="5.8" r="4.8" fill="none" stroke="#8e8e93" stroke-width="1.6"/>"##
        + ##"<path d="M9.3 9.3L13 13" stroke="#8e8e93" stroke-width="1.8" stroke-linecap="round"/></svg>"##

    /// A system button's 22-point image, centred in its frame, as an inline SVG: a circle
    /// outline with a plus (`contactAdd`) or an "i" (`detailDisclosure`, `infoLight`, `infoDark`).
    private static func glyph(_ type: ButtonType, colour: String, in frame: DesignRect) -> String {
        let mark = type == .contactAdd
            ? #"<path d="M11 6v10M6 11h10" stroke="\#(colour)" stroke-width="1.5"/>"#
            : #"<path d="M11 9.5v6.5" stroke="\#(colour)" stroke-width="1.8"/><circle cx="11" cy="6.8" r="1.1" fill="\#(colour)"/>"#
        return #"<svg class="glyph" width="22" height="22" viewBox="0 0 22 22" style="left:\#(number((frame.width - 22) / 2))px;"#
            + #"top:\#(number((frame.height - 22) / 2))px"><circle cx="11" cy="11" r="10" fill="none" stroke="\#(colour)" stroke-width="1.5"/>"#
            + mark + "</svg>"
    }

    /// The view's lines, centred vertically in its frame as UIKit centres a label's.
    private static func text(_ view: DrawnView) -> String {
        guard !view.lines.isEmpty else { return "" }
        let lineHeight = TextMetrics.lineHeight(of: view.font)
        var inset = 0.0
        switch view.look {
        case .field: inset = 8
        case .searchBar: inset = 36
        default: break
        }
        let blockHeight = Double(view.lines.count) * lineHeight
        let top = view.look == .field && view.type == "UITextView" ? 8 : max((view.frame.height - blockHeight) / 2, 0)
        let alignment: String = switch view.alignment {
        case .natural, .left: "left"
        case .center: "center"
        case .right: "right"
        case .justified: "justify"
        }
        let colour = view.showsPlaceholder ? (view.look == .searchBar ? "#8e8e93" : color(DrawnView.placeholderGray)) : color(view.textColor)
        var style = "top:\(number(top))px;"
        if inset > 0 { style += "left:\(number(inset))px;right:8px;" }
        style += "font-size:\(number(view.font.size))px;line-height:\(number(lineHeight))px;"
        if view.font.weight != .regular { style += "font-weight:\(view.font.weight.cssWeight);" }
        if view.font.italic { style += "font-style:italic;" }
        style += "color:\(colour);text-align:\(alignment)"
        return #"<div class="t" style="\#(style)">\#(view.lines.map(XMLText.escaped).joined(separator: "<br>"))</div>"#
    }

    /// A length in CSS pixels: at most two decimals, no trailing zeros, never `-0`; within a
    /// billion either way (a bundle may size a view absurdly; a page has no use for more).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((min(max(value, -1e9), 1e9) * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    /// `#rrggbb`, or `rgba(…)` when the colour is not opaque.
    static func color(_ color: DesignColor) -> String {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        let red = channel(color.red), green = channel(color.green), blue = channel(color.blue)
        if color.alpha >= 1 {
            let hex = [red, green, blue].map { value in
                let text = String(value, radix: 16)
                return text.count == 1 ? "0" + text : text
            }
            return "#" + hex.joined()
        }
        return "rgba(\(red),\(green),\(blue),\(number(max(color.alpha, 0))))"
    }
}
