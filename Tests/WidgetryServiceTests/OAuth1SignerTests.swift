import Foundation
import Testing
@testable import WidgetryService

/// OAuth 1.0a HMAC-SHA1 signatures against the published examples: RFC 5849's signature base
/// string (RFC 5849 §3.4.1.1) and Twitter's worked signature ("Creating a signature").
struct OAuth1SignerTests {
    @Test func theBaseStringIsRFC5849s() throws {
        // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b with the form body c2&a3=2+q.
        let url = try #require(URL(string: "http://EXAMPLE.com:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b"))
        let parameters = OAuth1Signer.queryParameters(of: url) + OAuth1Signer.formParameters("c2&a3=2+q") + [
            ("oauth_consumer_key", "9djdj82h48djs9d2"), ("oauth_token", "kkk9d7dh3k39sjv7"), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", "137131201"), ("oauth_nonce", "7d8f3e4a"),
        ]
        #expect(OAuth1Signer.baseString(method: "post", url: url, parameters: parameters) == "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7")
    }

    static let twitter = OAuth1Signer(consumerKey: "xvz1evFS4wEEPTGEFPHBog", consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
                                      token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE")
    static let update = URL(string: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true")!
    static let body: [OAuth1Signer.Parameter] = [("status", "Hello Ladies + Gentlemen, a signed OAuth request!")]

    @Test func theSignatureIsTwitters() {
        let header = Self.twitter.authorization(method: "POST", url: Self.update, bodyParameters: Self.body,
                                                nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp: 1_318_622_958)
        #expect(header.contains(#"oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D""#), "\(header)")
        #expect(header.hasPrefix(#"OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="#))
        #expect(header.hasSuffix(#"oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0""#))
    }

    @Test func aServerVerifiesTheSignatureAndRefusesAnyChange() throws {
        let header = Self.twitter.authorization(method: "POST", url: Self.update, bodyParameters: Self.body, nonce: "n1", timestamp: 1)
        #expect(Self.twitter.verifies(header, method: "POST", url: Self.update, bodyParameters: Self.body))
        #expect(!Self.twitter.verifies(header, method: "GET", url: Self.update, bodyParameters: Self.body), "another method")
        #expect(!Self.twitter.verifies(header, method: "POST", url: Self.update, bodyParameters: [("status", "Hello")]), "another body")
        let other = try #require(URL(string: "https://api.twitter.com/1.1/statuses/update.json?include_entities=false"))
        #expect(!Self.twitter.verifies(header, method: "POST", url: other, bodyParameters: Self.body), "another query")
        var wrongSecret = Self.twitter
        wrongSecret.tokenSecret = "x"
        #expect(!wrongSecret.verifies(header, method: "POST", url: Self.update, bodyParameters: Self.body), "another secret")
        #expect(!Self.twitter.verifies("Bearer abc", method: "POST", url: Self.update))
    }
}
