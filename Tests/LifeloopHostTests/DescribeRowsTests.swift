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

    /// A key is the parent's, a slash, the label, and `#n` past the first sibling of that
    /// label, whatever the characters.
    @Test func keysJoinParentLabelAndOrdinal() {
        #expect(DescribeRows.joinedKey("main", "View#1", 0) == "main/View#1")
        #expect(DescribeRows.joinedKey("main/a", "b", 2) == "main/a/b#2")
        #expect(DescribeRows.joinedKey("", "", 0) == "/")
        #expect(DescribeRows.joinedKey("wïndow/émoji 🙂", "ラベル", 11) == "wïndow/émoji 🙂/ラベル#11")
        let long = String(repeating: "parent/", count: 40)
        #expect(DescribeRows.joinedKey(long, "x", 0) == long + "/x")
    }

    /// Rows as an app might send them, with what the checks skip: too few values, a window
    /// not listed, a jump of two levels, a window's first row below depth 0, a row that
    /// is not an array.
    static let rowsReply = #"""
        {"digest":"abc","turn":7,"now":2500000,
         "windows":[{"label":"main","hidden":false,"rootController":{"label":"Home","type":"Page","appeared":true}},
                    {"label":"side","hidden":true}],
         "rows":[
          [0,0,"root","View",0,0,400,800,1,2,null,null,null,null,null],
          [0,1,"title \\ \"q\"","Label",10.5,20.25,100,30,0.333,0,"id\\n","Hello",  "Hello",null,null],
          [0,1,"row","View",0,50,400,44,1,1,null,"ax only",null,null,null],
          [0,2,"row","Label",0,50,200,44,1,2,null,null,"\u00e9t\u00e9 \ud83d\ude42 \n tab\t",null,null],
          [0,2,"row","Label",200,"x",200,44,1,2,null,null,"long long long long long long long long long long long long long long long long long long long long ",null,null],
          [0,1,"table","TableView",0,100,400,600,1,2,null,null,null,[0,333.3],null],
          [0,2,"cell","TableViewCell",0,-233.3,400,44,1,2,null,null,"Ada",null,[1,2]],
          [0,2,"cell","TableViewCell",0,-189.3,400,44,0,2,null,null,"Grace",null,[1,3]],
          [0,2,"short","View",0,0,1,1,1,2,null,null],
          [5,0,"elsewhere","View",0,0,1,1,1,2,null,null,null,null,null],
          [0,4,"jump","View",0,0,1,1,1,2,null,null,null,null,null],
          "not a row",
          [1,1,"deep first","View",0,0,1,1,1,2,null,null,null,null,null],
          [1,0,"panel","View",-0.5,1e9,1e16,0.01,1,2,null,null,null,null,null],
          [1,1,"button","Button",1,2,3,4,1,3,"go","Go","Go",null,null],
          [1,1,"esc","Label",0,0,1,1,1,2,null,"Ab","\u0041b",null,null],
          [1,1,"nfc","Label",0,0,1,1,1,2,null,"café","café",null,null],
          [1,1,"long ax","Label",0,0,1,1,1,2,null,"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx","xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",null,null]
         ]}
        """#

    /// The compact text written straight from rows is the text written from the elements
    /// built from them, line for line, whole and per window, with the same view counts.
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
            #expect(count == tree.elements.count && count == 13)
            switch window {
            case nil: #expect(straight.views == 13)
            case "main": #expect(straight.views == 8)
            case "side": #expect(straight.views == 5)
            default: #expect(straight.views == 0 && straight.text.isEmpty)
            }
        }
        let tree = try ViewTree(rows: Self.rowsReply)
        let lines = tree.compact().split(separator: "\n").map(String.init)
        #expect(lines.first == "window main")
        #expect(lines.contains(#"  @e2 Label title \ "q" "Hello" #id\n [10.5,20.25,100,30] alpha=0.33 noTouch"#))
        #expect(lines.contains(#"  @e3 View row ax="ax only" [0,50,400,44] hidden noTouch"#))
        #expect(lines.contains(#"   @e4 Label row "été 🙂 \n tab\t" [0,50,200,44] hidden"#))
        #expect(lines.contains { $0.hasPrefix("   @e5 Label row \"long long") && $0.hasSuffix("…\" [200,0,200,44] hidden") })
        #expect(lines.contains(#"  @e6 TableView table [0,100,400,600] offset=(0,333.3)"#))
        #expect(lines.contains(#"   @e8 TableViewCell cell "Grace" [0,-189.3,400,44] row=1,3 alpha=0"#))
        #expect(lines.contains("window side"))
        #expect(lines.contains(#" @e9 View panel [-0.5,1000000000,1e+16,0.01] hidden"#))
        #expect(lines.contains(#"  @e10 Button button "Go" #go [1,2,3,4] hidden"#))
        // The same text, one with an escape and one without: no ax label.
        #expect(lines.contains(#"  @e11 Label esc "Ab" [0,0,1,1] hidden"#))
        // The same text spelled two ways in Unicode (composed and decomposed): no ax label.
        #expect(lines.contains("  @e12 Label nfc \"cafe\u{301}\" [0,0,1,1] hidden"))
        #expect(lines.contains(#"  @e13 Label long ax ""# + String(repeating: "x", count: 80) + #"" ax=""# + String(repeating: "x", count: 79) + #"…" [0,0,1,1] hidden"#))
        #expect(tree.elements.map(\.key) == ["main/root", "main/root/title \\ \"q\"", "main/root/row", "main/root/row/row",
                                             "main/root/row/row#1", "main/root/table", "main/root/table/cell",
                                             "main/root/table/cell#1", "side/panel", "side/panel/button",
                                             "side/panel/esc", "side/panel/nfc", "side/panel/long ax"])
        #expect(tree.controllerLines == ["Home (Page) window=main appeared"])
        #expect(tree.digest == "abc" && tree.turn == 7 && tree.nowMs == 2.5)
    }

    /// An element's line shows its ref as it is, whatever it is.
    @Test func anElementsLineKeepsItsRef() {
        var element = ViewTree.Element(ref: "@e7", window: "main", depth: 0, label: "ok", className: "Button",
                                       accessibilityIdentifier: nil, accessibilityLabel: "OK", text: "OK",
                                       frame: [1, 2.5, 3, 4], hidden: false, alpha: 1, interactive: true, key: "main/ok")
        #expect(element.line == #"@e7 Button ok "OK" [1,2.5,3,4]"#)
        element.ref = "custom"
        element.frame = [1, 2]
        #expect(element.line == #"custom Button ok "OK" [1,2]"#)
    }
}
