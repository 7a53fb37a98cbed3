import WidgetryBundle
import WidgetryHostProfile
import WidgetryJSON
import WidgetryExpressions
import WidgetryService
import WidgetryServiceConfiguration

extension HostProfile {
    /// The provider whose credentials sign the run's requests: the first, by name, of the
    /// providers the bundle's screens name in `serviceProviderClassName` (a screen that names
    /// none uses `StandardServiceProvider`) that this profile declares.
    func provider(for bundle: WidgetBundle) -> (name: String, auth: ProviderAuth)? {
        let named = HostProfile.providerNames(in: bundle)
        return named.sorted().lazy.compactMap { name in providers[name].map { (name, $0) } }.first
    }

    /// Every `serviceProviderClassName` the bundle's screens name, and `StandardServiceProvider`
    /// when a screen names none.
    static func providerNames(in bundle: WidgetBundle) -> Set<String> {
        var names: Set<String> = []
        for screen in bundle.screens {
            var found = false
            var pending = [screen.definition]
            while let value = pending.popLast() {
                switch value.kind {
                case .object(let object):
                    for member in object {
                        if member.key == "serviceProviderClassName", let name = member.value.stringValue {
                            names.insert(name)
                            found = true
                        }
                        pending.append(member.value)
                    }
                case .array(let items):
                    pending += items
                default:
                    break
                }
            }
            if !found { names.insert("StandardServiceProvider") }
        }
        return names
    }

    /// The credentials of ``provider(for:)``, as the action engine signs with them.
    func credentials(for bundle: WidgetBundle) -> Credentials? {
        guard let auth = provider(for: bundle)?.auth else { return nil }
        return Credentials(bearerToken: auth.bearer, headers: auth.headers.map { HeaderField($0.name, $0.value) },
                           oauth1: auth.oauth1.map { OAuth1Signer(consumerKey: $0.consumerKey, consumerSecret: $0.consumerSecret, token: $0.token, tokenSecret: $0.tokenSecret) })
    }

    /// The profile's `hosts` as the engine applies them.
    var redirects: HostRedirects {
        HostRedirects(Dictionary(hosts.map { ($0.host, $0.baseURL) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The profile's `defaults` as values.
    var defaultValues: [String: Value] {
        defaults.mapValues { Value(json: $0) }
    }
}
