import Foundation
import LifeloopHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The daemon as its users meet it: a real `lifeloopd`, a real socket, real app processes.
@Suite("lifeloopd")
struct DaemonTests {
    @Test func handshakeComesFirstAndAMismatchedMajorVersionIsRefusedWithoutHarm() throws {
        let daemon = try DaemonHarness()
        let raw = try DaemonClient(socketPath: daemon.socketPath, hello: false)
        // Anything before hello is refused, naming what to do.
        #expect(throws: RPCError.self) { try raw.call("app.list") }
        do {
            try raw.call("app.list")
        } catch let error as RPCError {
            #expect(error.code == -32005)
            #expect(error.message.contains("send hello first"))
        }
        // Another major version: a clear error, and nothing is stopped.
        do {
            try raw.call("hello", ["protocol": "2.0", "client": "future"])
            Issue.record("a major version 2 client was accepted")
        } catch let error as RPCError {
            #expect(error.code == -32005)
            #expect(error.message.contains("protocol 2.0 is not supported"))
            #expect(error.message.contains("Nothing was stopped"))
        }
        let hello = try raw.call("hello", ["protocol": "1.7", "client": "same-major"])
        #expect(hello["protocol"]?.string == ProtocolVersion.string)
        #expect(hello["methods"]?.array?.contains(.string("app.launch")) == true)
        let status = try raw.call("daemon.status")
        #expect(status["clients"]?.int == 1)
        #expect(status["apps"]?.int == 0)
        #expect(status["socket"]?.string == daemon.socketPath)
        #expect(daemon.process.isRunning)
    }

    @Test func everyVerbRepliesWithWhatItCaused() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let launched = try client.call("app.launch", ["sample": "MultiWindow", "seed": 3])
        let app = try #require(launched["app"]?.string)
        #expect(launched["windows"] == ["phone", "tablet", "pro"])
        var last = try Caused(launched)
        #expect(last.fromSeq == 0 && last.toSeq > 0)

        // Each mutating verb starts where the previous one ended.
        func step(_ method: String, _ params: [String: JSON] = [:]) throws -> Caused {
            var all = params
            all["app"] = .string(app)
            let caused = try Caused(client.call(method, .object(all)))
            #expect(caused.fromSeq == last.toSeq, "\(method) started at \(caused.fromSeq), not \(last.toSeq)")
            #expect(caused.turn >= last.turn, "\(method) went back to turn \(caused.turn)")
            last = caused
            return caused
        }
        let push = try step("app.push", ["scene": "Message", "window": "phone"])
        #expect(push.toSeq > push.fromSeq)
        let settled = try step("app.settle", ["budgetMs": 5000])
        #expect(settled.toSeq > settled.fromSeq, "the push's animation ran in the settle")
        _ = try step("app.interactivePop", ["window": "phone", "progress": [0.2, 0.4], "finish": false])
        _ = try step("app.settle")
        _ = try step("app.pop", ["window": "phone"])
        _ = try step("app.present", ["scene": "Compose", "window": "pro", "style": "pageSheet"])
        _ = try step("app.settle")
        _ = try step("app.dismiss", ["window": "pro"])
        _ = try step("app.selectTab", ["index": 2, "window": "tablet"])
        _ = try step("app.rotate", ["window": "phone"])
        _ = try step("app.resize", ["window": "pro", "width": 400, "height": 800])
        _ = try step("app.memoryWarning")
        _ = try step("app.push", ["scene": "Detail", "window": "phone", "animated": false])
        _ = try step("app.popToRoot", ["window": "phone"])
        _ = try step("app.makeKey", ["window": "tablet"])
        _ = try step("app.hide", ["window": "pro"])
        _ = try step("app.show", ["window": "pro"])
        let advanced = try step("clock.advance", ["ms": 1000])
        #expect(advanced.toSeq >= advanced.fromSeq)
        _ = try step("app.settle", ["budgetMs": 10_000])

        // The whole trace is there, each event with its seq, in order.
        let trace = try client.call("trace.get", ["app": .string(app), "fromSeq": 0, "limit": 1_000_000])
        let events = try #require(trace["events"]?.array)
        #expect(events.count == last.toSeq)
        #expect(events.enumerated().allSatisfy { $0.element["seq"]?.int == $0.offset })
        #expect(events.contains { $0["label"] == "Message" && $0["event"] == "viewDidAppear" })
        #expect(events.contains { $0["event"] == "didReceiveMemoryWarning" })
        // A range is a range.
        let slice = try client.call("trace.get", ["app": .string(app), "fromSeq": .int(push.fromSeq), "toSeq": .int(push.toSeq)])
        #expect(slice["events"]?.array?.count == push.toSeq - push.fromSeq)

        let described = try client.call("app.describe", ["app": .string(app)])
        let windows = try #require(described["windows"]?.array)
        #expect(windows.map { $0["label"]?.string } == ["phone", "tablet", "pro"])
        #expect(windows.first { $0["key"] == true }?["label"] == "tablet")
        #expect(windows[0]["rootController"]?["label"] == "Mail")
        #expect(windows[0]["views"]?.array?.isEmpty == false)
        #expect(described["digest"]?.string == last.digest)

        let metrics = try client.call("app.metrics", ["app": .string(app)])
        #expect((metrics["windows"]?["phone"]?["frameCount"]?.int ?? 0) > 0)

        let svg = try client.call("app.snapshot", ["app": .string(app), "window": "phone"])
        #expect(svg["svg"]?.string?.hasPrefix("<svg") == true || svg["svg"]?.string?.contains("<svg") == true)
        #expect(svg["turn"]?.int == last.turn)
        let file = daemon.directory + "/phone.svg"
        let written = try client.call("app.snapshot", ["app": .string(app), "window": "phone", "path": .string(file), "style": "debug"])
        #expect(written["path"]?.string == file)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Inbox"), "the wireframe labels the views")
        let phone = try client.call("app.snapshot", ["app": .string(app), "window": "phone"])
        #expect(phone["svg"]?.string?.contains("data-role=\"status-time\"") == true, "the phone's picture by default")
        #expect(phone["svg"]?.string?.contains("data-label=") == false)

        let list = try client.call("app.list")
        #expect(list["apps"]?.array?.first?["app"]?.string == app)
        #expect(list["apps"]?.array?.first?["digest"]?.string == last.digest)

        // Bad requests on an app: each a clear error, the app untouched.
        do {
            try client.call("app.push", ["app": .string(app), "scene": "Nowhere", "window": "phone"])
            Issue.record("pushing an unknown scene succeeded")
        } catch let error as RPCError {
            #expect(error.code == -32010)
            #expect(error.message.contains("Nowhere"))
        }
        do {
            try client.call("app.tap", ["app": .string(app), "view": 42])
            Issue.record("a number as a view label was accepted")
        } catch let error as RPCError {
            #expect(error.code == -32602)
            #expect(error.message.contains("'view' must be a string"))
        }
        do {
            try client.call("app.tap", ["app": .string(app), "veiw": "x"])
            Issue.record("a misspelt parameter was ignored")
        } catch let error as RPCError {
            #expect(error.code == -32602)
            #expect(error.message.contains("unknown parameter 'veiw'"))
        }

        // Verbs the app process knows by another name are named as the client called them.
        for (method, params) in [("app.settle", ["budgetMs": "soon"]), ("clock.advance", ["ms": "x"]), ("app.describe", ["deep": true]),
                                 ("app.metrics", ["window": 1]), ("app.snapshot", ["formt": "svg"]), ("record.start", ["path": 3])] as [(String, [String: JSON])] {
            var all = params
            all["app"] = .string(app)
            do {
                try client.call(method, .object(all))
                Issue.record("\(method) \(params) was accepted")
            } catch let error as RPCError {
                #expect(error.code == -32602)
                #expect(error.message.hasPrefix(method + ": "), "\(error.message)")
            }
        }

        for params in [["seed": "x"], ["clock": 1], ["workers": 0], ["record": false]] as [[String: JSON]] {
            var all = params
            all["sample"] = "MultiWindow"
            do {
                try client.call("app.launch", .object(all))
                Issue.record("app.launch \(params) was accepted")
            } catch let error as RPCError {
                #expect(error.code == -32602)
                #expect(error.message.hasPrefix("app.launch: "), "\(error.message)")
            }
        }

        let terminated = try client.call("app.terminate", ["app": .string(app)], timeout: 5)
        #expect(terminated["signal"]?.int == Int(SIGTERM) || terminated["status"]?.int == 0)
        do {
            try client.call("app.describe", ["app": .string(app)])
            Issue.record("a terminated app answered")
        } catch let error as RPCError {
            #expect(error.code == -32003)
        }
    }

    /// UIKit code in a daemon app (Samples/UIKitForm): a tap on its button runs the
    /// button's UIAction, which pushes the detail page; the snapshot shows the bar's title.
    @Test func aTapOnAUIKitButtonRunsItsAction() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let app = try #require(client.call("app.launch", ["sample": "UIKitForm"])["app"]?.string)
        let tap = try Caused(client.call("app.tap", ["app": .string(app), "view": "Button#1"]))
        _ = try client.call("app.settle", ["app": .string(app)])
        let events = try #require(client.call("trace.get", ["app": .string(app), "fromSeq": .int(tap.fromSeq)])["events"]?.array)
        let lines = events.compactMap { event -> String? in
            guard let label = event["label"]?.string, let name = event["event"]?.string else { return nil }
            return "\(label) \(name)"
        }
        let touch = try #require(lines.firstIndex(of: "Button#1 touchUpInside"))
        let appeared = try #require(lines.firstIndex(of: "DetailViewController#1 viewDidAppear"))
        #expect(touch < appeared)
        let snapshot = try client.call("app.snapshot", ["app": .string(app), "format": "svg"])
        let svg = try #require(snapshot["svg"]?.string)
        #expect(svg.contains(">Details</text>"), "the pushed page's title in the navigation bar")
        // A PNG drawn by the app at a longest edge, and the parameter's bad values.
        let png = try client.call("app.snapshot", ["app": .string(app), "format": "png", "longestEdge": 300])
        let bytes = [UInt8](try #require(png["pngBase64"]?.string.flatMap { Data(base64Encoded: $0) }))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { Int(bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        #expect(max(be32(16), be32(20)) == 300)
        for (params, message) in [(["format": "png", "longestEdge": 8], "app.snapshot: 'longestEdge' is 8, outside 16...32767"),
                                  (["format": "png", "longestEdge": "big"], "app.snapshot: 'longestEdge' must be an integer"),
                                  (["longestEdge": 300], "app.snapshot: 'longestEdge' sizes a PNG; it needs format png, not svg")] as [([String: JSON], String)] {
            do {
                _ = try client.call("app.snapshot", .object(params.merging(["app": .string(app)]) { $1 }))
                Issue.record("app.snapshot \(params) succeeded")
            } catch let error as RPCError {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }

    @Test func storyboardsScenarioStepsJobsAndRecordings() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let storyboard = DaemonHarness.checkout + "/Samples/SeedSegue/Main.storyboard.json"
        let launched = try client.call("app.launch", ["storyboard": .string(storyboard), "uikitVersion": 5])
        let app = try #require(launched["app"]?.string)
        let tap = try Caused(client.call("app.tap", ["app": .string(app), "view": "A.button"]))
        let events = try #require(client.call("trace.get", ["app": .string(app), "fromSeq": .int(tap.fromSeq)])["events"]?.array)
        // L15's order (seed 004): B loads before A starts to disappear.
        let lines = events.compactMap { event -> String? in
            guard let label = event["label"]?.string, let name = event["event"]?.string, ["A", "B"].contains(label) else { return nil }
            return "\(label) \(name)"
        }
        let loadB = try #require(lines.firstIndex(of: "B viewDidLoad"))
        let disappearA = try #require(lines.firstIndex(of: "A viewWillDisappear"))
        #expect(loadB < disappearA)

        // A scenario file: its script's steps run one by one, its jobs by name.
        let scenario = DaemonHarness.checkout + "/Samples/Scenarios/gallery.yaml"
        let recording = daemon.directory + "/gallery.jsonl"
        let gallery = try client.call("app.launch", ["scenario": .string(scenario), "seed": 8, "record": .string(recording)])
        let galleryApp = try #require(gallery["app"]?.string)
        _ = try Caused(client.call("app.job", ["app": .string(galleryApp), "label": "thumbnails"]))
        _ = try Caused(client.call("app.step", ["app": .string(galleryApp), "index": 2]))
        let settled = try Caused(client.call("app.settle", ["app": .string(galleryApp)]))
        do {
            try client.call("app.step", ["app": .string(galleryApp), "index": 99])
            Issue.record("step 99 of a 5-step script ran")
        } catch let error as RPCError {
            #expect(error.message.contains("out of range"))
        }
        let stopped = try client.call("record.stop", ["app": .string(galleryApp)])
        #expect(stopped["digest"]?.string == settled.digest)
        let text = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        #expect(text.first?.contains("\"header\"") == true)
        #expect(text.last?.contains("\"trailer\"") == true)
        #expect(text.last?.contains(settled.digest) == true)
        #expect(text.contains { $0.contains("\"input\":\"app.job\"") })
        #expect((stopped["events"]?.int ?? 0) == settled.toSeq)
    }

    @Test func theSameInputsGiveTheSameDigestInEveryAppProcess() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        var digests: Set<String> = []
        for _ in 0..<3 {
            let app = try #require(client.call("app.launch", ["sample": "MultiWindow", "seed": 11])["app"]?.string)
            _ = try client.call("app.push", ["app": .string(app), "scene": "Message", "window": "phone"])
            _ = try client.call("clock.advance", ["app": .string(app), "ms": 100])
            _ = try client.call("app.present", ["app": .string(app), "scene": "Compose", "window": "pro"])
            digests.insert(try Caused(client.call("app.settle", ["app": .string(app)])).digest)
        }
        #expect(digests.count == 1, "three processes, same inputs: \(digests)")
    }

    @Test func aHostClockAppRunsBetweenRequestsAndStreamsWhatItDoes() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let watcher = try daemon.client("watcher")
        let launched = try client.call("app.launch", ["sample": "MultiWindow", "clock": "host"])
        let app = try #require(launched["app"]?.string)
        try watcher.call("trace.subscribe", ["app": .string(app), "fromSeq": 0])
        let push = try Caused(client.call("app.push", ["app": .string(app), "scene": "Message", "window": "phone"]))
        // The push animates for 350 ms of real time: the loop runs it with no request in
        // flight, and the watcher sees it finish.
        var sawAppear = false
        let deadline = Date().addingTimeInterval(10)
        while !sawAppear, Date() < deadline, let (method, params) = try watcher.nextNotification(timeout: 5) {
            guard method == "trace.events" else { continue }
            sawAppear = params["events"]?.array?.contains { $0["label"] == "Message" && $0["event"] == "viewDidAppear" } == true
        }
        #expect(sawAppear, "the push never finished between requests")
        let described = try client.call("app.describe", ["app": .string(app)])
        #expect((described["turn"]?.int ?? 0) > push.turn)
        #expect((described["now"]?.int ?? 0) >= 350_000_000)
        let settled = try Caused(client.call("app.settle", ["app": .string(app), "budgetMs": 5000]))
        #expect(settled.fromSeq >= push.toSeq)
        let advanced = try Caused(client.call("clock.advance", ["app": .string(app), "ms": 50]))
        #expect(advanced.turn >= settled.turn)
    }
}
