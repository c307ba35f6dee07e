import SwiftSyntax

/// Pass two: one file's edits (removals and replacements in place, generated members at
/// the closing braces, extensions at the end), then its text.
final class FileRewriter: SyntaxVisitor {
    let module: ModuleIndex
    let fileIndex: Int
    let source: PortSource
    let converter: SourceLocationConverter
    let bytes: [UInt8]
    var diagnostics: [PortDiagnostic] = []
    private var edits: [(start: Int, end: Int, text: String)] = []
    private var trailer: [String] = []
    private let optionalRequirements: Set<String>
    private var objcProtocolDepth = 0
    /// Whether the file imports UIKit or Lifeloop (where `Selector` and `NameWirable` are).
    private var importsLifeloop = false
    /// Whether the rewritten file names `Selector` or `NameWirable`.
    private var needsLifeloop = false

    init(module: ModuleIndex, fileIndex: Int, source: PortSource, tree: SourceFileSyntax) {
        self.module = module
        self.fileIndex = fileIndex
        self.source = source
        self.converter = SourceLocationConverter(fileName: source.path, tree: tree)
        self.bytes = Array(source.text.utf8)
        self.optionalRequirements = module.optionalRequirementNames
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Removals

    /// iOS entry points: on Linux the target's own `main.swift` launches the app.
    static let entryPoints: Set<String> = ["UIApplicationMain", "NSApplicationMain"]

    /// Removes a node and the spaces after it on its line (never a line break).
    private func remove<Node: SyntaxProtocol>(_ node: Node) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var end = node.endPositionBeforeTrailingTrivia.utf8Offset
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        edits.append((start, end, ""))
    }

    private func replace<Node: SyntaxProtocol>(_ node: Node, with text: String) {
        edits.append((node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset, text))
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if objcAttributes.contains(node.attributeName.trimmedDescription) || Self.entryPoints.contains(node.attributeName.trimmedDescription) {
            remove(node)
        }
        return .skipChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "dynamic" || (node.name.text == "optional" && objcProtocolDepth > 0) { remove(node) }
        // `convenience init` in an extension of UIColor or UIFont, classes on iOS and
        // values in Lifeloop: a value's initializer delegates without the word.
        if node.name.text == "convenience", let depth = valueExtensionDepth, typeDepth == depth + 1 { remove(node) }
        return .skipChildren
    }

    /// The UIKit classes that are value types in Lifeloop.
    static let valueTypes: Set<String> = ["UIColor", "UIFont", "Color", "Font"]
    /// The type depth of the extension of a value type being visited, if any.
    private var valueExtensionDepth: Int?

    // MARK: App and scene delegates

    /// The protocols whose conformers UIKit makes by name (the `@main` delegate, the
    /// scene delegate Info.plist names): a class that lists one gets
    /// `LifeloopInstantiable`, so Lifeloop can make it too.
    static let instantiatedProtocols: Set<String> = [
        "UIApplicationDelegate", "ApplicationDelegate", "UISceneDelegate", "SceneDelegate", "UIWindowSceneDelegate",
        "WindowSceneDelegate",
    ]
    /// How deep in type declarations the visit is: only top-level classes are made by name.
    private var typeDepth = 0

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        defer { typeDepth += 1 }
        let main = node.attributes.attribute(named: "main")
        // `@main` marks the app delegate; the launch makes it instead (the sources are
        // built as a library, with no entry point of their own).
        if let main { remove(main) }
        guard typeDepth == 0, node.genericParameterClause == nil else { return .visitChildren }
        reusableFactory(node)
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        requiredLayerInitializers(node, superclass: inherited.first)
        let isMain = main != nil || node.attributes.has("UIApplicationMain")
        guard isMain || inherited.contains(where: Self.instantiatedProtocols.contains) else { return .visitChildren }
        let name = node.name.text
        trailer.append("extension \(name): LifeloopInstantiable {\n    static func lifeloopMake() -> AnyObject { \(name)() }\n}")
        if isMain {
            trailer.append("@_cdecl(\"lifeloop_main_delegate\")\npublic func _lifeloopMainDelegate() -> UnsafeMutableRawPointer {\n"
                           + "    Unmanaged.passRetained(\(name)() as AnyObject).toOpaque()\n}")
        }
        needsLifeloop = true
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { typeDepth -= 1 }

    /// The UIKit reusable view a registered class is made from, with the factory a
    /// subclass gets: the initializer's labels it needs, and the member's text.
    static func reusableBase(_ name: String) -> (labels: String, member: (String) -> String)? {
        switch name {
        case "UICollectionViewCell", "CollectionViewCell", "UICollectionViewListCell", "CollectionViewListCell",
             "UICollectionReusableView", "CollectionReusableView":
            return ("frame:", { "override class func lifeloopMakeReusable() -> CollectionReusableView? { \($0)(frame: .zero) }" })
        case "UITableViewCell", "TableViewCell":
            return ("style:reuseIdentifier:", {
                "override class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewCell? { \($0)(style: .default, reuseIdentifier: reuseIdentifier) }"
            })
        case "UITableViewHeaderFooterView", "TableViewHeaderFooterView":
            return ("reuseIdentifier:", {
                "override class func lifeloopMakeReusable(reuseIdentifier: String) -> TableViewHeaderFooterView? { \($0)(reuseIdentifier: reuseIdentifier) }"
            })
        default:
            return nil
        }
    }

    /// A top-level subclass of a UIKit cell or reusable view gets the class method that
    /// makes one (UIKit makes a registered class by name), on the line of its closing
    /// brace so no line moves. Skipped when the class declares initializers and none with
    /// the labels the method needs.
    private func reusableFactory(_ node: ClassDeclSyntax) {
        var superName = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        var seen: Set<String> = [node.name.text]
        while let name = superName, let parent = module.findClass(name), seen.insert(parent.qualifiedName).inserted {
            superName = parent.superName
        }
        guard let base = superName.flatMap({ Self.reusableBase($0.split(separator: ".").last.map(String.init) ?? $0) }) else { return }
        var designated: [String] = []
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                  !initializer.modifiers.contains(where: { $0.name.text == "convenience" }) else { continue }
            designated.append(initializer.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined())
        }
        if !designated.isEmpty, !designated.contains(base.labels) { return }
        let brace = node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        // A separator only when the brace shares its line with the last member.
        var start = brace
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        let separator = start > 0 && bytes[start - 1] != UInt8(ascii: "\n") && bytes[start - 1] != UInt8(ascii: "{") ? "; " : ""
        edits.append((brace, brace, separator + base.member(node.name.text) + " "))
        needsLifeloop = true
    }
    /// A layer subclass's `override init()` and `override init(layer: Any)` become
    /// `required`: Lifeloop makes layers of the app's class through them (a view's
    /// `layerClass`, a presentation copy), as Core Animation does through the Objective-C
    /// runtime on iOS.
    private func requiredLayerInitializers(_ node: ClassDeclSyntax, superclass: String?) {
        guard let superclass, superclass.range(of: #"^(QuartzCore\.)?CA\w*Layer$"#, options: .regularExpression) != nil
        else { return }
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil,
                  let modifier = initializer.modifiers.first(where: { $0.name.text == "override" }),
                  !initializer.modifiers.contains(where: { $0.name.text == "required" }) else { continue }
            let parameters = initializer.signature.parameterClause.parameters
            let labels = parameters.map(\.firstName.text)
            if labels.isEmpty || labels == ["layer"] {
                replace(modifier.name, with: "required")
            }
        }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { typeDepth += 1; return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { typeDepth -= 1 }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { typeDepth += 1; return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { typeDepth -= 1 }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if valueExtensionDepth == nil, Self.valueTypes.contains(node.extendedType.trimmedDescription) { valueExtensionDepth = typeDepth }
        typeDepth += 1
        extensionMemberDepths.append(typeDepth)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        typeDepth -= 1
        extensionMemberDepths.removeLast()
        if valueExtensionDepth == typeDepth { valueExtensionDepth = nil }
    }
    /// The type depths of the members of the extensions being visited.
    private var extensionMemberDepths: [Int] = []

    /// An override written in an extension: legal on iOS, where UIKit's members are
    /// `@objc`; Swift on Linux allows no override there. Said at its line, with the way out.
    private func checkOverrideInExtension(_ node: some SyntaxProtocol, modifiers: DeclModifierListSyntax, name: String) {
        guard extensionMemberDepths.last == typeDepth, modifiers.contains(where: { $0.name.text == "override" }) else { return }
        diagnose(node, "'override \(name)' is in an extension: on iOS UIKit's members are @objc, which lets an extension override them; on Linux nothing is @objc and Swift allows no override in an extension; move it into the class's own body")
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        checkOverrideInExtension(node, modifiers: node.modifiers, name: "func \(node.name.text)")
        typeDepth += 1
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.trimmedDescription ?? ""
        checkOverrideInExtension(node, modifiers: node.modifiers, name: "var \(name)")
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { typeDepth -= 1 }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.attributes.has("objc") else { return .visitChildren }
        objcProtocolDepth += 1
        // An @objc protocol is class-bound; without @objc it must say so (`weak var delegate: P?`).
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if !inherited.contains(where: { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }) {
            if let last = node.inheritanceClause?.inheritedTypes.last {
                edits.append((last.endPositionBeforeTrailingTrivia.utf8Offset, last.endPositionBeforeTrailingTrivia.utf8Offset, ", AnyObject"))
            } else {
                let end = (node.primaryAssociatedTypeClause.map { Syntax($0) } ?? Syntax(node.name)).endPositionBeforeTrailingTrivia.utf8Offset
                edits.append((end, end, ": AnyObject"))
            }
        }
        if let info = module.protocols.first(where: { $0.name == node.name.text && $0.fileIndex == fileIndex }) {
            let implementations = info.requirements.compactMap(\.defaultImplementation)
            if !implementations.isEmpty {
                let access = info.isPublic ? "public " : ""
                trailer.append("extension \(node.name.text) {\n"
                    + implementations.map { "    \(access)\($0)\n" }.joined() + "}")
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) {
        if node.attributes.has("objc") { objcProtocolDepth -= 1 }
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text, module == "UIKit" || module == "Lifeloop" { importsLifeloop = true }
        return .skipChildren
    }

    // MARK: Selectors and optional requirements

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "selector",
           let name = module.selectorNames[fileIndex]?[node.positionAfterSkippingLeadingTrivia.utf8Offset] {
            replace(node, with: "Selector(\"\(name)\")")
            needsLifeloop = true
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.expression.as(MemberAccessExprSyntax.self),
           optionalRequirements.contains(member.declName.baseName.text),
           let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            remove(node.questionMark)
        }
        return .visitChildren
    }

    // MARK: Bridging casts

    /// `value as? CGRect` (and `as!`): on iOS an `NSValue` in a dictionary of `Any` (the
    /// keyboard's frames in a notification's user info) casts to `CGRect`; Linux has no
    /// such bridging, so the cast becomes `CGRect(lifeloopBridging: value)`, which reads
    /// either. Only a sequence that is the cast alone is rewritten (`info[key] as? CGRect`),
    /// so no operator precedence changes.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
              let type = elements[2].as(TypeExprSyntax.self), type.type.trimmedDescription == "CGRect",
              let mark = cast.questionOrExclamationMark else { return .visitChildren }
        let operand = elements[0]
        edits.append((operand.positionAfterSkippingLeadingTrivia.utf8Offset, operand.positionAfterSkippingLeadingTrivia.utf8Offset,
                      "CGRect(lifeloopBridging: "))
        edits.append((operand.endPositionBeforeTrailingTrivia.utf8Offset, type.endPositionBeforeTrailingTrivia.utf8Offset,
                      mark.tokenKind == .exclamationMark ? ")!" : ")"))
        return .visitChildren
    }

    // MARK: What Linux has no runtime for

    private static let runtimeFunctions: [String: String] = [
        "NSClassFromString": "NSClassFromString looks a class up by name in the Objective-C runtime",
        "NSSelectorFromString": "NSSelectorFromString makes a selector at run time: write Selector(\"name\") with a literal name",
        "method_exchangeImplementations": "method swizzling exchanges method implementations in the Objective-C runtime",
        "method_setImplementation": "method swizzling replaces a method implementation in the Objective-C runtime",
        "class_getInstanceMethod": "class_getInstanceMethod reads the Objective-C runtime's method tables",
        "class_getClassMethod": "class_getClassMethod reads the Objective-C runtime's method tables",
        "class_addMethod": "class_addMethod adds a method to a class in the Objective-C runtime",
        "class_replaceMethod": "class_replaceMethod replaces a method in the Objective-C runtime",
        "objc_setAssociatedObject": "associated objects are kept by the Objective-C runtime",
        "objc_getAssociatedObject": "associated objects are kept by the Objective-C runtime",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `Bundle(for: AnyClass.self)`: an app's own class is in the app's bundle, which
        // on Linux is `Bundle.lifeloopMain` (Foundation would give the loaded library's).
        if let type = node.calledExpression.as(DeclReferenceExprSyntax.self), type.baseName.text == "Bundle",
           node.arguments.count == 1, node.arguments.first?.label?.text == "for", node.trailingClosure == nil {
            replace(node, with: "Bundle.lifeloopMain")
            needsLifeloop = true
            return .skipChildren
        }
        // `NSError()`: Foundation on Linux has no `init()` for it (Apple's gives an empty
        // domain and code 0).
        if let type = node.calledExpression.as(DeclReferenceExprSyntax.self), type.baseName.text == "NSError",
           node.arguments.isEmpty, node.trailingClosure == nil {
            replace(node, with: "NSError(domain: \"\", code: 0)")
            return .skipChildren
        }
        // `Timer()`: a placeholder timer before the real one is made. Foundation on Linux
        // has no `init()` for it; an unscheduled timer that never fires stands in.
        if let type = node.calledExpression.as(DeclReferenceExprSyntax.self), type.baseName.text == "Timer",
           node.arguments.isEmpty, node.trailingClosure == nil {
            replace(node, with: "Timer(timeInterval: 0, repeats: false, block: { _ in })")
            return .skipChildren
        }
        let labels = node.arguments.map { $0.label?.text }
        var name: String?
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        }
        guard let name else { return .visitChildren }
        // `Timer(timeInterval:target:selector:userInfo:repeats:)`: Foundation's `Timer` has
        // nowhere to keep the userInfo; Lifeloop's factory makes a timer that does.
        if name == "Timer", let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
           labels == ["timeInterval", "target", "selector", "userInfo", "repeats"] {
            replace(callee, with: "Timer.lifeloopTimer")
        }
        if let reason = Self.runtimeFunctions[name], node.calledExpression.is(DeclReferenceExprSyntax.self) {
            diagnose(node, "\(name) is not supported by the port step: \(reason), and Linux has no Objective-C runtime")
        } else if name == "value", labels == ["forKey"] || labels == ["forKeyPath"] {
            lowerKeyValueRead(node, keyPath: labels == ["forKeyPath"])
        } else if name == "setValue", labels == [nil, "forKey"] || labels == [nil, "forKeyPath"] {
            lowerKeyValueWrite(node, labels: labels)
        }
        return .visitChildren
    }

    // MARK: Key-value coding

    /// Names bound in this file to `UserDefaults…` (`let defaults = UserDefaults.standard`).
    private var userDefaultsNames: Set<String> = []

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let value = node.initializer?.value.trimmedDescription, value.hasPrefix("UserDefaults") {
            userDefaultsNames.insert(name)
        }
        return .visitChildren
    }

    /// Whether `expression` is known, from this file's text, to be a `UserDefaults`.
    private func isUserDefaults(_ expression: ExprSyntax) -> Bool {
        let text = expression.trimmedDescription
        return text.hasPrefix("UserDefaults") || userDefaultsNames.contains(text)
    }

    /// `X.value(forKey: k)` (and `value(forKey: k)` on `self`, `X?.value(forKeyPath: p)`)
    /// becomes `lifeloopValue(of: X, forKey: k)`: Lifeloop reads user defaults, dictionaries
    /// and stored properties by name (see `lifeloopValue(of:forKey:)`).
    private func lowerKeyValueRead(_ node: FunctionCallExprSyntax, keyPath: Bool) {
        guard node.arguments.count == 1, node.trailingClosure == nil, let leftParen = node.leftParen else { return }
        let open = leftParen.endPositionBeforeTrailingTrivia.utf8Offset
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return }
            // Edits around the receiver, not over it, keep the receiver's own lowerings.
            let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
            let start = receiver.positionAfterSkippingLeadingTrivia.utf8Offset
            edits.append((start, start, "lifeloopValue(of: "))
            edits.append((receiver.endPositionBeforeTrailingTrivia.utf8Offset, open, ", "))
        } else {
            edits.append((node.calledExpression.positionAfterSkippingLeadingTrivia.utf8Offset, open, "lifeloopValue(of: self, "))
        }
        needsLifeloop = true
    }

    /// `defaults.setValue(v, forKey: k)` on a `UserDefaults` (as this file shows it is)
    /// becomes `defaults.set(v, forKey: k)`; on anything else it is an error.
    private func lowerKeyValueWrite(_ node: FunctionCallExprSyntax, labels: [String?]) {
        if labels == [nil, "forKey"], let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base, isUserDefaults(base.as(OptionalChainingExprSyntax.self)?.expression ?? base) {
            replace(member.declName, with: "set")
            return
        }
        let call = "setValue(\(labels.map { ($0 ?? "_") + ":" }.joined()))"
        diagnose(node, "\(call) is key-value coding, which is not supported by the port step: it sets properties "
                    + "by name through the Objective-C runtime, and Linux has none; set the property, or use a Swift key path "
                    + "(on UserDefaults, set(_:forKey:) works)")
    }

    private func diagnose(_ node: some SyntaxProtocol, _ message: String) {
        let location = node.startLocation(converter: converter)
        diagnostics.append(PortDiagnostic(severity: .error, path: source.path, line: location.line, column: location.column,
                                          message: message))
    }

    // MARK: The app's bundle

    /// `Bundle.main` (and `.main` passed as a `bundle:` argument) becomes
    /// `Bundle.lifeloopMain`, the calling thread's app's bundle: on Linux `Bundle.main` is
    /// the `lifeloop` executable's, which holds none of the app's resources.
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `NotificationCenter.default` becomes `NotificationCenter.lifeloopDefault`, the
        // calling thread's app's center, where its application, keyboard and text
        // notifications are posted (the process's center is shared by every app in it).
        if node.declName.baseName.text == "default", node.declName.argumentNames == nil,
           let type = node.base?.as(DeclReferenceExprSyntax.self), type.baseName.text == "NotificationCenter" {
            replace(node, with: "NotificationCenter.lifeloopDefault")
            needsLifeloop = true
            return .skipChildren
        }
        guard node.declName.baseName.text == "main", node.declName.argumentNames == nil else { return .visitChildren }
        // A method called `main` is not the property.
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return .visitChildren }
        if let base = node.base {
            guard let type = base.as(DeclReferenceExprSyntax.self), type.baseName.text == "Bundle",
                  type.argumentNames == nil else { return .visitChildren }
        } else {
            guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == "bundle",
                  argument.expression.id == node.id else { return .visitChildren }
        }
        replace(node, with: "Bundle.lifeloopMain")
        needsLifeloop = true
        return .skipChildren
    }

    /// `NSLocalizedString` becomes `lifeloopLocalizedString` (the same parameters), whose
    /// bundle is by default the app's rather than the process's `Bundle.main`.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == "NSLocalizedString", node.parent?.is(MemberAccessExprSyntax.self) != true {
            replace(node.baseName, with: "lifeloopLocalizedString")
            needsLifeloop = true
        }
        return .visitChildren
    }

    // MARK: Output

    /// The path as a Swift string literal's contents.
    private var quotedPath: String {
        source.path.replacingBackslashesAndQuotes()
    }

    func output() -> String {
        var all = edits
        let indentationOf: (Int) -> String = { [bytes] offset in
            var start = offset
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            let prefix = bytes[start..<offset]
            return prefix.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
                ? String(decoding: prefix, as: UTF8.self) : ""
        }
        for info in module.classesByFile[fileIndex] ?? [] where info.isWired {
            if info.isLocal {
                diagnostics.append(PortDiagnostic(
                    severity: .warning, path: source.path,
                    line: converter.location(for: AbsolutePosition(utf8Offset: info.closingBrace)).line, column: 1,
                    message: "class \(info.simpleName) is declared inside a function: its outlets and methods cannot be reached by name"))
                continue
            }
            let overrides = module.overrides(info)
            let line = converter.location(for: AbsolutePosition(utf8Offset: info.closingBrace)).line
            let indentation = indentationOf(info.closingBrace)
            let members = MemberGenerator(info: info, overrides: overrides, indentation: indentation + "    ").text
            let text = "\n#sourceLocation()\n" + members + "#sourceLocation(file: \"\(quotedPath)\", line: \(line))\n" + indentation
            // The brace's own indentation is written again before it, after the directive.
            let lineStart = info.closingBrace - indentation.utf8.count
            all.append((lineStart, info.closingBrace, indentation.isEmpty ? text : text))
            if !overrides { trailer.append("extension \(info.qualifiedName): NameWirable {}") }
            needsLifeloop = true
        }
        all.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 512)
        // A file that imports neither UIKit nor Lifeloop (an NSObject model importing
        // Foundation) gets Lifeloop for `Selector` and `NameWirable`, before line 1.
        if needsLifeloop && !importsLifeloop { result += Array("import Lifeloop\n".utf8) }
        result += Array("#sourceLocation(file: \"\(quotedPath)\", line: 1)\n".utf8)
        var cursor = 0
        for edit in all where edit.start >= cursor {
            result += bytes[cursor..<edit.start]
            result += Array(edit.text.utf8)
            cursor = edit.end
        }
        result += bytes[cursor...]
        if !trailer.isEmpty {
            if result.last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
            result += Array(("#sourceLocation()\n" + trailer.joined(separator: "\n") + "\n").utf8)
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    func replacingBackslashesAndQuotes() -> String {
        var out = ""
        for character in self {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}

/// The ``NameWirable`` members of one class.
struct MemberGenerator {
    let info: ClassInfo
    let overrides: Bool
    let indentation: String

    var text: String {
        let modifiers = (info.isPublic ? "public " : "") + (overrides ? "override " : "")
        let i1 = indentation, i2 = indentation + "    ", i3 = indentation + "        "
        var out = ""
        // Outlets.
        out += "\(i1)\(modifiers)func lifeloopSetOutlet(named name: String, to value: Any?) -> Bool {\n"
        let outletFallback = overrides ? "super.lifeloopSetOutlet(named: name, to: value)" : "false"
        if info.outlets.isEmpty {
            out += "\(i2)return \(outletFallback)\n"
        } else {
            out += "\(i2)switch name {\n"
            var seen: Set<String> = []
            for outlet in info.outlets where seen.insert(outlet.name).inserted {
                out += "\(i2)case \"\(outlet.name)\":\n"
                if outlet.isCollection {
                    out += "\(i3)guard let values = value as? [Any] else { return false }\n"
                    out += "\(i3)self.\(outlet.name) = values.compactMap { $0 as? \(outlet.type) }\n"
                } else {
                    out += "\(i3)guard let value = value as? \(outlet.type) else { return false }\n"
                    out += "\(i3)self.\(outlet.name) = value\n"
                }
                out += "\(i3)return true\n"
            }
            out += "\(i2)default:\n\(i3)return \(outletFallback)\n\(i2)}\n"
        }
        out += "\(i1)}\n"

        // Methods.
        var seen: Set<String> = []
        let methods = info.methods.filter { method in
            method.exposed && !method.isStatic && !method.isAsync && !method.isGeneric && seen.insert(method.objcName).inserted
        }
        let performFallback = overrides ? "super.lifeloopPerform(selector, with: arguments)" : ".notFound"
        out += "\(i1)\(modifiers)func lifeloopPerform(_ selector: Selector, with arguments: [Any?]) -> SelectorOutcome {\n"
        if methods.isEmpty {
            out += "\(i2)return \(performFallback)\n"
        } else {
            out += "\(i2)switch selector.name {\n"
            for method in methods {
                out += "\(i2)case \"\(method.objcName)\":\n"
                if method.isProperty {
                    out += "\(i3)return .performed(self.\(method.name))\n"
                    continue
                }
                var arguments: [String] = []
                for (index, parameter) in method.parameters.enumerated() {
                    let value = "a\(index)"
                    let type = parameter.type
                    if type == "Any" {
                        out += "\(i3)let \(value): Any = Selector.lifeloopArgument(arguments, \(index), as: Any.self) as Any\n"
                    } else if type.hasSuffix("?") || type.hasSuffix("!") {
                        let base = String(type.dropLast())
                        out += "\(i3)let \(value) = Selector.lifeloopArgument(arguments, \(index), as: \(parenthesized(base)).self)\n"
                    } else {
                        out += "\(i3)guard let \(value) = Selector.lifeloopArgument(arguments, \(index), as: \(parenthesized(type)).self) "
                            + "else { return .notFound }\n"
                    }
                    arguments.append((parameter.label.map { $0 + ": " } ?? "") + value)
                }
                let call = "self.\(method.name)(\(arguments.joined(separator: ", ")))"
                let tried = method.throwing ? "try? " : ""
                if method.returnsValue {
                    out += "\(i3)return .performed(\(tried)\(call))\n"
                } else {
                    out += "\(i3)\(method.throwing ? "_ = try? " : "")\(call)\n\(i3)return .performed(nil)\n"
                }
            }
            out += "\(i2)default:\n\(i3)return \(performFallback)\n\(i2)}\n"
        }
        out += "\(i1)}\n"

        // Responds.
        let respondsFallback = overrides ? "super.lifeloopResponds(to: selector)" : "false"
        out += "\(i1)\(modifiers)func lifeloopResponds(to selector: Selector) -> Bool {\n"
        if methods.isEmpty {
            out += "\(i2)return \(respondsFallback)\n"
        } else {
            out += "\(i2)switch selector.name {\n"
            out += "\(i2)case \(methods.map { "\"\($0.objcName)\"" }.joined(separator: ", ")):\n\(i3)return true\n"
            out += "\(i2)default:\n\(i3)return \(respondsFallback)\n\(i2)}\n"
        }
        out += "\(i1)}\n"
        return out
    }

    /// A type that can take `.self` after it (function types and compositions need parentheses).
    private func parenthesized(_ type: String) -> String {
        type.contains("->") || type.contains("&") || type.hasPrefix("any ") || type.hasPrefix("some ") ? "(\(type))" : type
    }
}
