/// The relation of a constraint's expression to zero.
public enum Relation: Sendable, CustomStringConvertible {
    /// `expression <= 0`.
    case lessThanOrEqual
    /// `expression == 0`.
    case equal
    /// `expression >= 0`.
    case greaterThanOrEqual

    /// A readable form, for logs and errors.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// Constraint strengths, as kiwi's: three symbolic levels (strong, medium, weak) folded
/// into one number, so that one strong violation outweighs up to 1,000 medium ones, and
/// ``required`` above them all. A required constraint must hold; the others are satisfied
/// as well as their strengths allow.
public enum Strength {
    /// `create(a, b, c, w)`: `a` strong, `b` medium and `c` weak units (each clipped to
    /// 0…1000), times `w`.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Double {
        var result = 0.0
        result += max(0, min(1000, a * w)) * 1_000_000
        result += max(0, min(1000, b * w)) * 1_000
        result += max(0, min(1000, c * w))
        return result
    }
    /// Must hold: adding one that cannot throws ``SolverError/unsatisfiableConstraint(_:)``.
    public static let required = create(1000, 1000, 1000)
    /// One strong unit.
    public static let strong = create(1, 0, 0)
    /// One medium unit.
    public static let medium = create(0, 1, 0)
    /// One weak unit.
    public static let weak = create(0, 0, 1)

    /// `value` clipped to 0…``required`` (NaN stays NaN, for the solver to refuse).
    public static func clip(_ value: Double) -> Double { value.isNaN ? value : max(0, min(required, value)) }
}

/// A linear constraint `expression (<= | == | >=) 0` with a strength.
///
/// Constraints are compared by identity: adding the same object twice to a solver is a
/// ``SolverError/duplicateConstraint(_:)``, an equal but distinct one is another
/// constraint.
public final class Constraint: CustomStringConvertible {
    /// The expression compared with zero (its terms with the same variable are summed).
    public let expression: Expression
    /// The relation.
    public let relation: Relation
    /// The strength, clipped to 0…``Strength/required``.
    public let strength: Double

    /// Creates `expression relation 0` with `strength` (required by default).
    public init(_ expression: Expression, _ relation: Relation, strength: Double = Strength.required) {
        self.expression = Constraint.reduced(expression)
        self.relation = relation
        self.strength = Strength.clip(strength)
    }

    /// The same constraint with another strength (a new object).
    public func withStrength(_ strength: Double) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// Whether the strength is ``Strength/required``.
    public var isRequired: Bool { strength >= Strength.required }

    /// A readable form, for logs and errors.
    public var description: String { "\(expression) \(relation) 0 | strength = \(strength)" }

    /// Terms of the same variable summed, in the order of their first appearance.
    static func reduced(_ expression: Expression) -> Expression {
        guard expression.terms.count > 1 else { return expression }
        var order: [ObjectIdentifier] = []
        var sums: [ObjectIdentifier: Term] = [:]
        for term in expression.terms {
            let key = ObjectIdentifier(term.variable)
            if var existing = sums[key] {
                existing.coefficient += term.coefficient
                sums[key] = existing
            } else {
                order.append(key)
                sums[key] = term
            }
        }
        return Expression(terms: order.map { sums[$0]! }, constant: expression.constant)
    }
}

/// What the solver refuses, as kiwi's exceptions.
public enum SolverError: Error, CustomStringConvertible {
    /// A required constraint cannot hold together with the required ones already added.
    case unsatisfiableConstraint(Constraint)
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required.
    case badRequiredStrength
    /// The tableau is in a state the algorithm cannot leave (a bug, or an unbounded
    /// objective from values that overflow).
    case internalSolverError(String)
    /// A coefficient, constant, strength or suggested value that is NaN or infinite; the
    /// message names it.
    case nonFiniteValue(String)

    /// A readable form, for logs and errors.
    public var description: String {
        switch self {
        case .unsatisfiableConstraint(let c): "unsatisfiable constraint: \(c)"
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .badRequiredStrength: "an edit variable cannot have the required strength"
        case .internalSolverError(let message): "internal solver error: \(message)"
        case .nonFiniteValue(let message): "not a finite number: \(message)"
        }
    }
}
