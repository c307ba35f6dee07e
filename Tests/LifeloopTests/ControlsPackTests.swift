import Foundation
import Testing
@testable import Lifeloop

/// A controller for the controls-pack storyboard: a picker's data source and delegate, and
/// the target of the controls' `valueChanged` actions.
final class IBControlsController: ViewController, PickerViewDataSource, PickerViewDelegate {
    var log: [String] = []

    func numberOfComponents(in pickerView: PickerView) -> Int { 2 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { component == 0 ? 5 : 3 }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { "c\(component)r\(row)" }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        log.append("didSelect \(component),\(row)")
    }

    override func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool { super.lifeloopSetOutlet(named: name, to: value) }

    override func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {
        guard selector.name == "changed:" else { return super.lifeloopPerform(selector, with: arguments) }
        log.append("changed: \(arguments.first.flatMap { $0 }.map { String(describing: type(of: $0)) } ?? "nil")")
        return .performed(nil)
    }

    override func lifeloopResponds(to selector: Selector) -> Bool {
        selector.name == "changed:" || super.lifeloopResponds(to: selector)
    }
}

/// A picker's data source and delegate made in code.
final class PickerRows: PickerViewDataSource, PickerViewDelegate {
    var components = [9]
    var picks: [String] = []
    func numberOfComponents(in pickerView: PickerView) -> Int { components.count }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { components[component] }
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { "\(component):\(row)" }
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) { picks.append("\(component),\(row)") }
}

@Suite("Controls pack")
struct ControlsPackTests {
    typealias IB = InterfaceBuilderTests

    /// A controller in a window, its view at the window's origin, with `views` in it.
    static func host(_ views: [View]) throws -> (Application, Window) {
        let app = try Application(clock: .virtual)
        let controller = ViewController(label: "host")
        let window = try showInWindow(controller, app: app)
        for view in views { controller.view.addSubview(view) }
        try app.settle()
        return (app, window)
    }

    /// Counts a control's `valueChanged` events.
    final class Counter {
        var count = 0
        init(_ control: Control) {
            control.addAction(Lifeloop.Action { [unowned self] _ in self.count += 1 }, for: .valueChanged)
        }
    }

    /// The details of the trace's `event` events, in order.
    static func traced(_ app: Application, _ event: String) -> [String] {
        app.trace.events.filter { $0.name == event }.map(\.detail)
    }

    // MARK: Slider

    @Test("a slider clamps its value to its range, is 31 high and sends nothing when set from code")
    func sliderAPI() throws {
        let app = try Application()
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 0))
        #expect(slider.frame.size == Size(width: 200, height: 31))
        #expect(slider.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
        let counter = Counter(slider)
        slider.value = 2
        #expect(slider.value == 1)
        slider.setValue(-1, animated: true)
        #expect(slider.value == 0)
        slider.maximumValue = 10
        slider.value = 8
        slider.maximumValue = 5
        #expect(slider.value == 5)
        slider.minimumValue = 6
        #expect(slider.value == 6 && slider.maximumValue == 6)
        slider.minimumTrackTintColor = .systemRed
        slider.maximumTrackTintColor = .systemGray
        slider.thumbTintColor = .white
        #expect(slider.minimumTrackTintColor == .systemRed && slider.thumbTintColor == .white)
        let knob = Image(name: "knob", size: Size(width: 20, height: 20))
        slider.setThumbImage(knob, for: .normal)
        #expect(slider.thumbImage(for: .normal) != nil && slider.currentThumbImage != nil && slider.thumbImage(for: .highlighted) == nil)
        #expect(counter.count == 0)
        _ = app
    }

    @Test("a drag from the thumb sets the value, records setValue and sends valueChanged; a touch off the thumb moves nothing")
    func sliderDrag() throws {
        let slider = Slider(frame: Rect(x: 20, y: 100, width: 200, height: 31))
        slider.traceLabel = "volume"
        let (app, _) = try Self.host([slider])
        let counter = Counter(slider)
        // The thumb's center at value 0 is 14 points in: (34, 115.5) in the window.
        app.touch(.down, at: Point(x: 34, y: 115))
        app.touch(.move, at: Point(x: 120, y: 118))    // thumb center 100: half way along 172 points
        #expect(slider.value == 0.5)
        #expect(counter.count == 1)
        app.touch(.move, at: Point(x: 400, y: 118))
        #expect(slider.value == 1)
        app.touch(.up, at: Point(x: 400, y: 118))
        #expect(counter.count == 2, "the lift at the same value sends nothing more")
        #expect(Self.traced(app, "setValue").count == 2)
        #expect(Self.traced(app, "setValue") == ["0.5", "1.0"])
        // A touch on the track, away from the thumb (now at the right end), moves nothing.
        app.touch(.down, at: Point(x: 40, y: 115))
        app.touch(.move, at: Point(x: 60, y: 115))
        app.touch(.up, at: Point(x: 60, y: 115))
        #expect(slider.value == 1 && counter.count == 2)
    }

    @Test("a slider that is not continuous sends valueChanged once, when the finger lifts")
    func sliderNotContinuous() throws {
        let slider = Slider(frame: Rect(x: 20, y: 100, width: 200, height: 31))
        slider.isContinuous = false
        let (app, _) = try Self.host([slider])
        let counter = Counter(slider)
        app.touch(.down, at: Point(x: 34, y: 115))
        app.touch(.move, at: Point(x: 80, y: 115))
        app.touch(.move, at: Point(x: 120, y: 115))
        #expect(slider.value == 0.5 && counter.count == 0)
        app.touch(.up, at: Point(x: 120, y: 115))
        #expect(counter.count == 1)
    }

    // MARK: Segmented control

    @Test("a segmented control's segments: insert, remove, titles, selection and enabled state, as UIKit's")
    func segmentedAPI() throws {
        let app = try Application()
        let control = SegmentedControl(items: ["One", "Two", "Three"])
        #expect(control.numberOfSegments == 3)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(control.titleForSegment(at: 1) == "Two" && control.titleForSegment(at: 7) == nil)
        #expect(control.frame.height == 32 && control.intrinsicContentSize.height == 32)
        #expect(control.frame.width == control.intrinsicContentSize.width && control.frame.width > 0)
        let counter = Counter(control)
        control.selectedSegmentIndex = 2
        #expect(control.selectedSegmentIndex == 2 && counter.count == 0)
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        #expect(control.numberOfSegments == 4 && control.titleForSegment(at: 0) == "Zero")
        #expect(control.selectedSegmentIndex == 3, "the selection stays on its segment")
        control.insertSegment(withTitle: "End", at: 99, animated: true)
        #expect(control.titleForSegment(at: 4) == "End")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "Three")
        control.removeSegment(at: 2, animated: false)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.setTitle("Uno", forSegmentAt: 0)
        #expect(control.titleForSegment(at: 0) == "Uno")
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1) && control.isEnabledForSegment(at: 0))
        control.selectedSegmentIndex = 9
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.setTitleTextAttributes([.foregroundColor: Color.white], for: .selected)
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? Color == .white)
        #expect(control.titleTextAttributes(for: .normal) == nil)
        control.selectedSegmentTintColor = .systemBlue
        #expect(control.selectedSegmentTintColor == .systemBlue)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
        #expect(counter.count == 0)
        _ = app
    }

    @Test("a tap selects the segment under the finger and sends valueChanged; the same segment again sends nothing")
    func segmentedTap() throws {
        let control = SegmentedControl(items: ["A", "B", "C"])
        control.frame = Rect(x: 0, y: 100, width: 300, height: 32)
        control.traceLabel = "tabs"
        let (app, _) = try Self.host([control])
        let counter = Counter(control)
        app.tap(at: Point(x: 250, y: 110))
        #expect(control.selectedSegmentIndex == 2 && counter.count == 1)
        app.tap(at: Point(x: 260, y: 110))
        #expect(counter.count == 1)
        app.tap(at: Point(x: 20, y: 110))
        #expect(control.selectedSegmentIndex == 0 && counter.count == 2)
        app.tap(control)    // a labelled tap lands in the middle
        #expect(control.selectedSegmentIndex == 1 && counter.count == 3)
        #expect(Self.traced(app, "selectSegment") == ["2", "0", "1"])
        control.setEnabled(false, forSegmentAt: 2)
        app.tap(at: Point(x: 250, y: 110))
        #expect(control.selectedSegmentIndex == 1 && counter.count == 3)
        control.isMomentary = true
        var seen: [Int] = []
        // Unowned: the control keeps its actions, so a strong capture would be a cycle.
        control.addAction(Lifeloop.Action { [unowned control] _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
        app.tap(at: Point(x: 150, y: 110))
        #expect(seen == [1] && counter.count == 4, "momentary: selected while the actions run, even the same one")
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    // MARK: Stepper

    @Test("a stepper is 94×32; its right half adds a step, its left half subtracts one, and it wraps when asked")
    func stepper() throws {
        let stepper = Stepper(frame: Rect(x: 10, y: 100, width: 0, height: 0))
        #expect(stepper.frame.size == Size(width: 94, height: 32) && stepper.intrinsicContentSize == Size(width: 94, height: 32))
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(!stepper.wraps && stepper.autorepeat)
        stepper.maximumValue = 3
        let (app, _) = try Self.host([stepper])
        let counter = Counter(stepper)
        app.tap(at: Point(x: 90, y: 110))
        app.tap(at: Point(x: 90, y: 110))
        #expect(stepper.value == 2 && counter.count == 2)
        app.tap(at: Point(x: 20, y: 110))
        #expect(stepper.value == 1 && counter.count == 3)
        app.tap(stepper)
        app.tap(stepper)
        #expect(stepper.value == 3 && counter.count == 5)
        app.tap(stepper)
        #expect(stepper.value == 3 && counter.count == 5, "at the maximum a step changes nothing and sends nothing")
        stepper.wraps = true
        app.tap(at: Point(x: 90, y: 110))
        #expect(stepper.value == 0 && counter.count == 6)
        app.tap(at: Point(x: 20, y: 110))
        #expect(stepper.value == 3 && counter.count == 7)
        #expect(Self.traced(app, "setValue") == ["1.0", "2.0", "1.0", "2.0", "3.0", "0.0", "3.0"])
        stepper.value = 1
        #expect(counter.count == 7, "set from code: nothing sent")
        stepper.stepValue = 0
        #expect(stepper.stepValue == 1)
        #expect(app.diagnostics.contains { $0.kind == .invalidArgument && $0.message.contains("stepValue") })
        stepper.minimumValue = 50
        #expect(stepper.minimumValue == 50 && stepper.maximumValue == 50 && stepper.value == 50, "both ends take the new value")
        stepper.maximumValue = 10
        #expect(stepper.minimumValue == 10 && stepper.maximumValue == 10 && stepper.value == 10)
    }

    // MARK: Page control

    @Test("a page control keeps its page in range and a tap on either half moves one page")
    func pageControl() throws {
        let pages = PageControl(frame: Rect(x: 0, y: 100, width: 200, height: 0))
        #expect(pages.frame.height == 26)
        pages.numberOfPages = 3
        #expect(pages.intrinsicContentSize.height == 26 && pages.intrinsicContentSize.width > 0)
        pages.currentPage = 7
        #expect(pages.currentPage == 2)
        pages.currentPage = 0
        pages.pageIndicatorTintColor = .lightGray
        pages.currentPageIndicatorTintColor = .black
        pages.hidesForSinglePage = true
        #expect(pages.currentPageIndicatorTintColor == .black && pages.hidesForSinglePage)
        let (app, _) = try Self.host([pages])
        let counter = Counter(pages)
        app.tap(at: Point(x: 150, y: 110))
        #expect(pages.currentPage == 1 && counter.count == 1)
        app.tap(pages)
        app.tap(pages)
        #expect(pages.currentPage == 2 && counter.count == 2)
        app.tap(at: Point(x: 10, y: 110))
        #expect(pages.currentPage == 1 && counter.count == 3)
        #expect(Self.traced(app, "setCurrentPage").count == 3)
        pages.numberOfPages = 1
        #expect(pages.currentPage == 0)
    }

    // MARK: Activity indicator and progress

    @Test("an activity indicator is hidden until it starts and when it stops, sized by its style")
    func activityIndicator() throws {
        let app = try Application()
        let spinner = ActivityIndicatorView(style: .medium)
        #expect(spinner.frame.size == Size(width: 20, height: 20) && spinner.intrinsicContentSize == Size(width: 20, height: 20))
        #expect(spinner.isHidden && !spinner.isAnimating && spinner.hidesWhenStopped)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
        spinner.style = .large
        #expect(spinner.intrinsicContentSize == Size(width: 37, height: 37))
        #expect(ActivityIndicatorView(style: .whiteLarge).color == .white)
        #expect(ActivityIndicatorView(style: .gray).intrinsicContentSize == Size(width: 20, height: 20))
        spinner.color = .systemRed
        #expect(spinner.color == .systemRed)
        #expect(ActivityIndicatorView.Style.medium.rawValue == 100 && ActivityIndicatorView.Style.whiteLarge.rawValue == 0)
        _ = app
    }

    @Test("a progress view clamps its progress and is 4 points high")
    func progressView() throws {
        let app = try Application()
        let bar = ProgressView(progressViewStyle: .default)
        #expect(bar.frame.height == 4 && bar.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 4))
        bar.progress = 0.25
        #expect(bar.progress == 0.25)
        bar.setProgress(3, animated: true)
        #expect(bar.progress == 1)
        bar.progress = -1
        #expect(bar.progress == 0)
        bar.progressTintColor = .systemGreen
        bar.trackTintColor = .systemGray
        #expect(bar.progressTintColor == .systemGreen && bar.trackTintColor == .systemGray)
        #expect(ProgressView(progressViewStyle: .bar).progressViewStyle == .bar)
        _ = app
    }

    // MARK: Date picker

    @Test("a date picker's default date is the app's clock from 2001, not the wall clock; setting it sends nothing")
    func datePickerDefaults() throws {
        let app = try Application(clock: .virtual)
        let first = DatePicker()
        #expect(first.date == DatePicker.clockEpoch.addingTimeInterval(Double(app.now.nanoseconds) / 1e9))
        try app.advance(by: .seconds(90))
        let later = DatePicker()
        #expect(later.date.timeIntervalSince(first.date) == 90)
        #expect(first.datePickerMode == .dateAndTime && first.preferredDatePickerStyle == .automatic)
        #expect(first.datePickerStyle == .compact && first.minuteInterval == 1 && first.countDownDuration == 0)
        first.datePickerMode = .countDownTimer
        #expect(first.datePickerStyle == .wheels && first.intrinsicContentSize == Size(width: 320, height: 216))
        first.minuteInterval = 15
        #expect(first.minuteInterval == 15)
        first.minuteInterval = 7
        #expect(first.minuteInterval == 1, "not a divisor of 60: the default")
        first.minuteInterval = 15
        first.countDownDuration = 100_000
        #expect(first.countDownDuration == 86_340)
        let counter = Counter(first)
        first.date = Date(timeIntervalSinceReferenceDate: 1_000)
        first.setDate(Date(timeIntervalSinceReferenceDate: 2_000), animated: true)
        #expect(first.date == Date(timeIntervalSinceReferenceDate: 2_000) && counter.count == 0)
        first.locale = Locale(identifier: "en_US")
        first.timeZone = TimeZone(identifier: "UTC")
        #expect(first.locale?.identifier == "en_US")
    }

    @Test("the user's pick in a date picker is clamped to its range, recorded and sent as valueChanged")
    func datePickerPick() throws {
        let picker = DatePicker()
        picker.traceLabel = "when"
        let (app, _) = try Self.host([picker])
        let counter = Counter(picker)
        picker.minimumDate = Date(timeIntervalSinceReferenceDate: 0)
        picker.maximumDate = Date(timeIntervalSinceReferenceDate: 86_400)
        app.pick(Date(timeIntervalSinceReferenceDate: 3_600), in: picker)
        #expect(picker.date == Date(timeIntervalSinceReferenceDate: 3_600) && counter.count == 1)
        app.pick(Date(timeIntervalSinceReferenceDate: 1e9), in: picker)
        #expect(picker.date == Date(timeIntervalSinceReferenceDate: 86_400) && counter.count == 2)
        #expect(Self.traced(app, "setDate") == ["2001-01-01T01:00:00Z", "2001-01-02T00:00:00Z"])
        #expect(Self.traced(app, "pick").first == "2001-01-01T01:00:00Z")
        picker.isEnabled = false
        app.pick(Date(timeIntervalSinceReferenceDate: 10), in: picker)
        #expect(counter.count == 2)
    }

    // MARK: Color well

    @Test("a color well's pick selects the color (opaque without alpha) and sends valueChanged")
    func colorWell() throws {
        let well = ColorWell()
        #expect(well.frame.size == Size(width: 28, height: 28) && well.supportsAlpha && well.selectedColor == nil)
        well.title = "Ink"
        let (app, _) = try Self.host([well])
        let counter = Counter(well)
        well.selectedColor = .systemRed
        #expect(counter.count == 0)
        app.pick(Color(red: 0, green: 0, blue: 1, alpha: 0.5), in: well)
        #expect(well.selectedColor == Color(red: 0, green: 0, blue: 1, alpha: 0.5) && counter.count == 1)
        well.supportsAlpha = false
        app.pick(Color(red: 0, green: 1, blue: 0, alpha: 0.5), in: well)
        #expect(well.selectedColor?.alpha == 1 && counter.count == 2)
        #expect(Self.traced(app, "setSelectedColor").count == 2)
    }

    // MARK: Picker view

    @Test("a picker view asks its data source for counts, keeps a row per component, and tells its delegate of the user's picks only")
    func pickerView() throws {
        let rows = PickerRows()
        let picker = PickerView(frame: Rect(x: 0, y: 100, width: 320, height: 0))
        #expect(picker.frame.size == Size(width: 320, height: 216))
        #expect(picker.numberOfComponents == 0 && picker.selectedRow(inComponent: 0) == -1)
        picker.dataSource = rows
        picker.delegate = rows
        rows.components = [4, 2]    // asked when first needed, not when set
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 0) == 4)
        #expect(picker.selectedRow(inComponent: 0) == 0 && picker.selectedRow(inComponent: 1) == 0)
        picker.selectRow(3, inComponent: 0, animated: false)
        picker.selectRow(9, inComponent: 1, animated: true)
        #expect(picker.selectedRow(inComponent: 0) == 3 && picker.selectedRow(inComponent: 1) == 1)
        #expect(rows.picks.isEmpty)
        rows.components = [2, 0]
        picker.reloadAllComponents()
        #expect(picker.selectedRow(inComponent: 0) == 1 && picker.selectedRow(inComponent: 1) == -1)
        rows.components = [6, 5]
        picker.reloadComponent(1)
        #expect(picker.numberOfRows(inComponent: 1) == 5 && picker.numberOfRows(inComponent: 0) == 2)
        picker.reloadAllComponents()
        let (app, _) = try Self.host([picker])
        app.pick(row: 4, inComponent: 0, of: picker)
        #expect(picker.selectedRow(inComponent: 0) == 4 && rows.picks == ["0,4"])
        // A tap one row (32 points) below the selection line of the second component picks the next row.
        app.tap(at: Point(x: 240, y: 100 + 108 + 32))
        #expect(picker.selectedRow(inComponent: 1) == 1 && rows.picks == ["0,4", "1,1"])
        #expect(Self.traced(app, "selectRow") == ["0,4", "1,1"])
        app.pick(row: 0, inComponent: 5, of: picker)
        #expect(app.diagnostics.contains { $0.kind == .invalidArgument })
    }

    // MARK: Interface Builder

    static let controlsSubviews = """
        <slider opaque="NO" contentMode="scaleToFill" value="0.25" minValue="0.0" maxValue="2" continuous="NO" id="sl" userLabel="slider">
            <rect key="frame" x="20" y="20" width="200" height="31"/>
            <color key="minimumTrackTintColor" systemColor="systemRedColor"/>
        </slider>
        <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="1" id="seg" userLabel="segments">
            <rect key="frame" x="20" y="60" width="300" height="32"/>
            <segments>
                <segment title="First"/>
                <segment title="Second"/>
                <segment title="Third" enabled="NO"/>
            </segments>
            <connections>
                <action selector="changed:" destination="cp-vc" eventType="valueChanged" id="seg-act"/>
            </connections>
        </segmentedControl>
        <stepper opaque="NO" contentMode="scaleToFill" value="5" minimumValue="2" maximumValue="10" stepValue="0.5" id="st" userLabel="stepper">
            <rect key="frame" x="20" y="100" width="94" height="32"/>
        </stepper>
        <pageControl opaque="NO" contentMode="scaleToFill" numberOfPages="4" currentPage="2" id="pc" userLabel="pages">
            <rect key="frame" x="20" y="140" width="200" height="26"/>
        </pageControl>
        <datePicker contentMode="scaleToFill" datePickerMode="date" style="wheels" minuteInterval="5" id="dp" userLabel="date">
            <rect key="frame" x="0" y="170" width="320" height="216"/>
            <date key="date" timeIntervalSinceReferenceDate="492375791.09738499">
                <!--2016-08-08 19:03:11 +0000-->
            </date>
            <locale key="locale" localeIdentifier="fr_FR"/>
        </datePicker>
        <activityIndicatorView opaque="NO" contentMode="scaleToFill" hidesWhenStopped="YES" animating="YES" style="large" id="ai" userLabel="spinner">
            <rect key="frame" x="20" y="390" width="37" height="37"/>
        </activityIndicatorView>
        <activityIndicatorView hidden="YES" opaque="NO" contentMode="scaleToFill" hidesWhenStopped="YES" style="gray" id="ai2" userLabel="idle">
            <rect key="frame" x="60" y="390" width="20" height="20"/>
        </activityIndicatorView>
        <progressView opaque="NO" contentMode="scaleToFill" progress="0.75" id="pv" userLabel="progress">
            <rect key="frame" x="20" y="430" width="200" height="4"/>
        </progressView>
        <pickerView contentMode="scaleToFill" id="pk" userLabel="picker">
            <rect key="frame" x="0" y="440" width="320" height="216"/>
            <connections>
                <outlet property="dataSource" destination="cp-vc" id="pk-ds"/>
                <outlet property="delegate" destination="cp-vc" id="pk-dl"/>
            </connections>
        </pickerView>
        <colorWell opaque="NO" contentMode="scaleToFill" supportsAlpha="NO" title="Ink" id="cw" userLabel="well">
            <rect key="frame" x="20" y="660" width="28" height="28"/>
        </colorWell>
        """

    @Test("the reader makes each control as its class with no note that Lifeloop lacks it")
    func readerMakesTheControls() throws {
        let definition = try IB.parse(IB.storyboard(IB.scene("home-vc", subviews: Self.controlsSubviews)))
        let nodes = try #require(definition.scenes[0].view?.subviews)
        #expect(nodes.map(\.className) == ["Slider", "SegmentedControl", "Stepper", "PageControl", "DatePicker",
                                           "ActivityIndicatorView", "ActivityIndicatorView", "ProgressView", "PickerView", "ColorWell"])
        #expect(!definition.notes.contains { $0.message.contains("Lifeloop has no") }, "\(definition.notes)")
        #expect(!definition.notes.contains { $0.message.contains("<segments>") })
        #expect(nodes[1].interfaceBuilder?.flags["segment.2.title"] == "Third")
    }

    @Test("a storyboard's controls get their attributes, segments, date and outlets, and send their actions")
    func storyboardControls() throws {
        let scene = IB.scene("cp-vc", attributes: #"customClass="IBControlsController" customModule="LifeloopTests" customModuleProvider="target""#,
                             subviews: Self.controlsSubviews)
        let (app, window, _) = try IB.launch(IB.storyboard(initial: "cp-vc", scene), modules: ["LifeloopTests"])
        let controller = try #require(window.rootViewController as? IBControlsController)
        let root = try #require(controller.view)

        let slider = try #require(root.viewWithLabel("slider") as? Slider)
        #expect(slider.value == 0.25 && slider.maximumValue == 2 && slider.minimumValue == 0 && !slider.isContinuous)
        #expect(slider.minimumTrackTintColor != nil)

        let segments = try #require(root.viewWithLabel("segments") as? SegmentedControl)
        #expect(segments.numberOfSegments == 3 && segments.selectedSegmentIndex == 1)
        #expect((0..<3).map { segments.titleForSegment(at: $0) } == ["First", "Second", "Third"])
        #expect(!segments.isEnabledForSegment(at: 2))
        app.tap(at: Point(x: 40, y: 70))
        #expect(segments.selectedSegmentIndex == 0)
        #expect(controller.log == ["changed: SegmentedControl"])

        let stepper = try #require(root.viewWithLabel("stepper") as? Stepper)
        #expect(stepper.value == 5 && stepper.minimumValue == 2 && stepper.maximumValue == 10 && stepper.stepValue == 0.5)

        let pages = try #require(root.viewWithLabel("pages") as? PageControl)
        #expect(pages.numberOfPages == 4 && pages.currentPage == 2)

        let date = try #require(root.viewWithLabel("date") as? DatePicker)
        #expect(date.datePickerMode == .date && date.preferredDatePickerStyle == .wheels && date.minuteInterval == 5)
        #expect(date.date == Date(timeIntervalSinceReferenceDate: 492375791.09738499))
        #expect(date.locale?.identifier == "fr_FR")

        let spinner = try #require(root.viewWithLabel("spinner") as? ActivityIndicatorView)
        #expect(spinner.style == .large && spinner.isAnimating && !spinner.isHidden && spinner.hidesWhenStopped)
        let idle = try #require(root.viewWithLabel("idle") as? ActivityIndicatorView)
        #expect(idle.style == .gray && !idle.isAnimating && idle.isHidden)

        let progress = try #require(root.viewWithLabel("progress") as? ProgressView)
        #expect(progress.progress == 0.75)

        let picker = try #require(root.viewWithLabel("picker") as? PickerView)
        #expect(picker.dataSource === controller && picker.delegate === controller)
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 0) == 5)
        app.pick(row: 2, inComponent: 1, of: picker)
        #expect(controller.log.last == "didSelect 1,2")

        let well = try #require(root.viewWithLabel("well") as? ColorWell)
        #expect(!well.supportsAlpha && well.title == "Ink")
        #expect(!app.diagnostics.contains { $0.kind == .undefinedKey }, "\(app.diagnostics)")
    }
}
