import Foundation
import LifeloopCassowary
import Testing
@testable import Lifeloop
@testable import LifeloopSamples

/// The frames Auto Layout gives a sample screen, checked against an independent solver:
/// the window engine's constraints (the user's, the stack views', the guides', the
/// autoresizing and content-size ones it made) are solved again by kiwisolver (through
/// `kiwi_solve.py`), and every view's frame must be the one kiwisolver's values give.
@Suite("Auto Layout frames against kiwisolver")
struct AutoLayoutReferenceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LifeloopCassowaryTests/kiwi_solve.py").path
    /// The first `python3` on PATH (where `make kiwi-deps` installed kiwisolver).
    static let python: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Solves the window's system with kiwisolver; returns the values by variable and what
    /// it refused.
    static func kiwiValues(_ window: Window) throws -> (values: [ObjectIdentifier: Double], refused: [Int], views: [View]) {
        let engine = try #require(window.layoutEngine)
        let system = engine.referenceSystem()
        var index: [ObjectIdentifier: Int] = [:]
        for (position, variable) in system.variables.enumerated() { index[ObjectIdentifier(variable)] = position }
        var ops: [String] = []
        for (id, constraint) in system.constraints.enumerated() {
            let terms = constraint.expression.terms.map { "[\(index[ObjectIdentifier($0.variable)]!),\($0.coefficient)]" }
            ops.append(#"{"op":"add","id":\#(id),"terms":[\#(terms.joined(separator: ","))],"constant":\#(constraint.expression.constant),"relation":"\#(constraint.relation.description)","strength":\#(constraint.strength)}"#)
        }
        let request = #"{"systems":[{"variables":\#(system.variables.count),"ops":[\#(ops.joined(separator: ","))]}]}"#
        let output = try run(request)
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let result = (object["results"] as? [[String: Any]])?.first,
              let values = result["values"] as? [Any] else {
            throw Failure(description: "kiwi_solve.py wrote no result")
        }
        var byVariable: [ObjectIdentifier: Double] = [:]
        for (position, variable) in system.variables.enumerated() {
            byVariable[ObjectIdentifier(variable)] = (values[position] as? NSNumber)?.doubleValue ?? .nan
        }
        return (byVariable, (result["unsatisfiable"] as? [Int]) ?? [], engine.participants)
    }

    static func run(_ request: String) throws -> Data {
        guard let python else { throw Failure(description: "python3 is not installed") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json"), output = directory.appendingPathComponent("out.json")
        let errors = directory.appendingPathComponent("err.txt")
        try Data(request.utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "kiwi_solve.py exited with \(process.terminationStatus) (is kiwisolver installed? `make kiwi-deps`): \(message)")
        }
        return try Data(contentsOf: output)
    }

    /// Every participating view's frame against kiwisolver's values; returns how many
    /// views were compared.
    @discardableResult
    static func expectFramesAgree(_ window: Window, _ moment: String) throws -> Int {
        let kiwi = try kiwiValues(window)
        #expect(kiwi.refused.isEmpty, "\(moment): kiwisolver refused constraints \(kiwi.refused)")
        var compared = 0
        for view in kiwi.views where view !== window {
            func value(_ variable: Variable) -> Double { kiwi.values[ObjectIdentifier(variable)] ?? .nan }
            let own = view.layoutVariables
            var x = value(own.left), y = value(own.top)
            if let superview = view.superview {
                x -= value(superview.layoutVariables.left)
                y -= value(superview.layoutVariables.top)
            }
            let expected = [x, y, value(own.width), value(own.height)]
            let frame = view.frame
            let actual = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map(Double.init)
            let agrees = zip(expected, actual).allSatisfy { abs($0 - $1) <= 1e-5 * max(1, abs($0)) }
            #expect(agrees, "\(moment): \(view.traceLabel) is \(actual), kiwisolver gives \(expected)")
            compared += 1
        }
        return compared
    }

    @Test func theProfileScreensFramesAreKiwisolvers() throws {
        let app = try Application()
        let window = Window(screen: .phone, label: "main")
        let profile = ProfileScreen.ProfileViewController()
        profile.traceLabel = "Profile"
        window.rootViewController = NavigationController(rootViewController: profile, label: "Nav")
        window.makeKeyAndVisible()
        try app.settle()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics.map(\.message))")
        let compared = try Self.expectFramesAgree(window, "at launch")
        #expect(compared >= 10, "the avatar, labels, stack views and buttons take part")

        // What the page should look like, independently of any solver.
        let margins = profile.view.layoutMarginsGuide.layoutFrame
        #expect(profile.avatar.frame.width == 64 && profile.avatar.frame.height == 64)
        #expect(profile.bio.frame.minX == margins.minX)
        #expect(profile.bio.frame.width <= min(480, margins.width) + 1e-6)
        #expect(profile.follow.frame.width == profile.message.frame.width, "fillEqually")
        for view in [profile.avatar, profile.name, profile.bio, profile.follow, profile.footer] as [View] {
            #expect(!view.hasAmbiguousLayout, "\(view.traceLabel) is ambiguous")
        }

        // A constant changes (incremental re-solve), then the window rotates.
        app.tap(profile.follow)
        try app.settle()
        #expect(profile.avatar.frame.width == 96)
        try Self.expectFramesAgree(window, "after the avatar grew")
        window.frame = Rect(x: 0, y: 0, width: window.frame.height, height: window.frame.width)
        try app.settle()
        #expect(profile.bio.frame.width <= 480 + 1e-6)
        try Self.expectFramesAgree(window, "after rotating")
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics.map(\.message))")
    }
}
