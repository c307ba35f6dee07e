import CLifeloopTesting
import Foundation
import Lifeloop

/// How an `XCUIApplication` starts its app in a fresh Lifeloop `Application`.
///
/// An `XCUIApplication()` launches the app whose ported target the test binary links: the
/// port step gives the class marked `@main` (or `@UIApplicationMain`) a maker with a C
/// name, which this module refers to weakly, so depending on the app's target is how a UI
/// test target names its app (Xcode's *Target Application* setting). The app's bundle (its
/// `Info.plist`, storyboards and resources) is the folder the `LIFELOOP_APP_BUNDLE`
/// environment variable names, else the SwiftPM resource bundle of the delegate's module
/// beside the test program (`Package_MyApp.resources`, or its folder that holds the
/// `Info.plist`), when either exists; without one
/// the app launches with an empty `Info.plist`, as an app that makes its window in code
/// needs.
enum XCUIAppLaunch {
    /// The environment variable that names the app's bundle folder.
    static let bundleVariable = "LIFELOOP_APP_BUNDLE"

    /// Launches the ported app into `app`.
    /// - Returns: The app's name (its bundle's display name, or its module's).
    /// - Throws: ``Failure`` when the program links no ported app and no bundle names a
    ///   main storyboard; what `Application.launch(delegate:info:options:)` throws.
    static func launchPortedApp(into app: Application) throws -> String {
        let delegate = makePortedDelegate()
        let module = delegate.map { String(String(reflecting: type(of: $0)).prefix { $0 != "." }) }
        let bundle = bundleFolder(module: module)
        var info: [String: Any] = [:]
        if let bundle {
            app.bundlePath = bundle
            info = readInfo(in: bundle, module: module ?? "")
        }
        if let module, !app.moduleNames.contains(module) { app.moduleNames.append(module) }
        let name = info["CFBundleDisplayName"] as? String ?? info["CFBundleName"] as? String ?? module ?? "App"
        if let delegate {
            guard let appDelegate = delegate as? ApplicationDelegate else {
                throw Failure(description: "the app's @main class \(type(of: delegate)) is not a UIApplicationDelegate")
            }
            try app.launch(delegate: appDelegate, info: info)
            return name
        }
        guard info["UIMainStoryboardFile"] != nil || info["UIApplicationSceneManifest"] != nil else {
            throw Failure(description: "XCUIApplication has no app to launch: the test program links no ported app target "
                          + "(add the app's target, built with LifeloopPortPlugin, to the UI test target's dependencies; "
                          + "its @main delegate is what launch() makes), and no bundle with an Info.plist naming a main "
                          + "storyboard was found (set \(bundleVariable) to the app's bundle folder)")
        }
        try app.launch(delegate: StoryboardAppDelegate(), info: info)
        return name
    }

    /// Why a launch could not happen.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The delegate of an app with a main storyboard and no `@main` class: UIKit's
    /// storyboard launch sets its window.
    final class StoryboardAppDelegate: Responder, ApplicationDelegate {
        var window: Window?
    }

    /// A new instance of the ported app's `@main` class, or nil when the program links
    /// none.
    static func makePortedDelegate() -> AnyObject? {
        guard let maker = lifeloop_testing_main_delegate_maker() else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(maker()).takeRetainedValue()
    }

    /// The app's bundle folder: ``bundleVariable``'s, or the resource bundle of `module`
    /// beside the program (or the folder in it that holds the `Info.plist`: SwiftPM keeps
    /// an `Info.plist` out of a bundle's top level, so `.copy("Resources")` puts it in
    /// `Resources`).
    static func bundleFolder(module: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                             programFolders: [URL]? = nil) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if let named = environment[bundleVariable], !named.isEmpty,
           files.fileExists(atPath: named, isDirectory: &isDirectory), isDirectory.boolValue {
            return URL(fileURLWithPath: named).standardizedFileURL.path
        }
        guard let module else { return nil }
        let folders = programFolders ?? [
            URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent(), Bundle.main.bundleURL,
        ]
        for folder in folders {
            guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where name.hasSuffix("_\(module).resources") || name == "\(module).resources" {
                let bundle = folder.appendingPathComponent(name)
                if files.fileExists(atPath: bundle.appendingPathComponent("Info.plist").path) { return bundle.path }
                let inner = (try? files.contentsOfDirectory(atPath: bundle.path))?.sorted().first { item in
                    files.fileExists(atPath: bundle.appendingPathComponent(item).appendingPathComponent("Info.plist").path)
                }
                return inner.map { bundle.appendingPathComponent($0).path } ?? bundle.path
            }
        }
        return nil
    }

    /// The bundle's `Info.plist`, with the build settings Xcode expands in it
    /// (`$(PRODUCT_MODULE_NAME)` and the like) set to the module's name.
    static func readInfo(in bundle: String, module: String) -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: bundle + "/Info.plist"),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
        else { return [:] }
        return expand(plist, module: module) as? [String: Any] ?? [:]
    }

    private static func expand(_ value: Any, module: String) -> Any {
        switch value {
        case let text as String:
            var result = text
            for name in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME", "TARGET_NAME", "EXECUTABLE_NAME"] {
                result = result.replacingOccurrences(of: "$(\(name))", with: module)
                    .replacingOccurrences(of: "${\(name)}", with: module)
            }
            return result
        case let dictionary as [String: Any]:
            return dictionary.mapValues { expand($0, module: module) }
        case let array as [Any]:
            return array.map { expand($0, module: module) }
        default:
            return value
        }
    }
}
