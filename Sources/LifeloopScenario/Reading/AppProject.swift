import Foundation
import Lifeloop

/// An iOS app as Xcode knows it, ready to launch: `lifeloop launch MyApp.xcodeproj`.
///
/// ``prepare(path:target:)`` reads the project, builds the app target's Swift files
/// through the port step into a module this process loads (``ProjectSources``), and lays
/// the target's resources out as the app's bundle folder (storyboards and nibs found by
/// name, as in the built app). ``launch(in:)`` then launches it as UIKit's
/// `UIApplicationMain` does (L36): the `@main` delegate, Info.plist's main storyboard or
/// scene manifest.
public struct AppProject {
    /// The project.
    public let project: XcodeProject
    /// The app target.
    public let target: XcodeProject.Target
    /// The loaded module of the target's sources.
    public let module: ProjectSources.Module
    /// The app's bundle folder.
    public let bundlePath: String
    /// Info.plist, with `$(VAR)` build settings expanded.
    public let info: [String: Any]

    /// Reads, builds and loads the app.
    /// - Parameters:
    ///   - path: The `.xcodeproj` folder, its `project.pbxproj`, or the folder holding one.
    ///   - wanted: The target's name; by default the project's only application target.
    /// - Throws: ``ProjectSources/Failure`` naming the project: an unreadable project, a
    ///   target that is missing or not an app, sources that do not compile (every error,
    ///   at the user's file and line).
    public static func prepare(path: String, target wanted: String? = nil) throws -> AppProject {
        let project: XcodeProject
        let target: XcodeProject.Target
        do {
            project = try XcodeProject.load(path: path)
            target = try project.target(named: wanted)
        } catch {
            throw ProjectSources.Failure(description: error.description)
        }
        let described = "project '\(path)' target '\(target.name)'"
        let swift = target.sources.filter { $0.hasSuffix(".swift") }
        guard !swift.isEmpty else {
            throw ProjectSources.Failure(description: "\(described): the target has no Swift sources (Objective-C apps are not supported)")
        }
        if let missing = swift.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw ProjectSources.Failure(description: "\(described): the project lists \(missing), which does not exist")
        }
        let module: ProjectSources.Module
        do {
            module = try ProjectSources.load(files: swift, module: target.moduleName, describedAs: described)
        } catch let failure as ProjectSources.Failure where failure.description.contains("do not compile") {
            throw ProjectSources.Failure(description: failure.description + languageNote(target))
        }
        let bundle = try layOutBundle(target, named: target.name)
        var info: [String: Any] = [:]
        let settings = target.buildSettings.merging(["PRODUCT_MODULE_NAME": target.moduleName, "TARGET_NAME": target.name]) { set, _ in set }
        for (key, value) in target.infoDictionary { info[key] = plain(value, settings: settings) }
        return AppProject(project: project, target: target, module: module, bundlePath: bundle, info: info)
    }

    /// Launches the app in `app` (L36): its bundle folder and module set, the `@main`
    /// delegate made (or a plain one when the sources mark none), then
    /// `Application.launch(delegate:info:options:)`.
    /// - Throws: `AppLaunchError` for a storyboard or scene delegate that
    ///   cannot be found; ``ProjectSources/Failure`` when the `@main` class is not an app
    ///   delegate.
    public func launch(in app: Application) throws {
        app.bundlePath = bundlePath
        if !app.moduleNames.contains(module.name) { app.moduleNames.append(module.name) }
        let delegate: ApplicationDelegate
        if let made = module.makeMainDelegate() {
            guard let appDelegate = made as? ApplicationDelegate else {
                throw ProjectSources.Failure(description: "project '\(project.path)' target '\(target.name)': the @main class \(type(of: made)) is not a UIApplicationDelegate")
            }
            delegate = appDelegate
        } else {
            delegate = PlainAppDelegate()
        }
        try app.launch(delegate: delegate, info: info)
    }

    /// For sources that do not compile: a project whose Swift predates Swift 4 (no
    /// `SWIFT_VERSION`, which Xcode 8 introduced, or one below 4) is said to be so.
    static func languageNote(_ target: XcodeProject.Target) -> String {
        guard let version = target.swiftVersion else {
            return "\nnote: the target sets no SWIFT_VERSION, so the project was last built with Xcode 7 or earlier, in Swift 2, "
                + "whose syntax today's compilers reject; Lifeloop builds Swift 4 and later (in Swift 5 mode)"
        }
        guard let major = Double(version.prefix { $0.isNumber || $0 == "." }), major < 4 else { return "" }
        return "\nnote: the target's SWIFT_VERSION is \(version); Lifeloop builds Swift 4 and later (in Swift 5 mode), and Swift \(version) code needs migrating first"
    }

    /// Removes the bundle folder (links to the project's files; the files stay).
    public func removeBundle() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: bundlePath).deletingLastPathComponent().path)
    }

    /// The delegate of an app whose sources mark none (`@main` missing): UIKit would not
    /// start; Lifeloop launches the main storyboard with this one.
    final class PlainAppDelegate: Responder, ApplicationDelegate {
        var window: Window?
    }

    /// A folder standing for the built app's bundle: each resource linked in by its file
    /// name (`Base.lproj/Main.storyboard` as `Main.storyboard` too, the first language
    /// folder winning), so that storyboards, nibs, asset catalogs and files are found by
    /// name, and the app's Info.plist (``bundleInfo(_:)``) written at its top, where
    /// Foundation's `Bundle(path:)` reads a flat bundle's.
    static func layOutBundle(_ target: XcodeProject.Target, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeloop-app-\(UUID().uuidString)/\(name).app").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(fromPropertyList: bundleInfo(target), format: .xml, options: 0)
        try plist.write(to: URL(fileURLWithPath: folder + "/Info.plist"))
        // Base first, then English, then the rest, so `Main.storyboard` is the base one.
        func rank(_ path: String) -> Int {
            if path.contains("/Base.lproj/") { return 0 }
            if path.contains("/en.lproj/") { return 1 }
            return path.contains(".lproj/") ? 2 : 0
        }
        for written in target.resources.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let resource = URL(fileURLWithPath: written).standardizedFileURL.path
            let file = URL(fileURLWithPath: resource).lastPathComponent
            var places = [folder + "/" + file]
            let parent = URL(fileURLWithPath: resource).deletingLastPathComponent().lastPathComponent
            if parent.hasSuffix(".lproj") {
                try? FileManager.default.createDirectory(atPath: folder + "/" + parent, withIntermediateDirectories: true)
                places.append(folder + "/" + parent + "/" + file)
            }
            for place in places where !FileManager.default.fileExists(atPath: place) {
                try? FileManager.default.createSymbolicLink(atPath: place, withDestinationPath: resource)
            }
        }
        return folder
    }

    /// The Info.plist of the built app: the target's, `$(VAR)` expanded, with the keys
    /// Xcode adds to every app's from its build settings where the target's lacks them
    /// (`CFBundleIdentifier`, `CFBundleName`, `CFBundleExecutable`, the versions, and
    /// `CFBundleDevelopmentRegion`, English when unset).
    static func bundleInfo(_ target: XcodeProject.Target) -> [String: Any] {
        let settings = target.buildSettings.merging(["PRODUCT_MODULE_NAME": target.moduleName, "TARGET_NAME": target.name]) { set, _ in set }
        var info: [String: Any] = [:]
        for (key, value) in target.infoDictionary { info[key] = plain(value, settings: settings) }
        let productName = expand(settings["PRODUCT_NAME"] ?? target.name, settings)
        let added: [(String, String)] = [
            ("CFBundleIdentifier", expand(settings["PRODUCT_BUNDLE_IDENTIFIER"] ?? "", settings)),
            ("CFBundleName", productName.isEmpty ? target.name : productName),
            ("CFBundleExecutable", productName.isEmpty ? target.name : productName),
            ("CFBundleShortVersionString", expand(settings["MARKETING_VERSION"] ?? "", settings)),
            ("CFBundleVersion", expand(settings["CURRENT_PROJECT_VERSION"] ?? "", settings)),
            ("CFBundleDevelopmentRegion", expand(settings["DEVELOPMENT_LANGUAGE"] ?? "", settings)),
            ("CFBundlePackageType", "APPL"),
        ]
        for (key, value) in added where ((info[key] as? String) ?? "").isEmpty && !value.isEmpty {
            info[key] = value
        }
        if ((info["CFBundleDevelopmentRegion"] as? String) ?? "").isEmpty { info["CFBundleDevelopmentRegion"] = "en" }
        return info
    }

    /// A property-list value as Foundation's (strings, numbers and Booleans, arrays,
    /// dictionaries), with `$(VAR)` and `${VAR}` expanded from the build settings.
    static func plain(_ value: XcodeProject.PropertyListValue, settings: [String: String]) -> Any {
        switch value {
        case .string(let text): return expand(text, settings)
        case .scalar(let text):
            if text == "true" || text == "YES" { return true }
            if text == "false" || text == "NO" { return false }
            if let number = Int(text) { return number }
            if let number = Double(text) { return number }
            return text
        case .array(let items): return items.map { plain($0, settings: settings) }
        case .dictionary(let entries): return entries.mapValues { plain($0, settings: settings) }
        }
    }

    static func expand(_ text: String, _ settings: [String: String]) -> String {
        guard text.contains("$") else { return text }
        var result = text
        for (open, close) in [("$(", ")"), ("${", "}")] {
            while let start = result.range(of: open), let end = result[start.upperBound...].range(of: close) {
                let name = String(result[start.upperBound..<end.lowerBound])
                let key = name.split(separator: ":").first.map(String.init) ?? name
                result.replaceSubrange(start.lowerBound..<end.upperBound, with: settings[key] ?? "")
            }
        }
        return result
    }
}
