import Foundation
import Lifeloop
import Testing

/// `Determinism.check` from Swift Testing: a closure that builds and drives an app, run
/// under perturbation.
@Suite struct DeterminismTests {
    final class Loader: ViewController {
        var useSystemRandom = false
        override func viewDidLoad() {
            super.viewDidLoad()
            guard let app = application else { return }
            for index in 0..<4 {
                let cost = Duration.milliseconds(useSystemRandom ? Int.random(in: 1...40) : 5 * (index + 1))
                app.loop.submit(label: "load\(index)", cost: cost, work: { index * 2 }, completion: { [weak self] _ in
                    self?.view.setNeedsLayout()
                })
            }
        }
    }

    @Test func workerResultsUnderPerturbationKeepTheTrace() throws {
        try Determinism.check { app in
            let window = Window(label: "main")
            window.rootViewController = Loader(label: "Loader")
            window.makeKeyAndVisible()
            try app.loop.runUntilIdle()
        }
    }

    @Test func anUnseededRandomCostFailsWithTheReport() throws {
        do {
            try Determinism.check { app in
                let loader = Loader(label: "Loader")
                loader.useSystemRandom = true
                let window = Window(label: "main")
                window.rootViewController = loader
                window.makeKeyAndVisible()
                try app.loop.runUntilIdle()
            }
            Issue.record("four unseeded costs from 1 to 40 ms agreed across seven runs")
        } catch let report as DivergenceReport {
            #expect(report.expected != report.got)
            #expect(report.description.contains("not deterministic: the runs differ from turn \(report.turn)"))
            #expect(report.description.contains("replay: Determinism.check(perturbations: [try .parse("))
            #expect(report.consumed.contains { $0.hasPrefix("job result load") } || report.expected?.name == "jobSubmit"
                    || report.got?.name == "jobSubmit", "\(report)")
        }
    }

    @Test func appsHaveASeededGeneratorAndTheirOwnTime() throws {
        let app = try Application()
        let first = (0..<5).map { _ in Int.random(in: 0..<1000, using: &app.random) }
        app.random = SeededGenerator(seed: 0)
        #expect((0..<5).map { _ in Int.random(in: 0..<1000, using: &app.random) } == first)
        try app.loop.advance(by: .milliseconds(250))
        #expect(app.now.nanoseconds == 250_000_000)
        try app.close()
    }

    @Test func firstDifferingTurnComparesTurnByTurn() {
        let a = TraceDigest(), b = TraceDigest(value: 7)
        #expect(Determinism.firstDifferingTurn([(1, a), (2, a)], [(1, a), (2, a)]) == nil)
        #expect(Determinism.firstDifferingTurn([(1, a), (2, a)], [(1, a), (2, b)]) == 2)
        #expect(Determinism.firstDifferingTurn([(1, a), (2, a)], [(1, a)]) == 2)
        #expect(Determinism.firstDifferingTurn([(1, a), (3, a)], [(1, a), (2, a)]) == 2)
    }
}
