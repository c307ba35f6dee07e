// The app's iOS sources are in iOS/, ported by LifeloopPortPlugin and compiled as ported
// copies (the target excludes the originals). The port step gives the `@main` app delegate
// a maker that `XCUIApplication.launch()` finds, so a UI test target that depends on this
// one launches this app. SwiftPM wants a source file of the target's own: this is it.
