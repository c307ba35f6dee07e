/// Fingers on the parts of the screen UIKit draws but Lifeloop keeps as elements, not
/// views: a navigation bar's back button and bar button items, a toolbar's items, a tab
/// bar's tabs and the keyboard's keys. A finger that goes down on one and lifts inside it
/// taps it, as `touchUpInside` does on the phone; a finger that lifts outside, or is
/// cancelled, does nothing. Every other touch is hit-tested against the views (L35).
extension Application {
    /// Handles `input` when the finger is on (or went down on) such an element; nil hands the
    /// input to the views.
    func touchOnBarItem(_ input: TouchInput, at point: Point, finger: Int, in window: Window) -> Bool? {
        let dispatch = window.touches
        if input == .down {
            guard dispatch.barItemDowns[finger] == nil, !dispatch.downRecords.contains(where: { $0.touch.finger == finger }),
                  let element = barItemElement(at: point, in: window) else { return nil }
            dispatch.barItemDowns[finger] = (element.id, element.frame)
            loop.record(label: element.label.isEmpty ? element.ref : element.label, event: "touch",
                        detail: "began " + TouchDispatch.describe(point, finger: finger), window: window.traceLabel)
            return true
        }
        guard let (id, frame) = dispatch.barItemDowns[finger] else { return nil }
        switch input {
        case .down, .move:
            return true
        case .up, .cancel:
            dispatch.barItemDowns[finger] = nil
            if input == .up, frame.contains(point) {
                _ = try? tapElement(.id(id))
            }
            return true
        }
    }

    /// The topmost element at `point` that a finger there would press and that is no view.
    private func barItemElement(at point: Point, in window: Window) -> Element? {
        let (tree, targets) = elementTreeAndTargets()
        guard let (index, element) = try? tree.resolve(.point(point, window: window.traceLabel), previous: nil,
                                                      keyWindow: keyWindow?.traceLabel),
              element.isEnabled else { return nil }
        switch targets[index] {
        case .backButton, .barButtonItem, .tab, .keyboardKey: return element
        default: return nil
        }
    }
}
