import Foundation
import LifeloopCore

/// An Xcode project as Xcode knows it: its `project.pbxproj` read with Lifeloop's own
/// old-style property list reader, each target's Swift sources, resources, frameworks,
/// build settings (for its Debug configuration), module name, Swift version, Info.plist
/// and main storyboard, with every path resolved through the project's groups.
///
/// Files in Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`) are
/// found by listing the folder, less the target's membership exceptions.
public struct XcodeProject: Sendable {
    /// One target of the project.
    public struct Target: Sendable {
        /// The target's name.
        public var name: String
        /// Its product type (`com.apple.product-type.application` for an app).
        public var productType: String
        /// Whether it builds an app.
        public var isApplication: Bool { productType == "com.apple.product-type.application" }
        /// Its Swift sources, absolute paths, in build-phase order.
        public var sources: [String]
        /// Its resources (storyboards, xibs, asset catalogs, strings, other files), absolute
        /// paths; a localized file (`Base.lproj/Main.storyboard`) is listed once per language.
        public var resources: [String]
        /// The frameworks it links, by file name (`MapKit.framework`).
        public var frameworks: [String]
        /// The Swift packages' products it depends on, by name.
        public var packageProducts: [String]
        /// Build settings of the configuration read (the project's, then the target's), with
        /// `$(VAR)` references expanded.
        public var buildSettings: [String: String]
        /// The configuration the settings come from (`Debug` when there is one).
        public var configuration: String
        /// `PRODUCT_MODULE_NAME`: the Swift module the sources are compiled as.
        public var moduleName: String
        /// `SWIFT_VERSION`, when set.
        public var swiftVersion: String?
        /// The Info.plist file (`INFOPLIST_FILE`), absolute, when the target has one.
        public var infoPlist: String?
        /// The Info.plist values: the file's, then the `INFOPLIST_KEY_…` build settings of a
        /// generated one.
        public var infoDictionary: [String: PropertyListValue]
        /// The main storyboard's name (no extension): `UIMainStoryboardFile`, else the first
        /// application scene configuration's `UISceneStoryboardFile`.
        public var mainStoryboard: String?
    }

    /// A property list value of an Info.plist, as far as apps read them.
    public indirect enum PropertyListValue: Sendable, Equatable {
        /// A string.
        case string(String)
        /// A number or a Boolean, as text (`1`, `true`).
        case scalar(String)
        /// An array.
        case array([PropertyListValue])
        /// A dictionary.
        case dictionary([String: PropertyListValue])

        /// The string; nil for another kind.
        public var string: String? {
            if case .string(let value) = self { return value }
            return nil
        }

        /// A dictionary's value; nil when missing or not a dictionary.
        public subscript(key: String) -> PropertyListValue? {
            if case .dictionary(let members) = self { return members[key] }
            return nil
        }

        /// An array's element; nil when out of range or not an array.
        public subscript(index: Int) -> PropertyListValue? {
            if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
            return nil
        }
    }

    /// The `.xcodeproj` folder.
    public var path: String
    /// The folder `SRCROOT` names: the one holding the `.xcodeproj`, or its
    /// `projectDirPath`.
    public var sourceRoot: String
    /// The project's name (the `.xcodeproj` folder's, without the extension).
    public var name: String
    /// Every target, in the project's order.
    public var targets: [Target]
    /// What the reader could not follow (an `.xcconfig` base configuration, a file outside
    /// the project), each a sentence; nothing in them stops a launch by itself.
    public var notes: [String]

    /// Reads the project at `path`: an `.xcodeproj` folder, its `project.pbxproj`, or a
    /// folder holding exactly one `.xcodeproj`.
    /// - Throws: ``XcodeProjectError`` naming the file and, for a syntax error, its line
    ///   and column.
    public static func load(path: String) throws(XcodeProjectError) -> XcodeProject {
        let project = try locate(path)
        let pbxproj = project + "/project.pbxproj"
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path: pbxproj) } catch {
            throw XcodeProjectError("\(pbxproj): cannot read the project: \(error.reason)")
        }
        let plist: OldStylePropertyList
        do { plist = try OldStylePropertyList.parse(bytes) } catch {
            throw XcodeProjectError("\(pbxproj):\(error.line):\(error.column): \(error.message)")
        }
        var reader = Reader(file: pbxproj, projectPath: project, plist: plist)
        return try reader.read()
    }

    /// The target to run: the one named, else the only application target.
    /// - Throws: ``XcodeProjectError`` naming the targets there are when none or several
    ///   fit.
    public func target(named wanted: String?) throws(XcodeProjectError) -> Target {
        if let wanted {
            guard let found = targets.first(where: { $0.name == wanted }) else {
                throw XcodeProjectError("\(path): no target named '\(wanted)'; its targets: \(targets.map(\.name).joined(separator: ", "))")
            }
            return found
        }
        let apps = targets.filter(\.isApplication)
        guard apps.count == 1 else {
            let listed = apps.isEmpty ? "it has no application target (targets: \(targets.map(\.name).joined(separator: ", ")))"
                : "it has \(apps.count) application targets (\(apps.map(\.name).joined(separator: ", "))); choose one with --target"
            throw XcodeProjectError("\(path): \(listed)")
        }
        return apps[0]
    }

    /// The `.xcodeproj` folder `path` stands for.
    static func locate(_ path: String) throws(XcodeProjectError) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasSuffix("/project.pbxproj") { return String(trimmed.dropLast("/project.pbxproj".count)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory) else {
            throw XcodeProjectError("\(path): no such file or folder")
        }
        guard isDirectory.boolValue else {
            throw XcodeProjectError("\(path): not an Xcode project (give the .xcodeproj folder, or the folder that holds one)")
        }
        if trimmed.hasSuffix(".xcodeproj") { return trimmed }
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: trimmed)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        guard contents.count == 1 else {
            throw XcodeProjectError(contents.isEmpty ? "\(path): the folder holds no .xcodeproj"
                : "\(path): the folder holds \(contents.count) projects (\(contents.joined(separator: ", "))); give one")
        }
        return trimmed + "/" + contents[0]
    }
}

/// Why an Xcode project could not be read, naming the file.
public struct XcodeProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, starting with the file.
    public var message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

private struct Reader {
    let file: String
    let projectPath: String
    let plist: OldStylePropertyList
    var objects: [String: OldStylePropertyList] = [:]
    var parents: [String: String] = [:]
    var notes: [String] = []
    var sourceRoot = ""

    init(file: String, projectPath: String, plist: OldStylePropertyList) {
        self.file = file
        self.projectPath = projectPath
        self.plist = plist
    }

    func problem(_ message: String) -> XcodeProjectError { XcodeProjectError("\(file): \(message)") }

    func object(_ id: String, _ what: String) throws(XcodeProjectError) -> OldStylePropertyList {
        guard let found = objects[id] else { throw problem("\(what) refers to object \(id), which the project does not have") }
        guard found.members != nil else { throw problem("object \(id) (\(what)) is not a dictionary") }
        return found
    }

    mutating func read() throws(XcodeProjectError) -> XcodeProject {
        guard plist.members != nil else { throw problem("expected a dictionary at the top level") }
        guard let members = plist["objects"]?.members else { throw problem("no 'objects' dictionary: not a project.pbxproj") }
        for (id, value) in members { objects[id] = value }
        guard let rootID = plist["rootObject"]?.string else { throw problem("no 'rootObject': not a project.pbxproj") }
        let root = try object(rootID, "rootObject")
        let projectFolder = (projectPath as NSString).deletingLastPathComponent
        let directoryPath = root["projectDirPath"]?.string ?? ""
        sourceRoot = directoryPath.isEmpty ? (projectFolder.isEmpty ? "." : projectFolder)
            : (directoryPath.hasPrefix("/") ? directoryPath : projectFolder + "/" + directoryPath)
        // Each group's and file's parent, from the main group down (without recursion).
        if let main = root["mainGroup"]?.string {
            var pending = [main]
            var seen: Set<String> = [main]
            while let id = pending.popLast() {
                for child in objects[id]?["children"]?.strings ?? [] where !seen.contains(child) {
                    seen.insert(child)
                    parents[child] = id
                    pending.append(child)
                }
            }
        }
        let projectName = ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let projectSettings = try settings(list: root["buildConfigurationList"]?.string, wanted: nil, what: "the project")
        var targets: [XcodeProject.Target] = []
        for id in root["targets"]?.strings ?? [] {
            targets.append(try target(id, projectName: projectName, projectSettings: projectSettings))
        }
        return XcodeProject(path: projectPath, sourceRoot: sourceRoot, name: projectName, targets: targets, notes: notes)
    }

    /// A build configuration list's settings: `wanted`, else Debug, else the default one.
    mutating func settings(list: String?, wanted: String?, what: String) throws(XcodeProjectError) -> (name: String, values: [String: String]) {
        guard let list else { return ("Debug", [:]) }
        let configurationList = try object(list, "\(what)'s buildConfigurationList")
        var configurations: [(String, OldStylePropertyList)] = []
        for id in configurationList["buildConfigurations"]?.strings ?? [] {
            let configuration = try object(id, "\(what)'s build configuration")
            configurations.append((configuration["name"]?.string ?? "", configuration))
        }
        let preferred = [wanted, "Debug", configurationList["defaultConfigurationName"]?.string].compactMap { $0 }
        guard let chosen = preferred.lazy.compactMap({ name in configurations.first { $0.0 == name } }).first ?? configurations.first else {
            return ("Debug", [:])
        }
        if chosen.1["baseConfigurationReference"] != nil {
            notes.append("\(what)'s \(chosen.0) configuration has an .xcconfig base; its settings are not read")
        }
        var values: [String: String] = [:]
        for (key, value) in chosen.1["buildSettings"]?.members ?? [] {
            if let string = value.string { values[key] = string }
            else if let strings = value.strings { values[key] = strings.joined(separator: " ") }
        }
        return (chosen.0, values)
    }

    mutating func target(_ id: String, projectName: String,
                         projectSettings: (name: String, values: [String: String])) throws(XcodeProjectError) -> XcodeProject.Target {
        let target = try object(id, "a target")
        let name = target["name"]?.string ?? id
        let own = try settings(list: target["buildConfigurationList"]?.string, wanted: projectSettings.name, what: "target \(name)")
        var raw = projectSettings.values
        for (key, value) in own.values {
            raw[key] = value.replacingOccurrences(of: "$(inherited)", with: raw[key] ?? "").trimmingCharacters(in: .whitespaces)
        }
        let builtIns = ["TARGET_NAME": name, "PROJECT_NAME": projectName, "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
                        "SOURCE_ROOT": sourceRoot, "CONFIGURATION": own.name, "PLATFORM_NAME": "iphonesimulator"]
        raw["PRODUCT_NAME"] = raw["PRODUCT_NAME"] ?? "$(TARGET_NAME)"
        raw["PRODUCT_MODULE_NAME"] = raw["PRODUCT_MODULE_NAME"] ?? "$(PRODUCT_NAME:c99extidentifier)"
        var settings: [String: String] = [:]
        for key in raw.keys.sorted() { settings[key] = Self.expand(raw[key] ?? "", raw: raw, builtIns: builtIns) }

        var sources: [String] = [], resources: [String] = [], frameworks: [String] = []
        for phaseID in target["buildPhases"]?.strings ?? [] {
            let phase = try object(phaseID, "target \(name)'s build phase")
            let isa = phase["isa"]?.string ?? ""
            for buildFileID in phase["files"]?.strings ?? [] {
                let buildFile = try object(buildFileID, "target \(name)'s build file")
                guard let reference = buildFile["fileRef"]?.string else { continue }
                switch isa {
                case "PBXSourcesBuildPhase":
                    sources += try paths(of: reference).filter { $0.hasSuffix(".swift") }
                case "PBXResourcesBuildPhase":
                    resources += try paths(of: reference)
                case "PBXFrameworksBuildPhase":
                    if let fileName = objects[reference].flatMap({ $0["path"]?.string ?? $0["name"]?.string }) {
                        frameworks.append((fileName as NSString).lastPathComponent)
                    }
                default: break
                }
            }
        }
        // Xcode 16's synchronized folders: every file under them, less the exceptions.
        for groupID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
            guard let folder = try path(of: groupID) else { continue }
            var excluded: Set<String> = []
            for exceptionID in objects[groupID]?["exceptions"]?.strings ?? [] {
                guard let exception = objects[exceptionID], exception["target"]?.string == id else { continue }
                for member in exception["membershipExceptions"]?.strings ?? [] { excluded.insert(folder + "/" + member) }
            }
            let (found, foundResources) = Self.listSynchronized(folder, excluded: excluded)
            sources += found
            resources += foundResources
        }
        var packageProducts: [String] = []
        for dependencyID in target["packageProductDependencies"]?.strings ?? [] {
            if let product = objects[dependencyID]?["productName"]?.string { packageProducts.append(product) }
        }

        let infoPlist = settings["INFOPLIST_FILE"].flatMap { $0.isEmpty ? nil : ($0.hasPrefix("/") ? $0 : sourceRoot + "/" + $0) }
        var info: [String: XcodeProject.PropertyListValue] = [:]
        if let infoPlist {
            info = try Self.readInfoPlist(infoPlist)
            // A synchronized folder lists the Info.plist too, unless an exception says not to.
            resources.removeAll { $0 == infoPlist }
        }
        for (key, value) in settings where key.hasPrefix("INFOPLIST_KEY_") {
            let infoKey = String(key.dropFirst("INFOPLIST_KEY_".count))
            if info[infoKey] == nil { info[infoKey] = .string(value) }
        }
        let manifest = info["UIApplicationSceneManifest"]
        let sceneStoryboard = manifest?["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]?[0]?["UISceneStoryboardFile"]?.string
        let mainStoryboard = info["UIMainStoryboardFile"]?.string ?? sceneStoryboard
        return XcodeProject.Target(
            name: name, productType: target["productType"]?.string ?? "", sources: sources, resources: resources,
            frameworks: frameworks, packageProducts: packageProducts, buildSettings: settings, configuration: own.name,
            moduleName: settings["PRODUCT_MODULE_NAME"] ?? Self.identifier(name), swiftVersion: settings["SWIFT_VERSION"],
            infoPlist: infoPlist, infoDictionary: info, mainStoryboard: mainStoryboard.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The files a build file's reference stands for: a file, or each file of a variant
    /// group (a localized storyboard, one per language).
    mutating func paths(of reference: String) throws(XcodeProjectError) -> [String] {
        guard let item = objects[reference] else { throw problem("a build file refers to object \(reference), which the project does not have") }
        if item["isa"]?.string == "PBXVariantGroup" {
            var result: [String] = []
            for child in item["children"]?.strings ?? [] {
                if let found = try path(of: child) { result.append(found) }
            }
            return result
        }
        return try path(of: reference).map { [$0] } ?? []
    }

    /// A file's or group's path on disk, through its groups; nil for one outside the
    /// project (in the SDK, the build products), with a note.
    mutating func path(of id: String) throws(XcodeProjectError) -> String? {
        var components: [String] = []
        var current: String? = id
        var steps = 0
        while let node = current {
            steps += 1
            guard steps < 10_000 else { throw problem("the groups holding object \(id) form a cycle") }
            guard let item = objects[node] else { throw problem("object \(node) is referred to but missing") }
            let ownPath = item["path"]?.string ?? ""
            switch item["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if !ownPath.isEmpty { components.append(ownPath) }
                current = parents[node]
                if current == nil { components.append(sourceRoot) }
            case "SOURCE_ROOT":
                if !ownPath.isEmpty { components.append(ownPath) }
                components.append(sourceRoot)
                current = nil
            case "<absolute>":
                components.append(ownPath)
                current = nil
            default:
                let tree = item["sourceTree"]?.string ?? ""
                if node == id, !(tree == "BUILT_PRODUCTS_DIR" || tree == "SDKROOT") {
                    notes.append("\(ownPath.isEmpty ? id : ownPath) lies in \(tree), outside the project; it is left out")
                }
                return nil
            }
        }
        let joined = components.reversed().joined(separator: "/")
        return Self.normalized(joined)
    }

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The Swift files and resources under a synchronized folder: `.xcassets` and bundles
    /// are one resource each; `.lproj` folders are descended into.
    static func listSynchronized(_ folder: String, excluded: Set<String>) -> (sources: [String], resources: [String]) {
        var sources: [String] = [], resources: [String] = []
        var pending = [folder]
        while let directory = pending.popLast() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let full = directory + "/" + name
                if excluded.contains(full) { continue }
                var isDirectory: ObjCBool = false
                // A symbolic link is not followed: a project's files are its own.
                var info = stat()
                guard lstat(full, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { continue }
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                let ext = (name as NSString).pathExtension
                if isDirectory.boolValue, !["xcassets", "bundle", "storyboardc", "xcdatamodeld", "scnassets"].contains(ext) {
                    pending.append(full)
                } else if ext == "swift" {
                    sources.append(full)
                } else {
                    resources.append(full)
                }
            }
        }
        return (sources.sorted(), resources.sorted())
    }

    static func readInfoPlist(_ path: String) throws(XcodeProjectError) -> [String: XcodeProject.PropertyListValue] {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path: path, maxBytes: 16 << 20) } catch {
            throw XcodeProjectError("\(path): cannot read the target's Info.plist: \(error.reason)")
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) } catch {
            throw XcodeProjectError("\(path): not a property list Lifeloop can read")
        }
        guard case .dictionary(let members)? = convert(object, depth: 0) else {
            throw XcodeProjectError("\(path): an Info.plist is a dictionary at the top level")
        }
        return members
    }

    static func convert(_ value: Any, depth: Int) -> XcodeProject.PropertyListValue? {
        guard depth < 64 else { return nil }
        switch value {
        case let string as String: return .string(string)
        case let dictionary as [String: Any]:
            var members: [String: XcodeProject.PropertyListValue] = [:]
            for (key, member) in dictionary { if let converted = convert(member, depth: depth + 1) { members[key] = converted } }
            return .dictionary(members)
        case let array as [Any]: return .array(array.compactMap { convert($0, depth: depth + 1) })
        case let number as NSNumber: return .scalar(number.stringValue)
        default: return nil
        }
    }

    /// `$(NAME)`, `${NAME}` and `$(NAME:c99extidentifier)` / `:rfc1034identifier` expanded
    /// from the settings and the built-ins, to a fixed depth.
    static func expand(_ value: String, raw: [String: String], builtIns: [String: String], depth: Int = 0) -> String {
        guard depth < 16, value.contains("$") else { return value }
        var out = ""
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            let next = value.index(after: index)
            if character == "$", next < value.endIndex, value[next] == "(" || value[next] == "{" {
                let close: Character = value[next] == "(" ? ")" : "}"
                if let end = value[next...].firstIndex(of: close) {
                    let inner = value[value.index(after: next)..<end]
                    let parts = inner.split(separator: ":", maxSplits: 1)
                    let name = String(parts.first ?? "")
                    var replacement = builtIns[name] ?? raw[name].map { expand($0, raw: raw, builtIns: builtIns, depth: depth + 1) } ?? ""
                    if parts.count == 2 {
                        switch parts[1] {
                        case "c99extidentifier", "identifier": replacement = identifier(replacement)
                        case "rfc1034identifier": replacement = String(replacement.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
                        case "lower": replacement = replacement.lowercased()
                        case "upper": replacement = replacement.uppercased()
                        default: break
                        }
                    }
                    out += replacement
                    index = value.index(after: end)
                    continue
                }
            }
            out.append(character)
            index = next
        }
        return out
    }

    /// A C99 identifier from a name, as Xcode makes module names: other characters become
    /// `_`, and a leading digit is prefixed with `_`.
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.first?.isNumber == true { result = "_" + result }
        return result.isEmpty ? "_" : result
    }
}
