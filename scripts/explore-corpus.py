#!/usr/bin/env python3
"""Runs `lifeloop explore` over every app of the app corpus (Tests/AppCorpus/<App>/, laid
out from its ORIGIN.md) and reports per app: screens found, storyboard scenes reached of
all, controller classes shown, actions tried, target-actions fired of registered,
findings by kind, wall time, and the exit status or blocker.

    scripts/explore-corpus.py [--bin .build/debug/lifeloop] [--only NAME] [--json out.json]
                              [--keep DIR] [--timeout SECONDS]

Sampling rule (fixed before the first run): every app folder of Tests/AppCorpus, in
sorted order, none picked or dropped. Each is crawled once with the default budget of
`lifeloop explore` (--max-actions 500, --max-seconds 300, breadth first, hang 5 s,
settle 10 s virtual, findings shrunk) and seed 0; nothing else is passed but --out.
An app that is not laid out (only its ORIGIN.md), has no .xcodeproj, is out of scope
in RESULTS.md (an Apple framework Lifeloop does not model, or Swift 2), or does not
compile is still listed, with the reason, and counts in no total of crawled apps.

Wall time is the whole `lifeloop explore` process: reading and compiling the project
(cached after the first build of an app by this binary), the crawl, shrinking and writing
the findings, the map. The crawl alone is map.json's stats.seconds.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests/AppCorpus")


def find_project(folder):
    """The app's .xcodeproj, as scripts/app-corpus.py finds it (first in sorted walk order)."""
    for dirpath, dirnames, _ in os.walk(folder):
        dirnames.sort()
        for name in sorted(dirnames):
            if name.endswith(".xcodeproj"):
                return os.path.join(dirpath, name)
    return None


def out_of_scope():
    """App name -> the reason RESULTS.md's "Out of scope" section gives."""
    path = os.path.join(CORPUS, "RESULTS.md")
    if not os.path.exists(path):
        return {}
    text = open(path, encoding="utf-8").read()
    section = text.split("## Out of scope", 1)[1].split("\n## ", 1)[0] if "## Out of scope" in text else ""
    result = {}
    for item in re.split(r"\n- ", section):
        if item.lower().startswith("apple frameworks"):
            for framework, apps in re.findall(r"(\w+)\s+\(([^)]*)\)", item):
                for app in re.split(r",\s*", apps):
                    if os.path.isdir(os.path.join(CORPUS, app.strip())):
                        result[app.strip()] = "out of scope: %s (an Apple framework Lifeloop does not model)" % framework
        elif item.lower().startswith("swift 2"):
            apps = item.split(":", 1)[1].split("(", 1)[0]
            for app in re.split(r",\s*", apps):
                if os.path.isdir(os.path.join(CORPUS, app.strip())):
                    result[app.strip()] = "out of scope: Swift 2"
    return result


def first_blocker(text):
    for line in text.splitlines():
        if ": error: " in line:
            return re.sub(r"^.*?: error: ", "error: ", line).strip()
    for line in text.splitlines():
        if line.startswith("lifeloop: ") or line.startswith("Error: ") or "Fatal error" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "no output"


def run_app(name, lifeloop, timeout, scope, keep):
    folder = os.path.join(CORPUS, name)
    row = {"app": name, "status": None, "blocker": None}
    project = find_project(folder)
    if project is None:
        row["blocker"] = "not laid out (only its ORIGIN.md is here)" if os.listdir(folder) == ["ORIGIN.md"] else "no .xcodeproj"
        return row
    row["project"] = os.path.relpath(project, ROOT)
    if name in scope:
        # Still run: the blocker shown is the tool's own, and a change of scope shows up.
        row["scope"] = scope[name]
    out = os.path.join(keep, name) if keep else tempfile.mkdtemp(prefix="explore-corpus-")
    if keep:
        shutil.rmtree(out, ignore_errors=True)
    start = time.monotonic()
    try:
        done = subprocess.run([lifeloop, "explore", project, "--out", out], capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    except subprocess.TimeoutExpired:
        row["wall"] = round(time.monotonic() - start, 2)
        row["blocker"] = "did not end within %d s" % timeout
        return row
    row["wall"] = round(time.monotonic() - start, 2)
    row["status"] = done.returncode
    map_path = os.path.join(out, "map.json")
    if done.returncode != 0 or not os.path.exists(map_path):
        text = done.stderr + "\n" + done.stdout
        row["compiles"] = "do not compile" not in text and ": error: " not in text
        row["error"] = first_blocker(done.stderr or done.stdout)
        row["blocker"] = row["scope"] + " (" + row["error"] + ")" if row.get("scope") else row["error"]
        if not keep:
            shutil.rmtree(out, ignore_errors=True)
        return row
    row["compiles"] = True
    data = json.load(open(map_path))
    coverage = data.get("coverage", {})
    stats = data.get("stats", {})
    row["screens"] = len(data.get("screens", []))
    row["scenes"] = coverage.get("storyboardScenes", 0)
    row["scenesReached"] = coverage.get("storyboardScenesReached", [])
    row["controllerClasses"] = coverage.get("controllerClasses", [])
    row["actionsTried"] = stats.get("explored", len(data.get("edges", [])))
    row["targetActionsRegistered"] = coverage.get("targetActionsRegistered", 0)
    row["targetActionsFired"] = coverage.get("targetActionsFired", 0)
    kinds = {}
    for finding in data.get("findings", []):
        kinds[finding.get("kind", "?")] = kinds.get(finding.get("kind", "?"), 0) + 1
    row["findings"] = kinds
    row["findingMessages"] = [(f.get("kind"), (f.get("message") or "")[:300]) for f in data.get("findings", [])]
    row["crawlSeconds"] = stats.get("seconds")
    row["stopped"] = stats.get("stopped")
    row["restarts"] = stats.get("restarts")
    row["performed"] = stats.get("performed")
    outcomes = {}
    for edge in data.get("edges", []):
        outcomes[edge.get("outcome", "?")] = outcomes.get(edge.get("outcome", "?"), 0) + 1
    row["edgeOutcomes"] = outcomes
    row["screenControllers"] = [s.get("controllers") for s in data.get("screens", [])]
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    return row


def findings_text(kinds):
    return ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())) or "0"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/debug/lifeloop"), help="the lifeloop binary")
    parser.add_argument("--only", action="append", help="only this app (repeatable)")
    parser.add_argument("--json", help="write the rows as JSON here")
    parser.add_argument("--keep", help="keep each app's explore output under DIR/<App>")
    parser.add_argument("--timeout", type=int, default=900, help="wall seconds per app before it is stopped")
    args = parser.parse_args()
    names = sorted(n for n in os.listdir(CORPUS) if os.path.isdir(os.path.join(CORPUS, n)))
    if args.only:
        names = [n for n in names if n in args.only]
    scope = out_of_scope()
    rows = []
    header = "%-32s %7s %9s %7s %7s %9s %-22s %7s %7s  %s" % (
        "app", "screens", "scenes", "classes", "actions", "t-a fired", "findings", "wall s", "crawl s", "status / blocker")
    print(header)
    print("-" * len(header))
    for name in names:
        row = run_app(name, args.bin, args.timeout, scope, args.keep)
        rows.append(row)
        if "screens" in row:
            scenes = "%d/%d" % (len(row["scenesReached"]), row["scenes"]) if row["scenes"] else "-"
            print("%-32s %7d %9s %7d %7d %9s %-22s %7.1f %7.1f  %s" % (
                name, row["screens"], scenes, len(row["controllerClasses"]), row["actionsTried"],
                "%d/%d" % (row["targetActionsFired"], row["targetActionsRegistered"]), findings_text(row["findings"]),
                row["wall"], row["crawlSeconds"] or 0, "0, stopped: %s" % row["stopped"]), flush=True)
        else:
            status = "" if row["status"] is None else "exit %d: " % row["status"]
            print("%-32s %7s %9s %7s %7s %9s %-22s %7s %7s  %s%s" % (
                name, "-", "-", "-", "-", "-", "-", "%.1f" % row["wall"] if "wall" in row else "-", "-", status, row["blocker"]),
                flush=True)
    crawled = [r for r in rows if "screens" in r]
    with_scenes = [r for r in crawled if r["scenes"]]
    print("\n%d apps: %d crawled, %d not (%s)" % (
        len(rows), len(crawled), len(rows) - len(crawled),
        ", ".join(sorted({(r["blocker"] or "").split(":")[0] for r in rows if "screens" not in r})) or "none"))
    if crawled:
        print("crawled: %d screens, %d actions tried, %d of %d target-actions fired, %d findings (%s)" % (
            sum(r["screens"] for r in crawled), sum(r["actionsTried"] for r in crawled),
            sum(r["targetActionsFired"] for r in crawled), sum(r["targetActionsRegistered"] for r in crawled),
            sum(sum(r["findings"].values()) for r in crawled),
            findings_text({k: sum(r["findings"].get(k, 0) for r in crawled) for k in {k for r in crawled for k in r["findings"]}})))
        print("storyboard scenes: %d of %d reached (%d apps with storyboard scenes, %d reached all)" % (
            sum(len(r["scenesReached"]) for r in with_scenes), sum(r["scenes"] for r in with_scenes), len(with_scenes),
            sum(len(r["scenesReached"]) == r["scenes"] for r in with_scenes)))
        walls = sorted(r["wall"] for r in crawled)
        print("wall: total %.1f s, median %.1f s, max %.1f s; crawl alone: max %.1f s; stopped by a budget: %d" % (
            sum(walls), walls[len(walls) // 2], walls[-1], max(r["crawlSeconds"] or 0 for r in crawled),
            sum(r["stopped"] != "done" for r in crawled)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
