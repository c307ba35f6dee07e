import Foundation
import Glibc
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Lifeloop
import LifeloopCore
import LifeloopScenario
import Testing

/// A host-clock run with real requests allowed records what the real network answered, in
/// the recording, as the job result it is, and the replay serves it with the server gone,
/// turn for turn.
@Suite("Real network responses, recorded and replayed")
struct RealNetworkRecordingTests {
    /// A local HTTP server (python3's http.server on a free port) serving `directory`: it
    /// answers one request, then exits.
    final class LocalServer {
        let process = Process()
        let port: Int

        init(serving directory: String) throws {
            let script = """
                import http.server, socketserver, sys, functools
                handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
                server = socketserver.TCPServer(("127.0.0.1", 0), handler)
                print(server.server_address[1], flush=True)
                server.handle_request()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, directory]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var text = Data()
            while !text.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text.append(chunk)
            }
            port = Int(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }

        func stop() {
            // It exits after its one request; a run that never asked leaves it waiting.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Traces the response's status and body, as app code shows what it got.
    final class Fetcher: ViewController {
        var url = ""
        override func viewDidLoad() {
            super.viewDidLoad()
            guard let loop = application?.loop else { return }
            let poster = loop.makePoster()
            let box = UncheckedLoop(loop)
            URLSession.shared.dataTask(with: URL(string: url)!) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                let text = data.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
                let detail = error == nil ? "status \(status) body \(text)" : "error \(error!)"
                poster.post { box.loop.record(label: "Fetcher", event: "got", detail: detail) }
            }.resume()
        }
    }

    struct UncheckedLoop: @unchecked Sendable {
        let loop: EventLoop
        init(_ loop: EventLoop) { self.loop = loop }
    }

    @Test func aRealResponseIsRecordedAsTheJobResultItIs() throws {
        let directory = NSTemporaryDirectory() + "real-network-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{\"items\": [7, 8]}".write(toFile: directory + "/feed.json", atomically: true, encoding: .utf8)
        let server = try LocalServer(serving: directory)
        #expect(server.port > 0, "the local server did not start")
        let url = "http://127.0.0.1:\(server.port)/feed.json"

        var catalog = AppCatalog()
        catalog.register(AppDefinition(name: "Fetcher", threading: .anyThread) { context in
            let window = Window(screen: context.windows[0].screen, label: context.windows[0].label)
            let fetcher = Fetcher(label: "Fetcher")
            fetcher.url = url
            window.rootViewController = fetcher
            window.makeKeyAndVisible()
        })
        // A rule for another host, so the network is installed; the local URL matches none
        // and goes to the real network (host clock, allowNetwork).
        let scenario = try ScenarioFile.parse("""
            lifeloop: 1
            app: {swift: Fetcher}
            clock: host
            allowNetwork: true
            windows:
              - {label: main, screen: phone}
            network:
              - url: https://other.example.com/
                body: unused
            script:
              - settle: true
            """, file: "real.yaml", directory: directory)
        let runner = try ScenarioRunner(scenario: scenario, catalog: catalog)
        let recording = directory + "/run.llrec"
        var record = RunOptions(digest: true)
        record.recordPath = recording
        record.keepEvents = true
        let recorded = try runner.runReturningEvents(seed: 1, options: record)
        server.stop()
        let got = recorded.events.first { $0.label == "Fetcher" && $0.name == "got" }?.detail
        #expect(got == "status 200 body {\"items\": [7, 8]}", "the real server's answer: \(got ?? "none")")

        // The recording holds the server's answer (its body, base64, in the job's result).
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let body = Data("{\"items\": [7, 8]}".utf8).base64EncodedString()
        #expect(text.contains(body), "the recording does not hold the real response")
        #expect(text.contains(#"\"status\":200"#), "the recorded result holds the status (as JSON inside the JSON line)")

        // The replay serves the recorded answer (the server is gone) and ends as recorded.
        var replay = RunOptions(digest: true)
        replay.replayPath = recording
        replay.keepEvents = true
        let replayed = try runner.runReturningEvents(seed: 1, options: replay)
        let again = replayed.events.first { $0.label == "Fetcher" && $0.name == "got" }?.detail
        #expect(again == got, "the replay's answer: \(again ?? "none")")
        #expect(replayed.result.status == .passed, "\(replayed.result.status)")
        #expect(replayed.result.digest == recorded.result.digest)
    }
}
