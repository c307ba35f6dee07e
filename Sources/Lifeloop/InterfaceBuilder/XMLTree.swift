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

    /// Parses `bytes`.
    /// - Throws: ``StoryboardError`` with the line and column of malformed XML.
    static func parse(_ bytes: [UInt8], file: String) throws(StoryboardError) -> XMLTree {
        let builder = XMLTreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        builder.parser = parser
        let ok = parser.parse()
        if let failure = builder.failure {
            throw StoryboardError(file: file, line: failure.line, column: failure.column, problem: failure.message)
        }
        guard ok, !builder.nodes.isEmpty else {
            let error = parser.parserError as NSError?
            let code = error?.code ?? 0
            let line = builder.errorPosition?.line ?? max(parser.lineNumber, 1)
            let column = builder.errorPosition?.column ?? max(parser.columnNumber, 1)
            let reason = builder.nodes.isEmpty && ok ? "no root element" : Self.describe(code: code)
            throw StoryboardError(file: file, line: line, column: column, problem: "malformed XML: \(reason)")
        }
        // XMLParser can report success for a document cut short: every element must be closed.
        if let open = builder.stack.last {
            let element = builder.nodes[open]
            throw StoryboardError(file: file, line: max(parser.lineNumber, element.line), column: max(parser.columnNumber, 1),
                                  problem: "malformed XML: the document ends before <\(element.name)> (line \(element.line)) is closed")
        }
        return XMLTree(nodes: builder.nodes)
    }

    /// Words for the common libxml2 error codes `XMLParser` reports.
    static func describe(code: Int) -> String {
        switch code {
        case 4: return "the document is empty or not XML"
        case 5: return "the document ends too early (an element is not closed)"
        case 9: return "an invalid character"
        case 23, 26: return "an undeclared entity or a bad character reference"
        case 38, 39, 40, 41: return "a malformed attribute"
        case 65, 73: return "a malformed tag"
        case 76: return "an end tag that does not match its start tag"
        case 85, 86: return "extra content after the document element"
        case 111: return "a reference to an entity that is not declared"
        default: return "XMLParser error \(code)"
        }
    }
}

/// Collects elements as `XMLParser` reports them.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var nodes: [XMLElementNode] = []
    var stack: [Int] = []
    var failure: (line: Int, column: Int, message: String)?
    var errorPosition: (line: Int, column: Int)?
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
        if failure == nil, errorPosition == nil {
            errorPosition = (max(parser.lineNumber, 1), max(parser.columnNumber, 1))
        }
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        failure = (max(parser.lineNumber, 1), max(parser.columnNumber, 1), message)
        parser.abortParsing()
    }
}
