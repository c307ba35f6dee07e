// What one Swift file uses of an API, as its syntax shows it: the facts the UIKit survey
// (`scripts/uikit-survey.py`) turns into symbols and resolves against the UIKit module.
// The file is parsed, never type-checked: names are recorded as written, with enough
// of their context (the declared type of a variable, the enclosing class and its
// superclass, a call's argument labels) for the compiler to resolve them later.
import SwiftParser
import SwiftSyntax

/// The API uses one Swift file's syntax shows.
///
/// ``UseSurvey/survey(source:)`` parses a file and records, without type-checking it:
/// - every type name written (`UIColor`, `UIView.ContentMode`),
/// - every chain of member accesses and calls from a root name (`view.layer.cornerRadius`,
///   `UIView.animate(withDuration:animations:)`, `UIButton(type:)`), with each call's
///   argument labels and its trailing closures' parameter counts,
/// - the declared type of each variable and parameter with a written type or an
///   initializer call (`let label = UILabel()`),
/// - each class or extension: its inherited names, the signatures of its overrides, and
///   the signatures of its other methods and properties,
/// - the names the file declares (types, functions, variables, cases).
public struct UseSurvey: Codable, Sendable, Equatable {
    /// One link of a chain: a member name, and the call that follows it, if any.
    public struct Link: Codable, Sendable, Equatable {
        /// The member's name (`layer`), or `init` for an initializer call on a type root.
        public var name: String
        /// The argument labels of the call that follows, `_` for an unlabelled one; `nil`
        /// when the member is not called.
        public var labels: [String]?
        /// The parameter count of each trailing closure of that call (the first one is
        /// unlabelled; later ones carry their label in ``trailingLabels``).
        public var trailing: [Int]?
        /// The labels of the second and later trailing closures.
        public var trailingLabels: [String]?
        /// The arguments written as an implicit member (`.center`), by position: their names.
        public var implicitArguments: [Int: String]?
        /// `?` or `!` when the link is followed by optional chaining or a force unwrap.
        public var unwrap: String?

        /// A link named `name`, with the call that follows it, if any.
        public init(name: String, labels: [String]? = nil, trailing: [Int]? = nil, trailingLabels: [String]? = nil,
                    implicitArguments: [Int: String]? = nil, unwrap: String? = nil) {
            self.name = name
            self.labels = labels
            self.trailing = trailing
            self.trailingLabels = trailingLabels
            self.implicitArguments = implicitArguments
            self.unwrap = unwrap
        }
    }
    /// A chain of member accesses from a root name: `root.a.b(x:)`.
    public struct Chain: Codable, Sendable, Equatable {
        /// The name the chain starts at: a variable, `self`, `super`, or a type name.
        public var root: String
        /// `?` or `!` when the root is followed by optional chaining or a force unwrap.
        public var rootUnwrap: String?
        /// The members, outermost last.
        public var links: [Link]
        /// The class or extension the chain is written in, when there is one.
        public var enclosing: String?
        /// `.name` when the chain is assigned an implicit member (`label.textAlignment = .center`).
        public var assignedImplicit: String?
        /// Whether the chain is in a `static` or `class` method, where `self` is the type.
        public var inTypeMethod: Bool?
        /// The line the chain starts on.
        public var line: Int
    }
    /// A class, struct, enum or extension declaration.
    public struct TypeDecl: Codable, Sendable, Equatable {
        /// `class`, `struct`, `enum`, `extension`, `protocol` or `actor`.
        public var kind: String
        /// The declared (or extended) name.
        public var name: String
        /// The inherited names, in order as written.
        public var inherits: [String]
        /// Each `override` member's declaration, without its body or attributes.
        public var overrides: [String]
        /// Each other function's name with its argument labels (`tableView(_:numberOfRowsInSection:)`),
        /// except `@objc` and `@IBAction` ones.
        public var functions: [String]
    }
    /// Every type name written, as written (`UIColor`, `UIView.ContentMode`), once per occurrence.
    public var types: [String] = []
    /// Every capitalised name used as a value on its own (`NSNotFound`, `UIAccessibility`),
    /// not as the root of a chain.
    public var values: [String] = []
    /// Every member chain.
    public var chains: [Chain] = []
    /// Each variable or parameter name with its declared or initialised type (as written,
    /// without optionality); a name declared with two different types is dropped.
    public var variables: [String: String] = [:]
    /// Each type declaration or extension.
    public var declarations: [TypeDecl] = []
    /// Every name the file declares: types, functions, variables, parameters, enum cases.
    public var declaredNames: [String] = []
    /// The modules the file imports.
    public var imports: [String] = []

    /// Surveys one file's source text.
    public static func survey(source: String) -> UseSurvey {
        let tree = Parser.parse(source: source)
        let visitor = SurveyVisitor(tree: tree)
        visitor.walk(tree)
        var survey = visitor.result
        survey.variables = visitor.variableTypes.compactMapValues { $0.count == 1 ? $0.first : nil }
        survey.declaredNames = Array(Set(survey.declaredNames)).sorted()
        return survey
    }
}

private final class SurveyVisitor: SyntaxVisitor {
    var result = UseSurvey()
    var variableTypes: [String: Set<String>] = [:]
    var enclosing: [String] = []
    let converter: SourceLocationConverter

    init(tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: "", tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    func line(_ node: some SyntaxProtocol) -> Int {
        node.startLocation(converter: converter).line
    }

    // MARK: Conditional compilation

    /// Only the clause an iOS build takes is surveyed, when the conditions say it
    /// (`#if os(macOS)` … `#else` … `#endif`: the `#else`); otherwise every clause is.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var values: [Bool?] = []
        for clause in node.clauses {
            values.append(clause.condition.map { Self.evaluateForIOS($0.trimmedDescription) } ?? true)
        }
        var taken: Int?
        for (index, value) in values.enumerated() {
            if value == nil { break }
            if value == true { taken = index; break }
        }
        for (index, clause) in node.clauses.enumerated() where taken == nil || taken == index {
            if let elements = clause.elements { walk(elements) }
        }
        return .skipChildren
    }

    /// `os(iOS)`, `canImport(UIKit)`, their negations and `||`/`&&` of them, as an iOS build
    /// sees them; `nil` when the condition names anything else (`DEBUG`).
    static func evaluateForIOS(_ condition: String) -> Bool? {
        let disjuncts = condition.components(separatedBy: "||")
        var any = false
        for disjunct in disjuncts {
            var all = true
            for atom in disjunct.components(separatedBy: "&&") {
                var text = atom.filter { !$0.isWhitespace }
                var negated = false
                while text.hasPrefix("!") { negated.toggle(); text.removeFirst() }
                while text.hasPrefix("("), text.hasSuffix(")"), text.dropFirst().dropLast().allSatisfy({ $0 != "(" && $0 != ")" }) {
                    text = String(text.dropFirst().dropLast())
                }
                let value: Bool
                switch text {
                case "os(iOS)", "canImport(UIKit)", "os(iOS)||os(tvOS)", "canImport(Foundation)": value = true
                case "os(macOS)", "os(OSX)", "canImport(AppKit)", "os(watchOS)", "os(tvOS)", "os(Linux)",
                     "os(visionOS)", "os(Windows)", "canImport(WatchKit)", "targetEnvironment(macCatalyst)": value = false
                default: return nil
                }
                all = all && (negated ? !value : value)
            }
            any = any || all
        }
        return any
    }

    // MARK: Declarations

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        result.imports.append(node.path.map { $0.name.text }.joined(separator: "."))
        return .skipChildren
    }

    func typeDecl(kind: String, name: String, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax) {
        let inherits = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var overrides: [String] = []
        var functions: [String] = []
        for member in members.members {
            let decl = member.decl
            if let function = decl.as(FunctionDeclSyntax.self) {
                if function.modifiers.contains(where: { $0.name.text == "override" }) {
                    overrides.append(Self.signature(function))
                } else if !function.attributes.contains(where: {
                    ["objc", "IBAction"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? "")
                }) {
                    // (`@objc` and `@IBAction` methods are targets of actions, not protocol methods.)
                    functions.append(Self.functionName(function.name.text, function.signature.parameterClause))
                }
            } else if let variable = decl.as(VariableDeclSyntax.self),
                      variable.modifiers.contains(where: { $0.name.text == "override" }) {
                overrides.append(Self.signature(variable))
            } else if let initializer = decl.as(InitializerDeclSyntax.self),
                      initializer.modifiers.contains(where: { ["override", "required"].contains($0.name.text) }) {
                overrides.append(Self.signature(initializer))
            }
        }
        result.declarations.append(.init(kind: kind, name: name, inherits: inherits,
                                         overrides: overrides, functions: functions))
    }

    static func functionName(_ base: String, _ parameters: FunctionParameterClauseSyntax) -> String {
        base + "(" + parameters.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    /// A member declaration's text without attributes, access modifiers and body.
    static func signature(_ decl: some DeclSyntaxProtocol) -> String {
        var text = ""
        if let function = decl.as(FunctionDeclSyntax.self) {
            let modifiers = function.modifiers.map(\.name.text).filter { ["override", "class", "static"].contains($0) }
            text = (modifiers + ["func"]).joined(separator: " ") + " " + function.name.text
                + (function.genericParameterClause?.trimmedDescription ?? "")
                + function.signature.trimmedDescription
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            let modifiers = variable.modifiers.map(\.name.text).filter { ["override", "class", "static"].contains($0) }
            let binding = variable.bindings.first
            var accessors = "get"
            if let block = binding?.accessorBlock?.accessors.as(AccessorDeclListSyntax.self) {
                let kinds = block.map(\.accessorSpecifier.text)
                accessors = kinds.contains("didSet") || kinds.contains("willSet") ? "observe"
                    : kinds.contains("set") ? "get set" : "get"
            } else if binding?.accessorBlock == nil {
                accessors = "observe"
            }
            text = (modifiers + [variable.bindingSpecifier.text]).joined(separator: " ") + " "
                + (binding?.pattern.trimmedDescription ?? "") + (binding?.typeAnnotation?.trimmedDescription ?? "")
                + " {" + accessors + "}"
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            let modifiers = initializer.modifiers.map(\.name.text).filter { ["override", "required", "convenience"].contains($0) }
            text = (modifiers + ["init" + (initializer.optionalMark?.text ?? "")]).joined(separator: " ")
                + initializer.signature.trimmedDescription
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.joined(separator: " ")
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        typeDecl(kind: "class", name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        typeDecl(kind: "actor", name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        typeDecl(kind: "struct", name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        typeDecl(kind: "enum", name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        typeDecl(kind: "protocol", name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        typeDecl(kind: "extension", name: name, inheritance: node.inheritanceClause, members: node.memberBlock)
        enclosing.append(name)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        return .visitChildren
    }

    var typeMethodDepth = 0

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        if node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { typeMethodDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { typeMethodDepth -= 1 }
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        // `@UIApplicationMain`, `@IBOutlet`: attributes, not types (their arguments are walked).
        if let arguments = node.arguments { walk(arguments) }
        return .skipChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        let name = (node.secondName ?? node.firstName).text
        result.declaredNames.append(name)
        note(variable: name, type: node.type)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        let name = (node.secondName ?? node.firstName).text
        result.declaredNames.append(name)
        if let type = node.type { note(variable: name, type: type) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        // `if let x`, `for x in`, `case .a(let x)`, `catch let x`: names the file binds.
        result.declaredNames.append(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        result.declaredNames.append(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let pattern = node.pattern.as(IdentifierPatternSyntax.self) else { return .visitChildren }
        let name = pattern.identifier.text
        result.declaredNames.append(name)
        if let type = node.typeAnnotation?.type {
            note(variable: name, type: type)
        } else if let value = node.initializer?.value, let type = Self.initialisedType(value) {
            variableTypes[name, default: []].insert(type)
        }
        return .visitChildren
    }

    /// `T(...)`, `T.init(...)`, `T.member` when `T` is capitalised: `T`.
    static func initialisedType(_ expression: ExprSyntax) -> String? {
        var callee = expression
        if let call = expression.as(FunctionCallExpr.self) { callee = call.calledExpression }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            callee = base
        }
        let text = callee.trimmedDescription
        guard let first = text.first, first.isUppercase,
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        // `UIColor.red` is a UIColor, but `UIView.ContentMode.scaleToFill` is not a UIView:
        // only a call, or an unqualified name, says the type.
        // `UIFont.systemFont(ofSize:)` names a factory, not a type.
        guard let last = text.split(separator: ".").last?.first, last.isUppercase else { return nil }
        if expression.is(FunctionCallExpr.self) || !text.contains(".") { return text }
        return nil
    }

    func note(variable name: String, type: TypeSyntax) {
        var type = type
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType; continue }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType; continue }
            if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType; continue }
            break
        }
        let text = type.trimmedDescription
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return }
        variableTypes[name, default: []].insert(text)
    }

    // MARK: Uses

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        result.types.append(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        let text = node.trimmedDescription
        if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            result.types.append(text)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if let first = name.first, first.isUppercase, !Self.isChainPart(Syntax(node)) {
            // A capitalised name used as a value: a constant (`NSNotFound`), or a type
            // (`UIColor` as an argument; `UIView(...)` is a chain).
            result.values.append(name)
        }
        return .visitChildren
    }

    /// Whether a node is the root or a base of a member chain (recorded by that chain).
    static func isChainPart(_ node: Syntax) -> Bool {
        var node = node
        while let parent = node.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == node { return true }
            if let call = parent.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == node {
                node = parent
                continue
            }
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
                node = parent
                continue
            }
            return false
        }
        return false
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `T(...)` with no member: an initializer chain.
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
           let first = reference.baseName.text.first, first.isUppercase {
            var link = UseSurvey.Link(name: "init")
            Self.describe(call: node, into: &link)
            result.chains.append(.init(root: reference.baseName.text, rootUnwrap: nil, links: [link],
                                       enclosing: enclosing.last, assignedImplicit: nil, line: line(node)))
            var outer = Syntax(node)
            while let parent = outer.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
                outer = parent
            }
            if let member = outer.parent?.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == outer {
                // `UIView().member`: recorded again, with `init` as its first link, by the member chain.
                result.chains.removeLast()
            }
        }
        return .visitChildren
    }

    static func describe(call: FunctionCallExprSyntax, into link: inout UseSurvey.Link) {
        link.labels = call.arguments.map { $0.label?.text ?? "_" }
        var implicit: [Int: String] = [:]
        for (index, argument) in call.arguments.enumerated() {
            if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil,
               member.declName.argumentNames == nil {
                implicit[index] = member.declName.baseName.text
            }
        }
        if !implicit.isEmpty { link.implicitArguments = implicit }
        var trailing: [Int] = []
        var labels: [String] = []
        if let closure = call.trailingClosure { trailing.append(parameterCount(closure)) }
        for extra in call.additionalTrailingClosures {
            trailing.append(parameterCount(extra.closure))
            labels.append(extra.label.text)
        }
        if !trailing.isEmpty { link.trailing = trailing }
        if !labels.isEmpty { link.trailingLabels = labels }
    }

    static func parameterCount(_ closure: ClosureExprSyntax) -> Int {
        if let signature = closure.signature?.parameterClause {
            if let simple = signature.as(ClosureShorthandParameterListSyntax.self) { return simple.count }
            if let full = signature.as(ClosureParameterClauseSyntax.self) { return full.parameters.count }
        }
        // `$0`, `$1`: the highest one used, outside nested closures.
        final class Shorthand: SyntaxVisitor {
            var highest = -1
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let text = node.baseName.text
                if text.hasPrefix("$"), let index = Int(text.dropFirst()) { highest = max(highest, index) }
                return .visitChildren
            }
        }
        let visitor = Shorthand(viewMode: .sourceAccurate)
        visitor.walk(closure.statements)
        return visitor.highest + 1
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // Only the outermost access of a chain records it.
        guard !Self.isChainPart(Syntax(node)) else { return .visitChildren }
        var links: [UseSurvey.Link] = []
        var start = Syntax(node)
        while let parent = start.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == start {
                start = parent
            } else {
                break
            }
        }
        var current: ExprSyntax? = start.as(ExprSyntax.self)
        var pendingCall: FunctionCallExprSyntax?
        var root: String?
        var rootUnwrap: String?
        var unwrap: String?
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                pendingCall = call
                current = call.calledExpression
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                var link = UseSurvey.Link(name: member.declName.baseName.text)
                if let call = pendingCall { Self.describe(call: call, into: &link) }
                link.unwrap = unwrap
                unwrap = nil
                pendingCall = nil
                links.insert(link, at: 0)
                current = member.base
                if current == nil { return .visitChildren } // `.implicit` members are not chains
            } else if let force = expression.as(ForceUnwrapExprSyntax.self) {
                if pendingCall == nil { unwrap = "!" }
                current = force.expression
            } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
                if pendingCall == nil { unwrap = "?" }
                current = optional.expression
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                root = reference.baseName.text
                if let call = pendingCall, let first = root?.first, first.isUppercase {
                    var link = UseSurvey.Link(name: "init")
                    Self.describe(call: call, into: &link)
                    link.unwrap = unwrap
                    links.insert(link, at: 0)
                } else if pendingCall != nil {
                    root = nil // `f(x).member`: the type of `f(x)` is not written
                } else {
                    rootUnwrap = unwrap
                }
                current = nil
            } else if expression.is(SuperExprSyntax.self) {
                root = "super"
                rootUnwrap = unwrap
                current = nil
            } else {
                current = nil
            }
        }
        guard let root, !links.isEmpty else { return .visitChildren }
        var assigned: String?
        // `a.b = .c`: unfolded, a sequence of three elements.
        if let list = start.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let index = elements.firstIndex(where: { $0.id == start.id }), index + 2 < elements.count,
               elements[index + 1].is(AssignmentExprSyntax.self),
               let implicit = elements[index + 2].as(MemberAccessExprSyntax.self), implicit.base == nil {
                assigned = implicit.declName.baseName.text
            }
        }
        result.chains.append(.init(root: root, rootUnwrap: rootUnwrap, links: links, enclosing: enclosing.last,
                                   assignedImplicit: assigned, inTypeMethod: typeMethodDepth > 0 ? true : nil,
                                   line: line(node)))
        return .visitChildren
    }
}

private typealias FunctionCallExpr = FunctionCallExprSyntax

private extension Substring {
    func trimmingCharacters() -> String {
        var text = self
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
