import Foundation
#if canImport(Testing)
import Testing
#endif
import XCTest

/// Where in a test an assertion was written: the caller's file and line, filled in by the
/// default arguments of every LifeloopTesting assertion.
///
/// Swift Testing wants a file ID, a path, a line and a column; XCTest a `StaticString`
/// path and a line. A call site keeps all of them.
public struct CallSite: Sendable, CustomStringConvertible {
    /// The file's `#fileID` (`Module/File.swift`).
    public let fileID: StaticString
    /// The file's full path (`#filePath`).
    public let filePath: StaticString
    /// The line.
    public let line: UInt
    /// The column.
    public let column: UInt

    /// A call site; the defaults are the caller's own place.
    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `File.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}

/// Where LifeloopTesting's failures go.
///
/// ``automatic`` (the default everywhere) records a Swift Testing issue when the code runs
/// inside a Swift Testing test (`Test.current` is set), and calls `XCTFail` otherwise, at
/// the caller's file and line either way. ``capturing(_:)`` keeps them in a
/// ``FailureLog`` instead, for tests of the failures themselves.
public struct FailureReporter: Sendable {
    private let body: @Sendable (String, CallSite) -> Void

    /// A reporter that calls `record` with each failure's message and call site.
    public init(_ record: @escaping @Sendable (_ message: String, _ site: CallSite) -> Void) {
        body = record
    }

    /// Swift Testing's `Issue.record` inside a Swift Testing test, `XCTFail` elsewhere.
    public static var automatic: FailureReporter {
        FailureReporter { message, site in
            #if canImport(Testing)
            if Test.current != nil {
                Issue.record(Comment(rawValue: message),
                             sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                                                            line: Int(site.line), column: Int(site.column)))
                return
            }
            #endif
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }

    /// A reporter that appends every failure to `log` and reports nothing.
    public static func capturing(_ log: FailureLog) -> FailureReporter {
        FailureReporter { message, site in log.append(message, at: site) }
    }

    /// Reports one failure.
    public func fail(_ message: String, at site: CallSite) {
        body(message, site)
    }
}

/// The failures a ``FailureReporter/capturing(_:)`` reporter kept, in order. Safe to share
/// between threads.
public final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(message: String, site: CallSite)] = []

    /// An empty log.
    public init() {}

    /// The messages, oldest first.
    public var messages: [String] { lock.withLock { entries.map(\.message) } }

    /// The call sites, in the same order as ``messages``.
    public var sites: [CallSite] { lock.withLock { entries.map(\.site) } }

    /// Adds one failure.
    public func append(_ message: String, at site: CallSite) {
        lock.withLock { entries.append((message, site)) }
    }
}
