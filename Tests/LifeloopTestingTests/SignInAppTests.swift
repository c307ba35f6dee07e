import Foundation
import Lifeloop
import LifeloopTesting
@testable import SignInAppScreens
import Testing

/// Samples/SignInApp's form, ported as it is written for iOS (its keyboard observers on
/// `NotificationCenter.default`, which the port step makes the app's own center), driven
/// through XCUITest's API: the editing and keyboard order of L38 and L39 in the trace, and
/// the scroll view making room for the keyboard while it shows.
@Suite struct SignInAppTests {
    /// The sample's first screen as its app delegate shows it: the form at the root of a
    /// navigation controller, in a window.
    static func signInApp() -> XCUIApplication {
        XCUIApplication { app in
            let window = Window(screen: app.mainScreen, label: "main")
            window.rootViewController = NavigationController(rootViewController: SignInViewController())
            window.makeKeyAndVisible()
        }
    }

    /// The form's scroll view and its window.
    static func form(in app: Application) throws -> (Window, ScrollView) {
        let window = try #require(app.keyWindow)
        let scrollView = try #require(app.view(referencedBy: "#form") as? ScrollView)
        return (window, scrollView)
    }

    @Test func focusingTheEmailRunsL38AndL39sOrderAndTheFormMakesRoomForTheKeyboard() throws {
        let app = Self.signInApp()
        app.launch()
        defer { app.terminate() }
        let loop = try #require(app.lifeloopApplication)
        let (window, scrollView) = try Self.form(in: loop)
        #expect(scrollView.contentInset.bottom == 0)
        let before = loop.trace.events.count

        app.textFields["email"].tap()
        #expect(app.keyboards.element.exists)
        let keyboard = try #require(window.keyboardFrameInWindow)
        let lines = loop.trace.events.dropFirst(before).map(\.line).filter {
            $0.hasPrefix("keyboard keyboard") || $0.hasSuffix(" textFieldDidBeginEditing")
        }
        // The email is the app's first text field, unlabelled in the trace: TextField#1.
        #expect(lines == [
            "TextField#1 textFieldDidBeginEditing",
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillShow",
            "keyboard keyboardDidChangeFrame", "keyboard keyboardDidShow",
        ])

        // The observer the app added on NotificationCenter.default heard keyboardWillShow:
        // the part of the scroll view the keyboard covers is the content's bottom inset.
        let overlap = try #require(scrollView.superview).convert(scrollView.frame, to: nil).maxY - keyboard.minY
        #expect(overlap > 0, "the keyboard covers the bottom of the form")
        #expect(abs(scrollView.contentInset.bottom - (overlap - scrollView.safeAreaInsets.bottom)) < 0.001)
        #expect(abs(scrollView.adjustedContentInset.bottom - overlap) < 0.001)
        let email = try #require(loop.view(referencedBy: "#email"))
        #expect(email.convert(email.bounds, to: nil).maxY <= keyboard.minY, "the email is above the keyboard")

        // Return moves to the password: the keyboard stays, and so does the inset.
        app.textFields["email"].typeText("ada@example.com\n")
        #expect(app.secureTextFields["password"].hasFocus)
        #expect(abs(scrollView.contentInset.bottom - (overlap - scrollView.safeAreaInsets.bottom)) < 0.001)

        // Sign in ends editing: the keyboard hides and the inset goes back to 0.
        app.secureTextFields["password"].typeText("analytical\n")
        #expect(app.staticTexts["welcome"].waitForExistence(timeout: 2))
        #expect(window.keyboardFrameInWindow == nil)
        #expect(!app.keyboards.element.exists)
        #expect(scrollView.contentInset.bottom == 0)
        let hides = loop.trace.events.map(\.line).filter { $0.hasPrefix("keyboard keyboard") }.suffix(4)
        #expect(Array(hides) == [
            "keyboard keyboardWillChangeFrame", "keyboard keyboardWillHide",
            "keyboard keyboardDidChangeFrame", "keyboard keyboardDidHide",
        ])
    }

    @Test func aSpaceInTheEmailIsRefusedAndAShortPasswordShowsTheError() throws {
        let app = Self.signInApp()
        app.launch()
        defer { app.terminate() }
        let email = app.textFields["email"]
        email.tap()
        email.typeText("ada @example.com")
        #expect(email.value as? String == "ada@example.com")
        app.keys["Next"].tap()
        app.secureTextFields["password"].typeText("short")
        app.keys["Go"].tap()
        #expect(app.staticTexts["error"].label == "Your password has at least 8 characters.")
        #expect(!app.staticTexts["welcome"].exists)
        #expect(app.keyboards.element.exists, "the form keeps the keyboard to correct the password")
    }

    @Test func theSignInButtonChecksTheAddress() throws {
        let app = Self.signInApp()
        app.launch()
        defer { app.terminate() }
        #expect(app.textFields["email"].placeholderValue == "Email")
        app.textFields["email"].tap()
        #expect(app.keys["Next"].exists)
        app.textFields["email"].typeText("ada.example.com")
        app.keys["Next"].tap()
        app.secureTextFields["password"].typeText("analytical")
        #expect(app.keys["Go"].exists)
        // The keyboard covers the button: a drag on the form hides it (keyboardDismissMode
        // .onDrag) and brings the button up.
        #expect(!app.buttons["Sign in"].isHittable)
        app.scrollViews["form"].swipeUp()
        #expect(!app.keyboards.element.exists)
        app.buttons["Sign in"].tap()
        #expect(app.staticTexts["Enter your email address."].exists)
        #expect(app.navigationBars["Sign In"].exists)
    }
}
