import Lifeloop
import XCTest

/// Carries a test app into a teardown block, which runs on the test's own thread.
private struct TeardownBox: @unchecked Sendable {
    let app: TestApp
    let site: CallSite
}

extension XCTestCase {
    /// A ``TestApp`` (virtual clock, strict mode) that this test's teardown finishes and
    /// closes, whether the test passed, failed or threw. Failures go to `XCTFail` at the
    /// caller's line.
    ///
    /// ```swift
    /// final class CounterTests: XCTestCase {
    ///     func testPlus() throws {
    ///         let app = try makeTestApp()
    ///         let counter = CounterViewController()
    ///         app.show(counter)
    ///         app.tap(labelled: "plus")
    ///         XCTAssertEqual(counter.value, 1)
    ///     }
    /// }
    /// ```
    /// - Parameters: As ``TestApp/init(screen:uikitVersion:strict:reporter:)``.
    /// - Throws: What making the app throws.
    public func makeTestApp(screen: Screen = .phone, uikitVersion: UIKitVersion? = nil, strict: Bool = true,
                            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> TestApp {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let app = try TestApp(screen: screen, uikitVersion: uikitVersion, strict: strict)
        let box = TeardownBox(app: app, site: site)
        addTeardownBlock { box.app.finish(fileID: box.site.fileID, filePath: box.site.filePath, line: box.site.line, column: box.site.column) }
        return app
    }
}
