public import Foundation
public import WidgetryJSON

/// What a bundle says about itself: `Info.json`, or the upstream `Info.plist`.
public struct BundleManifest: Sendable, Equatable {
    /// The bundle identifier (`identifier`, or `CFBundleIdentifier`). Widget identifiers must
    /// start with it.
    public var identifier: String
    public var name: String?
    public var version: String?
    /// The screen shown first, when the manifest names one.
    public var entryScreen: String?
    /// Where `entryScreen`'s value is written (`Info.json`), for errors about the screen it names.
    public var entryScreenLocation: SourceLocation?
    /// The storyboard that holds the view trees (`UIMainStoryboardFile`), for upstream bundles.
    public var mainStoryboard: String?
    /// Version of the bundle format; 1 when not given.
    public var formatVersion: Int
    /// The file the manifest was read from, relative to the bundle root.
    public var file: String

    public init(
        identifier: String, name: String? = nil, version: String? = nil, entryScreen: String? = nil,
        mainStoryboard: String? = nil, formatVersion: Int = 1, file: String
    ) {
        self.identifier = identifier
        self.name = name
        self.version = version
        self.entryScreen = entryScreen
        self.mainStoryboard = mainStoryboard
        self.formatVersion = formatVersion
        self.file = file
    }

    /// The newest bundle format this version of Widgetry reads.
    public static let supportedFormatVersion = 1

    /// Checks the rule of the upstream loader: a widget identifier must start with the bundle
    /// identifier (`mobi.favio.WidgetDemo.left` may run `mobi.favio.WidgetDemo`).
    public func validate(widgetIdentifier: String) throws(BundleError) {
        guard widgetIdentifier.hasPrefix(identifier) else {
            throw .widgetIdentifierMismatch(widgetIdentifier: widgetIdentifier, bundleIdentifier: identifier)
        }
    }
}

// MARK: - Info.json

extension BundleManifest {
    private static let jsonKeys: Set<String> = ["$schema", "identifier", "name", "version", "entryScreen", "formatVersion"]

    /// Reads an `Info.json` document. Unknown keys (other than `$schema` and `***` comments) and
    /// values of the wrong type are errors with their location.
    public init(json document: JSONDocument, file: String) throws(BundleError) {
        guard let object = document.root.objectValue else {
            throw .invalidManifest(file: file, location: document.root.location, pointer: .root,
                                   message: "the manifest must be a JSON object, not \(document.root.typeName)")
        }
        for member in object where !BundleManifest.jsonKeys.contains(member.key) && !member.key.hasPrefix("***") {
            throw .invalidManifest(file: file, location: member.keyLocation, pointer: member.value.pointer,
                                   message: "unknown key '\(member.key)'; expected one of \(BundleManifest.jsonKeys.sorted().joined(separator: ", "))")
        }
        func string(_ key: String) throws(BundleError) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value.stringValue else {
                throw .invalidManifest(file: file, location: value.location, pointer: value.pointer,
                                       message: "'\(key)' must be a string, not \(value.typeName)")
            }
            return text
        }
        guard let identifier = try string("identifier"), !identifier.isEmpty else {
            throw .missingIdentifier(file: file)
        }
        try BundleManifest.checkIdentifierSyntax(identifier, file: file, value: object["identifier"])
        var formatVersion = 1
        if let value = object["formatVersion"] {
            guard let number = value.integerValue, number >= 1 else {
                throw .invalidManifest(file: file, location: value.location, pointer: value.pointer,
                                       message: "'formatVersion' must be a positive integer")
            }
            guard number <= BundleManifest.supportedFormatVersion else {
                throw .invalidManifest(file: file, location: value.location, pointer: value.pointer,
                                       message: "format version \(number) is newer than the supported version \(BundleManifest.supportedFormatVersion); update Widgetry")
            }
            formatVersion = Int(number)
        }
        self.init(identifier: identifier, name: try string("name"), version: try string("version"),
                  entryScreen: try string("entryScreen"), formatVersion: formatVersion, file: file)
        entryScreenLocation = object["entryScreen"]?.location
    }

    private static func checkIdentifierSyntax(_ identifier: String, file: String, value: JSONValue?) throws(BundleError) {
        let allowed = identifier.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "." || scalar == "-" || scalar == "_"
        }
        guard allowed else {
            throw .invalidManifest(file: file, location: value?.location, pointer: value?.pointer,
                                   message: "identifier '\(identifier)' may only hold letters, digits, '.', '-' and '_' (reverse DNS, like com.example.Feed)")
        }
    }
}

// MARK: - Info.plist

extension BundleManifest {
    /// Reads an upstream `Info.plist` (XML or binary). Values Xcode fills in at build time
    /// (`$(PRODUCT_BUNDLE_IDENTIFIER)`) mean nothing here: such a name or version is left out,
    /// and such an identifier is `hostIdentifier`, which the host gives (a profile's
    /// `identifier`, `--identifier`); without one it is `bundle.unresolved-identifier`.
    public init(plist data: Data, file: String, hostIdentifier: String? = nil) throws(BundleError) {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalidManifest(file: file, location: nil, pointer: nil, message: "not a readable property list (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .invalidManifest(file: file, location: nil, pointer: nil, message: "the property list's root must be a dictionary")
        }
        guard var identifier = dictionary["CFBundleIdentifier"] as? String, !identifier.isEmpty else {
            throw .missingIdentifier(file: file)
        }
        if Self.holdsBuildSetting(identifier) {
            guard let hostIdentifier else {
                throw .unresolvedIdentifier(file: file, location: Self.location(of: identifier, in: data), value: identifier)
            }
            identifier = hostIdentifier
        }
        try BundleManifest.checkIdentifierSyntax(identifier, file: file, value: nil)
        func resolved(_ key: String) -> String? {
            (dictionary[key] as? String).flatMap { Self.holdsBuildSetting($0) ? nil : $0 }
        }
        let name = resolved("CFBundleDisplayName") ?? resolved("CFBundleName")
        let version = resolved("CFBundleShortVersionString") ?? resolved("CFBundleVersion")
        self.init(identifier: identifier, name: name, version: version, entryScreen: nil,
                  mainStoryboard: dictionary["UIMainStoryboardFile"] as? String, file: file)
    }

    /// Whether `value` holds an Xcode build setting, `$(NAME)` or `${NAME}`.
    static func holdsBuildSetting(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }

    /// Where `value` is written in an XML property list; nil in a binary one.
    private static func location(of value: String, in data: Data) -> SourceLocation? {
        let bytes = [UInt8](data)
        let needle = Array(">\(value)<".utf8)
        guard needle.count <= bytes.count,
              let start = (0...(bytes.count - needle.count)).first(where: { bytes[$0..<$0 + needle.count].elementsEqual(needle) }) else { return nil }
        return bytes.withUnsafeBufferPointer { SourceLocation(offset: start + 1, in: $0) }
    }
}
