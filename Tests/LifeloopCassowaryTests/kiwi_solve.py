#!/usr/bin/env python3
"""The kiwisolver side of LifeloopCassowary's differential test (and its benchmark).

Reads systems as JSON on standard input and writes, as JSON on standard output, what
kiwisolver makes of each: the ids of the required constraints it refused as
unsatisfiable and the variables' values at the end. After a refusal, the solver is
rebuilt from the operations it accepted, so that a refused constraint leaves nothing
behind (kiwi's own state after one is not meant to be relied on).

Input:  {"systems": [{"variables": N, "ops": [op, ...]}, ...], "time": false, "rounds": R}
  op: {"op": "add", "id": K, "terms": [[var, coeff], ...], "constant": C,
       "relation": "<=" | "==" | ">=", "strength": S}
      {"op": "remove", "id": K}
      {"op": "edit", "var": V, "strength": S}
      {"op": "suggest", "var": V, "value": X}
      {"op": "change", "id": K, "constant": C}   (remove K, add it again with constant C)
Output: {"results": [{"unsatisfiable": [K, ...], "values": [x0, x1, ...], "crashed": bool,
                      "seconds": {"solve": T, "change": T}}, ...]}
With "time": true (the benchmark), each result gives instead kiwisolver's best of R
seconds to add the constraints, and to swap the "change" op's constraint (see run_timed).
"""
import json
import os
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.stderr.write("kiwi_solve.py: kiwisolver is not installed (python3 -m pip install kiwisolver)\n")
    sys.exit(3)


def run(system, timed):
    variables = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
    constraints = {}
    accepted = []
    unsatisfiable = []
    solver = kiwi.Solver()

    def make(op):
        expression = sum((coeff * variables[var] for var, coeff in op["terms"]), 0.0) + op["constant"]
        relation = op["relation"]
        if relation == "==":
            constraint = expression == 0
        elif relation == "<=":
            constraint = expression <= 0
        else:
            constraint = expression >= 0
        return constraint | op["strength"]

    def apply(solver, op):
        kind = op["op"]
        if kind == "add":
            solver.addConstraint(constraints[op["id"]])
        elif kind == "remove":
            solver.removeConstraint(constraints[op["id"]])
        elif kind == "edit":
            solver.addEditVariable(variables[op["var"]], op["strength"])
        elif kind == "suggest":
            solver.suggestValue(variables[op["var"]], op["value"])

    start = time.perf_counter()
    split = None
    for op in system["ops"]:
        if op["op"] == "change":
            if split is None:
                split = time.perf_counter()
            old = constraints[op["id"]]
            solver.removeConstraint(old)
            spec = dict(op_spec[op["id"]], constant=op["constant"])
            op_spec[op["id"]] = spec
            constraints[op["id"]] = make(spec)
            solver.addConstraint(constraints[op["id"]])
            solver.updateVariables()
            continue
        if op["op"] == "add":
            op_spec[op["id"]] = op
            constraints[op["id"]] = make(op)
        try:
            apply(solver, op)
            accepted.append(op)
        except kiwi.UnsatisfiableConstraint:
            unsatisfiable.append(op["id"])
            solver = kiwi.Solver()
            for earlier in accepted:
                apply(solver, earlier)
    solver.updateVariables()
    end = time.perf_counter()
    result = {"unsatisfiable": unsatisfiable, "values": [v.value() for v in variables]}
    if timed:
        split = split or end
        result["seconds"] = {"solve": split - start, "change": end - split}
    return result


def run_timed(system, rounds):
    """The benchmark's figures: kiwisolver's best of `rounds` seconds to add every
    constraint and update the variables, then to swap the one "change" op's constraint for
    one with its new constant. The Python objects are built before the clock starts."""
    best = None
    for _ in range(rounds):
        variables = [kiwi.Variable("v%d" % i) for i in range(system["variables"])]
        specs = {}
        adds = []
        change = None
        for op in system["ops"]:
            if op["op"] == "add":
                specs[op["id"]] = op
                adds.append(make_constraint(variables, op))
            elif op["op"] == "change":
                change = (op["id"], make_constraint(variables, dict(specs[op["id"]], constant=op["constant"])))
        solver = kiwi.Solver()
        start = time.perf_counter()
        for constraint in adds:
            solver.addConstraint(constraint)
        solver.updateVariables()
        solved = time.perf_counter()
        if change is not None:
            solver.removeConstraint(adds[change[0]])
            solver.addConstraint(change[1])
            solver.updateVariables()
        changed = time.perf_counter()
        figures = (solved - start, changed - solved)
        best = figures if best is None else (min(best[0], figures[0]), min(best[1], figures[1]))
    return {"unsatisfiable": [], "values": [], "seconds": {"solve": best[0], "change": best[1]}}


def make_constraint(variables, op):
    expression = sum((coeff * variables[var] for var, coeff in op["terms"]), 0.0) + op["constant"]
    relation = op["relation"]
    if relation == "==":
        constraint = expression == 0
    elif relation == "<=":
        constraint = expression <= 0
    else:
        constraint = expression >= 0
    return constraint | op["strength"]


def run_isolated(system, timed):
    """Runs one system in a child process: kiwi can end the process (an internal error
    thrown where C++ cannot pass it on, "the objective is unbounded"), which is reported
    as {"crashed": true} rather than losing every other result."""
    global op_spec
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            op_spec = {}
            data = json.dumps(run(system, timed)).encode()
            with os.fdopen(write_end, "wb") as out:
                out.write(data)
            os._exit(0)
        except BaseException as error:  # any Python-level failure is a crash of this system
            sys.stderr.write("kiwi_solve.py: %r\n" % (error,))
            os._exit(4)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as inp:
        data = inp.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return {"crashed": True, "unsatisfiable": [], "values": []}
    return json.loads(data)


op_spec = {}
request = json.load(sys.stdin)
results = []
timed = request.get("time", False)
for system in request["systems"]:
    if timed:
        results.append(run_timed(system, request.get("rounds", 1)))
    else:
        results.append(run_isolated(system, timed))
json.dump({"results": results}, sys.stdout)
