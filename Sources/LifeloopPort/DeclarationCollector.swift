import SwiftSyntax

/// The attributes the port step removes: they only expose declarations to Objective-C or
/// to Interface Builder.
let objcAttributes: Set<String> = [
    "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction", "GKInspectable",
    "objc", "objcMembers", "nonobjc",
]

extension AttributeListSyntax {
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == name {
                return attribute
            }
        }
        return nil
    }

    func has(_ name: String) -> Bool { attribute(named: name) != nil }

    /// The name `@objc(name)` gives, if any.
    var objcCustomName: String? {
        guard let attribute = attribute(named: "objc"), case .objCName(let pieces)? = attribute.arguments else { return nil }
        return pieces.trimmedDescription.filter { !$0.isWhitespace }
    }
}

extension DeclModifierListSyntax {
    func has(_ name: String) -> Bool { contains { $0.name.text == name } }
    var isFilePrivate: Bool { has("private") || has("fileprivate") }
    var isPublic: Bool { has("public") || has("open") }
}

/// A written type without its outermost `!` or `?`.
func unwrapped(_ type: TypeSyntax) -> (base: TypeSyntax, optional: Bool) {
    if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return (iuo.wrappedType, true) }
    if let optional = type.as(OptionalTypeSyntax.self) { return (optional.wrappedType, true) }
    return (type, false)
}

/// Pass one: what each file declares (classes, their outlets and methods, `@objc`
/// protocols) and where it names selectors.
final class DeclarationCollector: SyntaxVisitor {
    /// The selectors of overridable methods whose presence UIKit checks, not just calls.
    static let selectorsUIKitAsksAbout: Set<String> = ["tableView:commit:forRowAt:"]

    let fileIndex: Int
    let path: String
    let converter: SourceLocationConverter
    var classes: [ClassInfo] = []
    var protocols: [ProtocolInfo] = []
    var selectors: [SelectorReference] = []
    var extensionMembers: [ExtensionMembers] = []
    var diagnostics: [PortDiagnostic] = []

    /// The enclosing type declarations: names, and the class or extension collecting members.
    private enum Scope {
        case type(String, ClassInfo?)
        case extensionOf(String, Int, objc: Bool)
        case other(String)
    }
    private var scopes: [Scope] = []
    private var functionDepth = 0

    init(fileIndex: Int, path: String, tree: SourceFileSyntax) {
        self.fileIndex = fileIndex
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private var typePath: [String] {
        scopes.map {
            switch $0 {
            case .type(let name, _), .other(let name): name
            case .extensionOf(let name, _, _): name
            }
        }
    }

    var enclosingTypeName: String? { typePath.isEmpty ? nil : typePath.joined(separator: ".") }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let qualified = (typePath + [name]).joined(separator: ".")
        let superName = node.inheritanceClause?.inheritedTypes.first.map { inherited -> String in
            let text = inherited.type.trimmedDescription
            // Generic arguments are not part of the class's name.
            return String(text.prefix { $0 != "<" })
        }
        let info = ClassInfo(
            qualifiedName: qualified, simpleName: name, superName: superName, fileIndex: fileIndex,
            closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
            isPublic: node.modifiers.isPublic, isLocal: functionDepth > 0,
            objcMembers: node.attributes.has("objcMembers"))
        classes.append(info)
        scopes.append(.type(name, info))
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.other(node.name.text))
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.other(node.name.text))
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(.other(node.name.text))
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        extensionMembers.append(ExtensionMembers(extendedType: name, fileIndex: fileIndex, methods: [], outlets: []))
        scopes.append(.extensionOf(name, extensionMembers.count - 1, objc: node.attributes.has("objc")))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.attributes.has("objc") else { return .skipChildren }
        var requirements: [OptionalRequirement] = []
        for member in node.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), function.modifiers.has("optional") {
                requirements.append(OptionalRequirement(
                    name: function.name.text,
                    defaultImplementation: defaultImplementation(of: function, in: node.name.text)))
            } else if let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.has("optional") {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let type = binding.typeAnnotation?.type else { continue }
                    var implementation: String?
                    if unwrapped(type).optional {
                        implementation = "var \(name): \(type.trimmedDescription) { nil }"
                    } else {
                        diagnose(.error, at: Syntax(variable),
                                 "optional requirement '\(name)' of @objc protocol \(node.name.text) has the non-optional type "
                                    + "\(type.trimmedDescription): Swift without Objective-C has no optional requirements and no default "
                                    + "value can be made for it, so every conforming type must implement it")
                    }
                    requirements.append(OptionalRequirement(name: name, defaultImplementation: implementation))
                }
            }
        }
        protocols.append(ProtocolInfo(name: node.name.text, fileIndex: fileIndex, isPublic: node.modifiers.isPublic,
                                      requirements: requirements))
        return .skipChildren
    }

    private func defaultImplementation(of function: FunctionDeclSyntax, in protocolName: String) -> String? {
        let signature = "func \(function.name.text)\(function.genericParameterClause?.trimmedDescription ?? "")"
            + "\(function.signature.trimmedDescription)\(function.genericWhereClause.map { " " + $0.trimmedDescription } ?? "")"
        guard let returnType = function.signature.returnClause?.type else { return signature + " {}" }
        let text = returnType.trimmedDescription
        if text == "Void" || text == "()" { return signature + " {}" }
        if unwrapped(returnType).optional { return signature + " { nil }" }
        diagnose(.error, at: Syntax(function),
                 "optional requirement '\(function.name.text)' of @objc protocol \(protocolName) returns the non-optional "
                    + "\(text): Swift without Objective-C has no optional requirements and no default value can be made "
                    + "for it, so every conforming type must implement it")
        return nil
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node)
        functionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        functionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { functionDepth -= 1 }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        functionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { functionDepth -= 1 }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        functionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) { functionDepth -= 1 }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(node)
        return .visitChildren
    }

    // MARK: Members

    /// The class (or extension) a member declared right here belongs to, and whether the
    /// enclosing declaration exposes every member (`@objcMembers`, `@objc extension`).
    private var memberOwner: (append: (MethodInfo?, OutletInfo?) -> Void, exposesAll: Bool)? {
        guard functionDepth == 0, let scope = scopes.last else { return nil }
        switch scope {
        case .type(_, let info?):
            return ({ method, outlet in
                if let method { info.methods.append(method) }
                if let outlet { info.outlets.append(outlet) }
            }, info.objcMembers)
        case .extensionOf(_, let index, let objc):
            return ({ [self] method, outlet in
                if let method { extensionMembers[index].methods.append(method) }
                if let outlet { extensionMembers[index].outlets.append(outlet) }
            }, objc)
        default:
            return nil
        }
    }

    private func collect(_ node: FunctionDeclSyntax) {
        guard let owner = memberOwner else { return }
        let attributes = node.attributes
        let declaredExposed = attributes.has("objc") || attributes.has("IBAction") || attributes.has("IBSegueAction")
            || (owner.exposesAll && !attributes.has("nonobjc"))
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            MethodParameter(label: parameter.firstName.text == "_" ? nil : parameter.firstName.text,
                            type: parameter.type.trimmedDescription)
        }
        let throwing = node.signature.effectSpecifiers?.throwsClause != nil
        let objcName = attributes.objcCustomName
            ?? ObjCName.selector(baseName: node.name.text, labels: parameters.map(\.label), throwing: throwing)
        // An override UIKit asks about by selector (`respondsToSelector:`) is exposed too, so
        // that Lifeloop can ask the same: a data source that commits edits gets swipe-to-delete.
        let exposed = declaredExposed || (node.modifiers.has("override") && Self.selectorsUIKitAsksAbout.contains(objcName))
        let returnType = node.signature.returnClause?.type.trimmedDescription
        let method = MethodInfo(
            name: node.name.text, parameters: parameters, objcName: objcName,
            returnsValue: returnType != nil && returnType != "Void" && returnType != "()",
            throwing: throwing, isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
            isStatic: node.modifiers.has("static") || node.modifiers.has("class"),
            isGeneric: node.genericParameterClause != nil, isProperty: false, exposed: exposed,
            fileIndex: fileIndex, isFilePrivate: node.modifiers.isFilePrivate)
        owner.append(method, nil)
    }

    private func collect(_ node: VariableDeclSyntax) {
        guard let owner = memberOwner else { return }
        let attributes = node.attributes
        let isOutlet = attributes.has("IBOutlet")
        let exposed = attributes.has("objc") || attributes.has("IBInspectable")
            || (owner.exposesAll && !attributes.has("nonobjc"))
        let isStatic = node.modifiers.has("static") || node.modifiers.has("class")
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isOutlet {
                guard let type = binding.typeAnnotation?.type else {
                    diagnose(.warning, at: Syntax(binding),
                             "outlet '\(name)' has no written type: it cannot be set by name (write its type)")
                    continue
                }
                let base = unwrapped(type).base
                if let array = base.as(ArrayTypeSyntax.self) {
                    owner.append(nil, OutletInfo(name: name, type: array.element.trimmedDescription, isCollection: true))
                } else {
                    owner.append(nil, OutletInfo(name: name, type: base.trimmedDescription, isCollection: false))
                }
            }
            let getter = attributes.objcCustomName ?? ObjCName.unescaped(name)
            owner.append(MethodInfo(
                name: name, parameters: [], objcName: getter, returnsValue: true, throwing: false, isAsync: false,
                isStatic: isStatic, isGeneric: false, isProperty: true, exposed: exposed && !isOutlet,
                fileIndex: fileIndex, isFilePrivate: node.modifiers.isFilePrivate), nil)
        }
    }

    // MARK: Selectors

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector" else { return .visitChildren }
        guard let argument = node.arguments.first else {
            // `#selector` or `#selector()`: nothing to name.
            diagnose(.error, at: Syntax(node), "\(node.trimmedDescription) names no method: write the method it selects, "
                        + "as #selector(name) or with its argument labels, #selector(name(_:with:))")
            return .visitChildren
        }
        var kind = SelectorReference.Kind.method
        if argument.label?.text == "getter" { kind = .getter }
        if argument.label?.text == "setter" { kind = .setter }
        var expression = argument.expression
        // `#selector(name as (T) -> () -> Void)`: the name before the cast.
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first { expression = first }
        if let cast = expression.as(AsExprSyntax.self) { expression = cast.expression }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            expression = only.expression
            if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first { expression = first }
        }
        var typeHint: String?
        var reference: DeclReferenceExprSyntax?
        if let member = expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            if let base = member.base {
                let text = base.trimmedDescription
                if text != "self", let first = text.split(separator: ".").last?.first, first.isUppercase {
                    typeHint = text == "Self" ? enclosingTypeName : text
                }
            }
        } else {
            reference = expression.as(DeclReferenceExprSyntax.self)
        }
        let location = node.startLocation(converter: converter)
        guard let reference else {
            diagnose(.error, at: Syntax(node), "#selector(\(argument.expression.trimmedDescription)) names no method the port step can read")
            return .visitChildren
        }
        let labels = reference.argumentNames.map { $0.arguments.map { $0.name.text == "_" ? nil : ObjCName.unescaped($0.name.text) } }
        selectors.append(SelectorReference(
            fileIndex: fileIndex, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset,
            enclosingType: enclosingTypeName, kind: kind, typeHint: typeHint, baseName: ObjCName.unescaped(reference.baseName.text),
            labels: labels, line: location.line, column: location.column, path: path))
        return .visitChildren
    }

    func diagnose(_ severity: PortDiagnostic.Severity, at node: Syntax, _ message: String) {
        let location = node.startLocation(converter: converter)
        diagnostics.append(PortDiagnostic(severity: severity, path: path, line: location.line, column: location.column,
                                          message: message))
    }
}
