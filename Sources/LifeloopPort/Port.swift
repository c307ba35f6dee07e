import SwiftParser
import SwiftSyntax

/// One Swift file of a module, as the port step reads it.
public struct PortSource: Sendable {
    /// The file's path, as diagnostics and `#sourceLocation` name it (make it absolute).
    public var path: String
    /// The file's text.
    public var text: String

    /// A file to port, with its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A file the port step wrote: the original's text with the Objective-C-only constructs
/// lowered, and the members that reach outlets and methods by name.
public struct PortedFile: Sendable {
    /// The original file's path.
    public var path: String
    /// The rewritten text, which names the original file and lines through `#sourceLocation`.
    public var text: String
}

/// Something the port step has to say about a place in a file.
public struct PortDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is, as a compiler says it.
    public enum Severity: String, Sendable, Hashable {
        /// A construct the port step cannot lower; the file is written all the same.
        case error
        /// A construct that may not behave as it does on iOS.
        case warning
        /// A remark.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// The file's path.
    public var path: String
    /// 1-based line and column (in UTF-8 bytes, as the compiler counts).
    public var line: Int
    /// The 1-based column, in UTF-8 bytes.
    public var column: Int
    /// What the port step has to say, as one sentence.
    public var message: String

    /// A diagnostic at a place in a file.
    public init(severity: Severity, path: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`, as compilers print: Xcode and SwiftPM show it
    /// at the place.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// What porting a module gave: one file per source, in order, and the diagnostics.
public struct PortResult: Sendable {
    /// The ported files, one per source, in the order of the sources.
    public var files: [PortedFile]
    /// What the port step reported, in file and line order.
    public var diagnostics: [PortDiagnostic]

    /// Whether any diagnostic is an error (the files are written all the same).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The port step: UIKit Swift sources made to compile on Linux against Lifeloop's UIKit.
///
/// Swift on Linux has no Objective-C runtime, so it rejects `@IBOutlet`, `@IBAction`,
/// `@objc`, `dynamic`, `#selector` and optional protocol requirements. The port step
/// rewrites a whole module's files at once, and changes only those constructs:
///
/// - `@IBOutlet`, `@IBAction`, `@IBInspectable`, `@IBDesignable`, `@objc`, `@objc(name)`,
///   `@objcMembers`, `@nonobjc` and `dynamic` are removed; the declarations stay.
/// - `#selector(...)` becomes `Selector("objcName")`, with the name the Swift compiler
///   gives the method (`handle(gesture:)` is `handleWithGesture:`).
/// - An `@objc` protocol becomes class-bound; its `optional` requirements get default
///   implementations in a protocol extension, and `delegate?.method?(x)` calls become
///   `delegate?.method(x)`.
/// - Every class with outlets, actions, `@objc` members or methods some `#selector`
///   names gets the `NameWirable` members that reach them by name.
/// - `x.value(forKey: k)` and `x.value(forKeyPath: p)` become `lifeloopValue(of: x, forKey: k)`
///   (`forKeyPath:`), which reads user defaults, string-keyed dictionaries and stored
///   properties by name; `setValue(_:forKey:)` on a `UserDefaults` the file shows becomes
///   `set(_:forKey:)`.
/// - Other key-value coding writes, `NSClassFromString` and method swizzling are reported
///   as errors: Linux has no runtime to do them.
///
/// Every line of the user's code keeps its line number: each file starts with a
/// `#sourceLocation` naming the original, and generated code is fenced by directives, so
/// compiler errors and crash reports point into the original file.
public enum Porter {
    /// Ports all the Swift files of one module.
    public static func port(_ sources: [PortSource]) -> PortResult {
        var module = ModuleIndex()
        var refused: [PortDiagnostic] = []
        // A file whose string interpolations nest too deep is not parsed (see
        // `InterpolationDepth`): an error at the place, and the file is copied as it is.
        let trees: [SourceFileSyntax?] = sources.map { source in
            if let excess = InterpolationDepth.firstExcess(in: source.text) {
                refused.append(PortDiagnostic(
                    severity: .error, path: source.path, line: excess.line, column: excess.column,
                    message: "string literals nest \(excess.depth) deep in string interpolations here, more than the port step "
                        + "reads (\(InterpolationDepth.limit)): the file is copied unchanged; build the string in steps"))
                return nil
            }
            return Parser.parse(source: source.text)
        }
        for (index, tree) in trees.enumerated() {
            guard let tree else { continue }
            let collector = DeclarationCollector(fileIndex: index, path: sources[index].path, tree: tree)
            collector.walk(tree)
            module.add(collector)
        }
        module.resolve()
        var files: [PortedFile] = []
        var diagnostics = module.diagnostics + refused
        for (index, tree) in trees.enumerated() {
            guard let tree else {
                let path = sources[index].path.replacingBackslashesAndQuotes()
                files.append(PortedFile(path: sources[index].path,
                                        text: "#sourceLocation(file: \"\(path)\", line: 1)\n" + sources[index].text))
                continue
            }
            let rewriter = FileRewriter(module: module, fileIndex: index, source: sources[index], tree: tree)
            rewriter.walk(tree)
            files.append(PortedFile(path: sources[index].path, text: rewriter.output()))
            diagnostics += rewriter.diagnostics
        }
        diagnostics.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
        return PortResult(files: files, diagnostics: diagnostics)
    }

}

// MARK: What the module declares

/// A parameter of a method reachable by selector.
struct MethodParameter {
    var label: String?
    var type: String
}

/// A method (or property getter) reachable by selector.
struct MethodInfo {
    var name: String
    var parameters: [MethodParameter]
    var objcName: String
    var returnsValue: Bool
    var throwing: Bool
    var isAsync: Bool
    var isStatic: Bool
    var isGeneric: Bool
    var isProperty: Bool
    /// Whether `@objc`, `@IBAction` or `@objcMembers` exposes it.
    var exposed: Bool
    /// `private`/`fileprivate` in a file other than the class's: the class body cannot call it.
    var fileIndex: Int
    var isFilePrivate: Bool
    var labels: [String?] { parameters.map(\.label) }
}

struct OutletInfo {
    var name: String
    var type: String
    var isCollection: Bool
}

final class ClassInfo {
    let qualifiedName: String
    let simpleName: String
    let superName: String?
    let fileIndex: Int
    /// The class body's closing brace (UTF-8 offset) in its file.
    let closingBrace: Int
    let isPublic: Bool
    let isLocal: Bool
    let objcMembers: Bool
    var outlets: [OutletInfo] = []
    var methods: [MethodInfo] = []
    var hasObjCMembers = false

    init(qualifiedName: String, simpleName: String, superName: String?, fileIndex: Int, closingBrace: Int,
         isPublic: Bool, isLocal: Bool, objcMembers: Bool) {
        self.qualifiedName = qualifiedName
        self.simpleName = simpleName
        self.superName = superName
        self.fileIndex = fileIndex
        self.closingBrace = closingBrace
        self.isPublic = isPublic
        self.isLocal = isLocal
        self.objcMembers = objcMembers
    }

    /// Whether the class gets generated members.
    var isWired: Bool {
        !outlets.isEmpty || hasObjCMembers || methods.contains { $0.exposed && !$0.isStatic }
    }
}

/// An optional requirement of an `@objc` protocol, and its default implementation.
struct OptionalRequirement {
    var name: String
    /// The default implementation's declaration, or nil when none can be made.
    var defaultImplementation: String?
}

struct ProtocolInfo {
    var name: String
    var fileIndex: Int
    var isPublic: Bool
    var requirements: [OptionalRequirement]
}

/// A `#selector(...)` in some file.
struct SelectorReference {
    var fileIndex: Int
    var offset: Int
    var enclosingType: String?
    enum Kind { case method, getter, setter }
    var kind: Kind
    var typeHint: String?
    var baseName: String
    var labels: [String?]?
    var line: Int
    var column: Int
    var path: String
}

/// Members written in extensions, waiting for their class.
struct ExtensionMembers {
    var extendedType: String
    var fileIndex: Int
    var methods: [MethodInfo]
    var outlets: [OutletInfo]
}

struct ModuleIndex {
    var classes: [ClassInfo] = []
    var protocols: [ProtocolInfo] = []
    var selectors: [SelectorReference] = []
    var extensionMembers: [ExtensionMembers] = []
    var diagnostics: [PortDiagnostic] = []
    /// The selector each `#selector` became: file index and UTF-8 offset.
    var selectorNames: [Int: [Int: String]] = [:]
    /// The classes by qualified name and by simple name (the first of each name), so that
    /// looking one up does not scan the module: a module of thousands of classes would
    /// take time quadratic in their number.
    private var classesByQualifiedName: [String: ClassInfo] = [:]
    private var classesBySimpleName: [String: ClassInfo] = [:]
    /// Each file's classes, in order.
    private(set) var classesByFile: [Int: [ClassInfo]] = [:]
    /// Every method and property of the module's classes by unescaped name, in class and
    /// declaration order (made by `resolve()`).
    private var membersByName: [String: [(info: ClassInfo, index: Int)]] = [:]
    /// The optional requirements made non-optional, by base name (made by `resolve()`).
    private(set) var optionalRequirementNames: Set<String> = []

    mutating func add(_ collector: DeclarationCollector) {
        classes += collector.classes
        for info in collector.classes {
            if classesByQualifiedName[info.qualifiedName] == nil { classesByQualifiedName[info.qualifiedName] = info }
            if classesBySimpleName[info.simpleName] == nil { classesBySimpleName[info.simpleName] = info }
            classesByFile[info.fileIndex, default: []].append(info)
        }
        protocols += collector.protocols
        selectors += collector.selectors
        extensionMembers += collector.extensionMembers
        diagnostics += collector.diagnostics
    }

    func findClass(_ name: String) -> ClassInfo? {
        if let info = classesByQualifiedName[name] { return info }
        guard let simple = name.split(separator: ".").last else { return nil }
        return classesBySimpleName[String(simple)]
    }

    /// The class and its ancestors declared in the module.
    func lineage(_ name: String) -> [ClassInfo] {
        var result: [ClassInfo] = []
        var seen: Set<ObjectIdentifier> = []
        var current = findClass(name)
        while let info = current, seen.insert(ObjectIdentifier(info)).inserted {
            result.append(info)
            current = info.superName.flatMap(findClass)
        }
        return result
    }

    mutating func resolve() {
        // Extension members join their class.
        for members in extensionMembers {
            guard let info = findClass(members.extendedType) else { continue }
            for method in members.methods {
                var method = method
                if method.isFilePrivate && method.fileIndex != info.fileIndex { method.exposed = false }
                info.methods.append(method)
            }
            info.outlets += members.outlets
        }
        for info in classes {
            for (index, method) in info.methods.enumerated() {
                membersByName[ObjCName.unescaped(method.name), default: []].append((info, index))
            }
        }
        optionalRequirementNames = Set(protocols.flatMap { $0.requirements.map(\.name) })
        for reference in selectors {
            let name = resolveSelector(reference)
            selectorNames[reference.fileIndex, default: [:]][reference.offset] = name
        }
    }

    private mutating func resolveSelector(_ reference: SelectorReference) -> String {
        switch reference.kind {
        case .getter, .setter:
            for scope in searchScopes(reference) {
                if let (info, index) = members(named: reference.baseName, in: scope).first(where: { $0.info.methods[$0.index].isProperty }) {
                    info.methods[index].exposed = true
                    let getter = info.methods[index].objcName
                    return reference.kind == .getter ? getter : ObjCName.setter(getter)
                }
            }
            return reference.kind == .getter ? reference.baseName : ObjCName.setter(reference.baseName)
        case .method:
            for scope in searchScopes(reference) {
                var candidates: [(ClassInfo, Int)] = []
                for (info, index) in members(named: reference.baseName, in: scope) {
                    let method = info.methods[index]
                    if method.isProperty { continue }
                    if let labels = reference.labels,
                       labels.map({ $0 == "_" ? nil : $0 }) != method.labels.map({ $0.map(ObjCName.unescaped) }) { continue }
                    candidates.append((info, index))
                }
                guard let (info, index) = candidates.first else { continue }
                let names = Set(candidates.map { $0.0.methods[$0.1].objcName })
                if names.count > 1 {
                    diagnostics.append(PortDiagnostic(
                        severity: .warning, path: reference.path, line: reference.line, column: reference.column,
                        message: "#selector(\(reference.baseName)) is ambiguous: it could be \(names.sorted().joined(separator: ", ")); "
                            + "using \(info.methods[index].objcName) (\(info.qualifiedName)); name the argument labels to choose"))
                }
                info.methods[index].exposed = true
                return info.methods[index].objcName
            }
            if let labels = reference.labels {
                return ObjCName.selector(baseName: reference.baseName, labels: labels)
            }
            diagnostics.append(PortDiagnostic(
                severity: .warning, path: reference.path, line: reference.line, column: reference.column,
                message: "#selector(\(reference.baseName)) names no method of this module; taken to have no arguments "
                    + "(\"\(reference.baseName)\"): name the argument labels if it has some"))
            return reference.baseName
        }
    }

    /// Where a selector's method is looked for, in order: the type it names, the enclosing
    /// type (each with its ancestors), then every class of the module (nil).
    private func searchScopes(_ reference: SelectorReference) -> [[ClassInfo]?] {
        var scopes: [[ClassInfo]?] = []
        if let hint = reference.typeHint { scopes.append(lineage(hint)) }
        if let enclosing = reference.enclosingType { scopes.append(lineage(enclosing)) }
        scopes.append(nil)
        return scopes
    }

    /// The methods and properties named `name` (unescaped) of the classes of `scope`, in
    /// order; of every class of the module when `scope` is nil, from the index.
    private func members(named name: String, in scope: [ClassInfo]?) -> [(info: ClassInfo, index: Int)] {
        guard let scope else { return membersByName[name] ?? [] }
        var found: [(info: ClassInfo, index: Int)] = []
        for info in scope {
            for (index, method) in info.methods.enumerated() where ObjCName.unescaped(method.name) == name {
                found.append((info, index))
            }
        }
        return found
    }

    /// Whether the class's generated members override inherited ones: its superclass is
    /// a Lifeloop class, or a class of the module that has them (itself or an ancestor).
    func overrides(_ info: ClassInfo) -> Bool {
        var seen: Set<String> = [info.qualifiedName]
        var superName = info.superName
        while let name = superName {
            if let parent = findClass(name), !seen.contains(parent.qualifiedName) {
                if parent.isWired { return true }
                seen.insert(parent.qualifiedName)
                superName = parent.superName
            } else {
                let simple = name.split(separator: ".").last.map(String.init) ?? name
                return Porter.wirableClasses.contains(simple)
            }
        }
        return false
    }

}
