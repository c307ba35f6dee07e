import XCTest

final class SignInAppUITests: XCTestCase {

    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    func testSignInWithTheKeyboard() throws {
        let app = XCUIApplication()
        app.launch()

        let email = app.textFields["email"]
        XCTAssertEqual(email.placeholderValue, "Email")
        XCTAssertFalse(app.keyboards.element.exists)

        email.tap()
        XCTAssertTrue(email.hasFocus)
        XCTAssertTrue(app.keyboards.element.exists)
        XCTAssertTrue(app.keys["Next"].exists)

        email.typeText("ada@example.com")
        XCTAssertEqual(email.value as? String, "ada@example.com")
        // Email addresses have no spaces: the app refuses one.
        email.typeText(" ")
        XCTAssertEqual(email.value as? String, "ada@example.com")

        app.keyboards.keys["Next"].tap()
        let password = app.secureTextFields["password"]
        XCTAssertTrue(password.hasFocus)
        XCTAssertFalse(email.hasFocus)
        XCTAssertTrue(app.keyboards.element.exists)
        password.typeText("analytical")

        app.keys["Go"].tap()

        XCTAssertTrue(app.staticTexts["welcome"].waitForExistence(timeout: 2))
        XCTAssertEqual(app.staticTexts["welcome"].label, "Welcome, ada@example.com")
        XCTAssertTrue(app.navigationBars["Welcome"].exists)
        XCTAssertFalse(app.keyboards.element.exists)
    }

    func testAShortPasswordShowsAnError() throws {
        let app = XCUIApplication()
        app.launch()

        app.textFields["email"].tap()
        app.textFields["email"].typeText("ada@example.com\n")
        let password = app.secureTextFields["password"]
        XCTAssertTrue(password.hasFocus)
        password.typeText("short")
        app.keys["Go"].tap()

        XCTAssertTrue(app.staticTexts["error"].waitForExistence(timeout: 2))
        XCTAssertEqual(app.staticTexts["error"].label, "Your password has at least 8 characters.")
        XCTAssertFalse(app.staticTexts["welcome"].exists)
        XCTAssertTrue(app.navigationBars["Sign In"].exists)
    }

    func testAnAddressWithoutAnAtSignShowsAnError() throws {
        let app = XCUIApplication()
        app.launch()

        app.textFields["email"].tap()
        app.textFields["email"].typeText("ada.example.com")
        app.keys["Next"].tap()
        app.secureTextFields["password"].typeText("analytical")
        // The keyboard covers the button: dragging the form hides it and brings the button up.
        XCTAssertFalse(app.buttons["Sign in"].isHittable)
        app.scrollViews["form"].swipeUp()
        XCTAssertFalse(app.keyboards.element.exists)
        app.buttons["Sign in"].tap()

        XCTAssertTrue(app.staticTexts["Enter your email address."].waitForExistence(timeout: 2))
        XCTAssertFalse(app.staticTexts["welcome"].exists)
    }
}
