import Foundation
@testable import LifeloopHost
import Testing

/// The rows form's own writing and reading, without a daemon.
@Suite struct DescribeRowsTests {
    /// Numbers in rows are written digit by digit; the text is exactly what the nested
    /// form's JSON writer gives, for the values rows hold (frames rounded to 0.01, alphas,
    /// indices) and for any other double.
    @Test func numbersAreWrittenAsTheJSONWriterWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.01, -0.01, 0.05, 0.1, 0.29, 13.33, 44.99, 100.1,
                                414, 736, 1e9 - 0.01, 1e9, 1e9 + 0.5, -1e9 + 0.01, 1e15, 1e16, 1e300, .leastNonzeroMagnitude,
                                0.001, 0.005, 0.015, 1 / 3, .pi, .infinity, -.infinity, .nan, 123_456.78]
        for _ in 0..<20_000 {
            let raw = Double.random(in: -5_000...5_000, using: &generator)
            values.append(raw)
            values.append(DescribeRows.rounded(raw))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 100)
        }
        for value in values {
            var fast: [UInt8] = []
            DescribeRows.number(value, into: &fast)
            var reference: [UInt8] = []
            JSON.double(value).write(into: &reference)
            #expect(fast == reference, "\(value): \(String(decoding: fast, as: UTF8.self)) is not \(String(decoding: reference, as: UTF8.self))")
        }
    }

    /// Rows as an app might send them, with what the checks skip: too few values, a window
    /// not listed, a jump of two levels, a window's first row below depth 0, a row that
    /// is not an array, a row without an id.
    static let rowsReply = #"""
        {"digest":"abc","turn":7,"now":2500000,
         "windows":[{"label":"main","hidden":false,"rootController":{"label":"Home","type":"Page","appeared":true}},
                    {"label":"side","hidden":true}],
         "rows":[
          [0,0,"e1","other","View","root","","",null,null,0,0,400,800,57,null,null,"Home"],
          [0,1,"e2","staticText","Label","title \\ \"q\"","Hello","id\\n",null,null,10.5,20.25,100,30,49,null,null,"Home"],
          [0,1,"e3","textField","TextField","field","","email","Email","Email",0,50,400,44,29,null,null,"Home"],
          [0,2,"e4","staticText","Label","inner","\u00e9t\u00e9 \ud83d\ude42 \n tab\t","",null,null,0,50,200,44,17,null,null,null],
          [0,2,"e5","staticText","Label","long","long long long long long long long long long long long long long long long long long long long long ","",null,null,200,0,200,44,16,null,null,null],
          [0,1,"e6","table","TableView","table","","",null,null,0,100,400,600,25,[0,333.3],null,"Home"],
          [0,2,"e7","cell","TableViewCell","cell","Ada","",null,null,0,-233.3,400,44,59,null,[1,2],"Home"],
          [0,2,"e8","cell","TableViewCell","cell","Grace","",null,null,0,-189.3,400,44,17,null,[1,3],"Home"],
          [0,2,"e9","other","View","short","",""],
          [5,0,"e10","other","View","elsewhere","","",null,null,0,0,1,1,25,null,null,null],
          [0,4,"e11","other","View","jump","","",null,null,0,0,1,1,25,null,null,null],
          "not a row",
          [0,2,null,"other","View","no id","","",null,null,0,0,1,1,25,null,null,null],
          [1,1,"e12","other","View","deep first","","",null,null,0,0,1,1,25,null,null,null],
          [1,0,"e13","other","View","panel","","",null,null,-0.5,1e9,1e16,0.01,25,null,null,null],
          [1,1,"e13.3","backButton","UINavigationBarBackButton",null,"Inbox","BackButton",null,null,1,2,3,4,57,null,null,null],
          [1,1,"e14","button","Button","esc","Ab","",null,null,0,0,1,1,40,null,null,null],
          [1,1,"e15","staticText","Label","café","cafe\u0301","",null,null,0,0,1,1,57,null,null,null]
         ]}
        """#

    /// The compact text written straight from rows is the text written from the elements
    /// built from them, line for line, whole and per window, with the same element counts.
    @Test func compactTextFromRowsIsTheTextFromElements() throws {
        for window in [nil, "main", "side", "none"] as [String?] {
            let tree = try ViewTree(rows: Self.rowsReply)
            #expect(tree.rows?.builtElements == nil)
            let straight = tree.compactText(window: window)
            let count = tree.viewCount
            #expect(tree.rows?.builtElements == nil, "the text and the count were made without building elements")
            _ = tree.elements
            #expect(tree.rows?.builtElements != nil)
            let fromElements = tree.compactText(window: window)
            #expect(straight.text == fromElements.text)
            #expect(straight.views == fromElements.views)
            #expect(count == tree.elements.count && count == 12)
            switch window {
            case nil: #expect(straight.views == 12)
            case "main": #expect(straight.views == 8)
            case "side": #expect(straight.views == 4)
            default: #expect(straight.views == 0 && straight.text.isEmpty)
            }
        }
        let tree = try ViewTree(rows: Self.rowsReply)
        let lines = tree.compact().split(separator: "\n").map(String.init)
        #expect(lines.first == "window main")
        #expect(lines.contains(#" @e1 other root [0,0,400,800]"#))
        #expect(lines.contains(#"  @e2 staticText title \ "q" "Hello" #id\n [10.5,20.25,100,30] noTouch"#))
        #expect(lines.contains(#"  @e3 textField field #email placeholder="Email" [0,50,400,44] focused"#), "an empty field's value is its placeholder, said once")
        #expect(lines.contains(#"   @e4 staticText inner "été 🙂 \n tab\t" [0,50,200,44] noTouch"#))
        #expect(lines.contains { $0.hasPrefix("   @e5 staticText long \"long long") && $0.hasSuffix("…\" [200,0,200,44] disabled noTouch") })
        #expect(lines.contains(#"  @e6 table table [0,100,400,600] offset=(0,333.3)"#))
        #expect(lines.contains(#"   @e7 cell cell "Ada" [0,-233.3,400,44] row=1,2 selected"#))
        #expect(lines.contains(#"   @e8 cell cell "Grace" [0,-189.3,400,44] row=1,3 noTouch"#))
        #expect(lines.contains("window side"))
        #expect(lines.contains(#" @e13 other panel [-0.5,1000000000,1e+16,0.01]"#))
        #expect(lines.contains(#"  @e13.3 backButton "Inbox" #BackButton [1,2,3,4]"#), "a part has no view label")
        #expect(lines.contains(#"  @e14 button esc "Ab" [0,0,1,1] disabled offscreen"#))
        // The same text spelled two ways in Unicode (composed and decomposed): said once.
        #expect(lines.contains("  @e15 staticText café [0,0,1,1]"))
        #expect(tree.elements.map(\.key) == ["@e1", "@e2", "@e3", "@e4", "@e5", "@e6", "@e7", "@e8", "@e13", "@e13.3", "@e14", "@e15"])
        #expect(tree.element(ref: "@e13.3")?.isPart == true && tree.element(ref: "e7")?.selected == true)
        #expect(tree.element(ref: "@e99") == nil)
        #expect(tree.controllerLines == ["Home (Page) window=main appeared"])
        #expect(tree.digest == "abc" && tree.turn == 7 && tree.nowMs == 2.5)
    }

    /// An element's line shows its ref, type, view label and the element's label.
    @Test func anElementsLineShowsItsRefTypeAndLabels() {
        var element = ViewTree.Element(ref: "@e7", window: "main", depth: 0, label: "ok", className: "Button",
                                       accessibilityIdentifier: nil, accessibilityLabel: "OK", text: nil,
                                       frame: [1, 2.5, 3, 4], hidden: false, alpha: 1, interactive: true, key: "@e7", type: "button")
        #expect(element.line == #"@e7 button ok "OK" [1,2.5,3,4]"#)
        element.ref = "@e7.3"
        element.isPart = true
        element.text = "1"
        #expect(element.line == #"@e7.3 button "OK" value="1" [1,2.5,3,4]"#)
    }
}
