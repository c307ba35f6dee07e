import Lifeloop

// The verbs of scroll views and tables (``ListStep``): scroll and tapRow. A scroll view's
// drag is `drag` with `view` (VerbCatalogue+Touches.swift).
extension VerbCatalogue {
    static let listVerbs: [Verb] = [
        Verb(name: "scroll", summary: "Sets the content offset of a scroll view or table: to an offset, or by a distance from where it is; animated with the step's animated (true by default).",
             parameters: [.init("view", .text, required: true, "The scroll view's label"),
                          .init("to", .numbers(-1e9...1e9, count: 2...2), "The offset to scroll to, [x, y]"),
                          .init("by", .numbers(-1e9...1e9, count: 2...2), "Or the distance to scroll by, [dx, dy]")],
             tool: .adapted("scroll"), spelling: VerbSpelling(written: .fields)) { arguments throws(VerbError) in
            let to = arguments.numbers("to"), by = arguments.numbers("by")
            guard (to == nil) != (by == nil) else {
                throw VerbError("scroll takes exactly one of to: [x, y] (an offset) or by: [dx, dy] (a distance)")
            }
            return .list(.scroll(view: arguments.text("view") ?? "", to: to, by: by, animated: arguments.animated))
        },
        Verb(name: "tapRow", summary: "Scrolls a row of a table (an item of a collection view) into view and taps its cell: by index path (row or item, and section, 0 by default), or the shown cell whose labels read text.",
             parameters: [.init("view", .text, required: true, "The table's or collection view's label"),
                          .init("section", .integer(0...Int(Int32.max)), "The section (default 0)"),
                          .init("row", .integer(0...Int(Int32.max)), "The row"),
                          .init("item", .integer(0...Int(Int32.max)), "Or the item (a collection's; row's synonym)"),
                          .init("text", .text, "Or the text the cell's labels read")],
             tool: .none, spelling: VerbSpelling(written: .custom { given in
                 let view = (given["view"] ?? "").flowText
                 if let text = given["text"] { return "{view: \(view), text: \(text.flowText)}" }
                 return "{view: \(view), section: \((given["section"] ?? .number(0)).flowText), row: \((given["row"] ?? given["item"] ?? .number(0)).flowText)}"
             })) { arguments throws(VerbError) in
            let view = arguments.text("view") ?? ""
            if let text = arguments.text("text") {
                guard !arguments.hasAny(["row", "item", "section"]) else {
                    throw VerbError("tapRow takes text: or row: (with section:), not both", parameter: "text")
                }
                return .list(.tapRowWithText(view: view, text: text))
            }
            if arguments.hasAny(["row"]), arguments.hasAny(["item"]) {
                throw VerbError("tapRow takes row: or item: (its synonym), not both", parameter: "item")
            }
            guard let row = arguments.integer("row") ?? arguments.integer("item") else {
                throw VerbError("tapRow needs row: N (or item: N, and section:, 0 by default) or text:")
            }
            return .list(.tapRowAt(view: view, section: arguments.integer("section") ?? 0, row: row))
        },
    ]
}
