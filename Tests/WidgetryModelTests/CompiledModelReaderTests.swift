import Foundation
import Testing
import WidgetryExpressions
import WidgetryModel

@Suite struct CompiledModelReaderTests {
    /// Every fact the store and the importer use, one line per entity, property by property.
    static func facts(_ model: EntityModel) -> [String] {
        model.entities.map { entity in
            var lines = ["entity \(entity.name) parent=\(entity.parent ?? "-") identity=\(entity.identityAttribute ?? "-") owner=\(entity.ownerRelationship ?? "-") isOwner=\(entity.isOwnerEntity)"]
            for attribute in model.attributes(of: entity.name) {
                lines.append("  attribute \(attribute.name) \(attribute.type.rawValue) optional=\(attribute.isOptional) default=\(attribute.defaultValue.map { String(describing: $0) } ?? "-") keyPath=\(attribute.jsonKeyPath ?? "-") transformer=\(attribute.jsonTransformerName ?? "-")")
            }
            for relationship in model.relationships(of: entity.name) {
                lines.append("  relationship \(relationship.name) -> \(relationship.destination) toMany=\(relationship.isToMany) inverse=\(relationship.inverse ?? "-") rule=\(relationship.deleteRule) ordered=\(relationship.isOrdered) keyPath=\(relationship.jsonKeyPath ?? "-")")
            }
            lines.append("  own \(entity.attributes.map(\.name)) \(entity.relationships.map(\.name))")
            return lines.joined(separator: "\n")
        }
    }

    @Test(.enabled(if: CompiledModelSample.isAvailable, "needs ../shared/upstream"))
    func compiledModelEqualsTheSourceModel() throws {
        let bytes = try #require(CompiledModelSample.compiledModel)
        let compiled = try CompiledModelReader.read(bytes, file: "Model.mom")
        let source = try XcdatamodelReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: CompiledModelSample.sourceModelPath))),
                                                file: "contents")
        #expect(compiled.entities.map(\.name) == ["Account", "Post", "User"])
        #expect(Self.facts(compiled) == Self.facts(source))
        #expect(compiled.attributes(of: "Account").map(\.name) == ["imageName", "name", "nickname", "userId"])
        #expect(compiled.identityAttribute(of: "Account")?.name == "userId")
        let author = try #require(compiled.relationship("author", of: "Post"))
        #expect(!author.isToMany && author.inverse == "posts" && author.deleteRule == .nullify && author.jsonKeyPath == "user")
        #expect(compiled.relationship("posts", of: "User")?.isToMany == true)
        #expect(compiled.attribute("favoritesCount", of: "Post")?.defaultValue.map { String(describing: $0) } == String(describing: Value.int(0)))
    }

    @Test(.enabled(if: CompiledModelSample.isAvailable, "needs ../shared/upstream"))
    func truncatedModelsAreRefused() throws {
        let bytes = try #require(CompiledModelSample.compiledModel)
        for length in stride(from: 0, to: bytes.count, by: 37) {
            #expect(throws: ModelErrors.self) { try CompiledModelReader.read(Array(bytes.prefix(length)), file: "Model.mom") }
        }
    }

    @Test func garbageIsRefusedAsAnInvalidCompiledModel() {
        let codes = Self.codes { try CompiledModelReader.read(Array("not a plist at all".utf8), file: "Model.mom") }
        #expect(codes == ["model.invalid-compiled-model"])
        let plain = Self.codes { try CompiledModelReader.read(try Self.binary(#"<dict><key>a</key><string>b</string></dict>"#), file: "m") }
        #expect(plain == ["model.invalid-compiled-model"])
    }

    @Test func referencesOutsideTheObjectTableAreRefused() throws {
        let archive = try Self.archive(objects: [
            "<string>$null</string>",
            "<dict><key>$class</key>\(Self.uid(2))<key>NSEntities</key>\(Self.uid(999))</dict>",
            Self.classDescription("NSManagedObjectModel"),
        ])
        let errors = Self.errors { try CompiledModelReader.read(archive, file: "m") }
        #expect(errors.map(\.code.rawValue) == ["model.invalid-compiled-model"])
        #expect(errors.first?.message.contains("999") == true)
    }

    @Test func aRootThatIsNotAModelIsRefused() throws {
        let archive = try Self.archive(objects: ["<string>$null</string>", "<dict><key>$class</key>\(Self.uid(2))</dict>",
                                                 Self.classDescription("UIView")])
        #expect(Self.codes { try CompiledModelReader.read(archive, file: "m") } == ["model.invalid-compiled-model"])
    }

    @Test func aSelfParentedEntityIsACycleNotAHang() throws {
        let archive = try Self.archive(objects: Self.oneEntity(superentity: 3, attributeType: 700))
        #expect(Self.codes { try CompiledModelReader.read(archive, file: "m") }.contains("model.parent-cycle"))
    }

    @Test func unsupportedAttributeTypesAreReportedByName() throws {
        let archive = try Self.archive(objects: Self.oneEntity(superentity: 0, attributeType: 1800))
        let errors = Self.errors { try CompiledModelReader.read(archive, file: "m") }
        #expect(errors.map(\.code.rawValue) == ["model.unknown-attribute-type"])
        #expect(errors.first?.message.contains("Transformable") == true)
        #expect(errors.first?.notes == ["in entity E"])
    }

    @Test func limitsAreChecked() throws {
        let archive = try Self.archive(objects: Self.oneEntity(superentity: 0, attributeType: 700))
        #expect(throws: Never.self) { try CompiledModelReader.read(archive, file: "m") }
        let small = CompiledModelReader.Limits(maxObjects: 3)
        let errors = Self.errors { try CompiledModelReader.read(archive, file: "m", limits: small) }
        #expect(errors.first?.code == .invalidCompiledModel && errors.first?.message.contains("limit") == true)
        #expect(Self.codes { try CompiledModelReader.read(archive, file: "m", limits: .init(maxBytes: 10)) } == ["model.invalid-compiled-model"])
    }

    /// Foundation's reader crashed bridging a set that holds a dictionary (found by
    /// FuzzCompiledModel); the model reader reads property lists itself and refuses it.
    @Test func hostilePropertyListsAreRefusedNotBridged() {
        func plist(_ objects: [[UInt8]], top: UInt8 = 0, tableOffset: UInt8? = nil, referenceSize: UInt8 = 1) -> [UInt8] {
            var bytes = Array("bplist00".utf8)
            var offsets: [UInt8] = []
            for object in objects {
                offsets.append(UInt8(bytes.count))
                bytes += object
            }
            let table = UInt8(bytes.count)
            bytes += offsets
            bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
            bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count), 0, 0, 0, 0, 0, 0, 0, top, 0, 0, 0, 0, 0, 0, 0, tableOffset ?? table]
            return bytes
        }
        let setOfDictionary = plist([[0xC1, 0x01], [0xD0]])
        #expect(Self.codes { try CompiledModelReader.read(setOfDictionary, file: "m") } == ["model.invalid-compiled-model"])
        let outside = plist([[0xD0]], tableOffset: 200)
        #expect(Self.codes { try CompiledModelReader.read(outside, file: "m") } == ["model.invalid-compiled-model"])
        let dangling = plist([[0xA1, 0x07]], referenceSize: 1)
        #expect(Self.codes { try CompiledModelReader.read(dangling, file: "m") } == ["model.invalid-compiled-model"])
        let longCount = plist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(Self.codes { try CompiledModelReader.read(longCount, file: "m") } == ["model.invalid-compiled-model"])
        let badWidth = plist([[0xD0]], referenceSize: 0)
        #expect(Self.codes { try CompiledModelReader.read(badWidth, file: "m") } == ["model.invalid-compiled-model"])
    }

    @Test(.enabled(if: CompiledModelSample.isAvailable, "needs ../shared/upstream"))
    func damagedModelsNeverTrap() throws {
        let pristine = try #require(CompiledModelSample.compiledModel)
        var state: UInt64 = 20
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            var bytes = pristine
            for _ in 0...next(4) { bytes[next(bytes.count)] = UInt8(next(256)) }
            _ = try? CompiledModelReader.read(bytes, file: "Model.mom")
        }
    }

    // MARK: Writing archives

    static func uid(_ index: Int) -> String { "<dict><key>CF$UID</key><integer>\(index)</integer></dict>" }

    static func classDescription(_ name: String) -> String {
        "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string></array></dict>"
    }

    /// A model with one entity `E` (object 3) with one attribute `a` of the given type.
    static func oneEntity(superentity: Int, attributeType: Int) -> [String] {
        [
            "<string>$null</string>",
            "<dict><key>$class</key>\(uid(9))<key>NSEntities</key>\(uid(2))</dict>",
            "<dict><key>NS.keys</key><array>\(uid(4))</array><key>NS.objects</key><array>\(uid(3))</array><key>$class</key>\(uid(10))</dict>",
            "<dict><key>$class</key>\(uid(11))<key>NSEntityName</key>\(uid(4))<key>NSSuperentity</key>\(uid(superentity))<key>NSProperties</key>\(uid(5))</dict>",
            "<string>E</string>",
            "<dict><key>NS.keys</key><array>\(uid(6))</array><key>NS.objects</key><array>\(uid(7))</array><key>$class</key>\(uid(10))</dict>",
            "<string>a</string>",
            "<dict><key>$class</key>\(uid(8))<key>NSPropertyName</key>\(uid(6))<key>NSAttributeType</key><integer>\(attributeType)</integer><key>NSIsOptional</key><true/></dict>",
            classDescription("NSAttributeDescription"),
            classDescription("NSManagedObjectModel"),
            classDescription("NSDictionary"),
            classDescription("NSEntityDescription"),
        ]
    }

    /// A keyed archive in binary form, written from XML so UIDs can be spelt out.
    static func archive(objects: [String]) throws -> [UInt8] {
        try binary("""
            <dict><key>$archiver</key><string>NSKeyedArchiver</string><key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key>\(uid(1))</dict>
            <key>$objects</key><array>\(objects.joined())</array></dict>
            """)
    }

    static func binary(_ body: String) throws -> [UInt8] {
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + body + "</plist>"
        let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
    }

    static func errors(_ body: () throws -> EntityModel) -> [ModelError] {
        do {
            _ = try body()
            return []
        } catch let errors as ModelErrors {
            return errors.errors
        } catch {
            return []
        }
    }

    static func codes(_ body: () throws -> EntityModel) -> [String] { errors(body).map(\.code.rawValue) }
}
