#!/usr/bin/env python3
"""`make docs-check`'s second half: every public symbol of the documented modules has a doc
comment. Reads the symbol graphs that `swift package generate-documentation` extracted
(under .build), prints each public or open symbol without one as `file:line: name`, and
exits 1 if there is any. Symbols the compiler synthesizes, and implementations that
inherit their protocol requirement's or superclass's comment, count as documented."""
import json
import os
import sys

MODULES = {"Lifeloop", "LifeloopCore", "LifeloopCassowary", "LifeloopPictures", "LifeloopScenario",
           "LifeloopNetwork", "LifeloopSamples", "LifeloopHost", "UIKit", "LifeloopPort", "LifeloopTesting",
           "LifeloopSnapshotTesting"}


def symbol_graphs(root):
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".symbols.json"):
                yield os.path.join(directory, name)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else ".build"
    newest = {}
    for path in symbol_graphs(root):
        # One graph per module (and one per module a module extends): keep the newest copy.
        key = os.path.basename(path)
        if key not in newest or os.path.getmtime(path) > os.path.getmtime(newest[key]):
            newest[key] = path
    undocumented = set()
    seen_modules = set()
    for path in newest.values():
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        module = graph["module"]["name"]
        if module not in MODULES:
            continue
        seen_modules.add(module)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            identifier = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in identifier or symbol["kind"]["identifier"] == "swift.extension":
                continue
            lines = (symbol.get("docComment") or {}).get("lines") or []
            if any(line.get("text", "").strip() for line in lines):
                continue
            location = symbol.get("location") or {}
            file = location.get("uri", "?").replace("file://", "")
            file = os.path.relpath(file) if file.startswith("/") else file
            line = location.get("position", {}).get("line", -1) + 1
            title = ".".join(symbol.get("pathComponents", [symbol["names"]["title"]]))
            undocumented.add((file, line, f"{module}.{title}"))
    missing = MODULES - seen_modules
    if missing:
        print(f"docs-coverage: no symbol graph for {', '.join(sorted(missing))} under {root}", file=sys.stderr)
        return 2
    for file, line, title in sorted(undocumented):
        print(f"{file}:{line}: {title} has no doc comment")
    print(f"docs-coverage: {len(undocumented)} public symbol(s) without a doc comment in {len(seen_modules)} modules",
          file=sys.stderr)
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
