@testable import LifeloopHost
import Testing

/// The daemon's skim of an app's reply: the same id, result text, turn and digest as the
/// full reader, or nothing (the full reader then decides), never a wrong answer.
@Suite struct AppReplySkimTests {
    private func reply(_ id: Int, _ result: JSON) -> String {
        RPCMessage.response(id: .int(id), result: .success(result)).line
    }

    private func resultText(_ line: String, _ skim: AppReplySkim) -> String {
        String(decoding: Array(line.utf8)[skim.result], as: UTF8.self)
    }

    @Test func aReplyGivesItsIdResultTurnAndDigest() throws {
        let result: JSON = ["digest": "9f00a1", "turn": 42, "rows": [[0, 0, "a \"b\" \\ c", "View", 1.5, -2, 1e20, true, false, nil]],
                            "windows": [["label": "main", "nested": [["deeper": [[]]]]]], "now": 12_000_000]
        let line = reply(7, result)
        let skim = try #require(AppReplySkim.read(line))
        #expect(skim.id == 7 && skim.turn == 42 && skim.digest == "9f00a1")
        #expect(resultText(line, skim) == result.text)
        // Spaces between tokens, as another writer might put them.
        let spaced = #"  { "jsonrpc" : "2.0" , "id" : 3 , "result" : { "turn" : 5 , "digest" : "ab" , "x" : [ 1 , { } ] }  } "#
        let other = try #require(AppReplySkim.read(spaced))
        #expect(other.id == 3 && other.turn == 5 && other.digest == "ab")
        #expect(try JSON.parse(resultText(spaced, other)) == ["turn": 5, "digest": "ab", "x": [1, [:]]])
        // A result that is not an object: passed on, with no turn or digest.
        let array = try #require(AppReplySkim.read(reply(1, [1, 2, "3"])))
        #expect(array.turn == nil && array.digest == nil && resultText(reply(1, [1, 2, "3"]), array) == #"[1,2,"3"]"#)
        #expect(AppReplySkim.read(reply(2, "text"))?.result.count == 6)
        #expect(AppReplySkim.read(reply(2, nil))?.result.count == 4)
        // The first of a duplicated member counts, as for the full reader.
        #expect(AppReplySkim.read(#"{"id":1,"result":{"turn":1,"turn":2}}"#)?.turn == 1)
    }

    @Test func anythingElseIsLeftToTheFullReader() {
        let refused = [
            "", "{}", "[]", "null", #"{"id":1}"#, #"{"result":{}}"#,
            RPCMessage.notification(method: "trace", params: ["events": []]).line,
            RPCMessage.response(id: .int(1), result: .failure(.internalError("no"))).line,
            RPCMessage.response(id: .string("a"), result: .success([:])).line,
            #"{"id":1.5,"result":{}}"#, #"{"id":1e3,"result":{}}"#, #"{"id":99999999999999999999,"result":{}}"#,
            #"{"id":1,"result":{},"extra":1}"#, #"{"i\u0064":1,"result":{}}"#, #"{"id":1,"result":{}}x"#,
            #"{"id":1,"result":{},"result":{}}"#, #"{"id":1,"result":{"a":[1}}}"#, #"{"id":1,"result":{"a":{1]}}"#,
            #"{"id":1,"result":{"a":"b}}"#, "{\"id\":1,\"result\":{\"a\":\"\u{1}\"}}", #"{"id":1,"result":{"a":<>}}"#,
            #"{"id":1,"result":{"turn":1.5}}"#, #"{"id":1,"result":{"turn":"1"}}"#, #"{"id":1,"result":{"digest":"a\u0062"}}"#,
            #"{"id":1,"result":{"digest":7}}"#, #"{"id":1,"result":{"a" 1}}"#, #"{"id":1 "result":{}}"#,
            #"{"id":1,"result":"#, #"{"id":1,"result":{"#,
            #"{"id":1,"result":"# + String(repeating: "[", count: 201) + String(repeating: "]", count: 201) + "}",
        ]
        for line in refused {
            #expect(AppReplySkim.read(line) == nil, "\(line.prefix(80))")
        }
        // As deep as the full reader takes: read.
        let deep = #"{"id":1,"result":"# + String(repeating: "[", count: 199) + String(repeating: "]", count: 199) + "}"
        #expect(AppReplySkim.read(deep) != nil)
    }

    /// Every cut of a reply (a line cut short) is refused, and whatever the bytes, the
    /// skim returns.
    @Test func aCutReplyIsRefused() {
        let line = reply(12, ["digest": "d", "turn": 3, "rows": [["a", 1, [2, ["x": "y\\\"z"]]], nil, true]])
        let bytes = Array(line.utf8)
        for cut in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            #expect(AppReplySkim.read(prefix) == nil, "\(prefix)")
        }
        #expect(AppReplySkim.read(line)?.id == 12)
    }

    /// Random results: the skim's text of the result is the writer's text of it.
    @Test func randomResultsAreSkimmedAsWritten() throws {
        var generator = SystemRandomNumberGenerator()
        func value(_ depth: Int) -> JSON {
            switch Int.random(in: 0..<(depth > 4 ? 5 : 7), using: &generator) {
            case 0: return nil
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &generator))
            case 3: return .double(Double.random(in: -1e6...1e6, using: &generator))
            case 4: return .string(String((0..<Int.random(in: 0..<12, using: &generator)).map { _ in "ab\"\\\n\t{}[],:é🙂".randomElement(using: &generator)! }))
            case 5: return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth + 1) })
            default:
                var members: [String: JSON] = [:]
                for index in 0..<Int.random(in: 0..<4, using: &generator) { members["k\(index)"] = value(depth + 1) }
                return .object(members)
            }
        }
        for id in 0..<2_000 {
            var result = value(0)
            if case .object(var members) = result {
                members["turn"] = .int(id)
                members["digest"] = .string("d\(id)")
                result = .object(members)
            }
            let line = reply(id, result)
            let skim = try #require(AppReplySkim.read(line), "\(line)")
            #expect(skim.id == id)
            #expect(resultText(line, skim) == result.text)
            if result.object != nil { #expect(skim.turn == id && skim.digest == "d\(id)") }
        }
    }
}
