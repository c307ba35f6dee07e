import Foundation
@testable import Lifeloop
import Testing

/// Raw input at points, as a finger and a hardware keyboard make it: gestures go through
/// hit testing, touches and recognizers and take loop time; keys go to the first responder.
@Suite("Raw input: gestures at points and key presses")
struct RawInputTests {
    /// A table of 40 rows that logs its delegate's calls.
    final class List: TableViewController {
        var log: [String] = []
        var tapsOnButton = 0
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 40 }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "c") ?? TableViewCell(style: .default, reuseIdentifier: "c")
            cell.textLabel?.text = "row \(indexPath.row)"
            if indexPath.row == 1, cell.contentView.viewWithLabel("go") == nil {
                let button = Button(frame: Rect(x: 300, y: 4, width: 80, height: 36))
                button.traceLabel = "go"
                button.addAction(Lifeloop.Action { [unowned self] _ in tapsOnButton += 1 }, for: .touchUpInside)
                cell.contentView.addSubview(button)
            }
            return cell
        }
        override func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
            log.append("shouldHighlight \(indexPath.row)")
            return true
        }
        override func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            log.append("willSelect \(indexPath.row)")
            return indexPath
        }
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            log.append("didSelect \(indexPath.row)")
        }
        override func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("willBeginDragging") }
        override func scrollViewDidScroll(_ scrollView: ScrollView) {
            if log.last != "didScroll" { log.append("didScroll") }
        }
        override func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                                targetContentOffset: UnsafeMutablePointer<Point>) {
            log.append("willEndDragging")
        }
        override func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
            log.append("didEndDragging \(decelerate)")
        }
        override func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log.append("willBeginDecelerating") }
        override func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("didEndDecelerating") }
    }

    private func table() throws -> (Application, List, Window) {
        let app = try Application(clock: .virtual)
        let list = List(style: .plain)
        let window = try showInWindow(list, app: app)
        list.tableView.contentInsetAdjustmentBehavior = .never
        try app.settle()
        list.log.removeAll()
        return (app, list, window)
    }

    /// The center of a row, in the window.
    private func center(of row: Int, in list: List) -> Point {
        let rect = list.tableView.rectForRow(at: IndexPath(row: row, section: 0))
        return list.tableView.convert(Point(x: 150, y: rect.midY), to: nil)
    }

    // MARK: Scrolling

    @Test func aSwipeScrollsATableWithItsDelegateCallsInUIKitsOrderAndTakesLoopTime() throws {
        let (app, list, _) = try table()
        let start = app.loop.now
        let duration = try app.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), duration: .milliseconds(200))
        #expect(duration == .milliseconds(200))
        #expect(list.tableView.contentOffset == .zero, "nothing moves until the loop runs")
        try app.advance(by: duration)
        #expect(list.tableView.contentOffset.y > 200, "the content followed the finger up")
        try app.settle()
        #expect(app.loop.now.nanoseconds >= start.nanoseconds + 200_000_000)
        #expect(list.log == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging true",
                             "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(list.tableView.contentOffset.y > 300, "a fling decelerates past the lift")
        #expect(!list.log.contains { $0.hasPrefix("didSelect") }, "a swipe selects no row")
    }

    @Test func aDragThatStopsBeforeLiftingDoesNotDecelerate() throws {
        let (app, list, _) = try table()
        try app.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400), duration: .milliseconds(300))
        try app.settle()
        #expect(list.log.suffix(2) == ["willEndDragging", "didEndDragging false"])
        let offset = list.tableView.contentOffset.y
        #expect(offset > 180 && offset < 200, "200 points, less the first move before the drag began: \(offset)")
    }

    // MARK: Selection

    @Test func aTapAtARowsPointSelectsThatRow() throws {
        let (app, list, _) = try table()
        try app.tap(at: center(of: 3, in: list), duration: Application.tapDuration)
        try app.settle()
        #expect(list.log == ["shouldHighlight 3", "willSelect 3", "didSelect 3"])
        #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    }

    @Test func aRowHighlightsWhileTheFingerRestsOnIt() throws {
        let (app, list, _) = try table()
        try app.longPress(at: center(of: 2, in: list), duration: .milliseconds(400))
        try app.advance(by: .milliseconds(200))
        #expect(list.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == true)
        #expect(list.log == ["shouldHighlight 2"])
        try app.settle()
        #expect(list.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == false)
        #expect(list.log == ["shouldHighlight 2", "willSelect 2", "didSelect 2"])
    }

    @Test func aFingerThatMovesOffTheRowSelectsNothing() throws {
        let (app, list, _) = try table()
        list.tableView.isScrollEnabled = false
        let point = center(of: 2, in: list)
        app.touch(.down, at: point)
        try app.advance(by: .milliseconds(200))
        app.touch(.move, at: Point(x: point.x, y: point.y + 30))
        app.touch(.up, at: Point(x: point.x, y: point.y + 30))
        try app.settle()
        #expect(list.log == ["shouldHighlight 2"])
        #expect(list.tableView.indexPathForSelectedRow == nil)
    }

    @Test func aTapOnAButtonInACellGoesToTheButtonNotTheRow() throws {
        let (app, list, _) = try table()
        let button = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.viewWithLabel("go"))
        let point = button.convert(Point(x: 40, y: 18), to: nil)
        try app.tap(at: point, duration: Application.tapDuration)
        try app.settle()
        #expect(list.tapsOnButton == 1)
        #expect(list.log.isEmpty)
    }

    /// A collection of 60 items that logs its delegate's calls.
    final class Grid: CollectionViewController {
        var log: [String] = []
        init() {
            let layout = CollectionViewFlowLayout()
            layout.itemSize = Size(width: 100, height: 100)
            super.init(collectionViewLayout: layout)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            collectionView.contentInsetAdjustmentBehavior = .never
            collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        }
        override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
        override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        override func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldHighlight \(indexPath.item)")
            return true
        }
        override func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
            log.append("didHighlight \(indexPath.item)")
        }
        override func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
            log.append("didUnhighlight \(indexPath.item)")
        }
        override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
            log.append("didSelect \(indexPath.item)")
        }
    }

    @Test func aTapAtAnItemSelectsItAndASwipeScrollsTheCollection() throws {
        let app = try Application(clock: .virtual)
        let grid = Grid()
        _ = try showInWindow(grid, app: app)
        let collection = try #require(grid.collectionView)
        let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame)
        try app.tap(at: collection.convert(Point(x: frame.midX, y: frame.midY), to: nil), duration: Application.tapDuration)
        try app.settle()
        #expect(grid.log == ["shouldHighlight 4", "didHighlight 4", "didUnhighlight 4", "didSelect 4"])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        grid.log.removeAll()
        try app.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 200))
        try app.settle()
        #expect(collection.contentOffset.y > 300)
        #expect(grid.log.isEmpty, "a swipe highlights and selects nothing")
    }

    // MARK: Recognizers

    @Test func aDoubleTapFiresATwoTapRecognizerAndNotTheSingleTapThatRequiresItsFailure() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "root")
        _ = try showInWindow(root, app: app)
        var fired: [String] = []
        let double = TapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { _ in fired.append("single") }
        single.require(toFail: double)
        root.view.addGestureRecognizer(single)
        root.view.addGestureRecognizer(double)
        let duration = try app.doubleTap(at: Point(x: 100, y: 200))
        #expect(duration == .milliseconds(300))
        try app.settle()
        #expect(fired == ["double"])
        try app.tap(at: Point(x: 100, y: 200), duration: Application.tapDuration)
        try app.settle()
        #expect(fired == ["double", "single"], "a lone tap fires the single tap once the double has failed")
    }

    @Test func aLongPressFiresAfterItsDurationOfLoopTime() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "root")
        _ = try showInWindow(root, app: app)
        var states: [GestureRecognizer.State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        press.minimumPressDuration = 0.8
        root.view.addGestureRecognizer(press)
        let start = app.loop.now.nanoseconds
        try app.longPress(at: Point(x: 100, y: 200), duration: .seconds(1))
        try app.advance(by: .milliseconds(790))
        #expect(states.isEmpty)
        try app.advance(by: .milliseconds(20))
        #expect(states == [.began])
        try app.settle()
        #expect(states == [.began, .ended])
        #expect(app.loop.now.nanoseconds - start >= 1_000_000_000)
    }

    @Test func aPointOutsideEveryWindowIsRefusedWithAMessageNamingIt() throws {
        let app = try Application(clock: .virtual)
        _ = try showInWindow(ViewController(label: "root"), app: app)
        #expect(throws: InputRefusal.self) { try app.swipe(from: Point(x: 900, y: 100), to: Point(x: 100, y: 100)) }
        do {
            try app.longPress(at: Point(x: -5, y: 2000))
            Issue.record("a point outside every window was not refused")
        } catch {
            #expect(error.message.contains("(-5, 2000)"), "\(error.message)")
            #expect(error.message.contains("outside every window"), "\(error.message)")
        }
    }

    // MARK: Keys

    final class FieldLog: TextFieldDelegate {
        var calls: [String] = []
        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            calls.append("shouldReturn")
            return false
        }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("shouldChange \(range.location),\(range.length) '\(string)'")
            return true
        }
    }

    private func form() throws -> (Application, TextField, TextField, FieldLog) {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "root")
        _ = try showInWindow(root, app: app)
        let name = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 34))
        name.traceLabel = "name"
        let email = TextField(frame: Rect(x: 20, y: 160, width: 300, height: 34))
        email.traceLabel = "email"
        root.view.addSubview(email)
        root.view.addSubview(name)
        let log = FieldLog()
        name.delegate = log
        return (app, name, email, log)
    }

    @Test func keyNamesParseAndUnknownOnesAreNil() {
        #expect(KeyPress.named("return") == .return)
        #expect(KeyPress.named("Left") == .left)
        #expect(KeyPress.named("backspace") == nil)
        #expect(KeyPress.names == ["return", "delete", "tab", "escape", "up", "down", "left", "right"])
    }

    @Test func returnAsksTheFieldsTextFieldShouldReturn() throws {
        let (app, name, _, log) = try form()
        var exits = 0
        name.addAction(Lifeloop.Action { _ in exits += 1 }, for: .editingDidEndOnExit)
        #expect(name.becomeFirstResponder())
        let result = app.keyPress(.return)
        #expect(log.calls == ["shouldReturn"])
        #expect(exits == 0, "the delegate answered false")
        #expect(result.responder == "name")
    }

    @Test func deleteRemovesTheCharacterBeforeTheCaretAndArrowsMoveTheCaret() throws {
        let (app, name, _, log) = try form()
        name.text = "abcd"
        #expect(name.becomeFirstResponder())
        app.keyPress(.left)
        app.keyPress(.left)
        #expect(name.selectedTextRange?.start == TextPosition(offset: 2))
        app.keyPress(.delete)
        #expect(name.text == "acd")
        #expect(log.calls == ["shouldChange 1,1 ''"])
        #expect(name.selectedTextRange?.start == TextPosition(offset: 1))
        app.keyPress(.right)
        #expect(name.selectedTextRange?.start == TextPosition(offset: 2))
        #expect(app.typeText("X", into: name) == nil)
        #expect(name.text == "acXd", "typing goes in at the caret")
        app.keyPress(.up)
        app.keyPress(.delete)
        #expect(name.text == "acXd", "nothing before the caret at the start")
    }

    @Test func arrowsMoveATextViewsCaretByCharacterAndLine() throws {
        let app = try Application(clock: .virtual)
        let root = ViewController(label: "root")
        _ = try showInWindow(root, app: app)
        let notes = TextView(frame: Rect(x: 0, y: 100, width: 300, height: 200))
        root.view.addSubview(notes)
        notes.text = "one\ntwo three"
        #expect(notes.becomeFirstResponder())
        app.keyPress(.up)
        #expect(notes.selectedRange == NSRange(location: 3, length: 0), "up from column 9 to the end of the shorter line")
        app.keyPress(.left)
        #expect(notes.selectedRange == NSRange(location: 2, length: 0))
        app.keyPress(.down)
        #expect(notes.selectedRange == NSRange(location: 6, length: 0))
        app.keyPress(.return)
        #expect(notes.text == "one\ntw\no three")
    }

    @Test func tabMovesToTheNextFieldAndEscapeRunsOnlyAKeyCommand() throws {
        let (app, name, email, _) = try form()
        #expect(name.becomeFirstResponder())
        app.keyPress(.tab)
        #expect(email.isFirstResponder)
        app.keyPress(.tab, modifierFlags: .shift)
        #expect(name.isFirstResponder)
        #expect(!app.keyPress(.escape).isHandled)
        final class Escaping: View {
            var escapes = 0
            override var keyCommands: [KeyCommand]? {
                [KeyCommand(input: KeyCommand.inputEscape) { [unowned self] _ in escapes += 1 }]
            }
        }
        let holder = Escaping(frame: Rect(x: 0, y: 0, width: 390, height: 600))
        name.superview?.addSubview(holder)
        holder.addSubview(name)
        #expect(name.becomeFirstResponder())
        #expect(app.keyPress(.escape).isHandled)
        #expect(holder.escapes == 1)
    }
}
