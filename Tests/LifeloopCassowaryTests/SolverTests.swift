import Testing
@testable import LifeloopCassowary

@Suite("Cassowary solver")
struct SolverTests {
    @Test
    func requiredEqualitiesAndAPreference() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x == 10)
        try solver.addConstraint(y >= x + 5)
        try solver.addConstraint((y == 0).withStrength(Strength.weak))
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 15)
    }

    @Test
    func strongerPreferencesWin() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint((x == 10).withStrength(Strength.weak))
        try solver.addConstraint((x == 20).withStrength(Strength.strong))
        try solver.addConstraint((x == 30).withStrength(Strength.medium))
        solver.updateVariables()
        #expect(x.value == 20)
    }

    @Test
    func conflictingRequiredEqualityIsRefusedAndLeavesTheSystem() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 10)
        try solver.addConstraint(x == 4)
        let conflict = y == 7
        #expect(throws: SolverError.self) { try solver.addConstraint(conflict) }
        #expect(!solver.hasConstraint(conflict))
        solver.updateVariables()
        #expect(x.value == 4)
        #expect(y.value == 6)
    }

    @Test
    func conflictingRequiredInequalityIsRefusedAndLeavesTheSystem() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x <= 5)
        try solver.addConstraint(y >= x)
        try solver.addConstraint((y == 3).withStrength(Strength.weak))
        let conflict = x >= 10
        do {
            try solver.addConstraint(conflict)
            Issue.record("x >= 10 with x <= 5 was accepted")
        } catch SolverError.unsatisfiableConstraint(let refused) {
            #expect(refused === conflict)
        }
        solver.updateVariables()
        #expect(y.value == 3)
        #expect(x.value <= 3)
        // The solver still works: a new constraint moves the values.
        try solver.addConstraint(x == 2)
        try solver.addConstraint(y >= 4)
        solver.updateVariables()
        #expect(x.value == 2)
        #expect(y.value == 4)
    }

    @Test
    func removingAConstraintRestoresThePreference() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint((x == 10).withStrength(Strength.weak))
        let pin = x == 50
        try solver.addConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 50)
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(throws: SolverError.self) { try solver.removeConstraint(pin) }
    }

    @Test
    func editVariablesFollowSuggestions() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let solver = Solver()
        try solver.addConstraint(right == left + width)
        try solver.addConstraint(width >= 10)
        try solver.addConstraint((width == 100).withStrength(Strength.weak))
        try solver.addEditVariable(left, strength: Strength.strong)
        try solver.addEditVariable(right, strength: Strength.strong)
        try solver.suggestValue(left, 20)
        try solver.suggestValue(right, 70)
        solver.updateVariables()
        #expect(left.value == 20)
        #expect(width.value == 50)
        try solver.suggestValue(right, 25)
        solver.updateVariables()
        #expect(width.value == 10)
        #expect(left.value + width.value == right.value)
        try solver.removeEditVariable(right)
        solver.updateVariables()
        #expect(width.value == 100)
        #expect(right.value == 120)
    }

    @Test
    func errorsAreThoseOfKiwi() throws {
        let x = Variable("x")
        let solver = Solver()
        let c = x >= 1
        try solver.addConstraint(c)
        #expect(throws: SolverError.self) { try solver.addConstraint(c) }
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: Strength.required) }
        #expect(throws: SolverError.self) { try solver.suggestValue(x, 3) }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: Strength.medium)
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: Strength.medium) }
        #expect(solver.hasEditVariable(x))
        var caught: [String] = []
        let y = Variable("y")
        for attempt in [{ try solver.addConstraint(c) }, { try solver.addEditVariable(y, strength: Strength.required) }] {
            do { try attempt() } catch let error as SolverError { caught.append("\(error)") }
        }
        #expect(caught.count == 2)
        #expect(caught[0].hasPrefix("duplicate constraint"))
        #expect(caught[1].contains("required"))
    }

    @Test
    func strengthsAreKiwis() {
        #expect(Strength.required == 1_001_001_000)
        #expect(Strength.strong == 1_000_000)
        #expect(Strength.medium == 1_000)
        #expect(Strength.weak == 1)
        #expect(Strength.create(1, 2, 3, 2) == 2_004_006)
        #expect(Strength.clip(5e9) == Strength.required)
    }

    @Test
    func sameCallsGiveTheSameValuesWhateverTheOrderOfObjectsInMemory() throws {
        // Two solvers fed the same calls; variables allocated in a different order (so at
        // different addresses) must not change the outcome of a system with many optima.
        func solve(padding: Int) throws -> [Double] {
            var keep: [Variable] = (0..<padding).map { Variable("pad\($0)") }
            let a = Variable("a"), b = Variable("b"), c = Variable("c")
            keep.append(Variable())
            let solver = Solver()
            try solver.addConstraint(a + b + c == 30)
            try solver.addConstraint(a >= 0); try solver.addConstraint(b >= 0); try solver.addConstraint(c >= 0)
            solver.updateVariables()
            return [a.value, b.value, c.value]
        }
        let first = try solve(padding: 0)
        for padding in [1, 7, 33] { #expect(try solve(padding: padding) == first) }
    }
}

@Suite("Cassowary solver: removals")
struct SolverRemovalTests {
    /// A system on which kiwi's removal ends in "the objective is unbounded": it leaves an
    /// optional constraint's second error symbol behind. After the same removals, ours
    /// holds the same values as a solver given only the constraints that stayed.
    @Test
    func removingOptionalConstraintsLeavesTheSystemOfTheOthers() throws {
        let v = (0..<6).map { Variable("v\($0)") }
        func c(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ strength: Double) -> Constraint {
            Constraint(Expression(terms: terms.map { Term(v[$0.0], $0.1) }, constant: constant), relation, strength: strength)
        }
        let r = Strength.required
        let all: [Int: Constraint] = [
            0: c([(0, 1)], 70, .equal, 6.670665813860403), 1: c([(1, 1)], 123, .equal, 2485014.9617355857),
            2: c([(2, 1)], -34, .equal, 4698.608003846338), 3: c([(3, 1)], -44, .equal, 1330796.3100301682),
            4: c([(4, 1)], 121, .equal, 9426602.889302418), 5: c([(5, 1)], 79, .equal, 9336709.37314696),
            6: c([(5, 3), (1, 3)], -19, .equal, 5245929.009234757), 7: c([(3, 1)], 90, .greaterThanOrEqual, r),
            8: c([(0, -1), (5, -2), (2, -1)], 54, .lessThanOrEqual, r), 9: c([(1, 1)], -79, .lessThanOrEqual, r),
            10: c([(4, -0.5), (0, 1)], -32, .equal, 7634355.797540566), 11: c([(0, 3)], -170, .greaterThanOrEqual, r),
            12: c([(1, 1)], 88, .greaterThanOrEqual, r), 13: c([(1, 0.5), (5, -3)], 99, .equal, 7.381255382638164),
            14: c([(4, -2), (2, -3), (3, -0.5)], 462.5, .greaterThanOrEqual, r), 15: c([(0, -2)], 112, .lessThanOrEqual, r),
            16: c([(0, 1)], 29, .greaterThanOrEqual, r), 17: c([(4, -0.5), (0, -1), (5, -0.5)], 66, .lessThanOrEqual, r),
        ]
        let solver = Solver()
        for id in all.keys.sorted() { try solver.addConstraint(all[id]!) }
        for id in [13, 6, 10] { try solver.removeConstraint(all[id]!) }
        let fresh = Solver()
        for id in all.keys.sorted() where ![13, 6, 10].contains(id) { try fresh.addConstraint(all[id]!.withStrength(all[id]!.strength)) }
        for variable in v {
            #expect(abs(solver.value(of: variable) - fresh.value(of: variable)) < 1e-6, "\(variable)")
        }
    }
}

@Suite("Cassowary solver: bad numbers")
struct SolverBadNumberTests {
    @Test
    func nonFiniteNumbersAreRefusedNamingTheConstraint() throws {
        let x = Variable("x")
        let solver = Solver()
        for bad in [x == .nan, x * .infinity >= 1, (x == 3).withStrength(.nan)] {
            do {
                try solver.addConstraint(bad)
                Issue.record("\(bad) was accepted")
            } catch SolverError.nonFiniteValue(let message) {
                #expect(message.contains("x"))
            }
            #expect(!solver.hasConstraint(bad))
        }
        #expect(throws: SolverError.self) { try solver.addEditVariable(x, strength: .nan) }
        try solver.addEditVariable(x, strength: Strength.strong)
        #expect(throws: SolverError.self) { try solver.suggestValue(x, .infinity) }
        try solver.suggestValue(x, 4)
        solver.updateVariables()
        #expect(x.value == 4)
    }
}
