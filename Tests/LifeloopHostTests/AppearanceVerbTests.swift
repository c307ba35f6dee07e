import Lifeloop
@testable import LifeloopHost
@testable import LifeloopScenario
import Testing

/// The `appearance` verb gives the same step through a scenario file, the daemon
/// (`app.appearance`) and the session export, and refuses what it cannot mean.
@Suite("The appearance verb in every door")
struct AppearanceVerbTests {
    @Test("appearance reads the same from a scenario step, the daemon and the export")
    func theSameStepThroughEveryDoor() throws {
        let dark = StepAction.appearance(style: .dark, contentSize: nil)
        #expect(try VerbCatalogueDoorsTests.scenarioAction("appearance: dark") == dark)
        #expect(try VerbCatalogueDoorsTests.scenarioAction("appearance: {style: dark}") == dark)
        let both = StepAction.appearance(style: .light, contentSize: .accessibilityMedium)
        #expect(try VerbCatalogueDoorsTests.scenarioAction("appearance: {style: light, contentSize: accessibilityMedium}") == both)
        #expect(try VerbCatalogueDoorsTests.daemonAction("app.appearance", ["style": "dark"]) == dark)
        #expect(try VerbCatalogueDoorsTests.daemonAction("app.appearance", ["style": "light", "contentSize": "accessibilityMedium"]) == both)
        let exported = try #require(ScenarioExport.step("app.appearance", ["style": "light", "contentSize": "accessibilityMedium"]))
        #expect(try VerbCatalogueDoorsTests.scenarioAction(exported) == both)
        #expect(MCPServer.toolOfVerb["app.appearance"] == "appearance")
    }

    @Test("appearance refuses an unknown size and an empty change, naming the verb")
    func badArgumentsAreRefused() {
        #expect(throws: (any Error).self) { try VerbCatalogueDoorsTests.daemonAction("app.appearance", ["contentSize": "huge"]) }
        #expect(throws: (any Error).self) { try VerbCatalogueDoorsTests.daemonAction("app.appearance", [:]) }
        #expect(ContentSizeCategory(named: "extraLarge") == .extraLarge && ContentSizeCategory.extraLarge.name == "extraLarge")
    }
}
