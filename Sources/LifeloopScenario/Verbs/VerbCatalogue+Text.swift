import Lifeloop

// The text verb: `type`, key by key into a text field or text view, as the keyboard does
// (see `Application.typeText(_:into:clear:submit:)`).
extension VerbCatalogue {
    static let textVerbs: [Verb] = [
        Verb(name: "type", summary: "Types text into the text field or text view with this label, key by key as the keyboard does; clear deletes its text first, submit presses return after.",
             parameters: [.init("view", .text, required: true, "The text field's or text view's label"),
                          .init("text", .string(Application.maxTypedCharacters), required: true, "What to type (a string; empty with clear empties the field)"),
                          .init("clear", .bool, "Delete the current text first (default false)"),
                          .init("submit", .bool, "Press return after the text (default false)")],
             tool: .adapted("type_text"), spelling: VerbSpelling(written: .custom { given in
                 var step = "{view: \((given["view"] ?? "").flowText), text: \((given["text"] ?? "").flowText)"
                 if given["clear"] == .bool(true) { step += ", clear: true" }
                 if given["submit"] == .bool(true) { step += ", submit: true" }
                 return step + "}"
             })) { arguments throws(VerbError) in
            .typeText(view: arguments.text("view") ?? "", text: arguments.text("text") ?? "", clear: arguments.bool("clear") ?? false,
                      submit: arguments.bool("submit") ?? false)
        },
        Verb(name: "focus", summary: "Gives keyboard focus to a text field, text view or search field, as a tap on it does: it becomes first responder (its delegate, or the field being edited, may refuse) and the keyboard shows.",
             parameters: [.init("target", .target, required: true, "The text input: @e12, #identifier, its label or its accessibility label")],
             primary: "target", tool: .own("focus")) { arguments throws(VerbError) in
            .gesture(.focus(arguments.text("target") ?? ""))
        },
        Verb(name: "selectText", summary: "Selects characters of a text input's text (focusing it first): the next key types over them, delete deletes them. location and length count characters.",
             parameters: [.init("target", .target, required: true, "The text input: @e12, #identifier, its label or its accessibility label"),
                          .init("location", .integer(0...1_000_000), required: true, "The first selected character, from 0"),
                          .init("length", .integer(0...1_000_000), "How many characters (default 0: a caret)")],
             tool: .own("select_text")) { arguments throws(VerbError) in
            .gesture(.selectText(arguments.text("target") ?? "", location: arguments.integer("location") ?? 0,
                                 length: arguments.integer("length") ?? 0))
        },
        Verb(name: "dismissKeyboard", summary: "Hides the keyboard as its hide key does: the text input being edited is asked to resign (its delegate may refuse, and the keyboard stays).",
             parameters: [], tool: .own("dismiss_keyboard")) { _ throws(VerbError) in .gesture(.dismissKeyboard) },
    ]
}
