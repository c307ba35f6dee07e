/// A variable of a constraint system: the solver writes its solved ``value`` back in
/// ``Solver/updateVariables()``.
///
/// Variables are compared by identity. A variable may be used by several solvers; each
/// keeps its own symbol for it.
public final class Variable: ExpressionConvertible, CustomStringConvertible {
    /// A name for descriptions and errors; it plays no part in solving.
    public var name: String
    /// The value the last ``Solver/updateVariables()`` gave it (0 until then).
    public var value: Double
    /// The solver that last gave this variable a symbol, and the symbol's id: a lookup
    /// without hashing, checked against that solver's own table (a variable may be in
    /// several solvers; the last one wins, the others fall back to their dictionary).
    var symbolHint: (solver: ObjectIdentifier?, id: Int) = (nil, 0)

    /// Creates a variable named `name` with a value of 0.
    public init(_ name: String = "", value: Double = 0) {
        self.name = name
        self.value = value
    }

    /// The expression `1 * self`.
    public var expression: Expression { Expression(terms: [Term(self)], constant: 0) }
    /// A readable form, for logs and errors.
    public var description: String { name.isEmpty ? "v" : name }
}

/// A variable times a coefficient.
public struct Term: ExpressionConvertible, CustomStringConvertible {
    /// The variable.
    public let variable: Variable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// The expression `self + 0`.
    public var expression: Expression { Expression(terms: [self], constant: 0) }
    /// A readable form, for logs and errors.
    public var description: String { coefficient == 1 ? variable.description : "\(coefficient) * \(variable)" }
}

/// A linear expression: a sum of terms plus a constant.
public struct Expression: ExpressionConvertible, CustomStringConvertible {
    /// The terms, in the order they were written (a variable may appear more than once).
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// Creates `terms[0] + terms[1] + … + constant`.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the constant expression `constant`.
    public init(_ constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// Itself.
    public var expression: Expression { self }

    /// The value of the expression with the variables' current values.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
    }

    /// A readable form, for logs and errors.
    public var description: String {
        var parts = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    func scaled(_ factor: Double) -> Expression {
        Expression(terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }
}

/// Something that reads as an ``Expression``: a ``Variable``, a ``Term`` or an expression.
public protocol ExpressionConvertible {
    /// The value as an expression.
    var expression: Expression { get }
}

// MARK: Arithmetic

/// `lhs + rhs`.
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression, r = rhs.expression
    return Expression(terms: l.terms + r.terms, constant: l.constant + r.constant)
}
/// `lhs - rhs`.
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + rhs.expression.scaled(-1)
}
/// `lhs + constant`.
public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    let l = lhs.expression
    return Expression(terms: l.terms, constant: l.constant + rhs)
}
/// `constant + rhs`.
public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs + lhs }
/// `lhs - constant`.
public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs + (-rhs) }
/// `constant - rhs`.
public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs.expression.scaled(-1) + lhs }
/// `lhs * factor`.
public func * <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs.expression.scaled(rhs) }
/// `factor * rhs`.
public func * <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs.expression.scaled(lhs) }
/// `lhs / divisor`.
public func / <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs.expression.scaled(1 / rhs) }
/// `-operand`.
public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression { operand.expression.scaled(-1) }

// MARK: Relations

/// The constraint `lhs == rhs`, required.
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}
/// The constraint `lhs <= rhs`, required.
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}
/// The constraint `lhs >= rhs`, required.
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
/// The constraint `lhs == constant`, required.
public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
/// The constraint `lhs <= constant`, required.
public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
/// The constraint `lhs >= constant`, required.
public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
