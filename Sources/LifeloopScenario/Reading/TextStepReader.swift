import Lifeloop

// The text-input step: `type: {view: LABEL, text: TEXT, clear: true, submit: true}`.
extension ScriptReader {
    /// `type: {view: LABEL, text: TEXT}`, with `clear:` (delete the current text first)
    /// and `submit:` (press return after it), both false by default.
    func typeText(_ value: FieldValue) throws(ScenarioError) -> StepAction {
        let fields = try nodes.fields(value, allowed: ["view", "text", "clear", "submit"], what: "type")
        guard let view = fields["view"] else {
            throw nodes.error(value, "type needs view: the label of a text field or text view, and text: what to type")
        }
        guard let text = fields["text"] else { throw nodes.error(value, "type needs text: what to type (a string)") }
        // Empty text is allowed: with clear: it empties the field.
        guard case .scalar(let scalar) = text.value.node else {
            throw nodes.error(text.value, "type's text is a string (what to type); found \(nodes.describe(text.value.node))")
        }
        let typed = scalar.string
        guard typed.count <= Application.maxTypedCharacters else {
            throw nodes.error(text.value, "type's text is \(typed.count) characters; at most \(Application.maxTypedCharacters) are typed in one step")
        }
        let clear = try fields["clear"].map { entry throws(ScenarioError) in try nodes.bool(entry.value) } ?? false
        let submit = try fields["submit"].map { entry throws(ScenarioError) in try nodes.bool(entry.value) } ?? false
        return .typeText(view: try nodes.text(view.value, expected: "a view label"), text: typed, clear: clear, submit: submit)
    }
}
