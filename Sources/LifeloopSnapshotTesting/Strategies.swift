import Foundation
import Lifeloop
import LifeloopPictures
@_exported import LifeloopTesting
@_exported import SnapshotTesting

/// Puts a controller whose view is in no window into a new key window of its app (labelled
/// `snapshot`) and settles, as swift-snapshot-testing hosts controllers on iOS; one in a
/// window is left where it is.
func hostedForSnapshot(_ controller: ViewController) -> ViewController {
    controller.loadViewIfNeeded()
    guard controller.viewIfLoaded?.window == nil, let app = controller.application, !app.isClosed else { return controller }
    let window = Window(screen: app.mainScreen, label: "snapshot")
    window.rootViewController = controller
    window.makeKeyAndVisible()
    // Strict-mode diagnostics stay in `app.diagnostics`, where TestApp reports them.
    try? app.settle()
    return controller
}

extension Snapshotting where Value == ViewController, Format == String {
    /// The controller's window as drawn, as SVG (`LifeloopSnapshot.svg(of:)`),
    /// in `.svg` files. A controller in no window is shown in a new one first.
    ///
    /// ```swift
    /// assertSnapshot(of: counter, as: .lifeloopSVG)
    /// ```
    public static var lifeloopSVG: Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (controller: ViewController) in
            LifeloopSnapshot.svg(of: hostedForSnapshot(controller))
        }
        strategy.pathExtension = "svg"
        return strategy
    }

    /// The controller's element tree as text (`LifeloopSnapshot.tree(of:)`),
    /// in `.txt` files. A controller in no window is shown in a new one first.
    public static var lifeloopTree: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { (controller: ViewController) in
            LifeloopSnapshot.tree(of: hostedForSnapshot(controller))
        }
    }
}

extension Snapshotting where Value == View, Format == String {
    /// The view and the views under it as drawn, as SVG cropped to the view
    /// (`LifeloopSnapshot.svg(of:)`); a window is drawn whole.
    public static var lifeloopSVG: Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (view: View) in LifeloopSnapshot.svg(of: view) }
        strategy.pathExtension = "svg"
        return strategy
    }

    /// The view's element and the elements under it, as text (`LifeloopSnapshot.tree(of:)`).
    public static var lifeloopTree: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { (view: View) in LifeloopSnapshot.tree(of: view) }
    }
}

/// Why a PNG snapshot strategy cannot be made.
public struct LifeloopPNGUnavailable: Error, CustomStringConvertible {
    /// What is missing and how to install it.
    public let description: String
}

extension Snapshotting where Value == ViewController, Format == Data {
    /// The controller's SVG rendered to PNG by librsvg in this process, in `.png` files,
    /// compared byte for byte (the same SVG gives the same PNG on every run with one librsvg
    /// and zlib; PNG goldens are less portable than SVG ones across librsvg versions).
    ///
    /// ```swift
    /// assertSnapshot(of: counter, as: try .lifeloopPNG())
    /// ```
    /// - Parameter environment: Where `PATH` is looked up for `rsvg-convert`, which
    ///   draws the PNG when librsvg's libraries cannot be opened in this process.
    /// - Throws: ``LifeloopPNGUnavailable`` when librsvg is not installed: the test fails
    ///   rather than comparing nothing.
    public static func lifeloopPNG(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Snapshotting {
        try pngStrategy(environment: environment).pullback { (controller: ViewController) in
            LifeloopSnapshot.svg(of: hostedForSnapshot(controller))
        }
    }
}

extension Snapshotting where Value == View, Format == Data {
    /// The view's SVG rendered to PNG by librsvg in this process, in `.png` files.
    /// - Throws: ``LifeloopPNGUnavailable`` when librsvg is not installed.
    public static func lifeloopPNG(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Snapshotting {
        try pngStrategy(environment: environment).pullback { (view: View) in LifeloopSnapshot.svg(of: view) }
    }
}

/// SVG text to PNG bytes. A conversion that fails at snapshot time gives bytes that spell
/// the error (`LIFELOOP PNG FAILURE: …`), which no reference matches.
func pngStrategy(environment: [String: String], rasterizer: SVGRasterizer = .shared) throws -> Snapshotting<String, Data> {
    guard rasterizer.isAvailable || PNGConverter.converterPath(environment: environment) != nil else {
        throw LifeloopPNGUnavailable(description: "the lifeloopPNG snapshot strategy needs librsvg, which cannot be opened, and rsvg-convert, which is not on PATH; install Debian's librsvg2-bin (apt-get install -y librsvg2-bin), or use .lifeloopSVG")
    }
    var strategy = SimplySnapshotting<Data>.data.pullback { (svg: String) -> Data in
        do {
            return Data(try PNGConverter.png(svg: svg, for: "lifeloopPNG snapshot", rasterizer: rasterizer, environment: environment))
        } catch {
            return Data("LIFELOOP PNG FAILURE: \(error)".utf8)
        }
    }
    strategy.pathExtension = "png"
    return strategy
}
