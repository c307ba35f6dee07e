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
                 var step = "{view: \((given["view"] ?? "").text), text: \((given["text"] ?? "").text)"
                 if given["clear"] == .bool(true) { step += ", clear: true" }
                 if given["submit"] == .bool(true) { step += ", submit: true" }
                 return step + "}"
             })) { arguments throws(VerbError) in
            .typeText(view: arguments.text("view") ?? "", text: arguments.text("text") ?? "", clear: arguments.bool("clear") ?? false,
                      submit: arguments.bool("submit") ?? false)
        },
    ]
}
