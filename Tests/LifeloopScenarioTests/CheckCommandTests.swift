import Foundation
import Lifeloop
import LifeloopScenario
import Testing

/// `lifeloop check`, run as a real process: deterministic samples pass; the samples that
/// draw unseeded random numbers or iterate a Set are caught, with the turn, the events
/// and a replay command.
@Suite struct CheckCommandTests {
    @Test func deterministicScenariosPassEveryPerturbation() throws {
        for name in ["feed-jobs.yaml", "seeded-random.yaml"] {
            let output = try CLI.run(["check", Fixtures.samples + "/" + name, "--seeds", "0..1", "--quiet"])
            #expect(output.status == 0, "\(name): \(output.stdout) \(output.stderr)")
            #expect(output.stdout.contains("2 seeds × 9 runs: every turn's digest agrees"), "\(output.stdout)")
        }
    }

    @Test func anUnseededRandomNumberIsNamedWithItsTurnAndEvent() throws {
        let file = Fixtures.samples + "/unseeded-random.yaml"
        let output = try CLI.run(["check", file, "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("not deterministic: seed 0, the runs differ from turn"))
        // The refresh timer's delay came from Int.random(in:): the first differing event.
        let expectedLine = try #require(output.stdout.split(separator: "\n").first { $0.contains("expected:") })
        let gotLine = try #require(output.stdout.split(separator: "\n").first { $0.contains("got:") })
        #expect(expectedLine.contains("refresh timer") && gotLine.contains("refresh timer"))
        #expect(expectedLine != gotLine)
        #expect(output.stdout.contains("events before it:"))
        #expect(output.stdout.contains("Feed viewDidAppear"), "the events before it are listed")
        let replay = try #require(output.stdout.split(separator: "\n").first { $0.contains("replay: ") })
        #expect(replay.contains("lifeloop check \(file) --seeds 0 --perturb "))
        // The replay command is one the CLI takes.
        let arguments = replay.components(separatedBy: "replay: lifeloop ")[1].split(separator: " ").map(String.init)
        let again = try CLI.run(arguments + ["--quiet"])
        #expect(again.status == 0 || again.status == 1, "\(again.stderr)")
    }

    @Test func setIterationOrderIsCaught() throws {
        let output = try CLI.run(["check", Fixtures.samples + "/hash-order.yaml", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("the runs differ from turn 0"))
        // The event is named when a re-run with every event kept differs again, which a
        // Set's order does not promise (twenty tries); the turn is always named.
        #expect(output.stdout.contains("Settings section") || output.stdout.contains("agreed again in twenty tries"))
    }

    @Test func aSeparateProcessIsAPerturbation() throws {
        let output = try CLI.run(["check", Fixtures.samples + "/seeded-random.yaml", "--perturb", "process", "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1 seed × 2 runs"))
        let order = try CLI.run(["check", Fixtures.samples + "/hash-order.yaml", "--perturb", "process", "--quiet"])
        #expect(order.status == 1)
        #expect(order.stdout.contains("a separate process"))
    }

    @Test func badInputIsExitStatusTwo() throws {
        let file = Fixtures.samples + "/seeded-random.yaml"
        for (arguments, words) in [(["--perturb", "width=0"], "--perturb width=0"), (["--perturb", "speed=9"], "'speed'"),
                                   (["--runs", "1"], "--runs 1"), (["--seeds", "5..2"], "--seeds 5..2")] {
            let output = try CLI.run(["check", file] + arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.contains(words), "\(arguments): \(output.stderr)")
        }
    }

    @Test func perturbationsRoundTripThroughTheirArgument() throws {
        for perturbation in Perturbation.standard + [.none] {
            #expect(try Perturbation.parse(perturbation.argument) == perturbation, "\(perturbation.argument)")
        }
    }
}
