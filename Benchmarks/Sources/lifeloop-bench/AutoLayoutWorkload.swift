import Dispatch
import Foundation
@_spi(Benchmarks) import Lifeloop
import LifeloopCassowary

/// Auto Layout's cost. `BENCH_ONLY=autolayout make bench` runs only these rows.
///
/// 1. The solver alone, on systems of 100, 1,000 and 10,000 views (about 4.5 constraints
///    each: edges, sizes, centers, ratios, inequalities, preferences): a solve from
///    scratch, and a re-solve after one constant changes (the constraint removed and added
///    again), beside kiwisolver (C++, through Python) solving the same systems in the same
///    run; kiwisolver times itself, leaving out the building of its Python objects.
/// 2. A 1,000-view screen in a window: its first layout and its relayout after one
///    constraint's constant changes, beside the same screen laid out with frames.
enum AutoLayoutWorkload {
    /// The system sizes; `BENCH_AUTOLAYOUT_SIZES=100,1000` runs fewer.
    static let sizes: [Int] = ProcessInfo.processInfo.environment["BENCH_AUTOLAYOUT_SIZES"].map {
        $0.split(separator: ",").compactMap { Int($0) }
    } ?? [100, 1_000, 10_000]

    /// One constraint of a generated system: `Σ coefficient * variable + constant (rel) 0`.
    struct Spec: Sendable {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: Relation
        var strength: Double
    }

    /// A fully determined layout of `views` boxes, each placed from a parent box.
    static func system(views: Int) -> [Spec] {
        func v(_ view: Int, _ k: Int) -> Int { view * 4 + k }  // left, top, width, height
        let r = Strength.required
        var specs: [Spec] = [
            Spec(terms: [(v(0, 0), 1)], constant: 0, relation: .equal, strength: r),
            Spec(terms: [(v(0, 1), 1)], constant: 0, relation: .equal, strength: r),
            Spec(terms: [(v(0, 2), 1)], constant: -390, relation: .equal, strength: r),
            Spec(terms: [(v(0, 3), 1)], constant: -44, relation: .equal, strength: r),
        ]
        for i in 1..<views {
            let p = (i - 1) / 3
            // An edge: left from the parent's left.
            specs.append(Spec(terms: [(v(i, 0), 1), (v(p, 0), -1)], constant: -Double(i % 5) * 3, relation: .equal, strength: r))
            // An edge below the parent.
            specs.append(Spec(terms: [(v(i, 1), 1), (v(p, 1), -1), (v(p, 3), -1)], constant: -8, relation: .equal, strength: r))
            switch i % 3 {
            case 0:  // A ratio of the parent's width.
                specs.append(Spec(terms: [(v(i, 2), 1), (v(p, 2), -0.5)], constant: 0, relation: .equal, strength: r))
            case 1:  // A fixed size.
                specs.append(Spec(terms: [(v(i, 2), 1)], constant: -Double(100 + i % 7), relation: .equal, strength: r))
            default:  // Centered in the parent, no wider than it, preferring 80.
                specs.append(Spec(terms: [(v(i, 0), 1), (v(i, 2), 0.5), (v(p, 0), -1), (v(p, 2), -0.5)], constant: 0,
                                  relation: .greaterThanOrEqual, strength: r))
                specs.append(Spec(terms: [(v(i, 2), 1), (v(p, 2), -1)], constant: 0, relation: .lessThanOrEqual, strength: r))
                specs.append(Spec(terms: [(v(i, 2), 1)], constant: -80, relation: .equal, strength: Strength.strong))
            }
            // At least 20 high, preferring 44.
            specs.append(Spec(terms: [(v(i, 3), 1)], constant: -20, relation: .greaterThanOrEqual, strength: r))
            specs.append(Spec(terms: [(v(i, 3), 1)], constant: -44, relation: .equal, strength: Strength.medium))
        }
        return specs
    }

    /// The constraint whose constant changes: the last fixed width.
    static func changed(_ specs: [Spec]) -> Int {
        specs.lastIndex { $0.terms.count == 1 && $0.relation == .equal && $0.strength == Strength.required && $0.constant < -99 }!
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Ours: a solve from scratch and a re-solve after one change, best of `rounds`.
    static func ours(_ specs: [Spec], views: Int, rounds: Int) throws -> (solve: Double, change: Double, checksum: Double) {
        var best = (solve: Double.infinity, change: Double.infinity, checksum: 0.0)
        for _ in 0..<rounds {
            let variables = (0..<(views * 4)).map { Variable("v\($0)") }
            let constraints = specs.map {
                Constraint(Expression(terms: $0.terms.map { Term(variables[$0.0], $0.1) }, constant: $0.constant), $0.relation,
                           strength: $0.strength)
            }
            let solver = Solver()
            let solve = try seconds {
                for constraint in constraints { try solver.addConstraint(constraint) }
                solver.updateVariables()
            }
            let index = changed(specs)
            let spec = specs[index]
            let replacement = Constraint(Expression(terms: spec.terms.map { Term(variables[$0.0], $0.1) }, constant: spec.constant - 10),
                                         spec.relation, strength: spec.strength)
            let change = try seconds {
                try solver.removeConstraint(constraints[index])
                try solver.addConstraint(replacement)
                solver.updateVariables()
            }
            best = (min(best.solve, solve), min(best.change, change), variables.reduce(0) { $0 + $1.value })
        }
        return best
    }

    /// kiwisolver's own times for the same systems (nil when Python or kiwisolver is missing).
    static func kiwi(_ systems: [(views: Int, specs: [Spec])], rounds: Int) -> [(solve: Double, change: Double)]? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Tests/LifeloopCassowaryTests/kiwi_solve.py").standardized.path
        var items: [String] = []
        for (views, specs) in systems {
            var ops = specs.enumerated().map { index, spec in
                let terms = spec.terms.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
                let relation = spec.relation == .equal ? "==" : spec.relation == .lessThanOrEqual ? "<=" : ">="
                return #"{"op":"add","id":\#(index),"terms":[\#(terms)],"constant":\#(spec.constant),"relation":"\#(relation)","strength":\#(spec.strength)}"#
            }
            let index = changed(specs)
            ops.append(#"{"op":"change","id":\#(index),"constant":\#(specs[index].constant - 10)}"#)
            items.append(#"{"variables":\#(views * 4),"ops":[\#(ops.joined(separator: ","))]}"#)
        }
        let request = #"{"time":true,"rounds":\#(rounds),"systems":[\#(items.joined(separator: ","))]}"#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-bench-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.json"), output = directory.appendingPathComponent("out.json")
        guard (try? Data(request.utf8).write(to: input)) != nil,
              FileManager.default.createFile(atPath: output.path, contents: nil) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        guard let stdin = try? FileHandle(forReadingFrom: input), let stdout = try? FileHandle(forWritingTo: output) else { return nil }
        process.standardInput = stdin
        process.standardOutput = stdout
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: output),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let results = object["results"] as? [[String: Any]] else { return nil }
        return results.map {
            let times = $0["seconds"] as? [String: Double] ?? [:]
            return (times["solve"] ?? .nan, times["change"] ?? .nan)
        }
    }

    // MARK: A screen in a window

    /// A screen of `count` views in rows of four: with constraints, or with frames set in
    /// the root view's layoutSubviews. Returns the first layout's and the relayout's seconds.
    static func screen(count: Int, constraints: Bool, relayouts: Int = 1) throws -> (first: Double, relayout: Double, solver: Double?) {
        let app = try Application(clock: .virtual, traceEnabled: false)
        defer { try? app.close() }
        final class FrameRoot: View {
            var boxes: [View] = []
            var gap: CGFloat = 8
            override func layoutSubviews() {
                let width = (bounds.width - 5 * gap) / 4
                for (index, box) in boxes.enumerated() {
                    let row = CGFloat(index / 4), column = CGFloat(index % 4)
                    box.frame = Rect(x: gap + column * (width + gap), y: gap + row * (20 + gap), width: width, height: 20)
                }
            }
        }
        final class Screen: ViewController {
            let count: Int, constraints: Bool
            var boxes: [View] = []
            var firstGap: LayoutConstraint?
            init(count: Int, constraints: Bool) {
                self.count = count
                self.constraints = constraints
                Self.useLabel("screen")
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
            override func loadView() { view = constraints ? View(frame: .zero) : FrameRoot(frame: .zero) }
            override func viewDidLoad() {
                boxes = (0..<count).map { _ in View(frame: .zero) }
                for box in boxes { view.addSubview(box) }
                if let root = view as? FrameRoot { root.boxes = boxes; return }
                var made: [LayoutConstraint] = []
                for (index, box) in boxes.enumerated() {
                    box.translatesAutoresizingMaskIntoConstraints = false
                    let column = index % 4
                    let left = column == 0 ? box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 8)
                        : box.leadingAnchor.constraint(equalTo: boxes[index - 1].trailingAnchor, constant: 8)
                    if index == 0 { firstGap = left }
                    made.append(left)
                    made.append(column == 0 ? box.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.25, constant: -10)
                                : box.widthAnchor.constraint(equalTo: boxes[index - 1].widthAnchor))
                    made.append(index < 4 ? box.topAnchor.constraint(equalTo: view.topAnchor, constant: 8)
                                : box.topAnchor.constraint(equalTo: boxes[index - 4].bottomAnchor, constant: 8))
                    made.append(box.heightAnchor.constraint(equalToConstant: 20))
                }
                LayoutConstraint.activate(made)
            }
        }
        let controller = Screen(count: count, constraints: constraints)
        let window = Window(label: "main")
        window.rootViewController = controller
        let first = try seconds {
            window.makeKeyAndVisible()
            try app.settle()
        }
        precondition(controller.boxes[count - 1].frame.width > 0, "the screen was not laid out")
        // Best of `relayouts`, the gap going 12, 8, 12…
        var relayout = Double.infinity
        for round in 0..<relayouts {
            let gapValue: CGFloat = round % 2 == 0 ? 12 : 8
            relayout = min(relayout, try seconds {
                if let gap = controller.firstGap {
                    gap.constant = gapValue
                } else if let root = controller.view as? FrameRoot {
                    root.gap = gapValue
                    root.setNeedsLayout()
                }
                try app.settle()
            })
        }
        // The solver alone on the same system: the constraints the window's engine holds
        // now (the screen's, its autoresizing and content-size constraints), in the order
        // it adds them, into a fresh solver; best of 3.
        var solver: Double?
        if constraints {
            let system = window.solverSystemForBenchmarks
            precondition(system.count >= 4 * count, "the engine holds \(system.count) constraints")
            solver = try (0..<3).map { _ in
                let fresh = Solver()
                return try seconds {
                    for constraint in system { try fresh.addConstraint(constraint) }
                    fresh.updateVariables()
                }
            }.min()
        }
        return (first, relayout, solver)
    }

    static func run() throws {
        print("\nAuto Layout (release; best of 3 below 10,000 views, 1 at 10,000)")
        let systems = sizes.map { (views: $0, specs: system(views: $0)) }
        let kiwiTimes = kiwi(systems, rounds: 3)
        if kiwiTimes == nil { print("  kiwisolver: not available (python3 -m pip install kiwisolver); ours alone") }
        print("  views  constraints   ours solve   kiwi solve   ratio   ours re-solve  kiwi re-solve  re-solve/solve")
        var worstRatio = 0.0, worstEdit = 0.0
        for (index, (views, specs)) in systems.enumerated() {
            let ours = try ours(specs, views: views, rounds: views >= 10_000 ? 1 : 3)
            let theirs = kiwiTimes?[index]
            let ratio = theirs.map { ours.solve / $0.solve }
            worstRatio = max(worstRatio, ratio ?? 0)
            worstEdit = max(worstEdit, ours.change / ours.solve)
            func ms(_ value: Double?) -> String { value.map { String(format: "%10.3f ms", $0 * 1000) } ?? "         -   " }
            print("  \(String(views).padding(toLength: 6, withPad: " ", startingAt: 0)) \(String(specs.count).padding(toLength: 12, withPad: " ", startingAt: 0))"
                + "\(ms(ours.solve)) \(ms(theirs?.solve))  \(ratio.map { String(format: "%5.2f×", $0) } ?? "   - ")"
                + "  \(ms(ours.change))  \(ms(theirs?.change))    1/\(String(format: "%.0f", ours.solve / ours.change))")
        }
        if kiwiTimes != nil {
            print("  solve vs kiwisolver, worst size        \(String(format: "%.2f", worstRatio))×  goal ≤ 2×  " + (worstRatio <= 2 ? "met" : "NOT MET"))
        }
        print("  re-solve after one edit / full solve   1/\(String(format: "%.0f", 1 / worstEdit))  goal ≤ 1/20  "
            + (worstEdit <= 1.0 / 20 ? "met" : "NOT MET"))
        print("  1,000-view screen (4 constraints a view)     first layout     relayout after one change (best of 20)")
        var screenFirst = 0.0, screenRelayout = 0.0, screenSolver = 0.0
        for constraints in [true, false] {
            let runs = try onDedicatedThread { try (0..<3).map { _ in try screen(count: 1_000, constraints: constraints, relayouts: 20) } }
            let first = runs.map(\.first).min()!, relayout = runs.map(\.relayout).min()!
            print("    \(constraints ? "Auto Layout" : "frames     ")                              "
                + String(format: "%9.3f ms        %9.3f ms", first * 1000, relayout * 1000))
            if constraints {
                screenFirst = first
                screenRelayout = relayout
                screenSolver = runs.compactMap(\.solver).min() ?? .infinity
                print("    its solver alone, the same system                " + String(format: "%9.3f ms", screenSolver * 1000))
            }
        }
        let share = screenFirst / screenSolver
        print("  first layout / its solver alone         \(String(format: "%.2f", share))×  goal ≤ 2×  " + (share <= 2 ? "met" : "NOT MET"))
        print("  relayout after one change               \(String(format: "%.3f", screenRelayout * 1000)) ms  goal ≤ 0.1 ms  "
            + (screenRelayout <= 0.0001 ? "met" : "NOT MET"))
    }
}
