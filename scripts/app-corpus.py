#!/usr/bin/env python3
"""Runs every app of the app corpus (Tests/AppCorpus/<App>/, laid out from its ORIGIN.md)
with the real lifeloop and lifeloopd, and reports per app: compiles, launches to the
initial screen's viewDidAppear, answers an interaction (a tap on a control changes what
the screen shows), and the first blocker of each that does not.

    scripts/app-corpus.py [--bin .build/debug] [--only NAME] [--json out.json]

The apps are not in git (they are laid out from their origins); an app folder with only
its ORIGIN.md is reported as "not laid out". Nothing here picks or drops an app.
"""
import argparse, json, os, re, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_project(folder):
    for dirpath, dirnames, _ in os.walk(folder):
        dirnames.sort()
        for name in sorted(dirnames):
            if name.endswith(".xcodeproj"):
                return os.path.join(dirpath, name)
    return None


class Daemon:
    def __init__(self, binary):
        self.dir = tempfile.mkdtemp(prefix="corpus-daemon-")
        self.socket = os.path.join(self.dir, "d.sock")
        self.proc = subprocess.Popen([binary, "--socket", self.socket], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if os.path.exists(self.socket):
                break
            time.sleep(0.05)
        self.conn = socket.socket(socket.AF_UNIX)
        self.conn.connect(self.socket)
        self.file = self.conn.makefile("rwb")
        self.next = 1
        self.call("hello", {"client": "app-corpus"})

    def call(self, method, params, timeout=300):
        self.conn.settimeout(timeout)
        ident = self.next
        self.next += 1
        self.file.write((json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n").encode())
        self.file.flush()
        while True:
            line = self.file.readline()
            if not line:
                raise RuntimeError("the daemon closed the connection")
            message = json.loads(line)
            if message.get("id") != ident:
                continue
            if "error" in message:
                raise RuntimeError(message["error"].get("message", str(message["error"])))
            return message["result"]

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def views(node):
    for child in node.get("views", []) + node.get("subviews", []):
        yield child
        yield from views(child)


def screen(described):
    """What the screen shows: every element's label, class, text and frame (the nested
    describe is the app's element tree: hidden views are not in it)."""
    shown = []
    for window in described.get("windows", []):
        for view in views(window):
            shown.append((view.get("label"), view.get("class"), view.get("text"), view.get("image"), json.dumps(view.get("frame")),
                          view.get("accessibilityLabel"), view.get("selected"), view.get("on"), view.get("value")))
    return shown


# The element types (XCUITest's) a tap changes: an app's own subclass of a control has its
# control's type.
TAPPABLE = ("button", "switch", "segmentedControl", "stepper", "slider", "cell")


def first_blocker(text):
    for line in text.splitlines():
        if ": error: " in line:
            return re.sub(r"^.*?: error: ", "error: ", line).strip()
    for line in text.splitlines():
        if line.startswith("lifeloop: ") or "Fatal error" in line or "Illegal instruction" in line:
            return line.strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "no output"


def run_app(name, folder, lifeloop, daemon, timeout):
    row = {"app": name, "compiles": False, "launches": False, "answers": False, "blocker": None}
    project = find_project(folder)
    if project is None:
        row["blocker"] = "not laid out (only its ORIGIN.md is here)" if os.listdir(folder) == ["ORIGIN.md"] else "no .xcodeproj"
        return row
    row["project"] = os.path.relpath(project, ROOT)
    try:
        launched = subprocess.run([lifeloop, "launch", project], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        row["blocker"] = "launch did not end within %d s" % timeout
        return row
    output = launched.stdout + "\n" + launched.stderr
    row["compiles"] = "do not compile" not in output and "port step failed" not in output and "not in the build" not in output
    if launched.returncode != 0:
        row["blocker"] = first_blocker(launched.stderr or launched.stdout)
        return row
    row["launches"] = re.search(r"^\S+ viewDidAppear$", launched.stdout, re.M) is not None
    if not row["launches"]:
        row["blocker"] = "no controller reached viewDidAppear"
        return row
    try:
        app = daemon.call("app.launch", {"project": project})["app"]
        daemon.call("app.settle", {"app": app})
        before = daemon.call("app.describe", {"app": app, "detail": True})
        candidates = [v for w in before.get("windows", []) for v in views(w)
                      if (v.get("type") in TAPPABLE or "indexPath" in v) and "label" in v
                      and v.get("hittable", True) and v.get("interactive", True) and v.get("enabled", True)]
        for view in candidates[:5]:
            try:
                daemon.call("app.tap", {"app": app, "view": view["label"]})
                daemon.call("app.settle", {"app": app})
            except RuntimeError as error:
                row["tapError"] = str(error)[:200]
                continue
            after = daemon.call("app.describe", {"app": app, "detail": True})
            if screen(after) != screen(before):
                row["answers"] = True
                row["tapped"] = view["label"]
                break
            before = after
        if not row["answers"]:
            row["blocker"] = "no tap on a control changed the screen (%d controls tried)" % min(len(candidates), 5) if candidates else "no control on the initial screen"
        daemon.call("app.terminate", {"app": app})
    except RuntimeError as error:
        row["blocker"] = "daemon: " + str(error)[:300]
    return row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/debug"))
    parser.add_argument("--only")
    parser.add_argument("--json")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()
    corpus = os.path.join(ROOT, "Tests/AppCorpus")
    names = sorted(n for n in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, n)))
    if args.only:
        names = [n for n in names if n == args.only]
    daemon = Daemon(os.path.join(args.bin, "lifeloopd"))
    rows = []
    try:
        for name in names:
            row = run_app(name, os.path.join(corpus, name), os.path.join(args.bin, "lifeloop"), daemon, args.timeout)
            rows.append(row)
            mark = lambda b: "yes" if b else "no"
            print("%-36s compiles %-3s launches %-3s answers %-3s %s" % (name, mark(row["compiles"]), mark(row["launches"]),
                                                                           mark(row["answers"]), row["blocker"] or ""), flush=True)
    finally:
        daemon.stop()
    laid = [r for r in rows if not (r["blocker"] or "").startswith("not laid out")]
    print("\n%d apps (%d laid out): %d compile, %d launch, %d answer an interaction" % (
        len(rows), len(laid), sum(r["compiles"] for r in laid), sum(r["launches"] for r in laid), sum(r["answers"] for r in laid)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
