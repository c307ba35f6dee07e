import Foundation
import LifeloopPort
import Testing

/// `#selector` forms the port step cannot lower, and names written with backticks.
@Suite("Port step: empty selectors and escaped names")
struct SelectorEdgeTests {
    @Test func anEmptyOrBareSelectorIsAnErrorNamingFileAndLine() {
        let result = portedResult([("/app/Empty.swift", """
            import UIKit
            class C: UIViewController {
                func a() -> Selector { #selector() }
                func b() -> Selector { #selector }
            }
            """)])
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.contains { $0.hasPrefix("/app/Empty.swift:3:28: error: #selector() names no method") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("/app/Empty.swift:4:28: error: #selector names no method") }, "\(errors)")
        #expect(result.hasErrors)
    }

    @Test func backticksAreNotPartOfTheSelectorName() {
        let text = ported("""
            import UIKit
            class C: UIViewController {
                @objc func `default`() {}
                @objc func run(`in` place: Int) {}
                @objc var `class`: Int = 0
                func wire() {
                    _ = #selector(`default`)
                    _ = #selector(C.`default`)
                    _ = #selector(run(`in`:))
                    _ = #selector(getter: `class`)
                    _ = #selector(`unknown`)
                }
            }
            """)
        #expect(text.contains("_ = Selector(\"default\")"), "\(text)")
        #expect(text.components(separatedBy: "Selector(\"default\")").count == 3, "\(text)")
        #expect(text.contains("_ = Selector(\"runIn:\")"), "\(text)")
        #expect(text.contains("_ = Selector(\"class\")"), "\(text)")
        #expect(text.contains("_ = Selector(\"unknown\")"), "\(text)")
        #expect(!text.contains("Selector(\"`"), "\(text)")
        // The generated members answer to the same names and call the methods as written.
        #expect(text.contains("case \"default\":"), "\(text)")
        #expect(text.contains("self.`default`()"), "\(text)")
        #expect(text.contains("case \"runIn:\":"), "\(text)")
    }
}
