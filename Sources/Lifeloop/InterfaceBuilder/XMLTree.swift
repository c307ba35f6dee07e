import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an XML document, in a flat array: children are indices, so walking a
/// tree never recurses.
struct XMLElementNode {
    let name: String
    let attributes: [String: String]
    let line: Int
    let column: Int
    let parent: Int
    var children: [Int] = []
    /// The element's character data (used by `string` and `mutableString` elements).
    var text = ""

    subscript(_ key: String) -> String? { attributes[key] }
}

/// An XML document read with Foundation's `XMLParser` into ``XMLElementNode``s: a flat
/// array whose first element is the root.
struct XMLTree {
    /// Elements nested deeper than this are refused by name: the readers that walk the
    /// tree are iterative, but a view tree is built recursively later.
    static let maxDepth = 600

    var nodes: [XMLElementNode]

    /// The root element.
    var root: XMLElementNode { nodes[0] }

    /// The children of `index` named `name`.
    func children(of index: Int, named name: String) -> [Int] {
        nodes[index].children.filter { nodes[$0].name == name }
    }

    /// The first child of `index` named `name`, with attribute `key="value"` when given.
    func child(of index: Int, named name: String, key: String? = nil) -> Int? {
        nodes[index].children.first { nodes[$0].name == name && (key == nil || nodes[$0]["key"] == key) }
    }

    /// Parses `bytes`, which must be UTF-8 (Interface Builder files are).
    ///
    /// The bytes are checked before `XMLParser` sees them: a byte that is not UTF-8 (which
    /// Foundation's parser would turn into a trap inside a comment, a name or a processing
    /// instruction) is an error naming its line and column. A comment longer than
    /// ``longCommentLimit`` is passed on as its line breaks only, since libxml2 refuses
    /// comments over 10,000,000 bytes and Lifeloop does not read comments.
    /// - Throws: ``StoryboardError`` with the line and column of malformed XML.
    static func parse(_ bytes: [UInt8], file: String) throws(StoryboardError) -> XMLTree {
        try checkEncoding(bytes, file: file)
        let builder = XMLTreeBuilder()
        let parser = XMLParser(data: Data(shortenedLongComments(bytes) ?? bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        builder.parser = parser
        let ok = parser.parse()
        if let failure = builder.failure {
            throw StoryboardError(file: file, line: failure.line, column: failure.column, problem: failure.message)
        }
        // The first error that breaks the document: XMLParser (recovering) may report
        // success after one, and its last error is often a consequence of the first.
        let fatal = builder.errors.first { !isWarning(code: $0.code) }
        if !ok || fatal != nil || builder.nodes.isEmpty {
            let first = fatal ?? builder.errors.first
            let reason: String
            if let first {
                reason = describe(code: first.code)
            } else if !ok, let code = (parser.parserError as NSError?)?.code {
                reason = describe(code: code)
            } else {
                reason = "the document has no root element"
            }
            throw StoryboardError(file: file, line: first?.line ?? max(parser.lineNumber, 1),
                                  column: first?.column ?? max(parser.columnNumber, 1), problem: "malformed XML: \(reason)")
        }
        // XMLParser can report success for a document cut short: every element must be closed.
        if let open = builder.stack.last {
            let element = builder.nodes[open]
            throw StoryboardError(file: file, line: max(parser.lineNumber, element.line), column: max(parser.columnNumber, 1),
                                  problem: "malformed XML: the document ends before <\(element.name)> (line \(element.line)) is closed")
        }
        return XMLTree(nodes: builder.nodes)
    }

    // MARK: Encoding

    /// Refuses bytes Foundation's `XMLParser` cannot be given safely: anything but UTF-8.
    /// A file that declares another encoding is accepted only when all its bytes are ASCII
    /// (then every encoding libxml2 reads gives the same text).
    static func checkEncoding(_ bytes: [UInt8], file: String) throws(StoryboardError) {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw StoryboardError(file: file, line: 1, column: 1,
                                  problem: "the file is UTF-16 (it starts with a UTF-16 byte order mark); Interface Builder files are UTF-8")
        }
        if let declared = declaredEncoding(bytes), !["utf-8", "utf8"].contains(declared.lowercased()),
           let nonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) {
            let (line, column) = position(of: nonASCII, in: bytes)
            throw StoryboardError(file: file, line: line, column: column,
                                  problem: "the file declares encoding \"\(declared)\" and has a byte that is not ASCII at line \(line), column \(column); Interface Builder files are UTF-8 (encoding=\"UTF-8\")")
        }
        guard let offset = firstInvalidUTF8(bytes) else { return }
        let (line, column) = position(of: offset, in: bytes)
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        throw StoryboardError(file: file, line: line, column: column,
                              problem: "the file is not valid UTF-8: byte 0x\(byte.count == 1 ? "0" + byte : byte) at line \(line), column \(column) does not start or continue a UTF-8 character (Interface Builder files are UTF-8)")
    }

    /// The offset of the first byte that is not part of a well-formed UTF-8 sequence (no
    /// overlong forms, surrogates or code points past U+10FFFF), or nil when all are.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let count = buffer.count
            var index = 0
            while index < count {
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                let trailing: Int
                switch lead {
                case 0xC2...0xDF: trailing = 1
                case 0xE0: trailing = 2; low = 0xA0
                case 0xED: trailing = 2; high = 0x9F
                case 0xE1...0xEF: trailing = 2
                case 0xF0: trailing = 3; low = 0x90
                case 0xF4: trailing = 3; high = 0x8F
                case 0xF1...0xF3: trailing = 3
                default: return index
                }
                guard index + trailing < count else { return index }
                let second = buffer[index + 1]
                guard second >= low, second <= high else { return index }
                var next = 2
                while next <= trailing {
                    guard buffer[index + next] & 0xC0 == 0x80 else { return index }
                    next += 1
                }
                index += trailing + 1
            }
            return nil
        }
    }

    /// The encoding an XML declaration at the start of `bytes` names, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let end = min(bytes.count, start + 512)
        guard let close = bytes[start..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: bytes[start..<close], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    // MARK: Long comments

    /// Comments longer than this many bytes reach `XMLParser` as their line breaks only.
    static let longCommentLimit = 1_000_000

    /// `bytes` with each comment longer than ``longCommentLimit`` reduced to its line
    /// breaks (so later lines keep their numbers), or nil when there is none. The scan
    /// knows tags with quoted attribute values, CDATA sections and processing
    /// instructions, so a `<!--` inside them is no comment; it leaves a document with a
    /// DOCTYPE as it is.
    static func shortenedLongComments(_ bytes: [UInt8]) -> [UInt8]? {
        let less = UInt8(ascii: "<"), greater = UInt8(ascii: ">"), newline = UInt8(ascii: "\n")
        let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
        let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
        let piOpen = Array("<?".utf8), piClose = Array("?>".utf8)
        var output: [UInt8]?
        var copied = 0
        var index = 0
        let count = bytes.count
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var at = start
            while at + pattern.count <= count {
                if bytes[at] == pattern[0] {
                    var matched = 1
                    while matched < pattern.count && bytes[at + matched] == pattern[matched] { matched += 1 }
                    if matched == pattern.count { return at }
                }
                at += 1
            }
            return nil
        }
        func startsHere(_ pattern: [UInt8]) -> Bool {
            index + pattern.count <= count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        while index < count {
            guard bytes[index] == less else {
                index += 1
                continue
            }
            if startsHere(commentOpen) {
                guard let end = find(commentClose, from: index + commentOpen.count) else { break }
                let content = (index + commentOpen.count)..<end
                if content.count > longCommentLimit {
                    if output == nil { output = [] ; output?.reserveCapacity(count) }
                    output?.append(contentsOf: bytes[copied..<content.lowerBound])
                    output?.append(contentsOf: bytes[content].lazy.filter { $0 == newline })
                    copied = end
                }
                index = end + commentClose.count
            } else if startsHere(cdataOpen) {
                guard let end = find(cdataClose, from: index + cdataOpen.count) else { break }
                index = end + cdataClose.count
            } else if startsHere(piOpen) {
                guard let end = find(piClose, from: index + piOpen.count) else { break }
                index = end + piClose.count
            } else if index + 1 < count && bytes[index + 1] == UInt8(ascii: "!") {
                return nil  // a DOCTYPE, whose internal subset this scan does not read
            } else {
                // A tag: to its `>`, outside quoted attribute values.
                var quote: UInt8?
                index += 1
                while index < count {
                    let byte = bytes[index]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == greater {
                        break
                    }
                    index += 1
                }
                index += 1
            }
        }
        guard var output else { return nil }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    // MARK: Errors

    /// libxml2's warnings (`XML_WAR_*`) and namespace errors (`XML_NS_ERR_*`): the document
    /// is still well-formed XML 1.0, as Lifeloop reads it.
    static func isWarning(code: Int) -> Bool {
        [27, 93, 97, 98, 99, 100, 102, 106, 107].contains(code) || (200...205).contains(code)
    }

    /// Words for each error code libxml2's parser (under `XMLParser`) can report.
    static func describe(code: Int) -> String {
        switch code {
        case 0: return "the parser stopped without saying why"
        case 1: return "a comment, text, CDATA section, attribute value or processing instruction longer than the XML parser's limit of 10,000,000 bytes, or a document it cannot read"
        case 2: return "the XML parser ran out of memory"
        case 3: return "the document does not start like XML (expected '<')"
        case 4: return "the document is empty or not XML"
        case 5: return "the document ends too early, or has text or markup after its root element"
        case 6: return "a bad hexadecimal character reference (&#x...;)"
        case 7: return "a bad decimal character reference (&#...;)"
        case 8: return "a character reference to a character XML does not allow"
        case 9: return "a character XML does not allow (such as a control character)"
        case 10: return "a character reference cut off by the end of the document"
        case 11, 12: return "a character reference outside the root element"
        case 13: return "a character reference in the document type declaration"
        case 14: return "an entity reference cut off by the end of the document"
        case 15, 16: return "an entity reference outside the root element"
        case 17: return "an entity reference in the document type declaration"
        case 18, 19, 20, 21: return "a parameter-entity reference (%name;) where none may be"
        case 22: return "an '&' that starts no entity or character reference (write &amp;)"
        case 23: return "an entity reference without its closing ';'"
        case 24: return "a '%' that starts no parameter-entity reference"
        case 25: return "a parameter-entity reference without its closing ';'"
        case 26, 27: return "a reference to an entity that is not declared"
        case 28: return "a reference to an unparsed entity"
        case 29: return "a reference to an external entity, which Lifeloop does not load"
        case 30: return "a reference to a parameter entity in the document's content"
        case 31: return "an encoding the XML parser does not know"
        case 32: return "an encoding the XML parser cannot read"
        case 33: return "a string that does not start with a quote"
        case 34: return "a string whose closing quote is missing"
        case 35: return "a bad namespace declaration"
        case 36: return "an entity value that does not start with a quote"
        case 37: return "an entity value whose closing quote is missing"
        case 38: return "a '<' inside an attribute value (write &lt;)"
        case 39: return "an attribute value that does not start with a quote"
        case 40: return "an attribute value whose closing quote is missing (or which is longer than the XML parser's limit of 10,000,000 bytes)"
        case 41: return "an attribute without a value"
        case 42: return "an attribute given twice in one element"
        case 43: return "a literal that does not start with a quote"
        case 44: return "a literal whose closing quote is missing"
        case 45: return "a comment that is not closed with '-->' (or is too long)"
        case 46: return "a processing instruction without a target name"
        case 47: return "a processing instruction that is not closed with '?>' (or is longer than the XML parser's limit of 10,000,000 bytes)"
        case 48, 49: return "a bad notation declaration"
        case 50, 51: return "a bad attribute-list declaration"
        case 52, 53: return "a bad mixed-content declaration"
        case 54, 55: return "a bad element-content declaration"
        case 56: return "the XML declaration does not start with '<?xml'"
        case 57: return "the XML declaration is not closed with '?>'"
        case 58, 59, 83, 95: return "a bad conditional section"
        case 60: return "the external DTD subset is not closed"
        case 61: return "the document type declaration (<!DOCTYPE ...>) is not closed"
        case 62: return "a ']]>' outside a CDATA section"
        case 63: return "a CDATA section that is not closed with ']]>' (or is longer than the XML parser's limit of 10,000,000 bytes)"
        case 64: return "an XML declaration (<?xml ...?>) that is not at the very start of the document"
        case 65: return "a space is missing (between attributes, or after a name)"
        case 66: return "a separator is missing in a declaration"
        case 67: return "a name token is missing in a declaration"
        case 68: return "a name is missing (after '<' or '</', after an '&' that should be written &amp;, or in a declaration)"
        case 69: return "'#PCDATA' is missing in a declaration"
        case 70: return "a system identifier (URI) is missing"
        case 71: return "a public identifier is missing"
        case 72: return "a '<' is missing"
        case 73: return "a tag is not closed with '>' (or an attribute is malformed)"
        case 74: return "a '</' is missing"
        case 75: return "an '=' is missing after an attribute name"
        case 76: return "an end tag that does not match its start tag"
        case 77: return "an element that is not closed (its end tag is missing)"
        case 78: return "a bad standalone value in the XML declaration (yes or no)"
        case 79: return "a bad encoding name in the XML declaration"
        case 80: return "'--' inside a comment, which XML does not allow"
        case 81: return "text that is not in the encoding the document declares"
        case 82: return "an external entity in a standalone document"
        case 84: return "a value is missing in a declaration"
        case 85: return "the markup is not well balanced (an element closes in the wrong place)"
        case 86: return "extra content after the document's root element"
        case 87: return "a '<' in an entity's value"
        case 88: return "a parameter-entity reference inside an internal declaration"
        case 89: return "entities that refer to each other in a loop, or expand too much"
        case 90: return "an entity that is not well balanced"
        case 91: return "a bad URI"
        case 92: return "a URI with a fragment (#...) where none may be"
        case 93: return "a catalog processing instruction"
        case 94: return "no document type definition"
        case 96: return "the XML declaration has no version"
        case 97, 108: return "an XML version the parser does not know"
        case 98: return "a bad xml:lang value"
        case 99, 100: return "a namespace URI that is not an absolute URI"
        case 101: return "an encoding is required in the declaration"
        case 102: return "a bad xml:space value"
        case 103: return "the document is not standalone"
        case 104: return "an entity could not be processed"
        case 105: return "a notation could not be processed"
        case 106: return "a colon in a name where namespaces forbid it"
        case 107: return "an entity declared twice"
        case 109: return "the XML version does not match"
        case 110: return "a name longer than the XML parser's limit of 50,000 bytes"
        case 111: return "parsing was stopped"
        case 200: return "a misuse of the reserved xml namespace"
        case 201: return "a prefix whose namespace is not declared"
        case 202: return "a bad qualified name"
        case 203: return "an attribute given twice through namespace prefixes"
        case 204: return "an empty namespace name"
        case 205: return "a name with more than one colon"
        case 1500...1599: return "an input error in the XML parser (libxml2 code \(code))"
        case 6000...6099: return "a character-encoding conversion error (libxml2 code \(code))"
        default: return "an error the XML parser numbers \(code) (libxml2's xmlParserErrors)"
        }
    }
}

/// Collects elements as `XMLParser` reports them.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var nodes: [XMLElementNode] = []
    var stack: [Int] = []
    var failure: (line: Int, column: Int, message: String)?
    /// The parser's errors in the order it reported them (the first few): code and where
    /// the parser was when it reported each.
    var errors: [(code: Int, line: Int, column: Int)] = []
    weak var parser: XMLParser?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        if stack.isEmpty && !nodes.isEmpty {
            fail(parser, "a second root element <\(elementName)>")
            return
        }
        if stack.count >= XMLTree.maxDepth {
            fail(parser, "elements nested deeper than \(XMLTree.maxDepth) levels")
            return
        }
        let index = nodes.count
        nodes.append(XMLElementNode(name: elementName, attributes: attributes, line: max(parser.lineNumber, 1),
                                    column: max(parser.columnNumber, 1), parent: stack.last ?? -1))
        if let parent = stack.last { nodes[parent].children.append(index) }
        stack.append(index)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, !stack.isEmpty else { return }
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, let current = stack.last else { return }
        let name = nodes[current].name
        // Only the elements whose text Lifeloop reads keep it: the rest is layout whitespace.
        if name == "string" || name == "mutableString" { nodes[current].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        // Where the parser is when it reports the error: after it, it may have moved on.
        if failure == nil, errors.count < 16 {
            errors.append(((parseError as NSError).code, max(parser.lineNumber, 1), max(parser.columnNumber, 1)))
        }
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        failure = (max(parser.lineNumber, 1), max(parser.columnNumber, 1), message)
        parser.abortParsing()
    }
}
