import Foundation

// What Xcode's files say about the controls of the controls pack (slider, segmented
// control, stepper, page control, date picker, color well, activity indicator, progress
// view), read from the attributes the reader keeps in `flags` and the colors in `colors`.

extension Application {
    /// Xcode's activity indicator styles by the names it writes.
    static let activityIndicatorStyles: [String: ActivityIndicatorView.Style] = [
        "medium": .medium, "large": .large, "gray": .gray, "white": .white, "whiteLarge": .whiteLarge,
    ]

    /// Xcode's date picker modes by the names it writes.
    static let datePickerModes: [String: DatePicker.Mode] = [
        "time": .time, "date": .date, "dateAndTime": .dateAndTime, "countDownTimer": .countDownTimer,
        "yearAndMonth": .yearAndMonth,
    ]

    /// Xcode's date picker styles by the names it writes.
    static let datePickerStyles: [String: DatePickerStyle] = [
        "automatic": .automatic, "wheels": .wheels, "compact": .compact, "inline": .inline,
    ]

    /// Sets a control-pack view's attributes: `hidden` is the file's `hidden`.
    static func applyControlsPack(_ data: InterfaceBuilderViewData, to view: View, hidden: Bool) {
        let flags = data.flags
        func number(_ key: String) -> Double? {
            guard let text = flags[key], let value = Double(text), value.isFinite else { return nil }
            return value
        }
        func integer(_ key: String) -> Int? { flags[key].flatMap { Int($0) } }
        switch view {
        case let slider as Slider:
            // The range first, so the value lands inside it.
            if let maximum = number("maxValue") { slider.maximumValue = Float(maximum) }
            if let minimum = number("minValue") { slider.minimumValue = Float(minimum) }
            if let value = number("value") { slider.value = Float(value) }
            if let continuous = flags["continuous"] { slider.isContinuous = continuous == "YES" }
            if let color = data.colors["minimumTrackTintColor"] { slider.minimumTrackTintColor = color }
            if let color = data.colors["maximumTrackTintColor"] { slider.maximumTrackTintColor = color }
            if let color = data.colors["thumbTintColor"] { slider.thumbTintColor = color }
            if let name = flags["minimumValueImage"] { slider.minimumValueImage = Image(named: name) }
            if let name = flags["maximumValueImage"] { slider.maximumValueImage = Image(named: name) }
        case let segmented as SegmentedControl:
            for index in 0..<min(integer("segments") ?? 0, 1_000) {
                if let name = flags["segment.\(index).image"], flags["segment.\(index).title"] == nil {
                    segmented.insertSegment(with: Image(named: name), at: index, animated: false)
                } else {
                    segmented.insertSegment(withTitle: flags["segment.\(index).title"], at: index, animated: false)
                }
                if flags["segment.\(index).enabled"] == "NO" { segmented.setEnabled(false, forSegmentAt: index) }
                if let text = flags["segment.\(index).width"], let width = Double(text), width.isFinite {
                    segmented.setWidth(CGFloat(width), forSegmentAt: index)
                }
            }
            if let selected = integer("selectedSegmentIndex") { segmented.selectedSegmentIndex = selected }
            if flags["momentary"] == "YES" { segmented.isMomentary = true }
            if flags["apportionsSegmentWidthsByContent"] == "YES" { segmented.apportionsSegmentWidthsByContent = true }
            if let color = data.colors["selectedSegmentTintColor"] { segmented.selectedSegmentTintColor = color }
        case let stepper as Stepper:
            // The range first (each end moves the other past it), then the step and the value.
            if let minimum = number("minimumValue") { stepper.minimumValue = minimum }
            if let maximum = number("maximumValue") { stepper.maximumValue = maximum }
            if let step = number("stepValue"), step > 0 { stepper.stepValue = step }
            if let value = number("value") { stepper.value = value }
            if let wraps = flags["wraps"] { stepper.wraps = wraps == "YES" }
            if let autorepeat = flags["autorepeat"] { stepper.autorepeat = autorepeat == "YES" }
            if let continuous = flags["continuous"] { stepper.isContinuous = continuous == "YES" }
        case let pages as PageControl:
            if let count = integer("numberOfPages") { pages.numberOfPages = count }
            if let page = integer("currentPage") { pages.currentPage = page }
            if let hides = flags["hidesForSinglePage"] { pages.hidesForSinglePage = hides == "YES" }
            if let defers = flags["defersCurrentPageDisplay"] { pages.defersCurrentPageDisplay = defers == "YES" }
            if let color = data.colors["pageIndicatorTintColor"] { pages.pageIndicatorTintColor = color }
            if let color = data.colors["currentPageIndicatorTintColor"] { pages.currentPageIndicatorTintColor = color }
        case let picker as DatePicker:
            if let name = flags["datePickerMode"], let mode = datePickerModes[name] { picker.datePickerMode = mode }
            if let name = flags["style"], let style = datePickerStyles[name] { picker.preferredDatePickerStyle = style }
            if let interval = integer("minuteInterval") { picker.minuteInterval = interval }
            if let duration = number("countDownDuration") { picker.countDownDuration = duration }
            if let seconds = number("date.date") { picker.date = Date(timeIntervalSinceReferenceDate: seconds) }
            if let seconds = number("date.minimumDate") { picker.minimumDate = Date(timeIntervalSinceReferenceDate: seconds) }
            if let seconds = number("date.maximumDate") { picker.maximumDate = Date(timeIntervalSinceReferenceDate: seconds) }
            if let identifier = flags["locale.locale"] { picker.locale = Locale(identifier: identifier) }
        case let well as ColorWell:
            if let alpha = flags["supportsAlpha"] { well.supportsAlpha = alpha == "YES" }
            if let title = flags["title"] { well.title = title }
            if let color = data.colors["selectedColor"] { well.selectedColor = color }
        case let indicator as ActivityIndicatorView:
            if let name = flags["style"], let style = activityIndicatorStyles[name] { indicator.style = style }
            if let color = data.colors["color"] { indicator.color = color }
            // Xcode writes `hidesWhenStopped="YES"` when the box is checked.
            indicator.hidesWhenStopped = flags["hidesWhenStopped"] == "YES"
            let animating = flags["animating"] == "YES"
            indicator.isHidden = hidden || (indicator.hidesWhenStopped && !animating)
            if animating { indicator.startAnimating() }
        case let progress as ProgressView:
            if flags["progressViewStyle"] == "bar" { progress.progressViewStyle = .bar }
            if let value = number("progress") { progress.progress = Float(value) }
            if let color = data.colors["progressTintColor"] { progress.progressTintColor = color }
            if let color = data.colors["trackTintColor"] { progress.trackTintColor = color }
            if let name = flags["progressImage"] { progress.progressImage = Image(named: name) }
            if let name = flags["trackImage"] { progress.trackImage = Image(named: name) }
        default:
            break
        }
    }
}
