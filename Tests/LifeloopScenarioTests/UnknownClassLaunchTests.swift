import Foundation
import Testing

/// A storyboard launched without its sources names classes that are not there: the launch
/// reports `unknownClass` and runs the scene with UIKit's own class. `make release-e2e` runs
/// this against a release `lifeloop`, which crashed here (signal 11 in
/// swift_dynamicCastMetatype) while the debug build passed.
@Suite struct UnknownClassLaunchTests {
    static let portedAppStoryboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/PortedApp/Sources/PortedApp/Resources/Main.storyboard").path

    @Test func aCustomClassInAnAbsentModuleIsADiagnosticNotACrash() throws {
        let output = try CLI.run(["launch", Self.portedAppStoryboard])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("diagnostic: unknownClass [Counter]: Unknown class CounterViewController"), "\(output.stderr)")
        #expect(output.stdout.contains("Counter viewDidAppear"), "\(output.stdout)")
    }
}
