import Foundation
import LifeloopCore
import LifeloopHost
import Testing

/// A seeded random-message campaign against the real daemon's decoder and dispatcher:
/// well-formed requests with random methods and parameters, and mutations of them
/// (flipped and inserted bytes, truncations, deep nesting, huge numbers, invalid UTF-8).
/// Every reply must be JSON-RPC 2.0, every well-formed request must get exactly one, and
/// the daemon must keep serving. `make test` sends 20,000 messages; `make fuzz-daemon`
/// runs it for 10 minutes (LIFELOOP_FUZZ_SECONDS, LIFELOOP_FUZZ_MESSAGES, LIFELOOP_FUZZ_SEED).
@Suite("lifeloopd fuzz")
struct DaemonFuzzTests {
    static let methods = Daemon.methods.filter { $0 != "daemon.shutdown" && $0 != "app.launch" } + ["", "app.", "x.y", "hello", "trace.get"]
    static let keys = ["app", "view", "scene", "window", "index", "ms", "budgetMs", "fromSeq", "toSeq", "limit", "path", "format",
                       "protocol", "client", "progress", "finish", "width", "height", "deadlineMs", "graceMs", "style", "label"]

    @Test func randomMessagesGetWellFormedRepliesAndTheDaemonKeepsServing() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["LIFELOOP_FUZZ_SECONDS"].flatMap(Double.init) ?? 0
        let messages = environment["LIFELOOP_FUZZ_MESSAGES"].flatMap(Int.init) ?? (seconds > 0 ? Int.max : 20_000)
        var random = SeededGenerator(seed: environment["LIFELOOP_FUZZ_SEED"].flatMap(UInt64.init) ?? 1)
        let daemon = try DaemonHarness(["--max-apps", "2", "--max-message-bytes", "65536"])
        let client = try daemon.client("fuzz")
        let started = Date()
        var sent = 0
        var replies = 0
        var errorsByCode: [Int: Int] = [:]
        var batch = 0
        while sent < messages, seconds == 0 || Date().timeIntervalSince(started) < seconds {
            var expected: Set<String> = []
            var lines: [UInt8] = []
            for _ in 0..<200 {
                let (line, id) = Self.message(&random, number: sent)
                lines.append(contentsOf: line)
                lines.append(10)
                if let id { expected.insert(id) }
                sent += 1
            }
            batch += 1
            let sentinel = "sentinel-\(batch)"
            lines.append(contentsOf: #"{"jsonrpc":"2.0","id":"\#(sentinel)","method":"daemon.status"}"#.utf8)
            lines.append(10)
            try client.send(raw: lines)
            var seen: Set<String> = []
            while true {
                guard let line = try client.readLine(until: Date().addingTimeInterval(30)) else {
                    Issue.record("no reply to the sentinel of batch \(batch) within 30 s; daemon: \(daemon.stderr.prefix(3000))")
                    return
                }
                let json = try JSON.parse(line)
                #expect(json["jsonrpc"] == "2.0", "not JSON-RPC: \(line.prefix(200))")
                if json["method"] != nil { continue }
                replies += 1
                #expect((json["result"] == nil) != (json["error"] == nil), "a reply needs exactly one of result and error: \(line.prefix(200))")
                if let code = json["error"]?["code"]?.int {
                    errorsByCode[code, default: 0] += 1
                    #expect(json["error"]?["message"]?.string?.isEmpty == false)
                }
                guard let id = json["id"]?.string else { continue }
                if id == sentinel { break }
                if expected.contains(id) {
                    #expect(!seen.contains(id), "two replies to \(id)")
                    seen.insert(id)
                }
            }
            #expect(seen == expected, "batch \(batch): \(expected.subtracting(seen).count) well-formed requests got no reply")
            if seen != expected { return }
        }
        #expect(try client.call("daemon.status")["clients"]?.int == 1)
        #expect(daemon.process.isRunning)
        let summary = errorsByCode.keys.sorted().map { "\($0): \(errorsByCode[$0]!)" }.joined(separator: ", ")
        print("daemon fuzz: \(sent) messages, \(replies) replies in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; errors by code: \(summary)")
    }

    /// One message: its bytes, and its id when it is a well-formed request.
    static func message(_ random: inout SeededGenerator, number: Int) -> ([UInt8], String?) {
        let id = "f-\(number)"
        var params: [String: JSON] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            params[keys.randomElement(using: &random)!] = value(&random, depth: 0)
        }
        if Bool.random(using: &random) { params["app"] = .string(["app-1", "app-2", "app-0", ""].randomElement(using: &random)!) }
        let method = methods.randomElement(using: &random)!
        let kind = Int.random(in: 0..<10, using: &random)
        // A mutated message has an id of its own kind, so a flipped digit cannot turn it
        // into a well-formed request's id.
        let request = RPCMessage.request(id: .string(kind < 5 ? id : "m-\(number)"), method: method, params: .object(params)).line
        var bytes = Array(request.utf8)
        switch kind {
        case 0..<5:
            return (bytes, method.isEmpty ? nil : id)
        case 5:
            // Truncated.
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 6:
            // Bytes flipped, any value but a newline.
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                var byte = UInt8.random(in: 0...255, using: &random)
                if byte == 10 { byte = 11 }
                bytes[at] = byte
            }
        case 7:
            // Deep nesting, in the params.
            let depth = Int.random(in: 10...5000, using: &random)
            bytes = Array(#"{"jsonrpc":"2.0","id":"\#(id)x","method":"trace.get","params":{"app":"#.utf8)
                + Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth) + Array("}}".utf8)
        case 8:
            // Odd scalars where ids, methods and params go.
            let odd = ["1e999", "-0", "18446744073709551616", "\"\\ud800\"", "null", "[]", "{}", "true", "\"\\u0000\""]
            let picks = (0..<3).map { _ in odd.randomElement(using: &random)! }
            bytes = Array(#"{"jsonrpc":"2.0","id":\#(picks[0]),"method":\#(picks[1]),"params":\#(picks[2])}"#.utf8)
        default:
            // Random bytes inserted.
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                var byte = UInt8.random(in: 0...255, using: &random)
                if byte == 10 { byte = 32 }
                bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &random))
            }
        }
        return (bytes, nil)
    }

    static func value(_ random: inout SeededGenerator, depth: Int) -> JSON {
        switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int.random(in: -3...1_000_000, using: &random))
        case 3: return .double([0.5, -1.25, 1e300, -0.0, 3.0].randomElement(using: &random)!)
        case 4: return .string(["", "A.button", "Message", "phone", "svg", "png", "/nonexistent/x.svg", "é\u{1F600}", String(repeating: "z", count: 300)].randomElement(using: &random)!)
        case 5: return .int([Int.max, Int.min, 0, 1].randomElement(using: &random)!)
        case 6: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var members: [String: JSON] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) { members[keys.randomElement(using: &random)!] = value(&random, depth: depth + 1) }
            return .object(members)
        }
    }
}
