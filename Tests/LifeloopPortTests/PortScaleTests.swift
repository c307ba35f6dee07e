import Foundation
@testable import LifeloopPort
import Testing

/// Big inputs: thousands of classes, and string interpolations nested deep. (Nothing here
/// asserts a time; the inputs are the ones that took quadratic time and memory.)
@Suite("Port step: big inputs")
struct PortScaleTests {
    /// `"a\("a\(…x…)b")b"`, `depth` string literals deep.
    static func nested(_ depth: Int) -> String {
        var text = "x"
        for _ in 0..<depth { text = "\"a\\(" + text + ")b\"" }
        return text
    }

    @Test func deeplyNestedInterpolationIsAnErrorAtItsPlaceAndTheFileIsCopied() {
        let deep = "import UIKit\nlet s = \(Self.nested(5000))\n"
        #expect(deep.utf8.count > 30_000)
        let result = portedResult([
            ("/app/Deep.swift", deep),
            ("/app/C.swift", "import UIKit\nclass C: UIViewController {\n    @IBOutlet weak var l: UILabel!\n}\n"),
        ])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        let column = "let s = ".utf8.count + 1 + 4 * InterpolationDepth.limit
        #expect(errors.first?.description.hasPrefix(
            "/app/Deep.swift:2:\(column): error: string literals nest \(InterpolationDepth.limit + 1) deep") == true,
                "\(errors)")
        #expect(result.files[0].text == "#sourceLocation(file: \"/app/Deep.swift\", line: 1)\n" + deep)
        // The module's other files are ported all the same.
        #expect(result.files[1].text.contains("override func lifeloopSetOutlet"))
    }

    @Test func ordinaryNestingIsPorted() {
        let text = """
            import UIKit
            // A comment with a quote " and \\( in it.
            /* "unbalanced /* nested */ comment " */
            class C: UIViewController {
                @objc func a() {}
                let s = \(Self.nested(6))
                let raw = #"\\(not) "an" interpolation"#
                let many = \"\"\"
                    "quotes" \\(1 + (2 * 3)) \\("\\("in")")
                    \"\"\"
                func f() -> Selector { #selector(a) }
            }
            """
        let result = portedResult([("/app/C.swift", text)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.files[0].text.contains("Selector(\"a\")"))
    }

    @Test(arguments: [
        (#""\("\("x")")""#, 3),
        (##"#"\("x")"#"##, 1),
        (##"#"\#("\("x")")"#"##, 3),
        ("\"\"\"\n\\(\"\\(\"x\")\")\n\"\"\"", 3),
        ("// \"\\(\"\\(\"\n\"a\"", 1),
        ("\"unterminated \\(\"x\n\"a\"", 2),
    ])
    func theDepthScanReadsStringsAsTheLexerDoes(text: String, depth: Int) {
        #expect(InterpolationDepth.firstExcess(in: text, limit: depth) == nil, "\(text)")
        #expect(InterpolationDepth.firstExcess(in: text, limit: depth - 1)?.depth == depth, "\(text)")
    }

    /// Four thousand classes with outlets, in chains, naming each other's methods by
    /// selector: each gets its members, overriding where its superclass has them.
    @Test func fourThousandOutletClasses() {
        var lines = ["import UIKit", "class Plain {}"]
        for index in 0..<4000 {
            let superclass = index % 2 == 0 ? (index % 4 == 0 ? "UIViewController" : "Plain") : "C\(index - 1)"
            lines.append("""
                class C\(index): \(superclass) {
                    @IBOutlet weak var label\(index): UILabel!
                    @IBAction func tap\(index)(_ sender: Any) {}
                    func go() -> Selector { #selector(tap\((index + 1) % 4000)(_:)) }
                }
                """)
        }
        let result = portedResult([("/app/Many.swift", lines.joined(separator: "\n") + "\n")])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
        let text = result.files[0].text
        #expect(text.components(separatedBy: "func lifeloopSetOutlet").count == 4001)
        // C0 (a UIViewController), C1 (under C0) and C3 (under C2, which has members) override;
        // C2 (under a plain class) conforms.
        #expect(text.components(separatedBy: "override func lifeloopSetOutlet").count == 4001 - 1000)
        #expect(text.contains("extension C2: NameWirable {}") && !text.contains("extension C3: NameWirable {}"))
        #expect(text.contains("func go() -> Selector { Selector(\"tap1:\") }"))
        #expect(text.contains("func go() -> Selector { Selector(\"tap0:\") }"))
    }
}
