import Foundation
import LifeloopHost
import Testing

/// `app.explore` through a real `lifeloopd`: the crawl runs in a child process of its own
/// and the reply is the map `map.json` holds.
@Suite("lifeloopd app.explore")
struct DaemonExploreTests {
    @Test func exploringASampleAnswersItsMapWithEachFindingsScenarioAndTheDaemonOutlivesTheAppsCrash() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let map = try client.call("app.explore", ["sample": "ExploreFaults", "maxActions": 50], timeout: 300)
        #expect(map["name"]?.string == "ExploreFaults")
        let screens = try #require(map["screens"]?.array)
        #expect(screens.count >= 5)
        #expect(screens.allSatisfy { $0["signature"]?.string?.isEmpty == false && $0["controllers"]?.array != nil && $0["reachedBy"]?.array != nil })
        #expect(map["edges"]?.array?.isEmpty == false)
        #expect(map["coverage"]?["controllerClasses"]?.array?.contains("ProfileViewController") == true)
        let findings = try #require(map["findings"]?.array)
        let kinds = Set(findings.compactMap { $0["kind"]?.string })
        #expect(kinds.isSuperset(of: ["crash", "leak"]))
        let crash = try #require(findings.first { $0["kind"]?.string == "crash" })
        let scenario = try #require(crash["scenario"]?.string)
        #expect(scenario.contains("sample: ExploreFaults"))
        #expect(scenario.contains("tap"))
        // The app's trap ended a worker of the crawl, never the daemon.
        #expect(daemon.process.isRunning)
        #expect(try client.call("daemon.status")["shuttingDown"]?.bool == false)
    }

    @Test func aHostedAppIsExploredFromWhatItWasLaunchedWith() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        let launched = try client.call("app.launch", ["sample": "ExploreFaults"])
        let app = try #require(launched["app"]?.string)
        let map = try client.call("app.explore", ["app": .string(app), "maxActions": 3, "seed": 1], timeout: 300)
        #expect(map["name"]?.string == "ExploreFaults")
        #expect((map["stats"]?["explored"]?.int ?? 99) <= 3)
        // The hosted app is still there, untouched by the crawl's own copy.
        #expect(try client.call("app.list")["apps"]?.array?.count == 1)
    }

    @Test func theDaemonAnswersOtherClientsWhileACrawlRuns() throws {
        let daemon = try DaemonHarness()
        let crawling = try daemon.client("crawl")
        let other = try daemon.client("other")
        try crawling.send(RPCMessage.request(id: 7, method: "app.explore", params: ["sample": "ExploreFaults", "maxActions": 50]).line)
        let status = try other.call("daemon.status")
        #expect(status["clients"]?.int == 2)
        var answer: JSON?
        let deadline = Date().addingTimeInterval(300)
        while answer == nil, let line = try crawling.readLine(until: deadline) {
            if case .success(.response(.int(7), .success(let result))) = RPCMessage.decode(line) { answer = result }
        }
        #expect(answer?["screens"]?.array?.isEmpty == false)
    }

    @Test(arguments: [
        (["sample": "ExploreFaults", "maxActions": 0] as JSON, "'maxActions'"),
        (["sample": "ExploreFaults", "maxActions": 5001] as JSON, "'maxActions'"),
        (["sample": "ExploreFaults", "maxSeconds": -1] as JSON, "'maxSeconds'"),
        (["sample": "ExploreFaults", "strategy": "sideways"] as JSON, "'strategy'"),
        (["sample": "ExploreFaults", "seed": "x"] as JSON, "'seed'"),
        (["sample": "ExploreFaults", "maxAction": 5] as JSON, "'maxAction'"),
        ([:] as JSON, "give exactly one of 'app'"),
        (["sample": "ExploreFaults", "project": "/nowhere"] as JSON, "give exactly one of 'app'"),
        (["app": "app-1", "sample": "ExploreFaults"] as JSON, "give 'app' or 'sample'"),
        (["project": "/nowhere/At.xcodeproj"] as JSON, "'project' /nowhere/At.xcodeproj does not exist"),
        (["sample": "NoSuchSample"] as JSON, "NoSuchSample"),
    ])
    func badParametersAreRefusedNamingTheParameter(params: JSON, named: String) throws {
        let daemon = try DaemonHarness()
        let client = try daemon.client()
        do {
            try client.call("app.explore", params)
            Issue.record("app.explore \(params.text) was accepted")
        } catch let error as RPCError {
            #expect(error.code == -32602)
            #expect(error.message.contains(named), "\(error.message)")
        }
    }
}
