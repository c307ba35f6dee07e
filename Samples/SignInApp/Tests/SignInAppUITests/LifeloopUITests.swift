// The one file of this target that Xcode's does not have: it makes XCUITest's names
// (XCUIApplication, XCUIElement, NSPredicate(format:)) visible in the target's unchanged
// UI test files, which import only XCTest. The app they launch is the target this one
// depends on (Package.swift), as Xcode's "Target Application" setting names it.
@_exported import LifeloopTesting
