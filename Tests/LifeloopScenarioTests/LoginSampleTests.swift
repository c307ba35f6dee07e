import Foundation
import Lifeloop
import LifeloopSamples
import Testing
@testable import LifeloopScenario

/// The LoginApp sample (UIKit code written for iOS) through its scenario file,
/// `Samples/Scenarios/login.yaml`: the editing order and the keyboard's (L38, L39), the
/// scroll view making room for the keyboard, return moving to the next field, a refused
/// space, and the welcome page.
@Suite("The login sample and the keyboard")
struct LoginSampleTests {
    /// The scenario's events, in order, from one whole run; the run passed (its `expect`
    /// holds the L38/L39 sequence).
    static func events() throws -> [TraceEvent] {
        let (result, events) = try Fixtures.runner("login.yaml").runReturningEvents(seed: 0, options: RunOptions(keepEvents: true))
        #expect(result.status == .passed, "\(result)")
        return events
    }

    /// The form's controller, under the window's navigation controller.
    static func login(in app: Application) throws -> (Window, ScrollView, TextField, TextField) {
        let window = try #require(app.keyWindow)
        let scrollView = try #require(app.view(referencedBy: "#form") as? ScrollView)
        let email = try #require(app.view(referencedBy: "#email") as? TextField)
        let password = try #require(app.view(referencedBy: "#password") as? TextField)
        return (window, scrollView, email, password)
    }

    /// The form's observers of `keyboardWillShow` make the bottom inset (with the safe
    /// area the scroll view keeps) what the keyboard covers, and scroll the field being
    /// edited above the keyboard.
    static func expectRoomForTheKeyboard(_ scrollView: ScrollView, overlap: Double, field: TextField, keyboard: Rect,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(scrollView.adjustedContentInset.bottom - overlap) < 0.001, sourceLocation: sourceLocation)
        #expect(abs(scrollView.contentInset.bottom - (overlap - scrollView.safeAreaInsets.bottom)) < 0.001,
                sourceLocation: sourceLocation)
        #expect(field.convert(field.bounds, to: nil).maxY <= keyboard.minY, "the field is above the keyboard",
                sourceLocation: sourceLocation)
    }

    @Test func theKeyboardShowsAndHidesInL39sOrderAroundTheEditing() throws {
        let lines = try Self.events().map(\.line).filter {
            $0.hasPrefix("keyboard keyboard") || $0.hasSuffix("textFieldDidBeginEditing") || $0.hasSuffix("textFieldDidEndEditing")
                || $0 == "WelcomeViewController#1 viewDidAppear"
        }
        #expect(lines == [
            "email textFieldDidBeginEditing",
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillShow",
            "keyboard keyboardDidChangeFrame", "keyboard keyboardDidShow",
            // Return passes first responder to the password: the keyboard stays, unposted.
            "email textFieldDidEndEditing", "password textFieldDidBeginEditing",
            "password textFieldDidEndEditing",
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillHide",
            "keyboard keyboardDidChangeFrame", "keyboard keyboardDidHide",
            "WelcomeViewController#1 viewDidAppear",
        ])
    }

    @Test func theDidNotificationsComeAQuarterSecondAfterTheWillNotifications() throws {
        let keyboard = try Self.events().filter { $0.label == "keyboard" && $0.name.hasPrefix("keyboard") }
        let times = Dictionary(grouping: keyboard, by: \.name).mapValues { $0.map(\.time) }
        let willShow = try #require(times["keyboardWillShow"]?.first), didShow = try #require(times["keyboardDidShow"]?.first)
        let willHide = try #require(times["keyboardWillHide"]?.first), didHide = try #require(times["keyboardDidHide"]?.first)
        #expect(didShow - willShow == 250_000_000)
        #expect(didHide - willHide == 250_000_000)
    }

    /// Step by step: the scroll view's bottom inset while the keyboard shows, first
    /// responder after each return, the email's text, and the page at the end.
    @Test func theFormMakesRoomForTheKeyboardAndReturnMovesToThePassword() throws {
        let session = try ScenarioSession(runner: Fixtures.runner("login.yaml"), seed: 0)
        try session.launch()
        try session.settle(budget: .seconds(5))
        let (window, scrollView, email, password) = try Self.login(in: session.app)
        #expect(scrollView.contentInset.bottom == 0)

        // tap: "#email"; then the keyboard's move and the form's scroll end.
        #expect(try session.runScriptStep(0) == nil)
        try session.settle(budget: .seconds(5))
        let keyboard = try #require(window.keyboardFrameInWindow)
        #expect(email.isFirstResponder)
        let overlap = try #require(scrollView.superview).convert(scrollView.frame, to: nil).maxY - keyboard.minY
        #expect(overlap > 0, "the keyboard covers the bottom of the form")
        Self.expectRoomForTheKeyboard(scrollView, overlap: overlap, field: email, keyboard: keyboard)

        // type: "ada @example.com": the delegate refuses the space.
        #expect(try session.runScriptStep(1) == nil)
        #expect(email.text == "ada@example.com")

        // keyPress: return: textFieldShouldReturn moves to the password; the keyboard stays.
        #expect(try session.runScriptStep(2) == nil)
        #expect(password.isFirstResponder && !email.isFirstResponder)
        #expect(window.keyboardFrameInWindow == keyboard)
        try session.settle(budget: .seconds(5))
        Self.expectRoomForTheKeyboard(scrollView, overlap: overlap, field: password, keyboard: keyboard)

        // The password, then return: sign in, the keyboard hides, the inset goes back to 0.
        #expect(try session.runScriptStep(3) == nil)
        #expect(password.text == "analytical")
        #expect(try session.runScriptStep(4) == nil)
        try session.settle(budget: .seconds(5))
        #expect(!password.isFirstResponder)
        #expect(window.keyboardFrameInWindow == nil)
        #expect(scrollView.contentInset.bottom == 0)
        let navigation = try #require(window.rootViewController as? NavigationController)
        #expect(navigation.viewControllers.count == 2)
        let welcome = try #require(session.app.view(referencedBy: "#welcome") as? Label)
        #expect(welcome.text == "Signed in as ada@example.com")
    }

    @Test func aShortPasswordShowsTheErrorAndStaysOnTheForm() throws {
        let session = try ScenarioSession(runner: Fixtures.runner("login.yaml"), seed: 0)
        try session.launch()
        try session.settle(budget: .seconds(5))
        let (window, _, _, _) = try Self.login(in: session.app)
        #expect(try session.perform(.typeText(view: "#email", text: "ada@example.com", clear: false, submit: true)) == nil)
        #expect(try session.perform(.typeText(view: "#password", text: "short", clear: false, submit: true)) == nil)
        try session.settle(budget: .seconds(5))
        let error = try #require(session.app.view(referencedBy: "#error") as? Label)
        #expect(!error.isHidden)
        #expect(error.text == "Your password has at least 8 characters.")
        #expect((window.rootViewController as? NavigationController)?.viewControllers.count == 1)
    }
}
