// libyaml, as bundled by Yams: its event parser builds no tree, so it can measure a
// document before Yams composes one. Yams' Package.swift declares it as the `CYaml`
// target of the `Yams` product we depend on.
import CYaml

/// Refuses YAML with more than ``maxExpandedNodes`` nodes, written out or through aliases
/// that expand to a huge tree (a "billion laughs": `b: &b [*a, *a,
/// …]` over `a: &a [x, x, …]`, nested a few times). Yams shares the aliased nodes, but its
/// duplicate-key check hashes every key in full, so aliases used as keys made composing
/// exponential (a 1 KB file never finished), and reading such a tree would be too.
/// (Nesting deeper than 1,000 levels is libyaml's own error.)
///
/// It walks libyaml's events once, in time and memory linear in the text, counting the
/// nodes written and the nodes each anchor expands to, so that the finding names the real
/// cause: too many nodes in the text itself, or aliases that expand to too many.
enum YAMLBombGuard {
    /// The most nodes a document may have, or expand to with aliases counted in full.
    static let maxExpandedNodes = 1_000_000

    /// What is wrong and where (1-based line and column), or nil when the document is
    /// fine or is not valid YAML (Yams reports that better).
    struct Finding: Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    static func check(_ text: String) -> Finding? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer -> Finding? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return walk(&parser)
        }
    }

    /// A collection being read: its anchor and the nodes it expands to so far.
    private struct Open {
        var anchor: String?
        var size: Int
    }

    private static func walk(_ parser: inout yaml_parser_t) -> Finding? {
        var anchors: [String: Int] = [:]
        var open: [Open] = []
        var total = 0
        // Nodes as written, counted as they start (an alias counts once): without aliases
        // never below any expanded count, so the finding names aliases only when they are
        // the cause.
        var written = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            var finished: (anchor: String?, size: Int)?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_DOCUMENT_START_EVENT:
                anchors.removeAll()
                total = 0
                written = 0
            case YAML_SCALAR_EVENT:
                finished = (name(event.data.scalar.anchor), 1)
            case YAML_ALIAS_EVENT:
                // An unknown alias is Yams' error to report.
                guard let alias = name(event.data.alias.anchor), let size = anchors[alias] else { return nil }
                finished = (nil, size)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT
                    ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                open.append(Open(anchor: anchor, size: 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let closed = open.popLast() { finished = (closed.anchor, closed.size) }
            default:
                break
            }
            switch event.type {
            case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                written += 1
            default:
                break
            }
            if written > maxExpandedNodes {
                return Finding(line: line, column: column,
                               message: "this document has more than \(maxExpandedNodes) nodes (values, lists and maps); "
                                   + "a scenario needs far fewer (split the work into several scenarios)")
            }
            guard let (anchor, size) = finished else { continue }
            if let anchor { anchors[anchor] = size }
            // Sizes saturate just past the limit, so no sum overflows.
            let expanded: Int
            if var parent = open.popLast() {
                parent.size = min(parent.size + size, maxExpandedNodes + 1)
                expanded = parent.size
                open.append(parent)
            } else {
                total = min(total + size, maxExpandedNodes + 1)
                expanded = total
            }
            if expanded > maxExpandedNodes {
                return Finding(line: line, column: column,
                               message: "aliases expand this document to more than \(maxExpandedNodes) nodes "
                                   + "(it has \(written) as written); a scenario needs far fewer (write repeated parts "
                                   + "out, or alias smaller ones)")
            }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }
}
