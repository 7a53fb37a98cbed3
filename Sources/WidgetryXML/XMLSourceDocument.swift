import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
package import WidgetryJSON

/// An element of an XML document: its name, attributes, child elements, its own text, and where
/// its start tag begins. (Package-wide: the data model and storyboard readers share it.)
package final class XMLElementNode {
    package let name: String
    package let attributes: [String: String]
    /// Byte offset of the `<` that opens the element.
    package let offset: Int
    package fileprivate(set) var children: [XMLElementNode] = []
    /// The character data directly inside the element (CDATA included), as written.
    package fileprivate(set) var text = ""

    init(name: String, attributes: [String: String], offset: Int) {
        self.name = name
        self.attributes = attributes
        self.offset = offset
    }

    package subscript(attribute: String) -> String? { attributes[attribute] }

    package func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }
}

/// A syntax error in an XML document, where the parser found it; or a document that could not
/// be read or is over ``XMLLimits`` (no location).
package struct XMLSyntaxError: Error {
    package let message: String
    package let location: SourceLocation?
}

/// An XML document parsed into elements, with the source kept so that elements and their
/// attributes can be placed by line and column.
package struct XMLSourceDocument {
    package let root: XMLElementNode
    private let source: XMLSourceLines
    private var bytes: [UInt8] { source.bytes }

    /// Parses `bytes` (UTF-8). External entities are never resolved; a document over `limits`
    /// is an error, and so are inputs `XMLParser` would crash on (see `checkParserSafety`).
    package static func parse(_ bytes: [UInt8], limits: XMLLimits = .default) throws(XMLSyntaxError) -> XMLSourceDocument {
        guard bytes.count <= limits.maxBytes else { throw limits.tooLarge }
        let source = XMLSourceLines(bytes)
        try checkParserSafety(source)
        let builder = TreeBuilder(source: source, maxDepth: limits.maxDepth)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        _ = parser.parse()
        // XMLParser may recover from an error and report success, so the first error reported decides.
        if let failure = builder.firstError {
            let offset = source.offset(line: failure.line, column: failure.column)
            throw XMLSyntaxError(message: failure.message, location: source.location(at: offset))
        }
        guard let root = builder.root else {
            throw XMLSyntaxError(message: "the file holds no XML element", location: SourceLocation(offset: 0, line: 1, column: 1))
        }
        return XMLSourceDocument(root: root, source: source)
    }

    /// Refuses, before `XMLParser` sees them, inputs that crash it (swift-corelibs-foundation over
    /// libxml2 2.9): text that is not UTF-8 and an XML declaration naming another encoding (libxml2
    /// dereferences null switching to an encoding, declared or guessed from a UCS-4 or EBCDIC start,
    /// that the bytes after the switch are invalid in), and processing instructions without data
    /// (`<?name?>`, whose null data FoundationXML reads as a C string). Xcode writes UTF-8 and no
    /// processing instructions.
    private static func checkParserSafety(_ source: XMLSourceLines) throws(XMLSyntaxError) {
        let bytes = source.bytes
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar) where scalar != "\0": offset += UTF8.width(scalar)
            case .emptyInput: break decoding
            case .scalarValue, .error:
                throw XMLSyntaxError(message: "the document is not UTF-8 text", location: source.location(at: offset))
            }
        }
        if let (name, offset) = declaredOtherEncoding(bytes) {
            throw XMLSyntaxError(message: "the document declares the encoding '\(name)'; only UTF-8 is read",
                                 location: source.location(at: offset))
        }
        if let offset = emptyProcessingInstruction(bytes) {
            throw XMLSyntaxError(message: "a processing instruction has no data (<?name?>)", location: source.location(at: offset))
        }
    }

    /// The first encoding other than UTF-8 the XML declaration names, and the offset of its name.
    private static func declaredOtherEncoding(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: "<?xml".utf8) else { return nil }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        let keyword = Array("encoding".utf8)
        var index = start
        while index + keyword.count <= end {
            defer { index += 1 }
            guard bytes[index..<index + keyword.count].elementsEqual(keyword) else { continue }
            var cursor = index + keyword.count
            func skipSpaces() { while cursor < end, XMLSourceLines.isSpace(bytes[cursor]) { cursor += 1 } }
            skipSpaces()
            guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            skipSpaces()
            guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { continue }
            let nameStart = cursor + 1
            cursor = nameStart
            while cursor < end, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "'") { cursor += 1 }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
            if !["utf-8", "utf8"].contains(name.lowercased()) { return (name, nameStart) }
        }
        return nil
    }

    /// The offset of the first `<?name?>` outside comments and CDATA sections.
    private static func emptyProcessingInstruction(_ bytes: [UInt8]) -> Int? {
        func starts(_ text: String, at index: Int) -> Bool { bytes[index...].starts(with: text.utf8) }
        func skip(past terminator: String, from index: Int) -> Int {
            var index = index
            while index < bytes.count, !starts(terminator, at: index) { index += 1 }
            return index + terminator.utf8.count
        }
        var index = 0
        while index < bytes.count {
            if starts("<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if starts("<?", at: index) {
                var nameEnd = index + 2
                while nameEnd < bytes.count, !XMLSourceLines.isSpace(bytes[nameEnd]),
                      ![UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<")].contains(bytes[nameEnd]) { nameEnd += 1 }
                if nameEnd > index + 2, starts("?>", at: nameEnd) { return index }
                index = nameEnd
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Where the element's start tag begins.
    package func location(of element: XMLElementNode) -> SourceLocation {
        source.location(at: element.offset)
    }

    /// Where the attribute `name` is written in the element's start tag; the element's place when
    /// the tag does not spell it out.
    package func location(ofAttribute name: String, in element: XMLElementNode) -> SourceLocation {
        let offset = attributeOffset(named: Array(name.utf8), inTagAt: element.offset) ?? element.offset
        return source.location(at: offset)
    }

    /// Walks the start tag at `tagOffset` attribute by attribute (quoted values may hold `>`).
    private func attributeOffset(named name: [UInt8], inTagAt tagOffset: Int) -> Int? {
        var index = tagOffset + 1
        func skip(while condition: (UInt8) -> Bool) {
            while index < bytes.count, condition(bytes[index]) { index += 1 }
        }
        skip { !XMLSourceLines.isTagDelimiter($0) }
        while true {
            skip(while: XMLSourceLines.isSpace)
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { return nil }
            let nameStart = index
            skip { !XMLSourceLines.isSpace($0) && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ">") }
            let found = bytes[nameStart..<index].elementsEqual(name)
            skip(while: XMLSourceLines.isSpace)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            skip(while: XMLSourceLines.isSpace)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            index += 1
            skip { $0 != quote }
            index += 1
            if found { return nameStart }
        }
    }
}

/// UTF-8 source text split into lines, to turn byte offsets into lines and columns and back.
struct XMLSourceLines {
    let bytes: [UInt8]
    /// Byte offset where each line starts; line 1 is at index 0.
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    static func isTagDelimiter(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    /// The byte offset of a 1-based line and a column counted in Unicode scalars (as the parser
    /// counts them), kept within the line.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        let lineEnd = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        var offset = lineStarts[line - 1]
        var scalars = 1
        while offset < lineEnd, scalars < column {
            offset += 1
            while offset < lineEnd, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            scalars += 1
        }
        return offset
    }

    /// The line and column (in Unicode scalars) of a byte offset.
    func location(at offset: Int) -> SourceLocation {
        let lineIndex = lineStarts.lastIndex { $0 <= offset } ?? 0
        let lineStart = lineStarts[lineIndex]
        let column = 1 + bytes[lineStart..<min(max(offset, lineStart), bytes.count)].count { $0 & 0xC0 != 0x80 }
        return SourceLocation(offset: offset, line: lineIndex + 1, column: column)
    }
}

/// The `XMLParser` delegate that builds the element tree and remembers the first error.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    struct ParseFailure {
        let message: String
        let line: Int
        let column: Int
    }

    let source: XMLSourceLines
    var root: XMLElementNode?
    var firstError: ParseFailure?
    private var open: [XMLElementNode] = []
    private var previousOffset = -1

    /// The deepest nesting of elements accepted.
    let maxDepth: Int

    init(source: XMLSourceLines, maxDepth: Int) {
        self.source = source
        self.maxDepth = maxDepth
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard firstError == nil else { return }
        guard open.count < maxDepth else {
            // Deeper trees are refused: walking (and freeing) them recursively would exhaust the stack.
            firstError = ParseFailure(message: "elements are nested more than \(maxDepth) deep (XMLLimits.maxDepth)",
                                      line: parser.lineNumber, column: parser.columnNumber)
            parser.abortParsing()
            return
        }
        let offset = startOfTag(named: elementName, line: parser.lineNumber, column: parser.columnNumber)
        previousOffset = offset
        let element = XMLElementNode(name: elementName, attributes: attributeDict, offset: offset)
        if let parent = open.last {
            parent.children.append(element)
        } else if root == nil {
            root = element
        }
        open.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard firstError == nil else { return }
        open.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard firstError == nil else { return }
        open.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard firstError == nil else { return }
        firstError = ParseFailure(message: XMLSyntaxMessages.message(forCode: (parseError as NSError).code),
                                  line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    /// The parser reports a start tag where the tag ends (at its `>` or `/>`); the tag begins at
    /// the nearest `<name` before that, and after the previous element's start.
    private func startOfTag(named name: String, line: Int, column: Int) -> Int {
        let bytes = source.bytes
        let reported = source.offset(line: line, column: column)
        let pattern = [UInt8(ascii: "<")] + Array(name.utf8)
        func opensTag(at index: Int) -> Bool {
            let end = index + pattern.count
            return end < bytes.count && bytes[index..<end].elementsEqual(pattern) && XMLSourceLines.isTagDelimiter(bytes[end])
        }
        let lowest = previousOffset + 1
        guard lowest < bytes.count else { return reported }
        if reported >= lowest, let start = (lowest...min(reported, bytes.count - 1)).reversed().first(where: opensTag) {
            return start
        }
        return (lowest..<bytes.count).first(where: opensTag) ?? reported
    }
}

/// Plain-language messages for the errors `XMLParser` reports (it gives only a code). The codes
/// are libxml2's, which Apple's `XMLParser.ErrorCode` mirrors; Linux's enum numbers them
/// differently from what its parser reports, so the numbers are matched directly.
enum XMLSyntaxMessages {
    static func message(forCode code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "the document ends before every element is closed"
        case 9: "the document holds a character XML does not allow"
        case 26: "an entity reference (&name;) is not declared"
        case 38: "an attribute value holds '<' (write &lt;)"
        case 39: "an attribute value is not quoted"
        case 40: "an attribute value is not closed with its quote"
        case 41: "an attribute has no value"
        case 42: "an attribute is written twice in one tag"
        case 65: "a space is missing between attributes"
        case 68: "a tag has no name"
        case 73: "a tag is not closed with '>'"
        case 74, 77: "an element is not closed"
        case 76: "a closing tag does not match the element it closes"
        case 86: "there is content after the root element"
        default: "the XML is malformed (XMLParser error \(code))"
        }
    }
}
