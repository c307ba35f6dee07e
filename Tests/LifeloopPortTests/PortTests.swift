import Foundation
import LifeloopPort
import Testing

/// Ports one file (or several) and gives the text.
func ported(_ text: String, path: String = "/app/Controller.swift") -> String {
    Porter.port([PortSource(path: path, text: text)]).files[0].text
}

func portedResult(_ files: [(String, String)]) -> PortResult {
    Porter.port(files.map { PortSource(path: $0.0, text: $0.1) })
}

/// The lines of a ported file after its first directive (the user's line 1 on).
func userLines(_ text: String) -> [String] {
    let lines = text.components(separatedBy: "\n")
    let first = lines.firstIndex { $0.hasPrefix("#sourceLocation(file:") } ?? -1
    return Array(lines[(first + 1)...])
}

@Suite("Port step: selector names")
struct SelectorNameTests {
    @Test(arguments: [
        ("tapped", [String?](), false, "tapped"),
        ("tapped", [nil], false, "tapped:"),
        ("handle", ["gesture"], false, "handleWithGesture:"),
        ("a", [nil, "b"], false, "a:b:"),
        ("save", ["to"], false, "saveTo:"),
        ("method", ["with"], false, "methodWith:"),
        ("tableView", [nil, "didSelectRowAt"], false, "tableView:didSelectRowAt:"),
        ("move", ["from", "to"], false, "moveFrom:to:"),
        ("save", [], true, "saveAndReturnError:"),
        ("load", ["url"], true, "loadWithUrl:error:"),
        ("buttonTapped", [nil, "forEvent"], false, "buttonTapped:forEvent:"),
    ] as [(String, [String?], Bool, String)])
    func theCompilersNames(base: String, labels: [String?], throwing: Bool, expected: String) {
        #expect(ObjCName.selector(baseName: base, labels: labels, throwing: throwing) == expected)
    }

    @Test func settersAndGetters() {
        #expect(ObjCName.getter("isOn") == "isOn")
        #expect(ObjCName.setter("title") == "setTitle:")
    }
}

@Suite("Port step: lowerings")
struct LoweringTests {
    @Test func outletsLoseTheirAttributeAndAreSetByName() {
        let text = """
            import UIKit
            class Controller: UIViewController {
                @IBOutlet weak var label: UILabel!
                @IBOutlet var buttons: [UIButton]!
                @IBOutlet private var field: UITextField?
                @IBInspectable var radius: CGFloat = 0
            }
            """
        let output = ported(text)
        #expect(output == """
            #sourceLocation(file: "/app/Controller.swift", line: 1)
            import UIKit
            class Controller: UIViewController {
                weak var label: UILabel!
                var buttons: [UIButton]!
                private var field: UITextField?
                var radius: CGFloat = 0

            #sourceLocation()
                override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {
                    switch name {
                    case "label":
                        guard let value = value as? UILabel else { return false }
                        self.label = value
                        return true
                    case "buttons":
                        guard let values = value as? [Any] else { return false }
                        self.buttons = values.compactMap { $0 as? UIButton }
                        return true
                    case "field":
                        guard let value = value as? UITextField else { return false }
                        self.field = value
                        return true
                    default:
                        return super.lifeloopSetOutlet(named: name, to: value)
                    }
                }
                override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
                    switch selector.name {
                    case "radius":
                        return .performed(self.radius)
                    default:
                        return super.lifeloopPerform(selector, with: arguments)
                    }
                }
                override func lifeloopResponds(to selector: Selector) -> Bool {
                    switch selector.name {
                    case "radius":
                        return true
                    default:
                        return super.lifeloopResponds(to: selector)
                    }
                }
            #sourceLocation(file: "/app/Controller.swift", line: 7)
            }
            """)
    }

    @Test func actionsLoseTheirAttributeAndArePerformedWithCastArguments() {
        let text = """
            class Controller: UIViewController {
                @IBAction func save() {}
                @IBAction func tapped(_ sender: UIButton) {}
                @IBAction func touched(_ sender: Any, forEvent event: UIEvent) {}
                @IBAction func maybe(_ sender: UIButton?) -> Bool { true }
            }
            """
        let output = ported(text)
        let lines = userLines(output)
        #expect(lines[1] == "    func save() {}")
        #expect(lines[2] == "    func tapped(_ sender: UIButton) {}")
        #expect(lines[3] == "    func touched(_ sender: Any, forEvent event: UIEvent) {}")
        #expect(output.contains("""
                    case "save":
                        self.save()
                        return .performed(nil)
                    case "tapped:":
                        guard let a0 = Selector.lifeloopArgument(arguments, 0, as: UIButton.self) else { return .notFound }
                        self.tapped(a0)
                        return .performed(nil)
                    case "touched:forEvent:":
                        let a0: Any = Selector.lifeloopArgument(arguments, 0, as: Any.self) as Any
                        guard let a1 = Selector.lifeloopArgument(arguments, 1, as: UIEvent.self) else { return .notFound }
                        self.touched(a0, forEvent: a1)
                        return .performed(nil)
                    case "maybe:":
                        let a0 = Selector.lifeloopArgument(arguments, 0, as: UIButton.self)
                        return .performed(self.maybe(a0))
            """))
        #expect(output.contains("""
                    case "save", "tapped:", "touched:forEvent:", "maybe:":
                        return true
            """))
    }

    @Test func objcAttributesAndDynamicAreRemovedInPlace() {
        let text = """
            @objcMembers class Model: NSObject {
                @objc dynamic var name = ""
                @objc(customName:) func rename(_ value: String) {}
                @nonobjc func hidden() {}
            }
            @objc enum Kind: Int { case a, b }
            """
        let lines = userLines(ported(text))
        #expect(lines[0] == "class Model: NSObject {")
        #expect(lines[1] == "    var name = \"\"")
        #expect(lines[2] == "    func rename(_ value: String) {}")
        #expect(lines[3] == "    func hidden() {}")
        #expect(lines.contains("enum Kind: Int { case a, b }"))
        let output = ported(text)
        #expect(output.contains("case \"customName:\":"))
        #expect(!output.contains("case \"hidden\""))
        // NSObject is not one of Lifeloop's classes: no override, and the conformance.
        #expect(output.contains("    func lifeloopPerform(_ selector: Selector"))
        #expect(!output.contains("override func lifeloop"))
        #expect(output.hasSuffix("#sourceLocation()\nextension Model: NameWirable {}\n"))
    }

    @Test func selectorsBecomeObjectiveCNames() {
        let text = """
            class Controller: UIViewController {
                func tapped(_ sender: Any) {}
                func handle(gesture: Any) {}
                func refresh() {}
                var isBusy = false
                override func viewDidLoad() {
                    a(#selector(tapped))
                    a(#selector(Controller.handle(gesture:)))
                    a(#selector(refresh))
                    a(#selector(getter: isBusy))
                    a(#selector(setter: isBusy))
                    a(#selector(self.tapped(_:)))
                    a(Selector("keep:"))
                    a(#selector(UIView.layoutSubviews))
                }
            }
            """
        let result = portedResult([("/app/Controller.swift", text)])
        let lines = userLines(result.files[0].text)
        #expect(lines[6] == "        a(Selector(\"tapped:\"))")
        #expect(lines[7] == "        a(Selector(\"handleWithGesture:\"))")
        #expect(lines[8] == "        a(Selector(\"refresh\"))")
        #expect(lines[9] == "        a(Selector(\"isBusy\"))")
        #expect(lines[10] == "        a(Selector(\"setIsBusy:\"))")
        #expect(lines[11] == "        a(Selector(\"tapped:\"))")
        #expect(lines[12] == "        a(Selector(\"keep:\"))")
        #expect(lines[13] == "        a(Selector(\"layoutSubviews\"))")
        // The methods selectors name are reachable, though not @objc.
        #expect(result.files[0].text.contains("case \"tapped:\", \"handleWithGesture:\", \"refresh\", \"isBusy\":"))
        // A method of no class in the module: a warning, at the #selector.
        #expect(result.diagnostics.map(\.description) == [
            "/app/Controller.swift:14:11: warning: #selector(layoutSubviews) names no method of this module; taken to have no "
                + "arguments (\"layoutSubviews\"): name the argument labels if it has some",
        ])
    }

    @Test func anAmbiguousSelectorPicksTheEnclosingTypesAndWarns() {
        let first = """
            class A: UIView {
                func go(_ x: Any) {}
                func go(to y: Any) {}
                func start() { b(#selector(go)) }
            }
            """
        let second = """
            class B: UIView {
                func only(_ x: Any) {}
            }
            class C: UIView {
                func start() { b(#selector(only)) }
            }
            """
        let result = portedResult([("/app/A.swift", first), ("/app/B.swift", second)])
        #expect(userLines(result.files[0].text)[3] == "    func start() { b(Selector(\"go:\")) }")
        #expect(result.files[1].text.contains("\n    func start() { b(Selector(\"only:\")) }\n"))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.message.contains("ambiguous") == true)
        #expect(result.diagnostics.first?.line == 4)
        // B's method is reachable (from C's selector): B gets the members.
        #expect(result.files[1].text.contains("case \"only:\":"))
    }

    @Test func optionalRequirementsGetDefaultsAndTheirCallsCompile() {
        let text = """
            @objc protocol PickerDelegate {
                @objc optional func picker(_ picker: Any, didPick value: Int)
                @objc optional func title(for value: Int) -> String?
                func pickerDidCancel(_ picker: Any)
            }
            class Picker {
                weak var delegate: PickerDelegate?
                func pick() {
                    delegate?.picker?(self, didPick: 1)
                    _ = delegate?.title?(for: 1)
                    delegate?.pickerDidCancel(self)
                }
            }
            """
        let result = portedResult([("/app/Picker.swift", text)])
        let lines = userLines(result.files[0].text)
        #expect(lines[0] == "protocol PickerDelegate: AnyObject {")
        #expect(lines[1] == "    func picker(_ picker: Any, didPick value: Int)")
        #expect(lines[2] == "    func title(for value: Int) -> String?")
        #expect(lines[8] == "        delegate?.picker(self, didPick: 1)")
        #expect(lines[9] == "        _ = delegate?.title(for: 1)")
        #expect(result.files[0].text.hasSuffix("""
            #sourceLocation()
            extension PickerDelegate {
                func picker(_ picker: Any, didPick value: Int) {}
                func title(for value: Int) -> String? { nil }
            }

            """))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anOptionalRequirementWithoutADefaultIsAnError() {
        let text = """
            @objc protocol Sizing: NSObjectProtocol {
                @objc optional func height(for row: Int) -> Double
            }
            """
        let result = portedResult([("/app/Sizing.swift", text)])
        #expect(userLines(result.files[0].text)[0] == "protocol Sizing: NSObjectProtocol {")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].description.hasPrefix(
            "/app/Sizing.swift:2:5: error: optional requirement 'height' of @objc protocol Sizing returns the non-optional Double"))
    }

    @Test func overrideFollowsTheModulesClassGraph() {
        let text = """
            class Base: NSObject { @objc func a() {} }
            class Derived: Base { @objc func b() {} }
            class Plain: UIView {}
            class Custom: Plain { @IBAction func c() {} }
            class Root { @objc func d() {} }
            class Unknown: SomeFrameworkClass { @objc func e() {} }
            """
        let output = ported(text)
        func members(of name: String) -> Substring? {
            guard let start = output.range(of: "class \(name)") else { return nil }
            return output[start.lowerBound...].prefix(220)
        }
        #expect(members(of: "Base")?.contains("    func lifeloopSetOutlet") == true)
        #expect(members(of: "Derived")?.contains("override func lifeloopSetOutlet") == true)
        #expect(members(of: "Custom")?.contains("override func lifeloopSetOutlet") == true)
        #expect(members(of: "Root")?.contains("override") == false)
        #expect(members(of: "Unknown")?.contains("override") == false)
        #expect(output.hasSuffix("""
            #sourceLocation()
            extension Base: NameWirable {}
            extension Root: NameWirable {}
            extension Unknown: NameWirable {}

            """))
    }

    @Test func membersInExtensionsJoinTheirClass() {
        let classFile = """
            class Controller: UIViewController {
            }
            """
        let extensionFile = """
            extension Controller {
                @objc func refresh() {}
            }
            """
        let result = portedResult([("/app/Controller.swift", classFile), ("/app/Controller+Refresh.swift", extensionFile)])
        #expect(result.files[0].text.contains("case \"refresh\":\n            self.refresh()"))
        #expect(userLines(result.files[1].text)[1] == "    func refresh() {}")
    }

    @Test func timerInitializersKeepTheirUserInfo() {
        let text = """
            let timer = Timer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: 7, repeats: true)
            """
        #expect(userLines(ported(text))[0]
                == "let timer = Timer.lifeloopTimer(timeInterval: 1, target: self, selector: Selector(\"tick\"), userInfo: 7, repeats: true)")
    }

    @Test func aFileWithoutUIKitGetsLifeloopForItsSelectors() {
        let foundationOnly = ported("import Foundation\nfinal class Ticker: NSObject {\n    @objc func fire() {}\n}\n")
        #expect(foundationOnly.hasPrefix("import Lifeloop\n#sourceLocation(file: \"/app/Controller.swift\", line: 1)\nimport Foundation\n"))
        let withUIKit = ported("import UIKit\nfinal class Ticker: NSObject {\n    @objc func fire() {}\n}\n")
        #expect(withUIKit.hasPrefix("#sourceLocation("))
        #expect(ported("import Foundation\nlet x = 1\n").hasPrefix("#sourceLocation("))
    }

    @Test func somethingElseIsByteIdentical() {
        let text = "// A comment with @objc in it\nlet s = \"#selector(x)\"  \n\tstruct S { var dynamicValue = 1 }\r\n"
        #expect(ported(text) == "#sourceLocation(file: \"/app/Controller.swift\", line: 1)\n" + text)
    }
}

@Suite("Port step: unsupported constructs")
struct UnsupportedConstructTests {
    @Test func runtimeFeaturesAreErrorsAtTheirPlace() {
        let text = """
            class Model: NSObject {
                func go() {
                    let cls = NSClassFromString("Other")
                    let v = value(forKey: "name")
                    setValue(1, forKey: "count")
                    let m = class_getInstanceMethod(Model.self, Selector("go"))
                    method_exchangeImplementations(m!, m!)
                }
            }
            """
        let result = portedResult([("/app/Model.swift", text)])
        let places = result.diagnostics.map { "\($0.severity) \($0.line):\($0.column)" }
        // value(forKey:) is lowered (KeyValueLoweringTests); setValue(_:forKey:) on a model is not.
        #expect(places == ["error 3:19", "error 5:9", "error 6:17", "error 7:9"])
        #expect(result.diagnostics[0].description.hasPrefix("/app/Model.swift:3:19: error: NSClassFromString is not supported"))
        #expect(result.diagnostics[0].message.contains("Linux has no Objective-C runtime"))
        #expect(result.diagnostics[1].message.contains("setValue(_:forKey:) is key-value coding"))
        #expect(result.diagnostics[3].message.contains("swizzling"))
        // The file is written all the same.
        #expect(result.files[0].text.contains("NSClassFromString(\"Other\")"))
        #expect(result.hasErrors)
    }
}

@Suite("Port step: key-value coding")
struct KeyValueLoweringTests {
    @Test func readsBecomeLifeloopValueOnTheirReceiver() {
        let text = """
            import UIKit
            class Model: NSObject {
                func go(other: Model?) {
                    let a = UserDefaults.standard.value(forKey: "best")
                    let b = other?.value(forKey: "name") as? String
                    let c = value(forKey: "count")
                    let d = self.value(forKeyPath: "a.b")
                }
            }
            """
        let result = portedResult([("/app/Model.swift", text)])
        #expect(result.diagnostics.isEmpty)
        let lines = userLines(result.files[0].text)
        #expect(lines[3] == "        let a = lifeloopValue(of: UserDefaults.standard, forKey: \"best\")")
        #expect(lines[4] == "        let b = lifeloopValue(of: other, forKey: \"name\") as? String")
        #expect(lines[5] == "        let c = lifeloopValue(of: self, forKey: \"count\")")
        #expect(lines[6] == "        let d = lifeloopValue(of: self, forKeyPath: \"a.b\")")
    }

    @Test func aReceiversOwnLoweringsAreKept() {
        let text = "import UIKit\nlet v = settings.value(forKey: \"user\")?.value(forKey: \"name\")\n"
        let lines = userLines(ported(text))
        #expect(lines[1] == "let v = lifeloopValue(of: lifeloopValue(of: settings, forKey: \"user\"), forKey: \"name\")")
    }

    @Test func writesToUserDefaultsBecomeSetAndOthersAreErrors() {
        let text = """
            import UIKit
            func save(model: NSObject) {
                let defaults = UserDefaults.standard
                defaults.setValue(1, forKey: "best")
                UserDefaults.standard.setValue("x", forKey: "name")
                model.setValue(2, forKey: "count")
            }
            """
        let result = portedResult([("/app/Save.swift", text)])
        let lines = userLines(result.files[0].text)
        #expect(lines[3] == "    defaults.set(1, forKey: \"best\")")
        #expect(lines[4] == "    UserDefaults.standard.set(\"x\", forKey: \"name\")")
        #expect(result.diagnostics.map { "\($0.severity) \($0.line):\($0.column)" } == ["error 6:5"])
        #expect(result.diagnostics[0].message.contains("setValue(_:forKey:) is key-value coding"))
    }
}

@Suite("Port step: source locations")
struct SourceLocationTests {
    @Test func everyUserLineKeepsItsNumber() {
        let text = """
            class A: UIView {
                @IBOutlet weak var label: UILabel!
                @objc func tapped() {}
            }
            class B: UIView {
                @IBAction func go() {}
            }
            let after = 1
            """
        let output = ported(text)
        // Follow the directives: every original line must come out at its own number.
        var mapped: [Int: String] = [:]
        var current: Int?
        for line in output.components(separatedBy: "\n") {
            if line.hasPrefix("#sourceLocation(file:") {
                current = Int(line.split(separator: " ").last!.dropLast())
                continue
            }
            if line == "#sourceLocation()" { current = nil; continue }
            if let number = current {
                mapped[number] = line
                current = number + 1
            }
        }
        let original = text.components(separatedBy: "\n")
        for (index, line) in original.enumerated() {
            let expected = line.replacingOccurrences(of: "@IBOutlet ", with: "").replacingOccurrences(of: "@objc ", with: "")
                .replacingOccurrences(of: "@IBAction ", with: "")
            #expect(mapped[index + 1] == expected, "line \(index + 1)")
        }
    }

    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
    func theCompilerNamesTheOriginalFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-port-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = "/Users/someone/App/Model.swift"
        let text = """
            import Foundation
            @objc enum Kind: Int { case a }
            @objc protocol Listener {
                @objc optional func changed()
            }
            final class Box {
                weak var listener: Listener?
                func poke() { listener?.changed?() }
            }
            let wrong: Int = "eleven"
            """
        let file = directory.appendingPathComponent("Model.swift")
        try ported(text, path: original).write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.swiftc))
        process.arguments = ["-typecheck", "-module-cache-path", directory.appendingPathComponent("cache").path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let diagnostics = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(diagnostics.contains("\(original):10:18: error: cannot convert value of type 'String'"), "\(diagnostics)")
        // Only that error: the lowered lines compile.
        #expect(diagnostics.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains(": error: ") }.count == 1,
                "\(diagnostics)")
    }
}

@Suite("Port step: the command")
struct PortToolTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-port-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aMissingFileIsExitStatus2NamingIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var errors = ""
        let status = PortTool.run(sources: [directory.appendingPathComponent("Nope.swift").path],
                                  output: directory.appendingPathComponent("out").path) { errors += $0 }
        #expect(status == 2)
        #expect(errors.contains("Nope.swift: no such file or directory"))
    }

    @Test func directoriesArePortedIntoTheSameLayoutAndUnparsableFilesAreStillWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("Views"), withIntermediateDirectories: true)
        try "class A: UIView { @objc func a() {} }\n".write(to: sources.appendingPathComponent("Views/A.swift"), atomically: true, encoding: .utf8)
        try "class B: {{{ @objc func\n".write(to: sources.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        try "not swift".write(to: sources.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        var errors = ""
        let output = directory.appendingPathComponent("out")
        let status = PortTool.run(sources: [sources.path], output: output.path) { errors += $0 }
        #expect(status == 0, "\(errors)")
        let a = try String(contentsOf: output.appendingPathComponent("Views/A.swift"), encoding: .utf8)
        #expect(a.contains("override func lifeloopPerform"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("B.swift").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
    }

    @Test func twoFilesOfOneNameAreRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["x", "y"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            try "let v = 1\n".write(to: directory.appendingPathComponent("\(folder)/V.swift"), atomically: true, encoding: .utf8)
        }
        var errors = ""
        let status = PortTool.run(sources: [directory.appendingPathComponent("x/V.swift").path, directory.appendingPathComponent("y/V.swift").path],
                                  output: directory.appendingPathComponent("out").path) { errors += $0 }
        #expect(status == 2)
        #expect(errors.contains("would both be written to"))
    }
}

@Suite("Port step: overrides UIKit asks about")
struct RespondedOverrideTests {
    @Test func aDataSourcesCommitOverrideIsExposedSoTheTableOffersSwipeToDelete() {
        let text = """
            import UIKit
            class ListViewController: UITableViewController {
                var items = ["a"]
                override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                    items.remove(at: indexPath.row)
                }
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
            }
            """
        let out = ported(text)
        #expect(out.contains("case \"tableView:commit:forRowAt:\":"), "the commit override answers its selector")
        #expect(!out.contains("\"tableView:numberOfRowsInSection:\""), "other overrides are not exposed")
    }
}
