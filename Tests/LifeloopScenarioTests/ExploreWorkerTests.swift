import Foundation
import LifeloopSamples
@testable import LifeloopScenario
import Testing

/// The crawler's worker, in this process: screens, signatures and what it sees around an
/// action (each test makes its own worker, whose session makes its own app).
@Suite("ExploreWorker")
struct ExploreWorkerTests {
    /// A worker for a sample, restarted, and a way to send it requests.
    final class Driver {
        let worker: ExploreWorker
        init(sample: String, seed: UInt64 = 0) throws {
            let scenario = try ScenarioFile.parse(ExploreTarget.sample(sample), file: "explore.yaml", directory: ".")
            let runner = try ScenarioRunner(scenario: scenario, catalog: SampleCatalog.apps)
            worker = ExploreWorker(runner: runner, seed: seed, settleBudget: .seconds(10))
        }

        /// The replies to one request, `start` left out.
        func send(_ request: ExploreRequest) -> ExploreReply? {
            var last: ExploreReply?
            _ = worker.handle(request.line()) { reply in if reply.kind != "start" { last = reply } }
            return last
        }

        func restart() -> ExploreScreen? { send(ExploreRequest(op: "restart"))?.screen }
        func act(_ action: ExploreAction) -> ExploreReply? { send(ExploreRequest(op: "act", action: action)) }
    }

    @Test func aListFilteredToFewerRowsIsTheSameScreen() throws {
        let driver = try Driver(sample: "Contacts")
        let full = try #require(driver.restart())
        let filtered = try #require(driver.act(ExploreAction(verb: "type", target: "search", text: "Ada"))?.screen)
        #expect(full.controllers == ["NavigationController", "ContactsViewController"])
        #expect(filtered.id == full.id)
        #expect(filtered.signature == full.signature)
    }

    @Test func theRowsOfAListAreOneActionAndItsSearchFieldAnother() throws {
        let driver = try Driver(sample: "Contacts")
        let screen = try #require(driver.restart())
        let keys = screen.actions.map(\.key)
        #expect(keys.filter { $0.hasPrefix("cell:") }.count == 1)
        #expect(keys.contains { $0.hasPrefix("type:") })
        #expect(screen.actions.contains { $0.action.verb == "drag" })
    }

    @Test func aPushedPageIsAnotherScreenNamingItsControllerClass() throws {
        let driver = try Driver(sample: "ExploreFaults")
        let home = try #require(driver.restart())
        let settings = try #require(driver.act(ExploreAction(verb: "tap", target: "#settings"))?.screen)
        #expect(settings.id != home.id)
        #expect(settings.controllers == ["NavigationController", "MenuViewController"])
        #expect(settings.actions.contains { $0.key == "back" })
    }

    @Test func poppingAPageThatHoldsItselfInAClosureIsALeakNamingTheClosure() throws {
        let driver = try Driver(sample: "ExploreFaults")
        _ = driver.restart()
        _ = driver.act(ExploreAction(verb: "tap", target: "#profile"))
        let back = try #require(driver.act(ExploreAction(verb: "back")))
        let leak = try #require(back.observations.first { $0.kind == "leak" })
        #expect(leak.detail == "ProfileViewController")
        #expect(leak.retainPath.contains { $0.hasPrefix("ProfileViewController.onRefresh") })
    }

    @Test func poppingAPageThatFreesItselfIsNoLeak() throws {
        let driver = try Driver(sample: "ExploreFaults")
        _ = driver.restart()
        _ = driver.act(ExploreAction(verb: "tap", target: "#settings"))
        let back = try #require(driver.act(ExploreAction(verb: "back")))
        #expect(back.observations.filter { $0.kind == "leak" }.isEmpty)
        #expect(back.screen?.controllers == ["NavigationController", "MenuViewController"])
    }

    @Test func aFieldThatNeverLetsTheAppSettleIsAHangAndSpendsTheApp() throws {
        let driver = try Driver(sample: "ExploreFaults")
        _ = driver.restart()
        let signUp = try #require(driver.act(ExploreAction(verb: "tap", target: "#signup"))?.screen)
        let typing = try #require(signUp.actions.first { $0.action.verb == "type" })
        #expect(typing.action.text?.contains("@") == true)
        let reply = try #require(driver.act(typing.action))
        #expect(reply.observations.contains { $0.kind == "hang" })
        #expect(reply.spent)
    }

    @Test func theSameSeedTypesTheSameTextAndAnotherSeedAnother() throws {
        func typed(seed: UInt64) throws -> String? {
            let driver = try Driver(sample: "ExploreFaults", seed: seed)
            _ = driver.restart()
            return driver.act(ExploreAction(verb: "tap", target: "#signup"))?.screen?.actions.first { $0.action.verb == "type" }?.action.text
        }
        let first = try typed(seed: 1)
        #expect(first != nil)
        #expect(try typed(seed: 1) == first)
        #expect(try typed(seed: 2) != first)
    }

    @Test func aTapOnAnElementThatIsNotThereIsRefusedAndChangesNothing() throws {
        let driver = try Driver(sample: "ExploreFaults")
        let home = try #require(driver.restart())
        let reply = try #require(driver.act(ExploreAction(verb: "tap", target: "#nothing-here")))
        #expect(reply.refused != nil)
        #expect(reply.screen?.id == home.id)
    }

    @Test func findingsThatDifferOnlyInNumbersHaveOneKey() {
        let first = ExploreFinding(kind: "leak", message: "Page (Page#1) is still alive", screen: "a", signature: "S", path: [])
        let second = ExploreFinding(kind: "leak", message: "Page (Page#12) is still alive", screen: "a", signature: "S", path: [])
        let elsewhere = ExploreFinding(kind: "leak", message: "Page (Page#1) is still alive", screen: "b", signature: "T", path: [])
        #expect(first.key == second.key)
        #expect(first.key != elsewhere.key)
    }
}
