#!/usr/bin/env python3
"""The UIKit survey: what public UIKit code uses, and how much of it Lifeloop's UIKit provides.

    scripts/uikit-survey.py [--build DIR] [--output FILE] [--tsv FILE] [--jobs N]

Reads the sample (Tests/UIKitSurvey/SAMPLE.tsv, its files laid out in
Tests/UIKitSurvey/files/ by `Tests/UIKitSurvey/take.py lay-out`), and:

1. surveys each file's syntax with swift-syntax (`lifeloop-port --survey`): type names,
   member chains with their calls' argument labels, declared variable types, classes with
   their superclass, overrides and methods;
2. tells UIKit's names from an app's own: a type name is UIKit's (or QuartzCore's,
   CoreGraphics', Foundation's on iOS) when it starts with UI, CA, CG or NS followed by
   a capital, or is one of the Foundation types UIKit extends (IndexPath, Bundle, Timer,
   NotificationCenter, Notification, UserDefaults), and the file's repository declares
   no type of that name (every Swift file of the snapshot is read for declarations).
   A member is UIKit's when it is reached from a UIKit-typed root: a UIKit type
   (`UIColor.red`), a variable or parameter declared with a UIKit type, `self` or
   `super` in a class whose superclass is a UIKit class (or in an extension of a UIKit
   type), or a name the repository never declares used inside such a class (`view`);
   overrides in such a class; and the methods of a class that conforms to a UIKit
   delegate or data-source protocol whose names start with the protocol's subject
   (`tableView(_:numberOfRowsInSection:)` for UITableViewDataSource);
3. resolves every distinct use against the UIKit module this checkout built, with the
   compiler: each use becomes a small probe (`let _: _Probe = x.view.layer` for a chain
   prefix: the compiler's "cannot convert value of type 'Layer'" both resolves it and
   names the next link's base type; a missing member is "has no member"); overrides are
   probed in a subclass, protocol methods against the protocol's requirements;
4. writes the table: each symbol, the share of files that use it, whether it resolves.

A use is a (file, symbol) pair: a file that uses a symbol ten times counts once. A member
missing from the app's own repository declarations but declared by that repository
(an extension of UIView in the app) is the app's own, not UIKit's, when it does not
resolve. Links after an unresolved one are not counted (their base type is unknown).

Exit status: 0 when the table is written, 2 on bad input (no sample, no build).
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
SURVEY = os.path.join(PACKAGE, "Tests", "UIKitSurvey")
MIRRORS = os.environ.get("LIFELOOP_MIRRORS", "/work/.mirror")
FOUNDATION_UIKIT = {"IndexPath", "Bundle", "Timer", "NotificationCenter", "Notification", "UserDefaults"}
UIKIT_NAME = re.compile(r"^(UI|CA|CG|NS)[A-Z]")
THRESHOLD = 0.005


def fail(message):
    print(f"uikit-survey.py: {message}", file=sys.stderr)
    sys.exit(2)


MODULE_PREFIXES = ("UIKit.", "Foundation.", "CoreGraphics.", "QuartzCore.", "Swift.")
# Names that look like UIKit's and are SwiftUI's: counted apart, not as UIKit uses.
SWIFTUI_NAMES = {"UIViewRepresentable", "UIViewControllerRepresentable", "UIHostingController",
                 "UIHostingConfiguration", "UIViewRepresentableContext", "UIViewControllerRepresentableContext",
                 "UIApplicationDelegateAdaptor"}
# Other Apple frameworks' NS/CG names (CoreData, ImageIO): not in the survey's scope.
OTHER_FRAMEWORK = re.compile(r"^(NS(Managed|Fetch|Persistent|Entity|Batch|SQLiteStoreType|MergePolicy|Migration|"
                             r"AttributeDescription|RelationshipDescription|PropertyDescription)|CGImage(Source|Destination|Property)"
                             r"|kCGImage)")
# Combine's members on Foundation types: Combine's, not Foundation's.
COMBINE_MEMBERS = {("NotificationCenter", "publisher"), ("Timer", "publish"), ("NotificationCenter", "Publisher")}
# A file written in Swift 2 (no current toolchain compiles it) is counted apart.
SWIFT2 = re.compile(r"\b(CGRectMake|CGPointMake|CGSizeMake|dispatch_async|dispatch_get_main_queue)\(|"
                    r"\.(sharedApplication|mainBundle|defaultManager|standardUserDefaults|defaultCenter)\(\)|"
                    r"\bNSBundle\.|respondsToSelector\(")
# Capacitor's names (`CAPPlugin`, `CAPBridgeViewController`) are not QuartzCore's.
CAPACITOR = re.compile(r"^CAP[A-Z]")


# AppKit's names (macOS code that shares a file with iOS code): not UIKit uses.
APPKIT_NAMES = {"NSApplication", "NSApp", "NSView", "NSImage", "NSAlert", "NSScreen", "NSColor", "NSFont", "NSWindow",
                "NSViewController", "NSWindowController", "NSTextField", "NSSecureTextField", "NSButton", "NSEvent",
                "NSMenu", "NSMenuItem", "NSBezierPath", "NSStatusBar", "NSStatusItem", "NSWorkspace", "NSPasteboard",
                "NSCollectionView", "NSTableView", "NSOutlineView", "NSScrollView", "NSStackView", "NSImageView",
                "NSTextView", "NSGraphicsContext", "NSViewRepresentable", "NSHostingController", "NSHostingView",
                "NSSharingService", "NSSharingServicePicker", "NSSharingServicePickerDelegate", "NSAccessibility",
                "NSAccessibilityElement", "NSAccessibilityGroup", "NSAnimationContext", "NSTrackingArea",
                "NSPopover", "NSPanel", "NSSavePanel", "NSOpenPanel", "NSSplitView", "NSSplitViewController",
                "NSTabView", "NSTabViewController", "NSToolbar", "NSToolbarItem", "NSDocument", "NSCursor",
                "NSGestureRecognizer", "NSClickGestureRecognizer", "NSPanGestureRecognizer", "NSNib",
                "NSVisualEffectView", "NSAppearance", "NSResponder", "NSControl", "NSSlider", "NSProgressIndicator",
                "NSSegmentedControl", "NSPopUpButton", "NSComboBox", "NSDatePicker", "NSSwitch", "NSBox",
                "NSRunningApplication", "NSApplicationDelegate", "NSWindowDelegate", "NSUserInterfaceItemIdentifier",
                "NSEdgeInsets", "NSRect", "NSPoint", "NSSize", "NSZeroRect", "NSMakeRect", "NSImageRep",
                "NSBitmapImageRep", "NSCollectionViewItem", "NSTableCellView", "NSTableRowView", "NSClipView",
                "NSLayoutGuide"} - {"NSLayoutGuide"}


def strip_module(name):
    for prefix in MODULE_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def is_uikit_type(name, own_types):
    name = strip_module(name)
    first = name.split(".")[0]
    if first in SWIFTUI_NAMES or first in APPKIT_NAMES or first == "UIKit" or CAPACITOR.match(first) \
            or OTHER_FRAMEWORK.match(first):
        return False
    if first in own_types:
        return False
    return bool(UIKIT_NAME.match(first)) or first in FOUNDATION_UIKIT


def read_sample():
    path = os.path.join(SURVEY, "SAMPLE.tsv")
    if not os.path.isfile(path):
        fail(f"{path}: no sample")
    rows = []
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 5:
                continue
            row = dict(zip(header, fields))
            rows.append(row)
    return rows


DECL_TYPE = re.compile(r"\b(?:class|struct|enum|protocol|typealias|actor|associatedtype)\s+([A-Za-z_]\w*)")
DECL_MEMBER = re.compile(r"\b(?:func|var|let|case)\s+([A-Za-z_]\w*)")
OBJC_TYPE = re.compile(r"@(?:interface|protocol)\s+([A-Za-z_]\w*)")


def repository_names(repo, cache):
    """Type and member names a repository declares anywhere in its Swift (and Objective-C) files."""
    if repo in cache:
        return cache[repo]
    git_dir = find_mirror(repo)
    types, members = set(), set()
    if git_dir:
        result = subprocess.run(["git", "--git-dir", git_dir, "grep", "-h", "-I", "-E",
                                 r"(class|struct|enum|protocol|typealias|actor|associatedtype|func|var|let|case|@interface|@protocol)\s",
                                 "HEAD", "--", "*.swift", "*.h"],
                                capture_output=True, text=True, errors="replace")
        for line in result.stdout.splitlines():
            types.update(DECL_TYPE.findall(line))
            types.update(OBJC_TYPE.findall(line))
            members.update(DECL_MEMBER.findall(line))
        # Xcode makes `UIColor.brandBlue` and `UIImage.logo` from the asset catalog's
        # `Brand Blue.colorset` and `logo.imageset`: the app's own names.
        tree = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-d", "--name-only", "HEAD"],
                              capture_output=True, text=True, errors="replace").stdout
        for folder in tree.splitlines():
            base = os.path.basename(folder)
            for suffix in (".colorset", ".imageset", ".symbolset", ".dataset"):
                if base.endswith(suffix):
                    words = re.split(r"[^A-Za-z0-9]+", base[: -len(suffix)])
                    words = [w for w in words if w]
                    if words:
                        name = words[0][0].lower() + words[0][1:] + "".join(w[0].upper() + w[1:] for w in words[1:])
                        members.add(name)
    cache[repo] = (types, members)
    return cache[repo]


def find_mirror(repo):
    base = os.path.join(MIRRORS, repo.replace("/", "+"))
    if not os.path.isdir(base):
        return None
    for root, dirs, files in os.walk(base):
        if "HEAD" in files and "objects" in dirs:
            return root
        if root.count(os.sep) - base.count(os.sep) > 3:
            break
    return None


def uikit_aliases(checkout):
    """Lifeloop's names for UIKit's (`View` → `UIView`), from the UIKit module's typealiases.

    A nested alias (`extension UIView { typealias ContentMode = … }`) is preferred to a
    flat one (`UIViewContentMode`, Swift 3's spelling)."""
    flat, nested = {}, {}
    pattern = re.compile(r"^public typealias ([A-Z]\w*) = ([A-Za-z_][\w.]*)\s*$")
    extension = re.compile(r"^(?:public\s+)?extension ([A-Z][\w.]*)")
    for directory in ("Sources/UIKit", "Sources/Lifeloop"):
        for root, _, files in os.walk(os.path.join(checkout, directory)):
            for name in files:
                if not name.endswith(".swift"):
                    continue
                depth, extended = 0, None
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    for line in handle:
                        stripped = line.strip()
                        if depth == 0:
                            found = extension.match(stripped)
                            extended = found.group(1) if found else None
                        match = pattern.match(stripped)
                        if match and depth == 0 and UIKIT_NAME.match(match.group(1)):
                            flat.setdefault(match.group(2).replace("Lifeloop.", ""), match.group(1))
                        elif match and depth == 1 and extended:
                            nested.setdefault(match.group(2).replace("Lifeloop.", ""), (extended, match.group(1)))
                        depth += line.count("{") - line.count("}")
    aliases = dict(flat)
    for target, (extended, name) in nested.items():
        outer = flat.get(extended, extended)
        if UIKIT_NAME.match(outer):
            aliases[target] = f"{outer}.{name}"
    return aliases


class Namer:
    def __init__(self, aliases):
        self.aliases = aliases

    def uikit(self, type_text):
        """A compiler-printed type as UIKit spells it: `View?` → `UIView`."""
        text = type_text.strip()
        changed = True
        while changed:
            changed = False
            for prefix, suffix in (("Optional<", ">"), ("ImplicitlyUnwrappedOptional<", ">")):
                if text.startswith(prefix) and text.endswith(suffix):
                    text, changed = text[len(prefix):-len(suffix)], True
            while text.endswith("?") or text.endswith("!"):
                text, changed = text[:-1], True
            if text.startswith("(") and text.endswith(")") and "->" not in text and "," not in text:
                text, changed = text[1:-1], True
        for suffix in (".Type", ".Protocol"):
            if text.endswith(suffix):
                text = text[: -len(suffix)]
        for module in ("Lifeloop.", "UIKit.", "Foundation.", "FoundationEssentials.", "Swift."):
            if text.startswith(module):
                text = text[len(module):]
        parts = text.split(".")
        if parts[0] in self.aliases:
            parts[0] = self.aliases[parts[0]]
        joined = ".".join(parts)
        return self.aliases.get(joined, joined)


def link_text(link, implicit_ok=True):
    text = "." + link["name"] if link["name"] != "init" else ""
    if link.get("labels") is not None:
        arguments = []
        implicit = {int(k): v for k, v in (link.get("implicitArguments") or {}).items()}
        for index, label in enumerate(link["labels"]):
            value = "." + implicit[index] if implicit_ok and index in implicit else "_a()"
            arguments.append(value if label == "_" else f"{label}: {value}")
        call = "(" + ", ".join(arguments) + ")"
        trailing = link.get("trailing") or []
        labels = link.get("trailingLabels") or []
        closures = []
        for index, count in enumerate(trailing):
            params = ", ".join("_" for _ in range(count))
            body = "{ " + (params + " in " if count else "") + "fatalError() }"
            closures.append(body if index == 0 else f"{labels[index - 1]}: {body}")
        if closures:
            call = ("(" + ", ".join(arguments) + ")" if arguments else "") + " " + " ".join(closures)
        text += call
    return text


def chain_expression(name, base, static, unwrap, links):
    """A chain's probe expression and its function's head.

    The root keeps the optionality the code gave it (`x?.a` needs an optional `x`); an
    initializer called on `super` or `self` is called on the type."""
    if not static and links and links[0]["name"] == "init":
        static, unwrap = True, ""
        expression = base + ".init" + link_text(links[0])
        links = links[1:]
    else:
        expression = base if static else "x" + unwrap
    for link in links:
        expression += link_text(link) + (link.get("unwrap") or "")
    if static:
        return expression, f"func {name}() {{"
    parameter = base + ("?" if unwrap else "")
    return expression, f"func {name}(_ x: {parameter}) {{"


THIRD_PARTY_MEMBERS = {"snp", "rx", "kf", "reactive", "hero", "sk"}
THIRD_PARTY_PREFIXES = ("sd_", "af_", "pin_")
APPLE_MODULES = {"UIKit", "Foundation", "QuartzCore", "CoreGraphics", "Swift", "Darwin", "Dispatch", "ObjectiveC",
                 "CoreFoundation", "os", "SwiftUI", "Combine", "AVFoundation", "AVKit", "CoreData", "CoreImage",
                 "CoreLocation", "MapKit", "Photos", "PhotosUI", "WebKit", "SafariServices", "UserNotifications",
                 "StoreKit", "GameKit", "SpriteKit", "SceneKit", "ARKit", "Metal", "MetalKit", "CoreML", "Vision",
                 "MessageUI", "Contacts", "ContactsUI", "EventKit", "EventKitUI", "LocalAuthentication", "Security",
                 "CoreText", "ImageIO", "MobileCoreServices", "UniformTypeIdentifiers", "AudioToolbox", "CoreMotion",
                 "CoreBluetooth", "HealthKit", "HealthKitUI", "CloudKit", "CryptoKit", "Network", "OSLog",
                 "CoreHaptics", "CoreMedia", "CoreVideo", "MediaPlayer", "QuickLook", "PDFKit", "AuthenticationServices",
                 "XCTest", "Accelerate", "GLKit", "OpenGLES", "NotificationCenter", "WidgetKit", "Intents", "IntentsUI",
                 "LinkPresentation", "PencilKit", "CoreSpotlight", "AdSupport", "AppTrackingTransparency",
                 "SystemConfiguration", "CoreTelephony", "Social", "Accounts", "MultipeerConnectivity", "GameplayKit",
                 "ReplayKit", "CallKit", "PushKit", "BackgroundTasks", "CarPlay", "VisionKit", "CoreNFC", "NaturalLanguage",
                 "Speech", "SoundAnalysis", "QuickLookThumbnailing", "FileProvider", "FileProviderUI", "Observation"}


def third_party_member(name, imports):
    """A well-known third-party extension namespace (`view.snp`, `label.rx`): not UIKit's."""
    return name in THIRD_PARTY_MEMBERS or name.startswith(THIRD_PARTY_PREFIXES) or bool(PREFIXED_MEMBER.match(name))


# `ne_darkText`, `sd_setImage`: a library's prefixed category member, never UIKit's.
PREFIXED_MEMBER = re.compile(r"^[a-z]{1,4}_[A-Za-z]")


def link_symbol(link):
    name = link["name"]
    if link.get("labels") is None:
        return name
    labels = list(link["labels"])
    trailing = link.get("trailing") or []
    if trailing:
        labels.append("{}")
        labels.extend(link.get("trailingLabels") or [])
    return name + "(" + "".join((label + ":") if label != "{}" else "{}:" for label in labels) + ")"


SUBJECT_SUFFIXES = ("DelegateFlowLayout", "DataSourcePrefetching", "DataSource", "Delegate")


def protocol_subject(protocol):
    name = protocol[2:] if protocol.startswith("UI") else protocol
    for suffix in SUBJECT_SUFFIXES:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    else:
        return None
    if not name:
        return None
    return name[0].lower() + name[1:]


class Survey:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build)
        self.modules = os.path.join(self.build, "Modules")
        if not os.path.isfile(os.path.join(self.modules, "UIKit.swiftmodule")):
            fail(f"{self.build}: no Modules/UIKit.swiftmodule; run `swift build` first")
        self.port = os.path.abspath(args.port or os.path.join(self.build, "lifeloop-port"))
        if not os.path.isfile(self.port):
            fail(f"{self.port}: missing; run `swift build --product lifeloop-port`")
        self.swiftc = shutil.which("swiftc") or fail("swiftc is not on PATH")
        self.checkout = os.path.abspath(args.sources)
        self.namer = Namer(uikit_aliases(self.checkout))
        self.repo_cache = {}

    def survey_files(self, paths):
        surveys = {}
        chunk = 200
        for start in range(0, len(paths), chunk):
            part = paths[start:start + chunk]
            result = subprocess.run([self.port, "--survey", *part], capture_output=True, text=True)
            for line in result.stdout.splitlines():
                record = json.loads(line)
                surveys[record["file"]] = record["survey"]
        return surveys

    # MARK: Protocol requirements, from Lifeloop's own declarations

    def requirements(self):
        sources = []
        for directory in ("Sources/Lifeloop", "Sources/UIKit"):
            for root, _, files in os.walk(os.path.join(self.checkout, directory)):
                sources += [os.path.join(root, f) for f in files if f.endswith(".swift")]
        protocols = {}
        for survey in self.survey_files(sources).values():
            for decl in survey["declarations"]:
                if decl["kind"] == "protocol":
                    protocols[decl["name"]] = decl
        reverse = self.namer.aliases
        table = {}

        def collect(name, seen):
            decl = protocols.get(name)
            if not decl or name in seen:
                return set()
            seen.add(name)
            names = set(decl["functions"])
            for parent in decl["inherits"]:
                names |= collect(parent, seen)
            return names
        for name in protocols:
            table[reverse.get(name, name)] = collect(name, set())
        return table

    # MARK: Uses

    def uses_of(self, survey, repo):
        """Each use in one file: (kind, key, probe) where probe says how to resolve it."""
        own_types, own_members = repository_names(repo, self.repo_cache)
        own_types = own_types | {n for n in survey["declaredNames"] if n[:1].isupper()}
        file_names = set(survey["declaredNames"])
        uses = []
        for name in survey["types"]:
            if is_uikit_type(name, own_types):
                uses.append(("type", strip_module(name)))
        for name in survey.get("values", []):
            if is_uikit_type(name, own_types):
                uses.append(("value", strip_module(name)))
        classes = {}
        for decl in survey["declarations"]:
            if decl["kind"] in ("class", "extension") and decl["kind"] == "class":
                classes[decl["name"]] = decl
        variables = survey["variables"]

        def superclass_of(enclosing):
            if enclosing is None:
                return None
            if is_uikit_type(enclosing, own_types):
                return enclosing  # an extension of a UIKit type: self is that type
            decl = classes.get(enclosing)
            if decl and decl["inherits"] and is_uikit_type(decl["inherits"][0], own_types):
                return decl["inherits"][0]
            return None

        for chain in survey["chains"]:
            root, links = chain["root"], list(chain["links"])
            unwrap = chain.get("rootUnwrap") or ""
            static = False
            if root[:1].isupper():
                if not is_uikit_type(root, own_types):
                    continue
                uses.append(("type", root))
                base, static = root, True
            elif root in ("self", "super"):
                base = superclass_of(chain.get("enclosing"))
                if base is None:
                    continue
                static = bool(chain.get("inTypeMethod")) and root == "self"  # `self` is the type there
                if root == "self" and links and links[0]["name"] in own_members | file_names:
                    continue
            elif root in variables:
                base = variables[root]
                if not is_uikit_type(base, own_types):
                    continue
            elif root not in own_members and root not in file_names and not root.startswith("$"):
                base = superclass_of(chain.get("enclosing"))
                if base is None:
                    continue
                links = [{"name": root, "unwrap": unwrap or None}] + links
                unwrap = ""
            else:
                continue
            uses.append(("chain", (base, static, unwrap, json.dumps(links, sort_keys=True),
                                   chain.get("assignedImplicit"))))
        # Overrides and protocol methods.
        for decl in survey["declarations"]:
            if decl["kind"] != "class" or not decl["inherits"]:
                continue
            first = decl["inherits"][0]
            if is_uikit_type(first, own_types):
                for signature in decl["overrides"]:
                    uses.append(("override", (first, signature)))
            protocols = [p for p in decl["inherits"] if is_uikit_type(p, own_types) and protocol_subject(p)]
            for function in decl["functions"]:
                matching = [p for p in protocols if function.startswith(protocol_subject(p))
                            or (function.startswith("numberOf") and function.endswith("(in:)"))]
                if matching:
                    # The protocol that requires it, when one of them does; else the first.
                    uses.append(("requirement", (tuple(matching), function)))
        return uses

    # MARK: Probes

    def probe_lines(self, kind, key, index):
        """The probe's lines, and which of them is the one whose errors count."""
        name = f"_p{index}"
        if kind == "type":
            return [f"typealias _T{index} = {key}"], 0
        if kind == "value":
            return [f"func {name}() {{", f"let _: _Probe = {key}", "}"], 1
        if kind == "chain":
            base, static, unwrap, links_json, _ = key
            links = json.loads(links_json)
            expression, head = chain_expression(name, base, static, unwrap, links)
            return [head, f"let _: _Probe = {expression}", "}"], 1
        if kind == "assign":
            base, static, unwrap, links_json, implicit = key
            links = json.loads(links_json)
            expression, head = chain_expression(name, base, static, unwrap, links)
            return [head, f"{expression} = .{implicit}", "}"], 1
        if kind == "override":
            superclass, signature = key
            if re.match(r"^CA\w*Layer$", superclass) and re.match(r"^override init(\(\)|\(layer: Any\))$", signature):
                # As the port step writes a layer subclass's initializers: `required`.
                signature = signature.replace("override init", "required init", 1)
            body = override_body(signature)
            if body is None:
                return None
            lines = [f"class _C{index}: {superclass} {{", body]
            if "init" not in signature or "coder" in signature:
                pass
            if not re.search(r"init\??\(coder", signature):
                lines.append("required init?(coder: NSCoder) { fatalError() }")
            lines.append("}")
            return lines, 1
        return None

    def typecheck(self, lines, scratch, number):
        path = os.path.join(scratch, f"probes{number}.swift")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        result = subprocess.run([self.swiftc, "-typecheck", "-swift-version", "5", "-module-name", "Probes",
                                 "-module-cache-path", os.path.join(scratch, "cache"),
                                 "-I", self.modules, "-I", os.path.join(PACKAGE, "Sources", "CLibUV"),
                                 "-Xcc", "-fmodule-map-file=" + os.path.join(PACKAGE, "Sources", "CLibUV", "module.modulemap"),
                                 path], capture_output=True, text=True, errors="replace")
        errors = collections.defaultdict(list)
        for line in result.stderr.splitlines():
            # An error of the whole compilation (a module that cannot be loaded) would
            # leave every probe without an error: that is a failed measurement.
            if re.match(r"^(<unknown>:0: )?(error|fatal error): ", line) or " fatal error: " in line:
                fail(f"the probes do not compile against {self.modules}: {line}")
            match = re.match(r"^(.*?):(\d+):\d+: error: (.*)$", line)
            if match and os.path.basename(match.group(1)) == os.path.basename(path):
                errors[int(match.group(2))].append(match.group(3))
        return errors

    def resolve(self, probes, scratch):
        """Typechecks probes (kind, key) in chunks; answers each one's errors on its target line."""
        prelude = ["import UIKit", "import Foundation", "struct _Probe {}", "func _a<V>() -> V { fatalError() }"]

        chunks, current, targets = [], list(prelude), []
        answers = {}
        for index, (kind, key) in enumerate(probes):
            made = self.probe_lines(kind, key, index)
            if made is None:
                answers[(kind, key)] = None
                continue
            lines, target = made
            targets.append((len(chunks), len(current) + target + 1, (kind, key)))
            current += lines
            if len(current) > 6000:
                chunks.append(current)
                current = list(prelude)
        chunks.append(current)
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            results = list(pool.map(lambda item: self.typecheck(item[1], scratch, item[0]), enumerate(chunks)))
        for chunk, line, probe in targets:
            answers[probe] = results[chunk].get(line, [])
        return answers


def override_body(signature):
    text = signature
    if text.startswith("override func") or text.startswith("override class func") or text.startswith("override static func"):
        return text + " { fatalError() }"
    if "init" in text.split("(")[0]:
        return text + " { fatalError() }"
    match = re.match(r"^(override (?:class |static )?var \w+\s*:\s*.+?) \{(get|get set|observe)\}$", text)
    if match:
        declaration, accessors = match.groups()
        if accessors == "get":
            return declaration + " { fatalError() }"
        if accessors == "get set":
            return declaration + " { get { fatalError() } set {} }"
        return declaration + " { didSet {} }"
    return None


CONVERT = re.compile(r"cannot convert value of type '(.+?)' to specified type '_Probe'")
UNRESOLVED = re.compile(r"has no member|cannot find|incorrect argument label|extra argument|missing argument|"
                        r"no exact matches|does not override|cannot override|overriding non-open|"
                        r"non-open class|is inaccessible|is unavailable|has been renamed|"
                        r"argument passed to call that takes no arguments|cannot use optional chaining|"
                        r"must be unwrapped|cannot force unwrap|is not a member type|has no accessible initializers|"
                        r"cannot be constructed because|is not open|not marked 'open'|cannot call value of non-function|"
                        r"does not have a member|no member named|unknown type|instance member .* cannot be used on type|"
                        r"static member .* cannot be used on instance|ambiguous for type lookup|use the 'required' modifier")
OWN_TYPE = re.compile(r"cannot find (?:type )?'([A-Za-z_]\w*)' in scope")


def classify(errors, own_types):
    """('resolved', type or None) | ('missing', message) | ('unmeasured', message)."""
    converted = None
    for message in errors:
        match = CONVERT.search(message)
        if match:
            converted = match.group(1)
    problems = [m for m in errors if not CONVERT.search(m)]
    for message in problems:
        own = OWN_TYPE.search(message)
        if own and not is_uikit_type(own.group(1), own_types):
            return ("unmeasured", message)
    for message in problems:
        if UNRESOLVED.search(message):
            return ("missing", message)
    return ("resolved", converted)


FUNCTION_NAME = re.compile(r"^(UI|CG|NS|CA)\w*?(Make|Get|Begin|End|Push|Pop|Representation|Main|FromString|"
                           r"StringFrom|EqualTo|Contains|Intersect|Is[A-Z]|Inset|Offset|Union|Divide|Apply|Save|"
                           r"Play|Post|Log|Localized|Concat|Invert|Translate|Scale|Rotate|Convert|Set[A-Z]|Add|Draw|"
                           r"Fill|Stroke|Clip|Create|Release|Retain)")
MISSING_MEMBER = re.compile(r"(?:value of type|type|value of optional type) '(.+?)' has no member '(\w+)'")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(PACKAGE, ".build", "debug"))
    parser.add_argument("--output", default=os.path.join(PACKAGE, "docs", "UIKIT-USE.md"))
    parser.add_argument("--tsv", default=os.path.join(SURVEY, "TABLE.tsv"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--keep", help="keep the probe files in this directory")
    parser.add_argument("--port", help="the lifeloop-port that surveys the files (default: the build's)")
    parser.add_argument("--sources", default=PACKAGE,
                        help="the checkout whose Sources/ name the UIKit module's types (default: this one)")
    args = parser.parse_args()
    survey = Survey(args)
    rows = read_sample()
    files_dir = os.path.join(SURVEY, "files")
    paths, repos, missing_files = [], {}, []
    for row in rows:
        path = os.path.join(files_dir, f"{int(row['index']):04d}.swift")
        if os.path.isfile(path):
            paths.append(path)
            repos[path] = row["repo"]
        else:
            missing_files.append(path)
    if not paths:
        fail(f"{files_dir}: no sample file laid out; run `python3 Tests/UIKitSurvey/take.py lay-out`")
    swift2 = []
    for path in list(paths):
        with open(path, encoding="utf-8", errors="replace") as handle:
            if SWIFT2.search(handle.read()):
                swift2.append(path)
                paths.remove(path)
    surveys = survey.survey_files(paths)
    requirements = survey.requirements()

    per_file = {}
    distinct = set()
    for path in paths:
        uses = survey.uses_of(surveys[path], repos[path])
        per_file[path] = uses
        for kind, key in uses:
            if kind == "chain":
                base, static, unwrap, links_json, implicit = key
                links = json.loads(links_json)
                for count in range(1, len(links) + 1):
                    distinct.add(("chain", (base, static, unwrap, json.dumps(links[:count], sort_keys=True), None)))
                if implicit:
                    distinct.add(("assign", key))
            elif kind in ("type", "value", "override"):
                distinct.add((kind, key))
    scratch = args.keep or tempfile.mkdtemp(prefix="uikit-survey-")
    os.makedirs(scratch, exist_ok=True)
    answers = survey.resolve(sorted(distinct, key=repr), scratch)

    namer = survey.namer
    symbol_files = collections.defaultdict(set)   # symbol → files
    symbol_state = {}                              # symbol → resolved?
    symbol_kind = {}
    unmeasured = 0

    def credit(symbol, kind, resolved, path):
        if not resolved and os.environ.get("SURVEY_DEBUG") == symbol:
            print(f"uikit-survey.py: {symbol} does not resolve in {path}", file=sys.stderr)
        symbol_files[symbol].add(path)
        symbol_state[symbol] = symbol_state.get(symbol, True) and resolved
        symbol_kind.setdefault(symbol, kind)

    # A capitalised name that is called and is no type is a function (`UIGraphicsEndImageContext()`):
    # one that resolves as a call, or one named like Apple's C functions.
    chain_keys_by_root = collections.defaultdict(list)
    for kind, key in distinct:
        if kind == "chain" and key[1] and len(json.loads(key[3])) == 1:
            chain_keys_by_root[key[0]].append(key)
    called = {key[0] for uses in per_file.values() for kind, key in uses
              if kind == "chain" and key[1] and json.loads(key[3])[0]["name"] == "init"}

    def is_function(name):
        answer = answers.get(("type", name))
        if name not in called or not answer:
            return False
        return bool(FUNCTION_NAME.search(name)) or not any(
            classify(answers.get(("chain", key)) or [], set())[0] == "missing"
            for key in chain_keys_by_root.get(name, ()))

    for path, uses in per_file.items():
        own_types = repository_names(repos[path], survey.repo_cache)[0]
        imports = surveys[path]["imports"]
        for kind, key in uses:
            if kind in ("type", "value"):
                if kind == "type" and is_function(key):
                    continue
                state, detail = classify(answers.get((kind, key)) or [], own_types)
                if state != "unmeasured":
                    credit(key, "type" if kind == "type" else "name", state == "resolved", path)
                else:
                    unmeasured += 1
            elif kind == "chain":
                base, static, unwrap, links_json, implicit = key
                links = json.loads(links_json)
                base_name = namer.uikit(base)
                _, own_members = repository_names(repos[path], survey.repo_cache)
                for count in range(1, len(links) + 1):
                    link = links[count - 1]
                    probe = ("chain", (base, static, unwrap, json.dumps(links[:count], sort_keys=True), None))
                    state, detail = classify(answers.get(probe) or [], own_types)
                    if state == "unmeasured":
                        unmeasured += 1
                        break
                    symbol = base_name + ("." + link_symbol(link) if link["name"] != "init" else ".init" + link_symbol(link)[4:])
                    if link["name"] == "init" and link.get("labels") is None:
                        symbol = base_name + ".init"
                    if count == 1 and static and link["name"] == "init" and is_function(base):
                        symbol = base + link_symbol(link)[4:]
                    if third_party_member(link["name"], imports) or (base_name, link["name"]) in COMBINE_MEMBERS:
                        break
                    if count > 1 and not is_uikit_type(base_name, set()):
                        break  # `label.text.count`: String's member, not UIKit's
                    if base_name in ("NSNotification.Name", "Notification.Name") and link["name"] != "init" \
                            and not UIKIT_NAME.match(link["name"]):
                        break  # a notification the app or a library names, not UIKit
                    if state == "missing" and "SwiftUI" in imports and link["name"] == "init" \
                            and link.get("labels") == ["_"] and base_name in ("UIColor", "UIFont", "UIImage"):
                        break  # SwiftUI's `UIColor(_ color: Color)` and the like, not UIKit's
                    if state == "missing":
                        found = MISSING_MEMBER.search(detail)
                        if found and found.group(2) != link["name"]:
                            # An implicit argument (`.bold`) is what is missing, not the call.
                            symbol = namer.uikit(found.group(1)) + "." + found.group(2)
                        if (link["name"] in own_members or link["name"] in own_types) and \
                                not (found and found.group(2) != link["name"]):
                            break  # the app's own extension member
                        credit(symbol, "member", False, path)
                        break
                    credit(symbol, "member", True, path)
                    implicit_arguments = link.get("implicitArguments") or {}
                    for position, name in sorted(implicit_arguments.items()):
                        credit(f"{symbol} .{name}", "argument", True, path)
                    if detail is None:
                        break  # resolved, but its type is not known: the chain stops here
                    base_name = namer.uikit(detail)

                if implicit:
                    state, detail = classify(answers.get(("assign", key)) or [], own_types)
                    found = MISSING_MEMBER.search(detail or "") if state == "missing" else None
                    if state == "missing" and found:
                        credit(namer.uikit(found.group(1)) + "." + found.group(2), "case", False, path)
                    elif state == "resolved":
                        credit(f"{base_name}.{implicit}" if base_name else f".{implicit}", "case", True, path)
            elif kind == "override":
                superclass, signature = key
                answer = answers.get((kind, key))
                name_match = re.search(r"(?:func|var)\s+(\w+)|(init\??)", signature)
                member = (name_match.group(1) or name_match.group(2)) if name_match else signature
                labels = ""
                params = re.search(r"\((.*)\)", signature)
                if params and ("func" in signature or "init" in signature.split("(")[0]):
                    labels = "(" + "".join(
                        p.strip().split(" ")[0].split(":")[0] + ":" for p in split_params(params.group(1))) + ")"
                # An override is its own row: overriding needs `open`, a use does not.
                symbol = f"{namer.uikit(superclass)}.{member.rstrip('?')}{labels} (override)"
                if answer is None:
                    unmeasured += 1
                    continue
                state, detail = classify(answer, own_types)
                if state == "unmeasured":
                    unmeasured += 1
                    continue
                credit(symbol, "override", state == "resolved", path)
            elif kind == "requirement":
                protocols, function = key
                owner = next((p for p in protocols if function in requirements.get(p, set())), None)
                credit(f"{owner or protocols[0]}.{function}", "protocol method", owner is not None, path)

    total_files = len(paths)
    uses = sum(len(files) for files in symbol_files.values())
    resolved = sum(len(files) for symbol, files in symbol_files.items() if symbol_state[symbol])
    table = sorted(symbol_files, key=lambda s: (-len(symbol_files[s]), s))
    with open(args.tsv, "w", encoding="utf-8") as handle:
        handle.write("symbol\tkind\tfiles\tshare\tprovided\n")
        for symbol in table:
            count = len(symbol_files[symbol])
            handle.write(f"{symbol}\t{symbol_kind[symbol]}\t{count}\t{count / total_files:.4f}\t"
                         f"{'yes' if symbol_state[symbol] else 'no'}\n")
    above = [s for s in table if len(symbol_files[s]) / total_files >= THRESHOLD]
    missing_above = [s for s in above if not symbol_state[s]]
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(render(total_files, len(set(repos.values())), uses, resolved, unmeasured, table,
                            symbol_files, symbol_state, symbol_kind, above, missing_above, missing_files, len(swift2)))
    print(f"files {total_files} (missing {len(missing_files)}, Swift 2 {len(swift2)}), symbols {len(table)}, uses {uses}, "
          f"resolved {resolved} = {100 * resolved / max(uses, 1):.2f} %, unmeasured {unmeasured}; "
          f"symbols at or above {THRESHOLD:.1%}: {len(above)}, not provided: {len(missing_above)}")
    for symbol in missing_above:
        print(f"  missing {len(symbol_files[symbol]):4d}  {symbol}")


def split_params(text):
    depth, current, parts = 0, "", []
    for char in text:
        if char in "([<":
            depth += 1
        elif char in ")]>":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return parts


def render(total_files, total_repos, uses, resolved, unmeasured, table, symbol_files, symbol_state, symbol_kind,
           above, missing_above, missing_files, swift2_count):
    lines = [
        "# UIKit by use",
        "",
        "Which UIKit (and QuartzCore, CoreGraphics and Foundation-on-iOS) symbols public iOS",
        "code uses, and which of them `import UIKit` on Linux provides. The sample and how it was",
        "drawn are in `Tests/UIKitSurvey/` (`SAMPLING.md`, `SAMPLE.tsv`); this page is written by",
        "`scripts/uikit-survey.py`, which explains how a UIKit name is told from an app's own",
        "and how each use is resolved (by the compiler, against this checkout's UIKit module).",
        "",
        f"- Files surveyed: **{total_files}**, from {total_repos} repositories"
        + (f" ({len(missing_files)} listed files not laid out)" if missing_files else "")
        + f"; {swift2_count} more of the sample are written in Swift 2 (`CGRectMake(…)`, "
        "`.sharedApplication()`), which no current toolchain compiles, and are left out.",
        f"- Symbol uses (a file using a symbol counts once): **{uses}**; resolved: **{resolved}** "
        f"(**{100 * resolved / max(uses, 1):.2f} %**). Uses that could not be measured (their probe "
        f"names a type of the app's own): {unmeasured}.",
        f"- Symbols used by at least {THRESHOLD:.1%} of the files: **{len(above)}**; not provided: "
        f"**{len(missing_above)}**.",
        "",
        "A symbol is written as the code uses it: `UIView.animate(withDuration:{}:)` is a call with",
        "a trailing closure; `UIButton.init(type:) .system` is an implicit-member argument of",
        "that call; members are named on the type they were used on.",
        "",
        f"## Every symbol used by at least {THRESHOLD:.1%} of the files",
        "",
        "| symbol | kind | files | share | provided |",
        "|---|---|---:|---:|---|",
    ]
    for symbol in above:
        count = len(symbol_files[symbol])
        lines.append(f"| `{symbol}` | {symbol_kind[symbol]} | {count} | {100 * count / total_files:.1f} % | "
                     f"{'yes' if symbol_state[symbol] else '**no**'} |")
    rest = [s for s in table if s not in set(above) and not symbol_state[s] and len(symbol_files[s]) >= 2]
    lines += ["", f"## Not provided, used by fewer than {THRESHOLD:.1%} (two files or more)", "",
              "| symbol | kind | files |", "|---|---|---:|"]
    for symbol in rest:
        lines.append(f"| `{symbol}` | {symbol_kind[symbol]} | {len(symbol_files[symbol])} |")
    lines += ["", "The whole table (every symbol, one file or more) is `Tests/UIKitSurvey/TABLE.tsv`.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
