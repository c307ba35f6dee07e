import Foundation
@testable import LifeloopScenario
import Testing

/// The crawler's handling of its worker process, with a shell script in the worker's place:
/// one screen with one action, then a worker that goes silent or dies on that action.
@Suite("ExploreCrawler")
struct ExploreCrawlerTests {
    /// Options whose worker is `/bin/sh -c script`, answering the restart and the thumbnail,
    /// then doing `onAct` once the action has started.
    private func options(onAct: String, folder: String) -> ExploreOptions {
        let screen = ExploreScreen(signature: "Home|window", id: "a1", controllers: ["Home"], title: "Home",
                                   actions: [.init(key: "tap:go", action: ExploreAction(verb: "tap", target: "#go"))],
                                   controllerLabels: ["Home"])
        let state = ExploreReply(kind: "state", screen: screen).line()
        let thumbnail = ExploreReply(kind: "thumbnail").line()
        let start = ExploreReply(kind: "start").line()
        let script = "read l; echo '\(state)'; read l; echo '\(thumbnail)'; read l; echo '\(start)'; \(onAct)"
        var options = ExploreOptions(executable: "/bin/sh", workerArguments: ["-c", script], checkArguments: { _ in [] },
                                     baseScenario: ExploreTarget.sample("None"), outputDirectory: folder)
        options.hangSeconds = 0.5
        return options
    }

    private func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "lifeloop-crawler-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aWorkerSilentPastTheWallBudgetIsAHangOnThatAction() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let crawler = ExploreCrawler(options: options(onAct: "exec sleep 30", folder: folder))
        try crawler.crawl()
        let hang = try #require(crawler.findings.first)
        #expect(crawler.findings.count == 1)
        #expect(hang.kind == "hang")
        #expect(hang.detail == "wall")
        #expect(hang.path == [ExploreAction(verb: "tap", target: "#go")])
        #expect(crawler.edges.map(\.outcome) == ["hang"])
    }

    @Test func aWorkerThatDiesIsACrashWithItsSignalAndLastWords() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let crawler = ExploreCrawler(options: options(onAct: "echo 'App.swift:9: Fatal error: boom 42' >&2; kill -ILL $$", folder: folder))
        try crawler.crawl()
        let crash = try #require(crawler.findings.first)
        #expect(crash.kind == "crash")
        #expect(crash.message == "Fatal error: boom 42")
        #expect(crash.detail.hasPrefix("signal \(SIGILL)"))
        #expect(crawler.edges.map(\.outcome) == ["crash"])
    }

    @Test func aWorkerThatCannotStartIsAnErrorNamingTheProgram() {
        var options = options(onAct: "", folder: NSTemporaryDirectory())
        options.executable = "/nonexistent/lifeloop"
        #expect(throws: ExploreError.self) { try ExploreCrawler(options: options).crawl() }
    }
}
