#!/usr/bin/env python3
"""Type-check every UIKit corpus file against the UIKit module this checkout built.

For each entry directory under Tests/UIKitCompatibility/Corpus and .../Corpus2, every
top-level Swift file is type-checked on its own, together with the entry's helper files
(`Dependencies/` and `Companions/`). A storyboard entry (no top-level Swift file) is
measured as one unit: its companions together.

    swift build                      # once, so that .build/debug/Modules holds UIKit
    python3 Tests/UIKitCompatibility/measure.py [--port] [--only TEXT] [--output FILE]

Prints (or writes) a Markdown table: file, compiles yes/no, the first error normalised
to the API it lacks, and a summary with a tally of the first missing API.

--port   runs each file through `lifeloop port FILE --output DIR` first and type-checks
         the ported copy (exit status 2 if `lifeloop port --help` fails).
--run    then runs the lifecycle of each file that compiles, as an app would get it: the
         file's first UIViewController or UIView subclass is named by a one-scene
         storyboard (the controller itself, or a view of the scene), and
         `lifeloop launch STORYBOARD --sources DIR` builds the file through the port step,
         instantiates the class from the storyboard (`init(coder:)`), shows it and
         settles. It runs when that exits 0 with the class found; else the first line of
         what went wrong is reported. The compiled entries of Corpus/ also run a fuller
         lifecycle (push, pop, present, dismiss) in the UIKitCompatibilityTests target.

Every storyboard and xib of an entry (at its top level) is also read as XML: its scenes
and objects are counted, and every element name it uses is tallied across the corpus
(e.g. `tableView`, `stackView`, `constraint`), so the Interface Builder reader can be
steered by what real documents contain. A document that is not well-formed XML is listed
with the parser's message (file, line:column), never skipped silently.

Python 3 standard library only. Exit status: 0 on a finished measurement, 2 on bad
input (no build, no swiftc, an unreadable corpus, a port step that is missing).
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
CORPORA = ["Corpus", "Corpus2"]
HELPER_DIRS = ("Dependencies", "Companions")


def fail(message):
    print(f"measure.py: {message}", file=sys.stderr)
    sys.exit(2)


class Unit:
    """One measured thing: a main file (or a storyboard's companions) and its helpers."""

    def __init__(self, corpus, entry, label, files, helpers):
        self.corpus, self.entry, self.label = corpus, entry, label
        self.files, self.helpers = files, helpers

    @property
    def name(self):
        return f"{self.corpus}/{self.entry}/{self.label}"


def swift_files(directory):
    out = []
    for root, _, names in os.walk(directory):
        out += [os.path.join(root, n) for n in names if n.endswith(".swift")]
    return sorted(out)


def collect_units():
    units = []
    for corpus in CORPORA:
        base = os.path.join(HERE, corpus)
        if not os.path.isdir(base):
            continue
        for entry in sorted(os.listdir(base)):
            directory = os.path.join(base, entry)
            if not os.path.isdir(directory):
                continue
            top = sorted(os.path.join(directory, n) for n in os.listdir(directory)
                         if n.endswith(".swift") and os.path.isfile(os.path.join(directory, n)))
            helpers = []
            for h in HELPER_DIRS:
                helpers += swift_files(os.path.join(directory, h))
            if top:
                for f in top:
                    units.append(Unit(corpus, entry, os.path.basename(f), [f], helpers))
            elif helpers:
                units.append(Unit(corpus, entry, "Companions", helpers, []))
    return units


ERROR_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)


def normalise(message, file, line):
    """The API the first error says is missing (or a short category), for the tally."""
    m = re.match(r"cannot find (?:type )?'([^']+)' in scope", message)
    if m:
        return f"`{m.group(1)}`"
    m = re.match(r"(?:value of type|type) '([^']+)'(?: \(aka '[^']+'\))? has no member '([^']+)'", message)
    if m:
        owner = re.sub(r"^\(?any |\)\.Type$|\.Type$|\?$|!$", "", m.group(1))
        return f"`{owner}.{m.group(2)}`"
    m = re.match(r"no such module '([^']+)'", message)
    if m:
        return f"module `{m.group(1)}`"
    if "'#selector' can only be used with the Objective-C runtime" in message:
        return "`#selector` (ObjC)"
    if "@IBOutlet" in message or "@IBInspectable" in message or "@IBDesignable" in message:
        m = re.search(r"'(@IB\w+)'", message)
        return f"`{m.group(1) if m else '@IBOutlet'}` (ObjC)"
    if "Objective-C interoperability is disabled" in message or "@objc" in message:
        return "`@objc` (ObjC)"
    m = re.match(r"'([^']+)' is unavailable", message)
    if m:
        return f"`{m.group(1)}` (unavailable)"
    m = re.match(r"(method|property|initializer|subscript) does not override any \w+ from its superclass", message)
    if m:
        source = read_line(file, line)
        n = re.search(r"(?:func|var|let)\s+(\w+)", source) or re.search(r"\b(init)\b", source)
        return f"override `{n.group(1) if n else '?'}`" if n else f"override ({m.group(1)})"
    m = re.match(r"cannot override mutable property '([^']+)'", message)
    if m:
        return f"override `{m.group(1)}`"
    m = re.match(r"'([^']+)' is not a member type of (?:class|struct|enum|type) '([^']+)'", message)
    if m:
        return f"`{m.group(2).split('.')[-1]}.{m.group(1)}`"
    m = re.match(r"(?:reference to )?member '([^']+)'", message)
    if m:
        return f"member `.{m.group(1)}`"
    if re.match(r"(incorrect argument label|extra argument|missing argument|extraneous argument)", message):
        return "call signature: " + re.sub(r"'[^']*'", "'…'", message)
    if re.match(r"(argument passed to call that takes no arguments|no exact matches in call)", message):
        return "call signature: " + message
    return "other: " + re.sub(r"'[^']*'", "'…'", message)


def read_line(file, line):
    try:
        with open(file, encoding="utf-8", errors="replace") as handle:
            for number, text in enumerate(handle, 1):
                if number == line:
                    return text
    except OSError:
        pass
    return ""


class Checker:
    def __init__(self, build, swiftc, cache):
        self.modules = os.path.join(build, "Modules")
        self.swiftc, self.cache = swiftc, cache
        self.clibuv = os.path.join(PACKAGE, "Sources", "CLibUV")

    def command(self, files):
        return [self.swiftc, "-typecheck", "-swift-version", "5", "-module-name", "CorpusFile",
                "-module-cache-path", self.cache, "-I", self.modules, "-I", self.clibuv,
                "-Xcc", f"-fmodule-map-file={self.clibuv}/module.modulemap", *files]

    def declares_something(self, files):
        """Whether the files keep any declaration on Linux: a file whose every line sits in an
        `#if os(iOS)` or `#if canImport(SomeLibrary)` that is false here type-checks, vacuously."""
        result = subprocess.run([self.swiftc, "-print-ast", "-swift-version", "5", "-module-name", "CorpusFile",
                                 "-module-cache-path", self.cache, "-I", self.modules, *files],
                                capture_output=True, text=True, errors="replace")
        # Alone, a file that uses its helpers' types fails here: it declares something.
        if result.returncode != 0:
            return True
        return re.search(r"^\s*(?:@\w+\s+)*(?:\w+\s+)*(?:class|struct|enum|protocol|extension|func|var|let|typealias)\b",
                         result.stdout, re.M) is not None

    def typecheck(self, files):
        result = subprocess.run(self.command(files), capture_output=True, text=True, errors="replace")
        output = result.stderr + result.stdout
        first = ERROR_LINE.search(output)
        return result.returncode == 0, first, output


def port_files(lifeloop, unit, directory):
    """Runs `lifeloop port` on each of the unit's files; the ported copies' paths."""
    out = []
    for index, f in enumerate(unit.files + unit.helpers):
        target = os.path.join(directory, str(index))
        os.makedirs(target, exist_ok=True)
        result = subprocess.run([lifeloop, "port", f, "--output", target], capture_output=True, text=True)
        if result.returncode != 0:
            # Paths relative to the checkout, so that the table is the same wherever it is.
            root = os.path.dirname(os.path.dirname(HERE)) + os.sep
            message = (result.stderr or result.stdout).replace(root, "")
            return None, message.strip().splitlines()[:1]
        ported = os.path.join(target, os.path.basename(f))
        out.append(ported if os.path.exists(ported) else f)
    return out, None


def measure(unit, checker, port, lifeloop, scratch):
    files = unit.files + unit.helpers
    if port:
        directory = tempfile.mkdtemp(prefix="port-", dir=scratch)
        files, error = port_files(lifeloop, unit, directory)
        if files is None:
            return unit, False, "port failed", (error or [""])[0], None
    ok, first, _ = checker.typecheck(files)
    if ok:
        main = files[:len(unit.files)]
        if not checker.declares_something(main):
            return unit, False, "empty on Linux", "every declaration is inside an #if that is false on Linux", files
        return unit, True, "", "", files
    if first is None:
        return unit, False, "other: no error line in the compiler's output", "", files
    message = first.group("msg")
    return unit, False, normalise(message, first.group("file"), int(first.group("line"))), message, files


CLASS_LINE = re.compile(r"^\s*(?:(?:public|open|final|internal|private|fileprivate|@\w+(?:\([^)]*\))?)\s+)*class\s+(\w+)\s*:\s*([\w.]+)", re.M)
CONTROLLER_BASES = {"UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
                    "UITabBarController", "UIPageViewController", "UISplitViewController"}
VIEW_BASES = {"UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView", "UITableView",
              "UICollectionView", "UITextField", "UITextView", "UIStackView", "UITableViewCell", "UICollectionViewCell",
              "UICollectionReusableView", "UISwitch", "UISlider", "UIActivityIndicatorView", "UIVisualEffectView"}


def runnable_class(files):
    """The first controller or view class the files declare: (name, "controller"|"view"), or None."""
    found = {}
    order = []
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as handle:
            for match in CLASS_LINE.finditer(handle.read()):
                found[match.group(1)] = match.group(2).split(".")[-1]
                order.append(match.group(1))

    def kind(name, seen=()):
        base = found.get(name)
        if base is None or name in seen:
            return None
        if base in CONTROLLER_BASES:
            return "controller"
        if base in VIEW_BASES:
            return "view"
        return kind(base, seen + (name,))
    for name in order:
        k = kind(name)
        if k:
            return name, k
    return None


STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="measured-vc">
    <scenes>
        <scene sceneID="measured-scene">
            <objects>
                <viewController id="measured-vc" {controller} sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="measured-root">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        {subviews}
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""


def run_lifecycle(unit, lifeloop, scratch):
    """Runs the unit's first controller or view from a one-scene storyboard: (runs, note)."""
    target = runnable_class(unit.files)
    if target is None:
        return False, "no UIViewController or UIView subclass to show"
    name, kind = target
    directory = tempfile.mkdtemp(prefix="run-", dir=scratch)
    sources = os.path.join(directory, "Sources")
    os.makedirs(sources)
    for index, f in enumerate(unit.files + unit.helpers):
        shutil.copy(f, os.path.join(sources, f"{index}-{os.path.basename(f)}"))
    if kind == "controller":
        controller, subviews = f'customClass="{name}" customModule="CorpusFile"', ""
    else:
        controller = ""
        subviews = (f'<subviews><view contentMode="scaleToFill" id="measured-view" customClass="{name}" '
                    f'customModule="CorpusFile" userLabel="measured"><rect key="frame" x="20" y="100" width="300" '
                    f'height="200"/></view></subviews>')
    storyboard = os.path.join(directory, "Main.storyboard")
    with open(storyboard, "w", encoding="utf-8") as handle:
        handle.write(STORYBOARD.format(controller=controller, subviews=subviews))
    try:
        result = subprocess.run([lifeloop, "launch", storyboard, "--sources", sources, "--module", "CorpusFile"],
                                capture_output=True, text=True, errors="replace", timeout=300)
    except subprocess.TimeoutExpired:
        return False, f"{name}: did not finish in 300 s"
    trace = result.stdout
    if result.returncode == 0 and "unknownClass" not in trace:
        return True, f"{name} ({kind})"
    lines = [l for l in result.stderr.splitlines() if "Fatal error" in l or "error:" in l] or result.stderr.splitlines()
    note = lines[0].strip() if lines else f"exit {result.returncode}"
    if "unknownClass" in trace:
        note = f"{name} not found by the storyboard"
    root = os.path.dirname(os.path.dirname(HERE)) + os.sep
    return False, f"{name} ({kind}): " + note.replace(root, "").replace(directory + os.sep, "")[:200]


def default_build():
    """`.build/debug`, or the triple's debug folder while the `debug` link is not made yet."""
    plain = os.path.join(PACKAGE, ".build", "debug")
    if os.path.isdir(plain):
        return plain
    for name in sorted(os.listdir(os.path.join(PACKAGE, ".build"))) if os.path.isdir(os.path.join(PACKAGE, ".build")) else []:
        candidate = os.path.join(PACKAGE, ".build", name, "debug")
        if os.path.isdir(os.path.join(candidate, "Modules")):
            return candidate
    return plain


class Document:
    """One storyboard or xib: its counts and the element names it uses."""

    def __init__(self, corpus, entry, path):
        self.corpus, self.entry, self.path = corpus, entry, path
        self.error, self.scenes, self.objects, self.elements = None, 0, 0, collections.Counter()
        self.custom_classes = 0

    @property
    def name(self):
        return f"{self.corpus}/{self.entry}/{os.path.basename(self.path)}"


def interface_documents():
    out = []
    for corpus in CORPORA:
        base = os.path.join(HERE, corpus)
        if not os.path.isdir(base):
            continue
        for entry in sorted(os.listdir(base)):
            directory = os.path.join(base, entry)
            if not os.path.isdir(directory):
                continue
            for n in sorted(os.listdir(directory)):
                if n.endswith((".storyboard", ".xib")) and os.path.isfile(os.path.join(directory, n)):
                    out.append(read_document(Document(corpus, entry, os.path.join(directory, n))))
    return out


def read_document(document):
    """Counts scenes (`scene`), objects (elements under `objects`) and element names."""
    try:
        root = ElementTree.parse(document.path).getroot()
    except ElementTree.ParseError as error:
        line, column = error.position
        document.error = f"{document.name}:{line}:{column}: not well-formed XML ({error.msg if hasattr(error, 'msg') else error})"
        return document
    except OSError as error:
        document.error = f"{document.name}: cannot be read ({error.strerror})"
        return document
    for element in root.iter():
        document.elements[element.tag] += 1
        if element.get("customClass"):
            document.custom_classes += 1
    document.scenes = document.elements["scene"]
    for objects in root.iter("objects"):
        document.objects += sum(1 for _ in objects.iter()) - 1
    return document


def interface_report(documents):
    if not documents:
        return []
    lines = ["", "## Storyboards and xibs", "",
             "Read as XML by `measure.py`: scenes (`scene` elements), objects (elements under",
             "`objects`, nested ones included), elements with a `customClass`, and the kinds of",
             "element each document uses.", "",
             "| # | Document | Scenes | Objects | customClass | Element kinds |",
             "|---|----------|--------|---------|-------------|---------------|"]
    tally, documents_using = collections.Counter(), collections.Counter()
    for index, document in enumerate(documents, 1):
        if document.error:
            lines.append(f"| {index} | `{document.name}` | — | — | — | {document.error} |")
            continue
        tally.update(document.elements)
        documents_using.update(document.elements.keys())
        lines.append(f"| {index} | `{document.name}` | {document.scenes} | {document.objects} | "
                     f"{document.custom_classes} | {len(document.elements)} |")
    lines += ["", "Element kinds across the documents (most used first; occurrences, and in how many",
              f"of the {sum(1 for d in documents if not d.error)} readable documents):", "",
              "| Element | Occurrences | Documents |", "|---|---|---|"]
    for name, count in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| `{name}` | {count} | {documents_using[name]} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description="Type-check the UIKit corpus against the built UIKit module.")
    parser.add_argument("--build", default=default_build(),
                        help="SwiftPM build directory holding Modules/ (default: .build/debug)")
    parser.add_argument("--port", action="store_true", help="run `lifeloop port` on each file first")
    parser.add_argument("--output", help="write the Markdown here instead of standard output")
    parser.add_argument("--jobs", type=int, default=2, help="type-checks at once (default 2)")
    parser.add_argument("--only", help="measure only units whose name contains this text")
    parser.add_argument("--run", action="store_true", help="run the lifecycle of each file that compiles (lifeloop launch --sources)")
    args = parser.parse_args()

    build = os.path.realpath(args.build)
    if not os.path.isfile(os.path.join(build, "Modules", "UIKit.swiftmodule")):
        fail(f"{args.build}: no Modules/UIKit.swiftmodule there; run `swift build` first or pass --build DIR")
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        fail("swiftc is not on PATH")
    if args.jobs < 1:
        fail(f"--jobs {args.jobs}: must be at least 1")
    lifeloop = os.path.join(build, "lifeloop")
    if args.port:
        try:
            probe = subprocess.run([lifeloop, "port", "--help"], capture_output=True, text=True)
            ported = probe.returncode == 0
        except OSError:
            ported = False
        if not ported:
            fail(f"`{lifeloop} port --help` failed: this build has no `lifeloop port` step, so --port cannot run")

    units = collect_units()
    if args.only:
        units = [u for u in units if args.only in u.name]
    if not units:
        fail(f"no corpus files found under {HERE}")
    scratch = tempfile.mkdtemp(prefix="lifeloop-measure-")
    try:
        checker = Checker(build, swiftc, os.path.join(scratch, "cache"))
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda u: measure(u, checker, args.port, lifeloop, scratch), units))
        runs = {}
        if args.run:
            compiled = [r[0] for r in results if r[1]]
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                for unit, outcome in zip(compiled, pool.map(lambda u: run_lifecycle(u, lifeloop, scratch), compiled)):
                    runs[unit.name] = outcome
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    lines = report(results, args, runs) + interface_report(interface_documents())
    text = "\n".join(lines) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    return 0


def report(results, args, runs=None):
    runs = runs or {}
    mode = "after `lifeloop port`" if args.port else "unchanged"
    lines = ["# UIKit corpus — type-check results" + (" (after the port step)" if args.port else " (no port step)"), "",
             "Every Swift file of `Corpus/` and `Corpus2/`, type-checked alone (with its entry's",
             "`Dependencies/` or `Companions/`; a storyboard entry's companions together) against",
             "the UIKit module of a debug build; then every storyboard and xib read as XML:", "",
             "    swift build",
             "    python3 Tests/UIKitCompatibility/measure.py --output Tests/UIKitCompatibility/Corpus2/RESULTS.md", "",
             "Each file is checked with `swiftc -typecheck -swift-version 5 -module-name CorpusFile",
             "-I <build>/Modules -I Sources/CLibUV -Xcc -fmodule-map-file=Sources/CLibUV/module.modulemap FILE…`.",
             "\"First missing API\" is the compiler's first error, normalised (`cannot find 'X' in scope`",
             "→ `X`; `value of type 'T' has no member 'm'` → `T.m`; Objective-C attributes by name).", "",
             f"| # | File | Compiles ({mode}) | First missing API | First error |" + (" Lifecycle runs |" if args.run else ""),
             "|---|------|----------|-------------------|-------------|" + ("----|" if args.run else "")]
    tally = collections.Counter()
    compiled = 0
    for index, (unit, ok, key, message, _) in enumerate(results, 1):
        compiled += ok
        if not ok:
            tally[key] += 1
        shown = message.replace("|", "\\|")
        row = f"| {index} | `{unit.name}` | {'yes' if ok else 'no'} | {key} | {shown} |"
        if args.run:
            ran = runs.get(unit.name)
            row += "" if ran is None else (f" yes: {ran[1]} |" if ran[0] else f" no: {ran[1].replace('|', chr(92) + '|')} |")
        lines.append(row)
    lines += ["", f"**{compiled} of {len(results)} compile** ({mode})."
              + (f" **{sum(1 for r in runs.values() if r[0])} of them run their lifecycle** from a storyboard." if args.run else ""), ""]
    for corpus in CORPORA:
        part = [r for r in results if r[0].corpus == corpus]
        if part:
            ran = sum(1 for r in part if runs.get(r[0].name, (False,))[0])
            lines.append(f"- {corpus}: {sum(r[1] for r in part)} of {len(part)} compile" + (f", {ran} run" if args.run else ""))
    lines += ["", "First missing API across failing files (most common first):", "",
              "| First missing API | Files |", "|---|---|"]
    for key, count in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| {key} | {count} |")
    kinds = collections.Counter()
    for key, count in tally.items():
        kinds[kind_of(key)] += count
    lines += ["", "The same first errors by kind:", "", "| Kind | Files |", "|---|---|"]
    for kind, count in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| {kind} | {count} |")
    return lines


APPLE_MODULES = {"SwiftUI", "Combine", "AVKit", "AVFoundation", "WebKit", "MapKit", "CoreLocation",
                 "Photos", "PhotosUI", "SafariServices", "MessageUI", "StoreKit", "UserNotifications",
                 "UserNotificationsUI", "CoreData", "CoreImage", "QuartzCore", "Metal", "MetalKit", "SpriteKit",
                 "SceneKit", "ARKit", "Contacts", "ContactsUI", "EventKit", "LocalAuthentication",
                 "AuthenticationServices", "CoreMotion", "HealthKit", "Intents", "IntentsUI", "WidgetKit",
                 "Observation", "os", "OSLog", "CoreGraphics", "CoreText", "CoreMedia", "CoreVideo", "PDFKit",
                 "QuickLook", "AppKit", "Cocoa", "GameKit", "VisionKit", "Vision", "CallKit", "PushKit",
                 "Network", "CryptoKit", "LinkPresentation", "UniformTypeIdentifiers", "AudioToolbox"}
PLATFORM_PREFIXES = ("UI", "CA", "CG", "NS", "CF", "AV", "CL", "MK", "WK", "SK", "Dispatch")


def kind_of(key):
    """A coarse kind for a first-missing-API key: what would have to change for the file."""
    m = re.match(r"module `([^`]+)`", key)
    if m:
        return "module: Apple framework other than UIKit" if m.group(1) in APPLE_MODULES \
            else "module: third-party or the project's own"
    if key.endswith("(ObjC)"):
        return "Objective-C attribute or selector"
    if key.startswith(("call signature", "override", "member", "other")):
        return "signature, override or other"
    name = key.strip("`").split(".")[0].split(" ")[0]
    if name.startswith(PLATFORM_PREFIXES):
        return "UIKit / Core Animation / Core Graphics API not in Lifeloop"
    return "type not in the file (project, third-party or platform)"


if __name__ == "__main__":
    sys.exit(main())
