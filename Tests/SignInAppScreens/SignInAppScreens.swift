// Samples/SignInApp's two screens, ported (the iOS files here are links to the sample's),
// without its `@main` app delegate: the port step gives a `@main` class a maker with one
// fixed C name, so a test program holds one ported app, and this package's holds
// ChecklistApp. Tests launch the screens through `XCUIApplication`'s launching closure.
