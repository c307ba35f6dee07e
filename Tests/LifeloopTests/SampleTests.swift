import Testing
@testable import Lifeloop

@Suite("Samples")
struct SampleTests {
    @Test(arguments: SampleCatalog.all.map(\.name))
    func everySampleRunsWithoutDiagnosticsAndGivesOneDigest(name: String) throws {
        let sample = try #require(SampleCatalog.named(name))
        let first = try sample.run()
        let second = try sample.run()
        #expect(first.count > 0)
        #expect(first.digest == second.digest, "virtual clock: the same trace every run")
        let diagnosticNames = Set(Diagnostic.Kind.allCases.map(\.rawValue))
        #expect(first.events.filter { diagnosticNames.contains($0.name) }.isEmpty)
    }

    @Test
    func seedSegueSamplePrintsL15() throws {
        let trace = try #require(SampleCatalog.named("SeedSegue")).run()
        #expect(trace.projected(labels: ["A", "B"], events: TransitionConformance.controllerEvents).count == 22)
        #expect(trace.lines.contains("A prepareForSegue"))
    }

    @Test
    func memoryWarningSampleUnloadsAndReloadsA() throws {
        let trace = try #require(SampleCatalog.named("MemoryWarning")).run()
        #expect(trace.projected(labels: ["A"], events: ["viewWillUnload", "viewDidUnload", "loadView"])
                == ["A loadView", "A viewWillUnload", "A viewDidUnload", "A loadView"])
    }

    @Test
    func autoLayoutFramesSamplePrintsSeed003sFrames() throws {
        let trace = try #require(SampleCatalog.named("AutoLayoutFrames")).run()
        let frames = trace.events.filter { $0.name == "frame" }.map(\.detail)
        #expect(Array(frames.prefix(5)) == [
            "viewDidLoad textView=(20,40,560,160)", "viewWillAppear textView=(20,40,560,160)",
            "viewWillLayoutSubviews textView=(20,40,560,160)", "viewDidLayoutSubviews textView=(20,40,374,296)",
            "viewDidAppear textView=(20,40,374,296)",
        ])
    }

    @Test
    func unknownSampleNameIsNil() {
        #expect(SampleCatalog.named("NoSuchSample") == nil)
        #expect(SampleCatalog.named("seedsegue")?.name == "SeedSegue")
    }
}
