public import Foundation

/// A stand-in for the Google Places web service Graffiti's GoogleMapsDemo asks, on 127.0.0.1
/// (port 0): `/maps/api/place/nearbysearch/json` answers the places whose name holds the
/// `keyword` (case-insensitive) in Google's shape (`results`, each with `name`, `vicinity`,
/// `reference`, `types` and `geometry.location`), and `/maps/api/place/autocomplete/json`
/// answers `predictions` whose description holds `input`. A request without the test's API key
/// (`key`) is refused as Google refuses it (`REQUEST_DENIED`), and so is one without a
/// `location`.
public final class FakePlaces: Sendable {
    /// A place as the fake knows it.
    public struct Place: Sendable {
        public var name: String
        public var vicinity: String
        public var latitude: Double
        public var longitude: Double
        public var type: String
    }

    /// The key the fake accepts.
    public let key: String
    public static let places = [
        Place(name: "Café de Flore", vicinity: "172 Boulevard Saint-Germain, Paris", latitude: 48.854, longitude: 2.3325, type: "cafe"),
        Place(name: "Les Deux Magots", vicinity: "6 Place Saint-Germain des Prés, Paris", latitude: 48.8540, longitude: 2.3333, type: "cafe"),
        Place(name: "Café Procope", vicinity: "13 Rue de l'Ancienne Comédie, Paris", latitude: 48.8530, longitude: 2.3388, type: "cafe"),
        Place(name: "Shakespeare and Company", vicinity: "37 Rue de la Bûcherie, Paris", latitude: 48.8526, longitude: 2.3471, type: "book_store"),
    ]
    private let server: TestHTTPServer

    /// `http://127.0.0.1:<port>`
    public var baseURL: String { server.baseURL }
    public var port: Int { server.port }
    /// Every request so far, in order.
    public var requests: [TestRequest] { server.requests }

    private init(key: String, server: TestHTTPServer) {
        self.key = key
        self.server = server
    }

    /// Starts a fake that accepts `key`.
    public static func start(key: String) async throws -> FakePlaces {
        let server = try await TestHTTPServer.start { request in FakePlaces.answer(request, key: key) }
        return FakePlaces(key: key, server: server)
    }

    public func stop() async throws {
        try await server.stop()
    }

    private static func answer(_ request: TestRequest, key: String) -> TestResponse {
        guard request.method == "GET", let url = URLComponents(string: request.uri) else { return TestResponse(status: 405) }
        var query: [String: String] = [:]
        for item in url.queryItems ?? [] { query[item.name] = item.value ?? "" }
        guard query["key"] == key else { return json(["status": "REQUEST_DENIED", "error_message": "The provided API key is invalid."], status: 403) }
        guard let location = query["location"], location.split(separator: ",").count == 2 else {
            return json(["status": "INVALID_REQUEST", "error_message": "location is required"], status: 400)
        }
        switch url.path {
        case "/maps/api/place/nearbysearch/json":
            let keyword = query["keyword"] ?? ""
            let found = places.filter { keyword.isEmpty || $0.name.localizedCaseInsensitiveContains(keyword) }
            let results: [[String: Any]] = found.enumerated().map { index, place in
                ["name": place.name, "vicinity": place.vicinity, "reference": "ref-\(index + 1)", "types": [place.type, "point_of_interest"],
                 "geometry": ["location": ["lat": place.latitude, "lng": place.longitude]]]
            }
            return json(["status": results.isEmpty ? "ZERO_RESULTS" : "OK", "results": results])
        case "/maps/api/place/autocomplete/json":
            let input = query["input"] ?? ""
            let found = places.filter { $0.vicinity.localizedCaseInsensitiveContains(input) || $0.name.localizedCaseInsensitiveContains(input) }
            let predictions: [[String: Any]] = found.enumerated().map { index, place in
                ["place_id": "place-\(index + 1)", "description": place.name + ", " + place.vicinity,
                 "terms": [["value": place.name], ["value": place.vicinity]]]
            }
            return json(["status": predictions.isEmpty ? "ZERO_RESULTS" : "OK", "predictions": predictions])
        default:
            return json(["status": "NOT_FOUND"], status: 404)
        }
    }

    private static func json(_ object: [String: Any], status: Int = 200) -> TestResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return TestResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(body))
    }
}
