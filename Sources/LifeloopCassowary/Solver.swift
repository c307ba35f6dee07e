/// An incremental Cassowary solver (Badros, Borning & Stuckey 2001), in the manner of
/// kiwi: a tableau kept optimal and feasible by the primal simplex as constraints come
/// and go, and by the dual simplex as edit variables get new values.
///
/// Deterministic: every choice walks symbols in creation order (the order variables and
/// constraints were first given to this solver), never hash or address order, so the same
/// calls give the same pivots and the same values on every run.
///
/// A solver is not thread-safe; use one per thread (Lifeloop keeps one per window).
public final class Solver {
    struct Tag {
        var marker: Symbol = .invalid
        var other: Symbol = .invalid
    }

    struct EditInfo {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    /// Rows by the id of their basic symbol (nil where that symbol is not basic).
    private var rows: [Row?] = [nil]
    /// Every symbol's kind, by id.
    private var kinds: [Symbol.Kind] = [.external]
    /// For each symbol (by id), the ids of the basic symbols whose rows hold it: a pivot
    /// visits only the rows it changes. Read in sorted order, so every walk is in creation
    /// order whatever the set's own order.
    private var columns: [Set<Int>] = [[]]
    private var added: [Symbol] = []
    private var removed: [Symbol] = []
    private var constraints: [ObjectIdentifier: (constraint: Constraint, tag: Tag)] = [:]
    private var variableSymbols: [ObjectIdentifier: Symbol] = [:]
    /// Each symbol's variable, by symbol id (nil for symbols of no variable): what a
    /// variable's ``Variable/symbolHint`` is checked against.
    private var variableBySymbol: [Variable?] = [nil]
    /// The variables in the order they were first seen (kept alive while the solver is).
    private var variables: [(variable: Variable, symbol: Symbol)] = []
    /// The value each variable had when ``forEachChangedVariable(_:)`` last reported it
    /// (NaN before the first report), by its place in ``variables``.
    private var reported: [Double] = []
    private var edits: [ObjectIdentifier: EditInfo] = [:]
    private var infeasibleRows: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?

    /// Creates an empty solver.
    public init() {}

    /// The number of constraints in the solver (edit constraints included).
    public var constraintCount: Int { constraints.count }
    /// The number of variables the solver has seen (it keeps them until ``reset()``).
    public var variableCount: Int { variables.count }

    // MARK: Constraints

    /// Adds a constraint.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already there;
    ///   ``SolverError/unsatisfiableConstraint(_:)`` if it is required and cannot hold with
    ///   the required constraints already there (the solver then holds the system it held
    ///   before the call).
    public func addConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw SolverError.duplicateConstraint(constraint) }
        let expression = constraint.expression
        guard expression.constant.isFinite, constraint.strength.isFinite,
              expression.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw SolverError.nonFiniteValue("\(constraint)")
        }
        var tag = Tag()
        let row = createRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if !subject.isValid && allDummies(row) {
            if !nearZero(row.constant) {
                undoObjective(constraint, tag)
                throw SolverError.unsatisfiableConstraint(constraint)
            }
            subject = tag.marker
        }
        if !subject.isValid {
            if !(try addWithArtificialVariable(row)) {
                undoObjective(constraint, tag)
                infeasibleRows.removeAll()
                try optimize(objective)
                throw SolverError.unsatisfiableConstraint(constraint)
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        constraints[key] = (constraint, tag)
        try optimize(objective)
    }

    /// Removes a constraint.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard let (_, tag) = constraints.removeValue(forKey: key) else {
            throw SolverError.unknownConstraint(constraint)
        }
        removeConstraintEffects(constraint, tag)
        if rows[tag.marker.id] != nil {
            _ = takeRow(tag.marker)
        } else {
            guard let leaving = markerLeavingRow(tag.marker), let row = takeRow(leaving) else {
                throw SolverError.internalSolverError("failed to find leaving row")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        // The other error symbol of an optional constraint goes too, as in the original
        // Cassowary (its column is removed: it is 0 now, so no value changes). Kiwi leaves
        // it in the tableau as a free non-negative symbol, which relaxes the constraints it
        // appears in; some later optimizations then fail with "the objective is unbounded".
        if tag.other.isValid, tag.other.kind == .error {
            if rows[tag.other.id] != nil {
                _ = takeRow(tag.other)
            } else {
                removeColumn(tag.other)
            }
        }
        try optimize(objective)
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a constraint `variable == suggestion` of
    /// `strength`, the suggestion set by ``suggestValue(_:_:)`` (0 until then).
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``, or
    ///   ``SolverError/badRequiredStrength`` for a required strength.
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard strength.isFinite else { throw SolverError.nonFiniteValue("edit strength \(strength) for \(variable)") }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw SolverError.badRequiredStrength }
        let constraint = Constraint(variable.expression, .equal, strength: strength)
        try addConstraint(constraint)
        edits[key] = EditInfo(tag: constraints[ObjectIdentifier(constraint)]!.tag, constraint: constraint, constant: 0)
    }

    /// Stops editing `variable` (its edit constraint goes).
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw SolverError.unknownEditVariable(variable) }
        try removeConstraint(info.constraint)
        edits[key] = nil
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Suggests a value for an edit variable; the dual simplex restores feasibility at once.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        let key = ObjectIdentifier(variable)
        guard var info = edits[key] else { throw SolverError.unknownEditVariable(variable) }
        guard value.isFinite else { throw SolverError.nonFiniteValue("suggested value \(value) for \(variable)") }
        let delta = value - info.constant
        info.constant = value
        edits[key] = info
        try changeConstant(tag: info.tag, by: delta)
    }

    /// Moves a constraint's constant by `delta` as the edit of `tag`'s constraint would:
    /// the rows holding its markers shift, then the dual simplex.
    private func changeConstant(tag: Tag, by delta: Double) throws {
        if let row = rows[tag.marker.id] {
            if row.add(-delta) < 0 { infeasibleRows.append(tag.marker) }
        } else if tag.other.isValid, let row = rows[tag.other.id] {
            if row.add(delta) < 0 { infeasibleRows.append(tag.other) }
        } else {
            for id in columns[tag.marker.id].sorted() {
                guard let row = rows[id] else { continue }
                let coefficient = row.coefficient(for: tag.marker)
                if coefficient != 0, row.add(delta * coefficient) < 0, kinds[id] != .external {
                    infeasibleRows.append(Symbol(kinds[id], id: id))
                }
            }
        }
        try dualOptimize()
    }

    // MARK: Values

    /// Writes the solved values into the variables (0 for a variable that is not basic).
    public func updateVariables() {
        for (variable, symbol) in variables {
            variable.value = rows[symbol.id]?.constant ?? 0
        }
    }

    /// Calls `body` with each variable whose solved value differs from the one it had at
    /// this call's last return (every variable, the first time), in the order they were
    /// first seen; nothing is written into the variables. What a client that reads values
    /// with ``value(of:)`` uses to revisit only what moved.
    public func forEachChangedVariable(_ body: (Variable) -> Void) {
        for index in variables.indices {
            let (variable, symbol) = variables[index]
            let value = rows[symbol.id]?.constant ?? 0
            if value != reported[index] || reported[index].isNaN {
                reported[index] = value
                body(variable)
            }
        }
    }

    /// The solved value of `variable` now, without writing it (0 for one this solver has
    /// never seen).
    public func value(of variable: Variable) -> Double {
        guard let symbol = knownSymbol(for: variable) else { return 0 }
        return rows[symbol.id]?.constant ?? 0
    }

    /// The variable's symbol in this solver, if it has one: from its hint when the hint is
    /// this solver's, else from the dictionary.
    @inline(__always)
    private func knownSymbol(for variable: Variable) -> Symbol? {
        let hint = variable.symbolHint
        if hint.solver == ObjectIdentifier(self), hint.id < variableBySymbol.count, variableBySymbol[hint.id] === variable {
            return Symbol(.external, id: hint.id)
        }
        guard let symbol = variableSymbols[ObjectIdentifier(variable)] else { return nil }
        variable.symbolHint = (ObjectIdentifier(self), symbol.id)
        return symbol
    }

    /// Empties the solver, as a new one.
    public func reset() {
        rows = [nil]
        kinds = [.external]
        variableBySymbol = [nil]
        columns = [[]]
        constraints = [:]
        variableSymbols = [:]
        variables = []
        reported = []
        edits = [:]
        infeasibleRows = []
        objective = Row()
        artificial = nil
    }

    // MARK: The algorithm

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(kind, id: kinds.count)
        kinds.append(kind)
        variableBySymbol.append(nil)
        rows.append(nil)
        columns.append([])
        return symbol
    }

    /// Puts `row` in the tableau as `symbol`'s, indexing its cells.
    private func setRow(_ symbol: Symbol, _ row: Row) {
        rows[symbol.id] = row
        for cell in row.cells { columns[cell.symbol.id].insert(symbol.id) }
    }

    /// Takes `symbol`'s row out of the tableau (and out of the index).
    private func takeRow(_ symbol: Symbol) -> Row? {
        guard let row = rows[symbol.id] else { return nil }
        rows[symbol.id] = nil
        for cell in row.cells { columns[cell.symbol.id].remove(symbol.id) }
        return row
    }

    /// Sets a parametric symbol to zero for good: out of every row and the objective.
    private func removeColumn(_ symbol: Symbol) {
        for id in columns[symbol.id] { rows[id]?.remove(symbol) }
        columns[symbol.id] = []
        objective.remove(symbol)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let symbol = knownSymbol(for: variable) { return symbol }
        let symbol = newSymbol(.external)
        variableSymbols[ObjectIdentifier(variable)] = symbol
        variableBySymbol[symbol.id] = variable
        variable.symbolHint = (ObjectIdentifier(self), symbol.id)
        variables.append((variable, symbol))
        reported.append(.nan)
        return symbol
    }

    /// The row of a new constraint, with the current basic rows substituted in, and its
    /// slack, error or dummy symbols; its constant made non-negative.
    private func createRow(_ constraint: Constraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        let row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol.id] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let required = constraint.strength >= Strength.required
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, coefficient)
            if !required {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if !required {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Takes a refused constraint's error symbols back out of the objective.
    private func undoObjective(_ constraint: Constraint, _ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol.isValid && symbol.kind == .error {
            objective.remove(symbol)
        }
    }

    /// The symbol to solve a new row for: its first external symbol, else a marker or
    /// error symbol with a negative coefficient; invalid when there is none.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.isExternal { return cell.symbol }
        if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable, row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    private func allDummies(_ row: Row) -> Bool {
        row.cells.allSatisfy { $0.symbol.isDummy }
    }

    /// Adds a row through an artificial variable (phase 1); false if the row cannot hold.
    private func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        setRow(art, Row(copying: row))
        artificial = Row(copying: row)
        try optimize(artificial!)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if let basic = takeRow(art) {
            // Refused: the other rows still describe the system without this one (phase 1
            // pivoted only them), so the row just goes. Kiwi keeps a pivoted copy of it,
            // which can leave a restricted symbol negative.
            if basic.cells.isEmpty || !success { return success }
            let entering = basic.cells.first { $0.symbol.isPivotable }?.symbol ?? .invalid
            guard entering.isValid else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            setRow(entering, basic)
        }
        removeColumn(art)
        return success
    }

    /// Replaces `symbol` by `row` in every row and the objectives; rows of restricted
    /// symbols that turn negative are noted for the dual simplex.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        let holders = columns[symbol.id].sorted()
        columns[symbol.id] = []
        for id in holders {
            guard let other = rows[id] else { continue }
            let (index, found) = other.find(symbol)
            guard found else { continue }
            let coefficient = other.cells[index].coefficient
            other.cells.remove(at: index)
            added.removeAll(keepingCapacity: true)
            removed.removeAll(keepingCapacity: true)
            other.insert(row, coefficient, added: &added, removed: &removed)
            for symbol in added { columns[symbol.id].insert(id) }
            for symbol in removed { columns[symbol.id].remove(id) }
            if kinds[id] != .external, other.constant < 0 {
                infeasibleRows.append(Symbol(kinds[id], id: id))
            }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Primal simplex: pivots until no symbol of `objective` has a negative coefficient.
    private func optimize(_ objective: Row) throws {
        while true {
            guard let entering = objective.cells.first(where: { !$0.symbol.isDummy && $0.coefficient < 0 })?.symbol
            else { return }
            guard let leaving = leavingRow(for: entering), let row = takeRow(leaving) else {
                throw SolverError.internalSolverError("the objective is unbounded")
            }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// Dual simplex: pivots the noted infeasible rows back to feasibility.
    private func dualOptimize() throws {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving.id], !nearZero(row.constant), row.constant < 0 else { continue }
            var entering = Symbol.invalid
            var ratio = Double.greatestFiniteMagnitude
            for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
                let r = objective.coefficient(for: cell.symbol) / cell.coefficient
                if r < ratio {
                    ratio = r
                    entering = cell.symbol
                }
            }
            guard entering.isValid else { throw SolverError.internalSolverError("dual optimize failed") }
            _ = takeRow(leaving)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// The restricted row that limits `entering` most (minimum ratio, first in creation
    /// order on a tie); nil when the objective is unbounded.
    private func leavingRow(for entering: Symbol) -> Symbol? {
        var ratio = Double.greatestFiniteMagnitude
        var found: Symbol?
        for id in columns[entering.id].sorted() {
            guard kinds[id] != .external, let row = rows[id] else { continue }
            let coefficient = row.coefficient(for: entering)
            if coefficient < 0 {
                let r = -row.constant / coefficient
                if r < ratio {
                    ratio = r
                    found = Symbol(kinds[id], id: id)
                }
            }
        }
        return found
    }

    /// The row to pivot a non-basic marker into before its constraint goes.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Symbol?, second: Symbol?, third: Symbol?
        for id in columns[marker.id].sorted() {
            guard let row = rows[id] else { continue }
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            let symbol = Symbol(kinds[id], id: id)
            if kinds[id] == .external {
                third = symbol
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = symbol }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = symbol }
            }
        }
        return first ?? second ?? third
    }

    private func removeConstraintEffects(_ constraint: Constraint, _ tag: Tag) {
        if tag.marker.isValid, tag.marker.kind == .error { removeMarkerEffects(tag.marker, constraint.strength) }
        if tag.other.isValid, tag.other.kind == .error { removeMarkerEffects(tag.other, constraint.strength) }
    }

    private func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        if let row = rows[marker.id] {
            objective.insert(row, -strength)
        } else {
            objective.insert(marker, -strength)
        }
    }
}
