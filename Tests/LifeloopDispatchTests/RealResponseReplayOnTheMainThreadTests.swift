import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Lifeloop
import LifeloopCore
import LifeloopNetwork
import XCTest

/// A host-clock app on the process's main thread (as `lifeloop record` hosts one) asks a
/// real local server for a file: the recording keeps the server's answer, and the replay,
/// with the server gone, serves it in the request's place and runs turn for turn to the
/// recorded digest. URLSession's own work during the real request (its queues, its
/// operation queue's groups on libdispatch's threads) must leave nothing in the recording
/// that the replay, which makes no request, would wait for.
final class RealResponseReplayOnTheMainThreadTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        MainThread.installExecutors()
    }

    /// Records what the app got on its loop.
    final class Recorder: @unchecked Sendable {
        // @unchecked: called only on the loop's thread (main-queue blocks run there).
        let loop: EventLoop
        init(_ loop: EventLoop) { self.loop = loop }
    }

    final class Fetcher: ViewController {
        var url = ""
        override func viewDidLoad() {
            super.viewDidLoad()
            guard let loop = application?.loop else { return }
            let recorder = Recorder(loop)
            URLSession.shared.dataTask(with: URL(string: url)!) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? -1
                let text = data.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
                let detail = error == nil ? "status \(status) body \(text)" : "error \(error!)"
                DispatchQueue.main.async { recorder.loop.record(label: "Fetcher", event: "got", detail: detail) }
            }.resume()
        }
    }

    /// python3's http.server on a free port, serving `directory`, answering one request.
    func startServer(serving directory: String) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import http.server, socketserver, sys, functools
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = socketserver.TCPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.handle_request()
            """, directory]
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
        return (process, Int(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
    }

    /// One run of the fetcher on the main thread, recorded to or replayed from `path`.
    func run(url: String, path: String, replay: Bool) throws -> (got: String?, digest: String) {
        let app = try Application(clock: .host)
        defer { try? app.close() }
        let network = ScriptedNetwork(rules: [], seed: 0, source: "test", allowsRealNetwork: true)
        network.install(on: app.loop)
        defer { network.uninstall() }
        let recording = replay ? nil : try app.startRecording(to: path, program: "fetcher")
        let reader = replay ? try app.startReplay(of: path, program: "fetcher") : nil
        let window = Window(screen: .phone, label: "main")
        let fetcher = Fetcher(label: "Fetcher")
        fetcher.url = url
        window.rootViewController = fetcher
        window.makeKeyAndVisible()
        try app.settle()
        if let recording { try app.finishRecording(recording) }
        if let reader { try app.finishReplay(reader) }
        let got = app.trace.events.first { $0.label == "Fetcher" && $0.name == "got" }?.detail
        return (got, "\(app.trace.digest)")
    }

    func testARecordedRealResponseReplaysWithTheServerGone() throws {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        ScriptedURLProtocol.register()
        let directory = NSTemporaryDirectory() + "main-real-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{\"items\": [1, 2]}".write(toFile: directory + "/feed.json", atomically: true, encoding: .utf8)
        let (server, port) = try startServer(serving: directory)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) }; server.waitUntilExit() }
        XCTAssertGreaterThan(port, 0, "the local server did not start")
        let url = "http://127.0.0.1:\(port)/feed.json"
        let path = directory + "/run.llrec"

        let recorded = try run(url: url, path: path, replay: false)
        XCTAssertEqual(recorded.got, "status 200 body {\"items\": [1, 2]}")
        server.waitUntilExit()

        let replayed = try run(url: url, path: path, replay: true)
        XCTAssertEqual(replayed.got, recorded.got, "the replay serves the recorded answer")
        XCTAssertEqual(replayed.digest, recorded.digest)
    }
}
