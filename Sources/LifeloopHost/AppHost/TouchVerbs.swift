import Lifeloop
import LifeloopScenario

// The finger verbs' bounds, as the MCP tools check them before they send a verb (the verbs
// themselves are in the catalogue: VerbCatalogue+Touches.swift).
extension AppHost {
    /// The largest coordinate or distance a verb takes, in points.
    static let maxCoordinate = 100_000.0
}
