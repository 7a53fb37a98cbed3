import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
import WidgetryTestSupport

/// Xcode's model source (`.xcdatamodel/contents`): the Feed sample read both ways, defaults,
/// and every error with its line and column.
struct XcdatamodelReaderTests {
    static let feedModelJSON = URL(fileURLWithPath: Samples.widget("Feed/Model.json"))

    static let header = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="14492.1" systemVersion="18G87" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        """

    /// The Feed sample's model as Xcode saves it: entities and properties sorted by name.
    static let feedContents = header + """

            <entity name="Account" representedClassName="Account" parentEntity="User" syncable="YES" codeGenerationType="class">
                <userInfo>
                    <entry key="isOwnerEntity" value="1"/>
                </userInfo>
            </entity>
            <entity name="Post" representedClassName="Post" syncable="YES" codeGenerationType="class">
                <attribute name="favoritesCount" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="favorite_count"/>
                    </userInfo>
                </attribute>
                <attribute name="postId" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="id_str"/>
                    </userInfo>
                </attribute>
                <attribute name="repostCount" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="repost_count"/>
                    </userInfo>
                </attribute>
                <attribute name="text" optional="YES" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="text"/>
                    </userInfo>
                </attribute>
                <attribute name="timestamp" optional="YES" attributeType="Date" usesScalarValueType="NO" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="created_at"/>
                        <entry key="JSONTransformerName" value="strToDate"/>
                    </userInfo>
                </attribute>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="User" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="user"/>
                    </userInfo>
                </relationship>
                <userInfo>
                    <entry key="identityAttribute" value="postId"/>
                    <entry key="ownerRelationship" value="author"/>
                </userInfo>
            </entity>
            <entity name="User" representedClassName="User" syncable="YES" codeGenerationType="class">
                <attribute name="imageName" optional="YES" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="image_name"/>
                    </userInfo>
                </attribute>
                <attribute name="name" optional="YES" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="name"/>
                    </userInfo>
                </attribute>
                <attribute name="nickname" optional="YES" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="screen_name"/>
                    </userInfo>
                </attribute>
                <attribute name="userId" attributeType="String" syncable="YES">
                    <userInfo>
                        <entry key="JSONKeyPath" value="id_str"/>
                    </userInfo>
                </attribute>
                <relationship name="posts" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Post" inverseName="author" inverseEntity="Post" syncable="YES"/>
                <userInfo>
                    <entry key="identityAttribute" value="userId"/>
                </userInfo>
            </entity>
            <elements>
                <element name="Account" positionX="-54" positionY="-9" width="128" height="60"/>
                <element name="Post" positionX="-63" positionY="-18" width="128" height="150"/>
                <element name="User" positionX="-63" positionY="-18" width="128" height="120"/>
            </elements>
        </model>
        """

    /// A model whose body starts on line 3 (after the XML declaration and `<model …>`).
    private static func contents(_ body: String) -> String {
        header + "\n" + body + "\n</model>\n"
    }

    private func model(_ body: String) throws -> EntityModel {
        try XcdatamodelReader.read(Array(Self.contents(body).utf8), file: "contents")
    }

    private func errors(_ body: String) throws -> [ModelError] {
        do {
            _ = try model(body)
            Issue.record("the model was accepted")
            return []
        } catch let failure as ModelErrors {
            return failure.errors
        }
    }

    /// One line per entity and property, sorted by name, with everything the two readers share.
    private func summary(_ model: EntityModel) -> [String] {
        var lines: [String] = []
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            lines.append(line(entity))
            lines += entity.attributes.sorted { $0.name < $1.name }.map(line)
            lines += entity.relationships.sorted { $0.name < $1.name }.map(line)
        }
        return lines
    }

    private func line(_ entity: EntityDescription) -> String {
        let identity = entity.identityAttribute ?? "-"
        let owner = entity.ownerRelationship ?? "-"
        return "\(entity.name) parent=\(entity.parent ?? "-") identity=\(identity) owner=\(owner) isOwner=\(entity.isOwnerEntity)"
    }

    private func line(_ attribute: AttributeDescription) -> String {
        let defaultValue = attribute.defaultValue.map { "\($0)" } ?? "-"
        let keyPath = attribute.jsonKeyPath ?? "-"
        let transformer = attribute.jsonTransformerName ?? "-"
        let declaration = "  \(attribute.name): \(attribute.type.rawValue) optional=\(attribute.isOptional)"
        return "\(declaration) default=\(defaultValue) key=\(keyPath) transformer=\(transformer)"
    }

    private func line(_ relationship: RelationshipDescription) -> String {
        let inverse = relationship.inverse ?? "-"
        let keyPath = relationship.jsonKeyPath ?? "-"
        let declaration = "  \(relationship.name) → \(relationship.destination) toMany=\(relationship.isToMany)"
        return "\(declaration) inverse=\(inverse) rule=\(relationship.deleteRule) ordered=\(relationship.isOrdered) key=\(keyPath)"
    }

    @Test func theFeedSourceAgreesWithTheFeedModelJSON() throws {
        let fromXcode = try XcdatamodelReader.read(Array(Self.feedContents.utf8), file: "contents")
        let bytes = try [UInt8](Data(contentsOf: Self.feedModelJSON))
        let fromJSON = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
        #expect(summary(fromXcode) == summary(fromJSON))
        #expect(summary(fromXcode).count == 14)
        #expect(fromXcode.entities.map(\.name) == ["Account", "Post", "User"])
        #expect(fromXcode.identityAttribute(of: "Account")?.name == "userId")
        #expect(fromXcode.attribute("favoritesCount", of: "Post")?.defaultValue == .int(0))
    }

    @Test func placesAreTheElementsStartTags() throws {
        let model = try XcdatamodelReader.read(Array(Self.feedContents.utf8), file: "contents")
        #expect(model.entity(named: "Account")?.location?.description == "3:5")
        #expect(model.entity(named: "Post")?.location?.description == "8:5")
        #expect(model.attribute("postId", of: "Post")?.location?.description == "14:9")
        #expect(model.relationship("author", of: "Post")?.location?.description == "35:9")
    }

    @Test func defaultsAreConvertedToTheirAttributeType() throws {
        let model = try model("""
                <entity name="E" representedClassName="E" syncable="YES">
                    <attribute name="small" attributeType="Integer 16" defaultValueString="7" usesScalarValueType="YES"/>
                    <attribute name="ratio" attributeType="Double" defaultValueString="1.5" usesScalarValueType="YES"/>
                    <attribute name="price" attributeType="Decimal" defaultValueString="9.99"/>
                    <attribute name="flag" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>
                    <attribute name="off" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                    <attribute name="title" attributeType="String" defaultValueString=""/>
                    <attribute name="id" attributeType="UUID" defaultValueString="" usesScalarValueType="NO"/>
                    <attribute name="epoch" attributeType="Date" defaultDateTimeInterval="0" usesScalarValueType="NO"/>
                    <attribute name="saved" attributeType="Date" defaultDateTimeInterval="550000000" defaultValueString="now"/>
                    <attribute name="iso" attributeType="Date" defaultValueString="2018-06-20T18:00:00Z"/>
                    <attribute name="seconds" attributeType="Date" defaultValueString="550000000"/>
                    <attribute name="blob" optional="YES" attributeType="Binary"/>
                </entity>
            """)
        func value(_ name: String) -> Value? { model.attribute(name, of: "E")?.defaultValue }
        #expect(value("small") == .int(7))
        #expect(value("ratio") == .double(1.5))
        #expect(value("price") == .double(9.99))
        #expect(value("flag") == .bool(true))
        #expect(value("off") == .bool(false))
        #expect(value("title") == .string(""))
        #expect(value("id") == nil)
        #expect(value("epoch") == .date(Date(timeIntervalSince1970: 978_307_200)))
        #expect(value("saved") == .date(Date(timeIntervalSinceReferenceDate: 550_000_000)))
        #expect(value("iso") == .date(Date(timeIntervalSince1970: 1_529_517_600)))
        #expect(value("seconds") == .date(Date(timeIntervalSinceReferenceDate: 550_000_000)))
        #expect(model.attribute("blob", of: "E")?.type == .binary)
    }

    @Test(arguments: ["YES", "yes", "true", "1", "NO", "false", "0"])
    func isOwnerEntityIsReadAsABoolean(text: String) throws {
        let model = try model("""
                <entity name="E" syncable="YES">
                    <userInfo>
                        <entry key="isOwnerEntity" value="\(text)"/>
                    </userInfo>
                </entity>
            """)
        #expect(model.entity(named: "E")?.isOwnerEntity == ["YES", "yes", "true", "1"].contains(text))
    }

    @Test func otherElementsAndUserInfoKeysAreIgnored() throws {
        let model = try model("""
                <entity name="E" representedClassName="E" syncable="YES">
                    <attribute name="a" optional="YES" attributeType="String" syncable="YES"/>
                    <fetchedProperty name="similar" optional="YES" syncable="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="E" predicateString="a == $FETCH_SOURCE.a"/>
                        <userInfo>
                            <entry key="JSONKeyPath" value="similar"/>
                        </userInfo>
                    </fetchedProperty>
                    <userInfo>
                        <entry key="entityMapperName" value="mapper"/>
                    </userInfo>
                </entity>
                <fetchRequest name="All" entity="E" predicateString="a != nil"/>
                <configuration name="Local">
                    <memberEntity name="E"/>
                </configuration>
                <elements>
                    <element name="E" positionX="0" positionY="0" width="128" height="60"/>
                </elements>
            """)
        #expect(model.entities.map(\.name) == ["E"])
        #expect(model.attributes(of: "E").map(\.name) == ["a"])
        #expect(model.relationships(of: "E").isEmpty)
    }

    @Test(arguments: [
        (#"        <attribute name="payload" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData"/>"#,
         ModelError.Code.unknownAttributeType, 4, 50),
        (#"        <attribute name="prénom" attributeType="Strng"/>"#, .unknownAttributeType, 4, 34),
        (#"        <attribute name="level" attributeType="Integer 16" defaultValueString="70000" usesScalarValueType="YES"/>"#, .invalidDefault, 4, 60),
        (#"        <attribute name="flag" attributeType="Boolean" defaultValueString="maybe"/>"#, .invalidDefault, 4, 56),
        (#"        <attribute name="when" attributeType="Date" defaultDateTimeInterval="soon"/>"#, .invalidDefault, 4, 53),
        (#"        <attribute attributeType="String"/>"#, .missingKey, 4, 9),
        (#"        <attribute name="a" optional="YES"/>"#, .missingKey, 4, 9),
        (#"        <attribute name="a" optional="Y" attributeType="String"/>"#, .wrongType, 4, 29),
        (#"        <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify"/>"#, .missingKey, 4, 9),
        (#"        <relationship name="r" deletionRule="Explode" destinationEntity="E"/>"#, .unknownDeleteRule, 4, 32),
        ("        <userInfo>\n            <entry key=\"isOwnerEntity\" value=\"maybe\"/>\n        </userInfo>", .wrongType, 5, 40),
        (#"        <attribute name="a" attributeType="String">"#, .invalidXML, 5, 14),
    ])
    func problemsNameTheirLineAndColumn(line: String, code: ModelError.Code, errorLine: Int, column: Int) throws {
        let found = try errors("    <entity name=\"E\" representedClassName=\"E\" syncable=\"YES\">\n\(line)\n    </entity>")
        let error = try #require(found.first, "expected \(code)")
        #expect(error.code == code)
        #expect(error.location?.line == errorLine)
        #expect(error.location?.column == column)
        #expect(error.file == "contents")
        #expect(error.pointer == nil)
        #expect(error.description.hasPrefix("contents:\(errorLine):\(column): "))
    }

    @Test func anUnknownTypeListsTheSupportedOnes() throws {
        let found = try errors(#"    <entity name="E"><attribute name="a" attributeType="Transformable"/></entity>"#)
        #expect(found.first?.message.contains("E.a") == true)
        #expect(found.first?.hint?.contains("\"Integer 32\"") == true)
        #expect(found.first?.hint?.contains("\"Binary\"") == true)
    }

    @Test(arguments: [
        ("""
            <entity name="E">
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="F" inverseName="back" inverseEntity="F"/>
            </entity>
            <entity name="F"/>
        """, ModelError.Code.inverseMismatch, "E", 3),
        ("""
            <entity name="F"/>
            <entity name="A" parentEntity="B"/>
            <entity name="B" parentEntity="A"/>
        """, .parentCycle, "A", 4),
        (#"    <entity name="E" parentEntity="Nope"/>"#, .unknownEntity, "E", 3),
    ])
    func crossReferenceProblemsComeFromTheModel(body: String, code: ModelError.Code, entity: String, line: Int) throws {
        let found = try errors(body)
        let error = try #require(found.first { $0.code == code }, "expected \(code) in \(found)")
        #expect(error.message.contains(entity), "the message names the entity")
        #expect(error.location?.line == line)
        #expect(error.location?.column == 5)
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let found = try errors("""
                <entity representedClassName="Nameless"/>
                <entity name="E">
                    <attribute name="a" attributeType="Nope"/>
                    <relationship name="r" toMany="YES"/>
                </entity>
            """)
        #expect(found.map(\.code) == [.missingKey, .unknownAttributeType, .missingKey])
        #expect(found.map { $0.location?.line } == [3, 5, 6])
    }

    @Test func aStartTagSpreadOverLinesIsPlacedAtItsBeginning() throws {
        let found = try errors("""
                <entity name="Été" syncable="YES"><attribute name="a" attributeType="String"/></entity>
                <entity name="E"
                        syncable="YES">
                    <attribute name="b"
                               attributeType="Integer 32"
                               defaultValueString="many"/>
                </entity>
            """)
        #expect(found.map { $0.location?.description } == ["8:20"])
        let model = try model(#"    <entity name="Été" syncable="YES"><attribute name="a" attributeType="String"/></entity>"#)
        #expect(model.attribute("a", of: "Été")?.location?.description == "3:39")
    }

    @Test func malformedXMLSaysWhatTheParserFound() throws {
        let found = try errors(#"    <entity name="E"><attribute name="a" attributeType="String"></entity>"#)
        #expect(found.map(\.code) == [.invalidXML])
        #expect(found.first?.message.contains("closing tag") == true, "\(found)")
        #expect(found.first?.location?.description == "3:74")
    }

    @Test func aFileThatIsNotAModelIsInvalidXML() throws {
        for text in ["", "<plist version=\"1.0\"><dict/></plist>"] {
            #expect {
                try XcdatamodelReader.read(Array(text.utf8), file: "contents")
            } throws: { error in
                let errors = (error as? ModelErrors)?.errors ?? []
                return errors.map(\.code) == [.invalidXML] && errors.first?.location?.line == 1
            }
        }
    }

    /// Found by fuzzing (Fuzz/FuzzXcdatamodel), each crashed XMLParser: libxml2 dereferenced null switching
    /// to an encoding the following bytes are invalid in, declared (UTF-7) or guessed from the start
    /// (UCS-4, EBCDIC); FoundationXML read the null data of `<?t?>` as a C string.
    @Test(arguments: [
        Array(#"<?xml version="1.0" encoding="UTF7""#.utf8) + [0xCE],
        Array("<?t?><model/>".utf8),
        Array("<model><!-- <?t?> --><?t?></model>".utf8),
        Array(#"<?xml version="1.0" encoding='ISO-2022-JP'?>"#.utf8) + [0x80, 0x3C],
        [0x00, 0x00, 0x00, 0x3C, 0x00, 0x00, 0x00, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF],
        [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xFF, 0xFE, 0x00],
    ] as [[UInt8]])
    func inputsThatCrashedXMLParserAreInvalidXML(_ bytes: [UInt8]) {
        #expect {
            try XcdatamodelReader.read(bytes, file: "contents")
        } throws: { error in
            let errors = (error as? ModelErrors)?.errors ?? []
            return errors.map(\.code) == [.invalidXML] && errors.first?.location?.line == 1
        }
    }
}
