import Foundation
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen

/// A marker of a map a picture draws: its title and where its point lies in the map view,
/// from the view's top left corner.
public struct MapPin: Sendable, Equatable {
    /// The marker's title, empty when it has none.
    public var title: String
    /// The point's distance from the view's left edge, in points.
    public var x: Double
    /// The point's distance from the view's top edge, in points.
    public var y: Double
}

/// The maps of a host's controllers (a host profile's `map`, FORMAT.md#profile.map), drawn as a
/// plain canvas: a flat background, no tiles, nothing fetched, one pin per marker with its title
/// (docs/RENDERING.md#maps). The markers are placed by an equirectangular projection fitted to
/// their bounding box: longitudes shrunk by the cosine of the box's middle latitude so that
/// distances keep their proportions, one scale for both axes, the box centred in the view inset
/// by ``margin``. A single place, or places all at one point, is at the centre.
enum MapCanvas {
    /// The canvas's colour: the land of a map without tiles.
    static let land = DesignColor(red: 229.0 / 255, green: 227.0 / 255, blue: 223.0 / 255)
    /// The inset of the markers' bounding box from the view's edges, room for a pin above its
    /// point and its title below.
    static let margin = 40.0

    /// `screen` with each view a map of `maps` is drawn on shown as that map.
    static func drawing(_ maps: [Snapshot.Map], on screen: DrawnScreen) -> DrawnScreen {
        guard !maps.isEmpty else { return screen }
        var byView: [String: Snapshot.Map] = [:]
        for map in maps where byView[map.view] == nil { byView[map.view] = map }
        var drawn = screen
        drawn.views = screen.views.map { drawing(byView, on: $0) }
        return drawn
    }

    /// `view` and its subtree with the maps drawn; a table's or collection's row is left as it
    /// is (an outlet names a view of the screen, not one of a row's).
    private static func drawing(_ maps: [String: Snapshot.Map], on view: DrawnView) -> DrawnView {
        guard view.row == nil else { return view }
        var drawn = view
        drawn.children = view.children.map { drawing(maps, on: $0) }
        if let id = view.id, let map = maps[id] {
            drawn.look = .map(pins(map.markers, width: view.frame.width, height: view.frame.height))
            drawn.backgroundColor = land
            drawn.clips = true
        }
        return drawn
    }

    /// The pins of `markers` in a view of `width` by `height`, in the markers' order; a marker
    /// without a latitude in -90…90 and a longitude in -180…180 is not drawn.
    static func pins(_ markers: [Snapshot.Map.Marker], width: Double, height: Double) -> [MapPin] {
        let placed = markers.compactMap { marker -> (title: String, latitude: Double, longitude: Double)? in
            guard let latitude = marker.latitude.doubleValue, let longitude = marker.longitude.doubleValue,
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
            let title = marker.title.isNull ? "" : marker.title.stringValue ?? marker.title.description
            return (title, latitude, longitude)
        }
        guard let first = placed.first else { return [] }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for place in placed {
            south = min(south, place.latitude); north = max(north, place.latitude)
            west = min(west, place.longitude); east = max(east, place.longitude)
        }
        let shrink = cos((south + north) / 2 * .pi / 180)
        let spanX = (east - west) * shrink, spanY = north - south
        let roomX = max(width - 2 * margin, 0), roomY = max(height - 2 * margin, 0)
        let scales = [spanX > 0 ? roomX / spanX : nil, spanY > 0 ? roomY / spanY : nil].compactMap { $0 }
        let scale = scales.min() ?? 0
        let offsetX = (width - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2
        return placed.map { place in
            MapPin(title: place.title, x: offsetX + (place.longitude - west) * shrink * scale, y: offsetY + (north - place.latitude) * scale)
        }
    }

    /// The pins as HTML inside their map's box: each a red pin whose tip is at its point, its
    /// title centred below. Styles are inline, so pages without a map stay as they were.
    static func html(_ pins: [MapPin]) -> String {
        pins.map { pin in
            #"<div style="position:absolute;left:\#(HTMLPicture.number(pin.x))px;top:\#(HTMLPicture.number(pin.y))px;width:0;height:0" data-marker>"#
                + #"<svg width="22" height="30" viewBox="0 0 22 30" style="position:absolute;left:-11px;top:-30px">"#
                + ##"<path d="M11 29C11 29 1 17 1 11a10 10 0 0 1 20 0c0 6-10 18-10 18z" fill="#ea4335" stroke="#a52714" stroke-width="1"/>"##
                + ##"<circle cx="11" cy="11" r="3.5" fill="#a52714"/></svg>"##
                + (pin.title.isEmpty ? "" : #"<div style="position:absolute;top:2px;left:-80px;width:160px;text-align:center;font-size:12px;line-height:15px;"#
                    + ##"font-weight:600;color:#202124;text-shadow:0 0 2px #fff,0 0 2px #fff">\##(XMLText.escaped(pin.title))</div>"##)
                + "</div>"
        }.joined()
    }
}
