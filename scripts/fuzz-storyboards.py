#!/usr/bin/env python3
"""Fuzz campaign for `lifeloop launch`: mutated storyboard files, one process each.

Usage:
    scripts/fuzz-storyboards.py [--count 10000] [--seed 8] [--jobs 2]
                                [--lifeloop PATH] [--out .fuzz]
    scripts/fuzz-storyboards.py --replay INDEX [--seed 8]   # rewrite one input, print its command

Build the executable first, for example:
    swift build -c release --product lifeloop --scratch-path .build-fuzz
    scripts/fuzz-storyboards.py --lifeloop .build-fuzz/release/lifeloop
(`make fuzz` does both.) Without --lifeloop the script takes .build/release/lifeloop,
else .build-fuzz/release/lifeloop.

Seeds: Samples/SeedSegue/Main.storyboard.json, Samples/Scenarios/*.storyboard.json and
the storyboard JSON literals of the Swift tests under Tests/ (found at run time, written
to OUT/seeds/; nothing is copied into the repository).

Each input is made by mutators chosen by a random generator seeded with (--seed, index),
so a campaign, and any one input of it (--replay), is reproducible:
  * byte level: bit flips, byte insertions, deleted and duplicated runs, truncation,
    splicing two seeds;
  * structure aware (the seed parsed with `json`, mutated, written back by hand so the
    text can hold duplicate keys, -0, 1e400 or 2**70): values of other types, extreme
    numbers, odd frames, 1 MB strings, unicode and escapes, 10,000 levels of subviews,
    100,000 `[`, 200,000 views, 40,000 scenes, duplicate and unknown keys, segue cycles,
    segues to missing scenes, empty ids, actions naming segues, a missing initialScene,
    scenes with thousands of segues and actions.
Some inputs also get `--tap LABEL` for labels the input has, `--format jsonl` or
`--labels`.

Each input runs as `lifeloop launch FILE [options]`, stdout to /dev/null, with
SWIFT_BACKTRACE=enable=no (a crash dies at once instead of symbolicating for seconds),
and is killed (SIGKILL) after --timeout seconds: 5, as under `timeout 5`. With
--via-timeout it runs as `timeout --kill-after=1 5 lifeloop ...` instead; wait4 on
`timeout` still gives lifeloop's peak, since a process's ru_maxrss covers the children
it has waited for (checked: `timeout` around a 200 MB child reports 218 MB). Its peak
RSS comes from wait4's ru_maxrss. The processes are started by a small helper process,
not by this one: a child's ru_maxrss starts at the peak RSS of the process that spawned
it (subprocess uses vfork, and Linux folds that memory's high-water mark into the
child's at exec), which would count this script's own memory.

Classes:
  accepted  exit 0;
  rejected  exit 2 (bad input) with a "lifeloop: " message on stderr and no crash marker;
  CRASH     death by a signal, or "Fatal error" / "Stack dump" / ... on stderr;
  HANG      still running after --timeout seconds, and again when run once more alone
            after the campaign (--no-recheck counts the first time); an input that
            finishes alone is counted by that run and listed as slow under load;
  MEMORY    peak RSS above baseline + slack + 10 x the input size (baseline: the median
            peak of five launches of the smallest seed; slack, --slack-kib, 1024 KiB by
            default: the run-to-run noise of ru_maxrss, about +-300 KiB around 22 MB, which
            would otherwise fail half of the inputs of a few bytes), or above
            --rss-cap-mib (then killed). The memory ratio of an input is
            (peak - baseline - slack) / size; the rule fails it above 10. summary.json
            also counts the inputs the rule would fail without the slack. Each MEMORY
            input is run once more with an unknown top-level key added, which the reader
            refuses as soon as the JSON text is parsed: that peak tells whether most of
            the excess comes from parsing or from what follows.
  UNCLEAR   any other exit (another status, or a failure without a message).

Failing inputs go to OUT/<class>/ (at most --keep per distinct failure), with a .txt
beside each that has the reason, the first 300 bytes of stderr and the command; OUT/summary.json has the counts, the worst memory ratio, the slowest
input and the total time. The exit status is 1 if any input is CRASH, HANG, MEMORY or
UNCLEAR, 0 otherwise.
"""

import argparse
import collections
import copy
import json
import os
import random
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILING = ("crash", "hang", "memory", "unclear")
CLASSES = ("accepted", "rejected") + FAILING
CRASH_MARKERS = ("Fatal error", "Stack dump", "Illegal instruction", "Segmentation fault",
                 "Program crashed", "Current stack trace", "Assertion failed", "Precondition failed",
                 "Bus error", "Aborted")
# Most bytes one command-line argument may have on Linux (MAX_ARG_STRLEN is 128 KiB).
MAX_ARG = 100_000


# MARK: - The spawner: a small process that runs the children and reports their rusage


def spawner_main(jobs, timeout, cap_kib):
    """Reads requests (JSON lines) on stdin, runs up to `jobs` at once, writes results.

    A request is {"id", "argv", "stderr"}; a result is {"id", "status", "maxrss",
    "seconds", "timedOut", "capped", "error"}. A child still running after `timeout`
    seconds, or whose resident size passes `cap_kib`, gets SIGKILL.
    """
    pending = collections.deque()
    running = {}  # pid -> dict
    buffer = b""
    stdin_open = True
    page_kib = os.sysconf("SC_PAGE_SIZE") // 1024
    out = sys.stdout

    def report(result):
        out.write(json.dumps(result) + "\n")
        out.flush()

    while stdin_open or pending or running:
        while pending and len(running) < jobs:
            request = pending.popleft()
            try:
                with open(request["stderr"], "wb") as err:
                    process = subprocess.Popen(request["argv"], stdin=subprocess.DEVNULL,
                                               stdout=subprocess.DEVNULL, stderr=err,
                                               env=request.get("env"))
            except OSError as error:
                report({"id": request["id"], "status": None, "maxrss": 0, "seconds": 0.0,
                        "timedOut": False, "capped": False, "error": str(error)})
                continue
            running[process.pid] = {"id": request["id"], "process": process,
                                    "start": time.monotonic(), "timedOut": False, "capped": False}
        if stdin_open:
            ready, _, _ = select.select([0], [], [], 0.005 if running else None)
            if ready:
                chunk = os.read(0, 1 << 16)
                if not chunk:
                    stdin_open = False
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    if line.strip():
                        pending.append(json.loads(line))
        elif running:
            time.sleep(0.005)
        # Reap whatever has ended, with its own rusage.
        while running:
            try:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            entry = running.pop(pid, None)
            if entry is None:
                continue
            # Popen must not wait for this pid again: it may be reused by a later child.
            entry["process"].returncode = status
            report({"id": entry["id"], "status": status, "maxrss": usage.ru_maxrss,
                    "seconds": time.monotonic() - entry["start"], "timedOut": entry["timedOut"],
                    "capped": entry["capped"], "error": None})
        now = time.monotonic()
        for pid, entry in running.items():
            if entry["timedOut"] or entry["capped"]:
                continue
            if now - entry["start"] >= timeout:
                entry["timedOut"] = True
                os.kill(pid, signal.SIGKILL)
                continue
            try:
                with open(f"/proc/{pid}/statm", "rb") as statm:
                    resident_kib = int(statm.read().split()[1]) * page_kib
            except (OSError, IndexError, ValueError):
                continue
            if resident_kib > cap_kib:
                entry["capped"] = True
                os.kill(pid, signal.SIGKILL)


class Spawner:
    """This side of the spawner's pipes."""

    def __init__(self, jobs, timeout, cap_kib):
        self.process = subprocess.Popen(
            [sys.executable, "-S", os.path.abspath(__file__), "--_spawner", str(jobs), str(timeout), str(cap_kib)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.outstanding = 0

    def submit(self, request):
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()
        self.outstanding += 1

    def result(self):
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the spawner process ended")
        self.outstanding -= 1
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


# MARK: - JSON text written by hand


class Raw:
    """Text that goes into the JSON as it is: 1e400, -0, 2**70, deep nesting, ..."""

    def __init__(self, text):
        self.text = text


class Pairs:
    """An object given as (key, value) pairs, so a key can come twice."""

    def __init__(self, pairs):
        self.pairs = pairs


def emit(value, ascii_only=True):
    parts = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Raw):
            parts.append(item.text)
        elif isinstance(item, _Token):
            parts.append(item.text)
        elif isinstance(item, str):
            parts.append(json.dumps(item, ensure_ascii=ascii_only))
        elif item is None or isinstance(item, bool):
            parts.append(json.dumps(item))
        elif isinstance(item, int):
            parts.append(str(item))
        elif isinstance(item, float):
            parts.append(repr(item) if item == item and abs(item) != float("inf") else "0")
        elif isinstance(item, (dict, Pairs)):
            pairs = list(item.items()) if isinstance(item, dict) else item.pairs
            sequence = [_Token("{")]
            for index, (key, member) in enumerate(pairs):
                if index:
                    sequence.append(_Token(","))
                sequence.append(key if isinstance(key, Raw) else str(key))
                sequence.append(_Token(":"))
                sequence.append(member)
            sequence.append(_Token("}"))
            stack.extend(reversed(sequence))
        elif isinstance(item, list):
            sequence = [_Token("[")]
            for index, member in enumerate(item):
                if index:
                    sequence.append(_Token(","))
                sequence.append(member)
            sequence.append(_Token("]"))
            stack.extend(reversed(sequence))
        else:
            raise TypeError(type(item))
    return "".join(parts)


class _Token:
    def __init__(self, text):
        self.text = text


# MARK: - Seeds


def repo_seeds():
    paths = [os.path.join(REPO, "Samples/SeedSegue/Main.storyboard.json")]
    scenarios = os.path.join(REPO, "Samples/Scenarios")
    if os.path.isdir(scenarios):
        paths += sorted(os.path.join(scenarios, name) for name in os.listdir(scenarios)
                        if name.endswith(".storyboard.json"))
    seeds = []
    for path in paths:
        if os.path.isfile(path):
            with open(path, "rb") as file:
                seeds.append((os.path.relpath(path, REPO), file.read()))
    return seeds


RAW_MULTILINE = re.compile(r'(#+)"""\n(.*?)\n([ \t]*)"""\1', re.S)
RAW_SINGLE = re.compile(r'(#+)"([^"\n].*?)"\1')


def test_seeds(limit=6):
    """Storyboard JSON literals of the Swift tests: raw strings holding "initialScene"."""
    found = []
    tests = os.path.join(REPO, "Tests")
    for root, _, files in sorted(os.walk(tests)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as file:
                source = file.read()
            candidates = []
            for match in RAW_MULTILINE.finditer(source):
                indent = match.group(3)
                lines = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in match.group(2).split("\n")]
                candidates.append("\n".join(lines))
            for match in RAW_SINGLE.finditer(source):
                candidates.append(match.group(2))
            for text in candidates:
                if '"initialScene"' not in text or "\\(" in text:
                    continue
                try:
                    document = json.loads(text)
                except ValueError:
                    continue
                if isinstance(document, dict) and isinstance(document.get("scenes"), list) and document["scenes"]:
                    found.append((os.path.relpath(path, REPO), text.encode()))
    # Distinct texts, the richest (longest) first.
    unique = {}
    for origin, data in found:
        unique.setdefault(data, origin)
    ordered = sorted(unique.items(), key=lambda item: (-len(item[0]), item[0]))
    return [(f"{origin}#{index}", data) for index, (data, origin) in enumerate(ordered[:limit])]


# MARK: - Mutators


EXTREME_NUMBERS = [0, -1, 1, 7, -0.0, 0.5, 1e308, -1e308, 1e-320, 5e-324, 2 ** 31, 2 ** 32, 2 ** 53 + 1,
                   2 ** 63 - 1, 2 ** 63, -(2 ** 63), -(2 ** 63) - 1, 2 ** 64, 2 ** 70, -(2 ** 70),
                   Raw("-0"), Raw("1e400"), Raw("-1e400"), Raw("1e-400"), Raw("1E+308"), Raw("0e0"),
                   Raw("123456789012345678901234567890"), Raw("1.7976931348623157e308"),
                   Raw("2.2250738585072014e-308"), Raw("0." + "0" * 400 + "1"), Raw("1" + "0" * 400),
                   Raw("-" + "9" * 30), Raw("1e-2147483649"), Raw("1e2147483648")]
# Numbers the reader accepts in a frame (finite; sizes not negative) that are still extreme.
VALID_SIZES = [0, -0.0, 5e-324, 1e-320, 0.1, 1, 414, 1e15, 2 ** 53 + 1, 2 ** 70, 1e308, 1.7976931348623157e308,
               Raw("-0"), Raw("1E+308"), Raw("123456789012345678901234567890"), Raw("1" + "0" * 300)]
VALID_ORIGINS = VALID_SIZES + [-1, -1e308, -(2 ** 70), -5e-324, Raw("-1.7976931348623157e308")]
VALID_TAGS = [0, -1, 2 ** 31, 2 ** 53 + 1, 2 ** 63 - 1, -(2 ** 63), Raw("-0"), Raw("1e2"), Raw("9223372036854775807")]
AUTORESIZING_NAMES = ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin",
                      "flexibleHeight", "flexibleBottomMargin"]
UNICODE_STRINGS = ["é", "\u0301", "👩\u200d👩\u200d👧", "\u202eRTL", "\ufeff", "\u0000", "a\u0000b", "\uffff",
                   "𝕏" * 40, "\u00a0", "Ω" * 100, "\t\n\r", "\\", "\"", "/", "\u2028\u2029"]
ESCAPES = ['"\\ud800"', '"\\udfff"', '"\\ud83d\\ude00"', '"\\u0000"', '"\\uD800\\u0041"', '"\\u00e9\\u0301"',
           '"\\/\\b\\f\\n\\r\\t"', '"\\x41"', '"\\u12"', '"\\', '"\\ud800\\ud800"', '"\\uFFFE"']
STRING_FIELDS = ["label", "id", "class", "identifier", "destination", "action", "backgroundColor",
                 "kind", "presentationStyle", "initialScene"]


def walk(document):
    """Every (container, key) position in a plain JSON tree, iteratively."""
    positions = []
    stack = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                positions.append((node, key))
                stack.append(value)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                positions.append((node, index))
                stack.append(value)
    return positions


def scenes_of(document):
    scenes = document.get("scenes") if isinstance(document, dict) else None
    return [scene for scene in scenes if isinstance(scene, dict)] if isinstance(scenes, list) else []


def views_of(document):
    views = []
    stack = [scene.get("view") for scene in scenes_of(document)]
    while stack:
        view = stack.pop()
        if isinstance(view, dict):
            views.append(view)
            subviews = view.get("subviews")
            if isinstance(subviews, list):
                stack.extend(subviews)
    return views


def labels_of(document):
    return [view["label"] for view in views_of(document) if isinstance(view.get("label"), str)]


def scene_with_view(rng, document):
    scenes = scenes_of(document)
    if not scenes:
        scene = {"id": "A"}
        if isinstance(document, dict) and isinstance(document.get("scenes"), list):
            document["scenes"].append(scene)
        scenes = [scene]
    scene = rng.choice(scenes)
    if not isinstance(scene.get("view"), dict):
        scene["view"] = {"label": f"{scene.get('id', 'X')}.root"}
    return scene


def random_view(rng, document):
    views = views_of(document)
    return rng.choice(views) if views else scene_with_view(rng, document)["view"]


def other_value(rng):
    return rng.choice([None, True, False, 0, -1, 1.5, "", "x", [], {}, [1, 2, 3, 4], {"id": "A"},
                       rng.choice(EXTREME_NUMBERS), "#FFFFFF", "segue:showB", "dismiss", ["flexibleWidth"],
                       Raw("[[]]"), Raw('{"":{}}')])


def m_retype(rng, document, context):
    positions = walk(document)
    if positions:
        container, key = rng.choice(positions)
        container[key] = other_value(rng)


def m_extreme_number(rng, document, context):
    view = random_view(rng, document)
    if rng.random() < 0.5:
        # Still valid: extreme but finite, sizes not negative, tags that fit an Int.
        view["frame"] = [rng.choice(VALID_ORIGINS), rng.choice(VALID_ORIGINS), rng.choice(VALID_SIZES),
                         rng.choice(VALID_SIZES)]
        view["autoresizing"] = rng.sample(AUTORESIZING_NAMES, k=rng.randint(0, 6))
        if rng.random() < 0.5:
            view["tag"] = rng.choice(VALID_TAGS)
        return
    choice = rng.random()
    if choice < 0.5:
        frame = view.get("frame") if isinstance(view.get("frame"), list) and len(view["frame"]) == 4 else [0, 0, 100, 100]
        frame = list(frame)
        for _ in range(rng.randint(1, 4)):
            frame[rng.randrange(4)] = rng.choice(EXTREME_NUMBERS)
        view["frame"] = frame
    elif choice < 0.8:
        view["tag"] = rng.choice(EXTREME_NUMBERS)
    else:
        positions = [(c, k) for c, k in walk(document) if isinstance(c[k], (int, float)) and not isinstance(c[k], bool)]
        if positions:
            container, key = rng.choice(positions)
            container[key] = rng.choice(EXTREME_NUMBERS)


def m_weird_frame(rng, document, context):
    """Frames of huge, tiny and negative sizes, under autoresizing, so layout computes with them."""
    for view in rng.sample(views_of(document) or [random_view(rng, document)], k=1):
        shape = rng.random()
        if shape < 0.7:
            view["frame"] = [rng.choice(EXTREME_NUMBERS) for _ in range(4)]
        elif shape < 0.85:
            view["frame"] = [0] * rng.choice([0, 1, 3, 5, 1000])
        else:
            view["frame"] = [[0], "0", None, True][: rng.randint(1, 4)]
        names = ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin",
                 "flexibleHeight", "flexibleBottomMargin"]
        view["autoresizing"] = rng.sample(names, k=rng.randint(0, 6)) + (["flexibleBogus"] if rng.random() < 0.05 else [])
        child = {"label": "weird.child", "frame": [rng.choice(EXTREME_NUMBERS) for _ in range(4)],
                 "autoresizing": rng.sample(names, k=rng.randint(1, 6))}
        if isinstance(view.get("subviews"), list):
            view["subviews"].append(child)
        else:
            view["subviews"] = [child]
        context["taps"].append("weird.child")


def long_text(rng, size):
    kind = rng.randrange(4)
    if kind == 0:
        return "A" * size
    if kind == 1:
        return "€" * (size // 3)
    if kind == 2:
        return "".join(rng.choice("abc\"\\\n\t/é😀") for _ in range(min(size, 200_000)))
    return "segue:" + "s" * size


def m_long_string(rng, document, context):
    size = rng.choice([1_000, 65_536, 1 << 20])
    text = long_text(rng, size)
    if rng.random() < 0.5:
        # One name, consistently: scene ids, initialScene and destinations all become it.
        scenes = scenes_of(document)
        if scenes:
            old = scenes[0].get("id")
            scenes[0]["id"] = text
            if isinstance(document, dict) and document.get("initialScene") == old:
                document["initialScene"] = text
            for scene in scenes:
                for segue in scene.get("segues", []) if isinstance(scene.get("segues"), list) else []:
                    if isinstance(segue, dict) and segue.get("destination") == old:
                        segue["destination"] = text
            return
    positions = [(c, k) for c, k in walk(document) if isinstance(c[k], str)]
    if rng.random() < 0.3 or not positions:
        view = random_view(rng, document)
        view["label"] = text
        if len(text.encode()) < MAX_ARG:
            context["taps"].append(text)
    else:
        container, key = rng.choice(positions)
        container[key] = text


def m_unicode(rng, document, context):
    positions = [(c, k) for c, k in walk(document) if isinstance(c[k], str)]
    if not positions:
        return
    for _ in range(rng.randint(1, 3)):
        container, key = rng.choice(positions)
        if rng.random() < 0.5:
            container[key] = Raw(rng.choice(ESCAPES) + ('"' if rng.random() < 0.1 else ""))
            if container[key].text.count('"') % 2:  # keep most of them balanced
                container[key] = Raw(container[key].text + '"')
        else:
            value = rng.choice(UNICODE_STRINGS)
            if isinstance(container[key], str) and rng.random() < 0.5:
                value = container[key] + value
            container[key] = value
            if isinstance(container, dict) and key == "label" and "\u0000" not in value:
                context["taps"].append(value)
    context["ascii"] = rng.random() < 0.5


def nested_views(rng, depth):
    leaf_action = rng.choice(["", "", ',"action":"dismiss"', ',"action":"segue:nope"'])
    frames = rng.random() < 0.5
    opening = []
    for level in range(depth):
        frame = f',"frame":[1,1,{depth - level},{depth - level}],"autoresizing":["flexibleWidth"]' if frames else ""
        opening.append(f'{{"label":"d{level}"{frame},"subviews":[')
    inner = f'{{"label":"deepest"{leaf_action}}}'
    return Raw("".join(opening) + inner + "]}" * depth)


def m_deep_subviews(rng, document, context):
    depth = rng.choice([100, 200, 240, 250, 252, 253, 254, 255, 256, 300, 511, 1000, 10_000])
    view = scene_with_view(rng, document)["view"] if rng.random() < 0.6 else random_view(rng, document)
    view["subviews"] = [nested_views(rng, depth)]
    context["taps"].append("deepest")


def m_deep_arrays(rng, document, context):
    depth = rng.choice([513, 1000, 100_000])
    kind = rng.randrange(4)
    if kind == 0:
        text = "[" * depth + "]" * depth
    elif kind == 1:
        text = "[" * depth
    elif kind == 2:
        text = '{"a":' * depth + "1" + "}" * depth
    else:
        text = "[{}," * depth + "null" + "]" * depth
    positions = walk(document)
    if positions and rng.random() < 0.8:
        container, key = rng.choice(positions)
        container[key] = Raw(text)
    else:
        context["replace"] = text.encode()


def wide_views(rng, count):
    """`count` sibling views, cut down so the text stays within about 5 MB."""
    kind = rng.randrange(4)
    count = min(count, [1_000_000, 250_000, 60_000, 80_000][kind])
    if kind == 0:
        items = ("{}" for _ in range(count))
    elif kind == 1:
        items = (f'{{"label":"w{index}"}}' for index in range(count))
    elif kind == 2:
        items = (f'{{"frame":[{index % 400},1,10,10],"autoresizing":["flexibleWidth","flexibleLeftMargin"]}}'
                 for index in range(count))
    else:
        items = (f'{{"tag":{index},"hidden":{"true" if index % 2 else "false"},"backgroundColor":"#00FF00"}}'
                 for index in range(count))
    return Raw("[" + ",".join(items) + "]")


def m_wide_views(rng, document, context):
    count = rng.choice([1_000, 10_000, 50_000, 100_000, 200_000])
    view = random_view(rng, document)
    if rng.random() < 0.7:
        view["subviews"] = wide_views(rng, count)
    else:
        # Two levels: sqrt(count) containers of sqrt(count) leaves.
        side = max(1, int(count ** 0.5))
        container = '{"subviews":' + wide_views(rng, side).text + "}"
        containers = max(1, min(side, 5_000_000 // len(container)))
        view["subviews"] = Raw("[" + ",".join([container] * containers) + "]")
    if rng.random() < 0.5:
        context["taps"].append("w" + str(count - 1))


def m_many_scenes(rng, document, context):
    count = rng.choice([100, 1_000, 10_000, 40_000])
    kind = rng.choice(["present", "show"])
    scenes = []
    for index in range(count):
        target = f"s{(index + 1) % count}"
        scenes.append(f'{{"id":"s{index}","view":{{"label":"b{index}","action":"segue:n"}},'
                      f'"segues":[{{"identifier":"n","kind":"{kind}","destination":"{target}"}}]}}')
    if rng.random() < 0.2:
        scenes.append('{"id":"s0"}')  # a duplicate id at the very end
    if isinstance(document, dict):
        document["scenes"] = Raw("[" + ",".join(scenes) + "]")
        document["initialScene"] = "s0"
        context["taps"] += [f"b{index}" for index in range(min(count, rng.randint(1, 8)))]


def m_quadratic(rng, document, context):
    """One scene with many segues and many views whose actions name the last segue."""
    segues = rng.choice([1_000, 10_000, 30_000, 50_000])
    views = rng.choice([1_000, 10_000, 30_000, 50_000])
    segue_text = ",".join(f'{{"identifier":"g{index}","kind":"present","destination":"B"}}' for index in range(segues))
    view_text = ",".join([f'{{"action":"segue:g{segues - 1}"}}'] * views)
    if rng.random() < 0.3:
        view_text += ',{"action":"segue:missing"}'
    if isinstance(document, dict):
        document["initialScene"] = "A"
        document["scenes"] = Raw(f'[{{"id":"A","view":{{"subviews":[{view_text}]}},"segues":[{segue_text}]}},{{"id":"B"}}]')


def m_duplicate_keys(rng, document, context):
    dicts = [c[k] for c, k in walk(document) if isinstance(c[k], dict) and c[k]]
    if isinstance(document, dict) and document:
        dicts.append(document)
    if not dicts:
        return
    target = rng.choice(dicts)
    pairs = list(target.items())
    key, value = rng.choice(pairs)
    duplicate = (key, rng.choice([value, other_value(rng), "B", "", [], {"id": "B"}]))
    pairs.insert(rng.randint(0, len(pairs)), duplicate)
    replacement = Pairs(pairs)
    if target is document:
        context["document"] = replacement
        return
    for container, position in walk(document):
        if container[position] is target:
            container[position] = replacement
            return


def m_unknown_key(rng, document, context):
    dicts = [c[k] for c, k in walk(document) if isinstance(c[k], dict)]
    if isinstance(document, dict):
        dicts.append(document)
    if dicts:
        key = rng.choice(["foo", "", "Class", "id ", "\u0000", "__proto__", "subView", "segue", "é", "x" * 1000])
        rng.choice(dicts)[key] = other_value(rng)


def m_segue_cycle(rng, document, context):
    """Scenes that show or present each other in a cycle, tapped round it."""
    size = rng.randint(1, 4)
    scenes = []
    for index in range(size):
        kind = rng.choice(["present", "show"])
        scene = {"id": f"c{index}", "view": {"label": f"c{index}.root", "frame": [0, 0, 414, 736],
                                             "subviews": [{"label": f"c{index}.next", "action": "segue:next"},
                                                          {"label": f"c{index}.back", "action": "dismiss"}]},
                 "segues": [{"identifier": "next", "kind": kind, "destination": f"c{(index + 1) % size}",
                             "animated": rng.random() < 0.5}]}
        if rng.random() < 0.4:
            scene["presentationStyle"] = rng.choice(["fullScreen", "overFullScreen", "pageSheet"])
        if rng.random() < 0.2:
            scene["class"] = rng.choice(["NavigationController", "TabBarController", "Unknown"])
        scenes.append(scene)
    if isinstance(document, dict):
        document["initialScene"] = "c0"
        document["scenes"] = scenes
    for step in range(rng.randint(1, 12)):
        context["taps"].append(f"c{step % size}.next" if rng.random() < 0.8 else f"c{step % size}.back")
    context["keep_taps"] = True


def m_missing_destination(rng, document, context):
    segues = [segue for scene in scenes_of(document) if isinstance(scene.get("segues"), list)
              for segue in scene["segues"] if isinstance(segue, dict)]
    if not segues:
        scene = rng.choice(scenes_of(document) or [scene_with_view(rng, document)])
        scene["segues"] = [{"identifier": "s", "kind": "present", "destination": "A"}]
        segues = scene["segues"]
    segue = rng.choice(segues)
    choice = rng.randrange(4)
    if choice == 0:
        segue["destination"] = "Nowhere"
    elif choice == 1:
        segue["destination"] = ""
    elif choice == 2:
        segue.pop("destination", None)
    else:
        segue["destination"] = other_value(rng)


def m_empty_ids(rng, document, context):
    for scene in scenes_of(document):
        if rng.random() < 0.5:
            scene["id"] = ""
        for segue in scene.get("segues", []) if isinstance(scene.get("segues"), list) else []:
            if isinstance(segue, dict) and rng.random() < 0.5:
                segue["identifier"] = ""
    if isinstance(document, dict) and rng.random() < 0.5:
        document["initialScene"] = ""
    for view in views_of(document):
        if rng.random() < 0.3:
            view["label"] = ""
            context["taps"].append("")


def m_action(rng, document, context):
    view = random_view(rng, document)
    scene_ids = [scene.get("id") for scene in scenes_of(document)]
    identifiers = [segue.get("identifier") for scene in scenes_of(document)
                   for segue in (scene.get("segues") if isinstance(scene.get("segues"), list) else [])
                   if isinstance(segue, dict) and isinstance(segue.get("identifier"), str)]
    view["action"] = rng.choice(["dismiss", "segue:", "segue:missing", "segue:segue:x", "DISMISS", "segue: showB",
                                 "segue:" + (rng.choice(identifiers) if identifiers else "x"),
                                 "segue:" + str(rng.choice(scene_ids) if scene_ids else "A"), ""])
    label = view.get("label") if isinstance(view.get("label"), str) else "acted"
    view["label"] = label
    context["taps"] += [label] * rng.randint(1, 3)


def m_initial_scene(rng, document, context):
    if not isinstance(document, dict):
        return
    choice = rng.randrange(5)
    if choice == 0:
        document.pop("initialScene", None)
    elif choice == 1:
        document["initialScene"] = other_value(rng)
    elif choice == 2:
        document["initialScene"] = "Missing"
    elif choice == 3:
        scenes = scenes_of(document)
        if scenes:
            document["scenes"].append(dict(scenes[0]))  # the initial scene twice
    else:
        document.pop("scenes", None)


def m_drop_field(rng, document, context):
    positions = [(c, k) for c, k in walk(document) if isinstance(c, dict)]
    if positions:
        container, key = rng.choice(positions)
        del container[key]


def m_shuffle(rng, document, context):
    lists = [c[k] for c, k in walk(document) if isinstance(c[k], list) and c[k]]
    if not lists:
        return
    target = rng.choice(lists)
    choice = rng.randrange(3)
    if choice == 0:
        rng.shuffle(target)
    elif choice == 1:
        item = rng.choice(target)
        if not isinstance(item, Raw):  # a Raw may be megabytes
            target.append(copy.deepcopy(item))
    else:
        del target[rng.randrange(len(target))]


def m_dismiss_root(rng, document, context):
    view = scene_with_view(rng, document)["view"]
    view["action"] = "dismiss"
    view["label"] = view.get("label") if isinstance(view.get("label"), str) else "root"
    context["taps"] += [view["label"]] * rng.randint(1, 3)


def random_view_tree(rng, scene_id, budget, segues, depth=0):
    """A valid view tree of at most budget[0] views, labelled `<scene>.v<n>`."""
    budget[0] -= 1
    view = {"label": f"{scene_id}.v{budget[0]}"}
    if rng.random() < 0.6:
        view["frame"] = [rng.choice([0, 10, 20, -5]), rng.choice([0, 64, 100]),
                         rng.choice([0, 44, 120, 414, 1000]), rng.choice([0, 44, 300, 736])]
        if rng.random() < 0.2:
            view["frame"] = [rng.choice(VALID_ORIGINS), rng.choice(VALID_ORIGINS), rng.choice(VALID_SIZES),
                             rng.choice(VALID_SIZES)]
    if rng.random() < 0.4:
        view["autoresizing"] = rng.sample(AUTORESIZING_NAMES, k=rng.randint(1, 4))
    if rng.random() < 0.1:
        view["hidden"] = rng.random() < 0.5
    if rng.random() < 0.1:
        view["backgroundColor"] = rng.choice(["#FFFFFF", "#00000080", "#abcdef", "#ABCDEF00"])
    if rng.random() < 0.1:
        view["tag"] = rng.choice(VALID_TAGS)
    if rng.random() < 0.05:
        view["class"] = rng.choice(["Button", "Label", "View", "Window", "ScrollView"])
    if rng.random() < 0.3:
        view["action"] = "dismiss" if not segues or rng.random() < 0.3 else "segue:" + rng.choice(segues)
    if depth < 12 and budget[0] > 0 and rng.random() < 0.6:
        view["subviews"] = [random_view_tree(rng, scene_id, budget, segues, depth + 1)
                            for _ in range(rng.randint(1, 4)) if budget[0] > 0]
    return view


def m_random_storyboard(rng, document, context):
    """A fresh, valid storyboard: scenes that show and present each other, with actions."""
    count = rng.randint(1, 6)
    ids = [f"S{index}" for index in range(count)]
    scenes = []
    for scene_id in ids:
        scene = {"id": scene_id}
        identifiers = [f"to{target}" for target in rng.sample(ids, k=rng.randint(0, count))]
        if identifiers:
            scene["segues"] = [{"identifier": name, "kind": rng.choice(["show", "present"]),
                                "destination": name[2:], "animated": rng.random() < 0.5} for name in identifiers]
        if rng.random() < 0.85:
            scene["view"] = random_view_tree(rng, scene_id, [rng.randint(1, 40)], identifiers)
        if rng.random() < 0.3:
            scene["presentationStyle"] = rng.choice(["fullScreen", "overFullScreen", "pageSheet"])
        if rng.random() < 0.1:
            scene["class"] = rng.choice(["NavigationController", "TabBarController", "Custom"])
        if rng.random() < 0.2:
            scene["label"] = rng.choice([scene_id, "", "app", "Window#1", scene_id + ".v0"])
        scenes.append(scene)
    if isinstance(document, dict):
        document.clear()
        document["initialScene"] = rng.choice(ids)
        document["scenes"] = scenes
    labels = labels_of({"scenes": scenes})
    acting = [view["label"] for view in views_of({"scenes": scenes}) if "action" in view]
    for _ in range(rng.randint(0, 10)):
        pool = acting if acting and rng.random() < 0.8 else labels
        if pool:
            context["taps"].append(rng.choice(pool))
    context["keep_taps"] = True


STRUCTURAL = [
    (m_random_storyboard, 20),
    (m_retype, 10), (m_extreme_number, 10), (m_weird_frame, 8), (m_long_string, 2), (m_unicode, 6),
    (m_deep_subviews, 3), (m_deep_arrays, 2), (m_wide_views, 1), (m_many_scenes, 1), (m_quadratic, 0.6),
    (m_duplicate_keys, 6), (m_unknown_key, 4), (m_segue_cycle, 8), (m_missing_destination, 4),
    (m_empty_ids, 3), (m_action, 8), (m_initial_scene, 4), (m_drop_field, 5), (m_shuffle, 5),
    (m_dismiss_root, 3),
]
# Mutators that make inputs of megabytes: at most one of them per input.
HEAVY = {m_long_string, m_deep_subviews, m_deep_arrays, m_wide_views, m_many_scenes, m_quadratic}


def b_bitflip(rng, data, seeds):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


INTERESTING_BYTES = [b"{", b"}", b"[", b"]", b'"', b"\\", b",", b":", b"\x00", b"\xff", b"\xc0\xaf", b"\xed\xa0\x80",
                     b"\xef\xbb\xbf", b"-", b"0", b"9", b"e", b".", b"\\u", b"null", b"true", b" ", b"\n", b"/*", b"1e999"]


def b_insert(rng, data, seeds):
    position = rng.randint(0, len(data))
    if rng.random() < 0.5:
        insert = b"".join(rng.choice(INTERESTING_BYTES) for _ in range(rng.randint(1, 4)))
    else:
        insert = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return data[:position] + insert + data[position:]


def b_delete(rng, data, seeds):
    if not data:
        return data
    start = rng.randrange(len(data))
    return data[:start] + data[start + rng.randint(1, 64):]


def b_duplicate(rng, data, seeds):
    if not data:
        return data
    start = rng.randrange(len(data))
    run = data[start:start + rng.randint(1, 256)]
    position = rng.randint(0, len(data))
    return data[:position] + run * rng.choice([1, 2, 8, 100]) + data[position:]


def b_truncate(rng, data, seeds):
    return data[:rng.randint(0, len(data))]


def b_splice(rng, data, seeds):
    other = rng.choice(seeds)[1]
    return data[:rng.randint(0, len(data))] + other[rng.randint(0, len(other)):]


BYTE_LEVEL = [(b_bitflip, 5), (b_insert, 5), (b_delete, 4), (b_duplicate, 3), (b_truncate, 2), (b_splice, 3)]


def weighted(rng, table):
    total = sum(weight for _, weight in table)
    point = rng.random() * total
    for item, weight in table:
        point -= weight
        if point < 0:
            return item
    return table[-1][0]


def make_input(seed, index, seeds):
    """Input `index` of campaign `seed`: (bytes, extra arguments, mutator names, seed name)."""
    rng = random.Random(f"lifeloop-fuzz:{seed}:{index}")
    seed_name, seed_data = rng.choice(seeds)
    names = []
    context = {"taps": [], "ascii": True}
    mode = rng.random()
    document = None
    if mode < 0.35:
        data = seed_data
        for _ in range(rng.randint(1, 4)):
            mutator = weighted(rng, BYTE_LEVEL)
            names.append(mutator.__name__[2:])
            data = mutator(rng, data, seeds)
    else:
        document = json.loads(seed_data)
        heavy_used = False
        for _ in range(rng.choice([1, 1, 1, 1, 1, 1, 2, 2, 2, 3])):
            mutator = weighted(rng, STRUCTURAL)
            if mutator in HEAVY:
                if heavy_used:
                    continue
                heavy_used = True
            names.append(mutator.__name__[2:])
            mutator(rng, document, context)
        output = context.get("document", document)
        data = context.get("replace") or emit(output, ascii_only=context["ascii"]).encode("utf-8", "surrogatepass")
        if mode > 0.93 and len(data) < 1 << 20:
            # Havoc: structure first, then a few bytes.
            mutator = weighted(rng, BYTE_LEVEL)
            names.append(mutator.__name__[2:])
            data = mutator(rng, data, seeds)
    # Options: taps on labels the input has, the JSON Lines format, a label filter.
    arguments = []
    labels = list(context["taps"])
    if document is not None and not context.get("keep_taps"):
        labels += labels_of(document)[:50]
    if document is None:
        labels += [match.decode("utf-8", "replace") for match in re.findall(rb'"label"\s*:\s*"([^"\\]{1,64})"', data)[:50]]
    # An empty label cannot be tapped from the command line (`--tap=` is a usage error).
    labels = [label for label in labels if isinstance(label, str) and label and "\x00" not in label
              and len(label.encode("utf-8", "surrogatepass")) < MAX_ARG and _encodable(label)]
    if labels and (context.get("keep_taps") or rng.random() < 0.5):
        if context.get("keep_taps"):
            chosen = context["taps"]
        else:
            chosen = [rng.choice(labels) for _ in range(rng.randint(1, 5))]
        for label in chosen:
            if not label or not _encodable(label) or "\x00" in label:
                continue
            # `--tap LABEL`, as two arguments: in `--tap=LABEL` a label that starts with a
            # combining mark joins the "=" into one Character and ArgumentParser no longer
            # finds the option. A label that starts with "-" needs the "=" form.
            arguments += [f"--tap={label}"] if label.startswith("-") else ["--tap", label]
    if rng.random() < 0.3:
        arguments.append("--format=jsonl")
    if rng.random() < 0.1:
        chosen = ",".join(labels[:3] if labels else ["app"])
        if len(chosen.encode()) < MAX_ARG:
            arguments.append("--labels=" + chosen)
    return data, arguments, names or ["none"], seed_name


def _encodable(text):
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


# MARK: - Running and classifying


def read_stderr(path):
    """The first 64 KiB and the last 64 KiB of a child's stderr."""
    try:
        with open(path, "rb") as file:
            head = file.read(1 << 16)
            file.seek(0, os.SEEK_END)
            size = file.tell()
            tail = b""
            if size > 1 << 16:
                file.seek(max(1 << 16, size - (1 << 16)))
                tail = file.read()
    except OSError:
        return b"", b""
    return head, tail


def memory_ratio(peak_kib, size, baseline_kib, slack_kib):
    """How many times the input size the peak is above baseline and slack (0 if below)."""
    return max(0.0, (peak_kib - baseline_kib - slack_kib) * 1024 / max(size, 1))


def classify(result, size, baseline_kib, factor, via_timeout, slack_kib):
    """(class, reason) for one child's result."""
    status = result["status"]
    head, tail = result["stderrHead"], result["stderrTail"]
    text = (head + tail).decode("utf-8", "replace")
    if result.get("error"):
        return "unclear", f"could not start: {result['error']}"
    if result["timedOut"] or (via_timeout and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 124):
        return "hang", "still running after the timeout"
    if result["capped"]:
        return "memory", f"killed above the RSS cap ({result['maxrss']} KiB)"
    if os.WIFSIGNALED(status):
        try:
            name = signal.Signals(os.WTERMSIG(status)).name
        except ValueError:
            name = f"signal {os.WTERMSIG(status)}"
        return "crash", f"killed by {name}: {first_line(text)}"
    marker = next((marker for marker in CRASH_MARKERS if marker in text), None)
    if marker:
        return "crash", f"{marker}: {first_line(text[text.index(marker):])}"
    code = os.WEXITSTATUS(status)
    limit = baseline_kib + slack_kib + factor * size / 1024
    if result["maxrss"] > limit:
        return "memory", (f"peak {result['maxrss']} KiB > {limit:.0f} KiB (baseline {baseline_kib} + slack {slack_kib}"
                          f" + {factor:g} x {size} B)")
    if code == 0:
        return "accepted", ""
    if code == 2 and text.startswith("lifeloop: ") and len(text.strip()) > len("lifeloop:"):
        return "rejected", first_line(text, limit=1 << 16)  # a field path can be kilobytes
    return "unclear", f"exit {code}, stderr: {first_line(text) or '(empty)'}"


def first_line(text, limit=300):
    return text.strip().split("\n", 1)[0][:limit] if text else ""


def signature(klass, reason, names):
    """A failure's kind with the details that vary (numbers, paths, names) taken out."""
    if klass == "memory":
        heavy = sorted(set(names) & {mutator.__name__[2:] for mutator in HEAVY})
        return f"memory: peak above the limit, inputs made by {'+'.join(heavy) or 'small mutations'}"
    if klass == "rejected":
        # The problem only, without the file and the field: "expected a string, found a number".
        match = re.match(r"lifeloop: .*?\.storyboard\.json: [^:]*: (.*)", reason, re.S)
        problem = match.group(1) if match else reason
        problem = re.sub(r'"(?:[^"\\]|\\.)*"', '"…"', problem)
        problem = re.sub(r"'[^']*'", "'…'", problem)
        problem = re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", problem)
        return "rejected: " + problem.split(";")[0][:80]
    reason = re.sub(r"/\S*in-\d+\.storyboard\.json", "FILE", reason)
    reason = re.sub(r'"[^"]{20,}"', '"…"', reason)
    reason = re.sub(r"\d+", "N", reason)
    return f"{klass}: {reason[:160]}"


def default_lifeloop():
    for candidate in (".build/release/lifeloop", ".build-fuzz/release/lifeloop"):
        path = os.path.join(REPO, candidate)
        if os.access(path, os.X_OK):
            return path
    return os.path.join(REPO, ".build/release/lifeloop")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Fuzz `lifeloop launch` with mutated storyboard files.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--count", type=int, default=10_000, help="how many inputs (default 10000)")
    parser.add_argument("--seed", type=int, default=8, help="the campaign's random seed (default 8)")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--lifeloop", default=None, help="the lifeloop executable (default .build/release/lifeloop, "
                                                         "else .build-fuzz/release/lifeloop)")
    parser.add_argument("--out", default=os.path.join(REPO, ".fuzz"), help="where failing inputs and summary.json go")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds before an input is a hang (default 5)")
    parser.add_argument("--memory-factor", type=float, default=10.0,
                        help="peak RSS may be the baseline plus this many times the input size (default 10)")
    parser.add_argument("--slack-kib", type=int, default=1024,
                        help="allowance for ru_maxrss noise on top of the baseline (default 1024)")
    parser.add_argument("--rss-cap-mib", type=int, default=4096, help="kill a child above this resident size (default 4096)")
    parser.add_argument("--keep", type=int, default=5, help="failing inputs kept per distinct failure (default 5)")
    parser.add_argument("--via-timeout", action="store_true",
                        help="run each input as `timeout --kill-after=1 T lifeloop ...` instead of killing it here")
    parser.add_argument("--no-recheck", action="store_true",
                        help="count a hang at once, without running the input again alone")
    parser.add_argument("--replay", type=int, metavar="INDEX", help="write input INDEX to OUT and print its command")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser.parse_args(argv)


def main(argv):
    if argv[:1] == ["--_spawner"]:
        spawner_main(int(argv[1]), float(argv[2]), int(argv[3]))
        return 0
    options = parse_arguments(argv)
    lifeloop = os.path.abspath(options.lifeloop or default_lifeloop())
    out = os.path.abspath(options.out)
    os.makedirs(out, exist_ok=True)

    seeds = repo_seeds()
    extra = test_seeds()
    os.makedirs(os.path.join(out, "seeds"), exist_ok=True)
    for index, (name, data) in enumerate(extra):
        with open(os.path.join(out, "seeds", f"test-{index}.storyboard.json"), "wb") as file:
            file.write(data)
    seeds += extra

    if options.replay is not None:
        data, arguments, names, seed_name = make_input(options.seed, options.replay, seeds)
        path = os.path.join(out, f"replay-{options.replay}.storyboard.json")
        with open(path, "wb") as file:
            file.write(data)
        print(f"input {options.replay} of seed {options.seed}: {'+'.join(names)} on {seed_name}, {len(data)} bytes")
        print(" ".join(_quote(part) for part in ["timeout", "5", lifeloop, "launch", path] + arguments) + " >/dev/null")
        return 0

    if not os.access(lifeloop, os.X_OK):
        print(f"error: no lifeloop executable at {lifeloop}; build it with\n"
              "  swift build -c release --product lifeloop --scratch-path .build-fuzz\n"
              "and pass --lifeloop .build-fuzz/release/lifeloop", file=sys.stderr)
        return 2

    # Before this process holds anything large, so the spawner starts small.
    rss_cap_kib = options.rss_cap_mib * 1024
    spawner = Spawner(options.jobs, options.timeout + (2 if options.via_timeout else 0), rss_cap_kib)
    work = tempfile.mkdtemp(prefix="lifeloop-fuzz-")
    environment = dict(os.environ)
    # A crash ends the process at once instead of running the backtracer for seconds.
    environment["SWIFT_BACKTRACE"] = "enable=no"

    def command(path, arguments):
        argv = [lifeloop, "launch", path] + arguments
        if options.via_timeout:
            argv = ["timeout", "--kill-after=1", f"{options.timeout:g}"] + argv
        return argv

    def run_now(path, arguments, tag):
        stderr_path = os.path.join(work, f"{tag}.stderr")
        spawner.submit({"id": tag, "argv": command(path, arguments), "stderr": stderr_path, "env": environment})
        result = spawner.result()
        result["stderrHead"], result["stderrTail"] = read_stderr(stderr_path)
        os.unlink(stderr_path)
        return result

    # The baseline: the smallest seed, unmutated, five times.
    smallest_name, smallest = min(seeds[: len(seeds) - len(extra)] or seeds, key=lambda seed: len(seed[1]))
    smallest_path = os.path.join(work, "baseline.storyboard.json")
    with open(smallest_path, "wb") as file:
        file.write(smallest)
    peaks = []
    for attempt in range(5):
        result = run_now(smallest_path, [], f"baseline-{attempt}")
        if result["status"] != 0:
            print(f"error: the smallest seed {smallest_name} does not launch: "
                  f"{(result['stderrHead'] or b'').decode('utf-8', 'replace')[:300]}", file=sys.stderr)
            spawner.close()
            shutil.rmtree(work, ignore_errors=True)
            return 2
        peaks.append(result["maxrss"])
    baseline_kib = int(statistics.median(peaks))
    for name, data in seeds:
        path = os.path.join(work, "seed.storyboard.json")
        with open(path, "wb") as file:
            file.write(data)
        result = run_now(path, [], "seed")
        if result["status"] != 0 and not options.quiet:
            print(f"note: seed {name} is rejected as it is (an error case of the tests?): "
                  f"{first_line(result['stderrHead'].decode('utf-8', 'replace'))}", file=sys.stderr)
    if not options.quiet:
        print(f"lifeloop {lifeloop}\nseeds {len(seeds)} ({len(extra)} from the tests), baseline {baseline_kib} KiB "
              f"(median of {peaks}), seed {options.seed}, {options.count} inputs, {options.jobs} jobs", file=sys.stderr)

    counts = collections.Counter()
    distinct = collections.OrderedDict()
    rejections = collections.Counter()
    by_mutator = collections.defaultdict(collections.Counter)
    worst = None
    slowest = None
    strict_memory = [0]
    in_flight = {}  # index -> (path, arguments, names, seed name, size)
    hangs = []  # hangs to run again alone once the campaign is done
    slow = []  # inputs killed at the timeout in the campaign that finished when run alone
    probing = {}  # "probe-<index>" -> what the memory failure waits for
    started = time.monotonic()

    def conclude(index, klass, reason, key, record, path, arguments, names, seed_name, size, result):
        """Counts a failing input under its distinct failure and keeps the first few."""
        entry = distinct.setdefault(key, {"class": klass, "signature": key, "count": 0, "examples": []})
        entry["count"] += 1
        if len(entry["examples"]) < options.keep:
            folder = os.path.join(out, klass)
            os.makedirs(folder, exist_ok=True)
            kept = os.path.join(folder, f"{index}-{'+'.join(names)}.storyboard.json")
            os.replace(path, kept)
            head = result["stderrHead"][:300].decode("utf-8", "replace")
            shown = " ".join(_quote(part) for part in ["timeout", f"{options.timeout:g}", lifeloop, "launch", kept]
                             + arguments)
            with open(kept[: -len(".storyboard.json")] + ".txt", "w") as note:
                note.write(f"class: {klass}\nreason: {reason}\nseed: {seed_name}\nmutators: {' '.join(names)}\n"
                           f"bytes: {size}\npeak KiB: {result['maxrss']} (baseline {baseline_kib})\n"
                           f"seconds: {result['seconds']:.3f}\nstatus: {result['status']}\n"
                           f"command: {shown} >/dev/null\nstderr (first 300 bytes):\n{head}\n")
            entry["examples"].append(dict(record, file=os.path.relpath(kept, out), reason=reason, stderr=head))
        if os.path.exists(path):
            os.unlink(path)

    def finish(result, recheck=None):
        nonlocal worst, slowest
        identifier = result["id"]
        if isinstance(identifier, str) and identifier.startswith("probe-"):
            # The parse-only run of a memory failure: the same text with an unknown top-level
            # key, which the reader refuses right after JSONSerialization has parsed it all.
            waiting = probing.pop(identifier)
            os.unlink(waiting["probePath"])
            os.unlink(waiting["probePath"] + ".stderr")
            limit = baseline_kib + options.slack_kib + options.memory_factor * waiting["size"] / 1024
            waiting["record"]["parseOnlyPeakKiB"] = result["maxrss"]
            waiting["result"]["parseOnlyPeakKiB"] = result["maxrss"]
            heavy = sorted(set(waiting["names"]) & {mutator.__name__[2:] for mutator in HEAVY})
            made_by = "+".join(heavy) or "small mutations"
            # Which phase holds most of the excess over the baseline: parsing, or what follows.
            parse_excess = result["maxrss"] - baseline_kib
            full_excess = waiting["result"]["maxrss"] - baseline_kib
            if result["maxrss"] > limit or parse_excess * 2 >= full_excess:
                key = f"memory: mostly while parsing the JSON, inputs made by {made_by}"
            else:
                key = f"memory: mostly after parsing (storyboard reader or app), inputs made by {made_by}"
            conclude(waiting["index"], "memory", waiting["reason"] + f"; parse alone {result['maxrss']} KiB", key,
                     waiting["record"], waiting["path"], waiting["arguments"], waiting["names"], waiting["seed"],
                     waiting["size"], waiting["result"])
            return
        index = identifier
        path, arguments, names, seed_name, size = in_flight.pop(index)
        stderr_path = path + ".stderr"
        result["stderrHead"], result["stderrTail"] = read_stderr(stderr_path)
        os.unlink(stderr_path)
        klass, reason = classify(result, size, baseline_kib, options.memory_factor, options.via_timeout,
                                 options.slack_kib)
        if klass == "hang" and not options.no_recheck and not recheck:
            # Two jobs on a loaded machine can make a two-second input take five: a hang is
            # an input that also times out when it runs alone, after the campaign.
            hangs.append(dict(result, id=index))
            in_flight[index] = (path, arguments, names, seed_name, size)
            return
        if recheck:
            first = recheck["seconds"]
            if klass == "hang":
                reason = f"killed after {options.timeout:g} s in the campaign ({first:.2f} s) and again alone"
            else:
                slow.append({"index": index, "bytes": size, "campaignSeconds": round(first, 3),
                             "aloneSeconds": round(result["seconds"], 3), "class": klass, "mutators": names})
        counts[klass] += 1
        if klass not in ("hang", "crash") and result["maxrss"] > baseline_kib + options.memory_factor * size / 1024:
            strict_memory[0] += 1
        for name in set(names):
            by_mutator[name][klass] += 1
        ratio = memory_ratio(result["maxrss"], size, baseline_kib, options.slack_kib)
        record = {"index": index, "bytes": size, "peakKiB": result["maxrss"], "ratio": round(ratio, 2),
                  "seconds": round(result["seconds"], 3), "mutators": names, "seed": seed_name,
                  "arguments": arguments}
        if klass != "hang" and (worst is None or ratio > worst["ratio"]):
            worst = dict(record)
        if slowest is None or result["seconds"] > slowest["seconds"]:
            slowest = dict(record, **{"class": klass})
        if klass == "rejected":
            rejections[signature(klass, reason, names)] += 1
        if klass not in FAILING:
            os.unlink(path)
            return
        if klass == "memory" and not result["capped"]:
            with open(path, "rb") as file:
                text = file.read().rstrip()
            if text.endswith(b"}"):
                probe_path = path[: -len(".storyboard.json")] + "-probe.storyboard.json"
                with open(probe_path, "wb") as file:
                    file.write(text[:-1] + b',"fuzzParseOnlyProbe":0}')
                probe_id = f"probe-{index}"
                probing[probe_id] = {"index": index, "reason": reason, "record": record, "path": path,
                                     "arguments": arguments, "names": names, "seed": seed_name, "size": size,
                                     "result": result, "probePath": probe_path}
                spawner.submit({"id": probe_id, "argv": command(probe_path, []), "stderr": probe_path + ".stderr",
                                "env": environment})
                return
        conclude(index, klass, reason, signature(klass, reason, names), record, path, arguments, names, seed_name,
                 size, result)

    for index in range(options.count):
        data, arguments, names, seed_name = make_input(options.seed, index, seeds)
        path = os.path.join(work, f"in-{index}.storyboard.json")
        with open(path, "wb") as file:
            file.write(data)
        in_flight[index] = (path, arguments, names, seed_name, len(data))
        spawner.submit({"id": index, "argv": command(path, arguments), "stderr": path + ".stderr", "env": environment})
        del data
        while spawner.outstanding > options.jobs:
            finish(spawner.result())
        if not options.quiet and index and index % 500 == 0:
            failed = sum(counts[klass] for klass in FAILING)
            print(f"  {index}/{options.count} inputs, {failed} failing, {time.monotonic() - started:.0f} s",
                  file=sys.stderr)
    while spawner.outstanding:
        finish(spawner.result())
    for first in hangs:
        while spawner.outstanding:  # alone: not even a memory probe beside it
            finish(spawner.result())
        index = first["id"]
        path, arguments = in_flight[index][:2]
        spawner.submit({"id": index, "argv": command(path, arguments), "stderr": path + ".stderr", "env": environment})
        finish(spawner.result(), recheck=first)
    while spawner.outstanding:
        finish(spawner.result())
    spawner.close()
    total = time.monotonic() - started
    shutil.rmtree(work, ignore_errors=True)

    summary = {
        "inputs": options.count,
        "counts": {klass: counts[klass] for klass in CLASSES},
        "seed": options.seed,
        "jobs": options.jobs,
        "timeoutSeconds": options.timeout,
        "memoryFactor": options.memory_factor,
        "baselineKiB": baseline_kib,
        "slackKiB": options.slack_kib,
        "memoryWithoutSlack": strict_memory[0],
        "baselinePeaksKiB": peaks,
        "worstMemory": worst,
        "slowUnderLoad": slow,
        "slowest": slowest,
        "totalSeconds": round(total, 1),
        "lifeloop": lifeloop,
        "seeds": [name for name, _ in seeds],
        "command": " ".join(_quote(part) for part in [sys.argv[0]] + argv),
        "distinctFailures": list(distinct.values()),
        "rejections": dict(rejections.most_common(40)),
        "byMutator": {name: dict(counter) for name, counter in sorted(by_mutator.items())},
    }
    with open(os.path.join(out, "summary.json"), "w") as file:
        json.dump(summary, file, indent=2, ensure_ascii=False)
        file.write("\n")

    print(f"{options.count} inputs in {total:.1f} s (seed {options.seed}, {options.jobs} jobs, "
          f"timeout {options.timeout:g} s, baseline {baseline_kib} KiB, slack {options.slack_kib} KiB)")
    print("  " + ", ".join(f"{klass} {counts[klass]}" for klass in CLASSES))
    if worst:
        print(f"  worst memory ratio: {worst['ratio']:.1f} x the input size above baseline and slack "
              f"(input {worst['index']}, {worst['bytes']} B, peak {worst['peakKiB']} KiB, {'+'.join(worst['mutators'])})")
    if slow:
        print(f"  {len(slow)} inputs killed at {options.timeout:g} s in the campaign finished when run alone "
              f"(at most {max(entry['aloneSeconds'] for entry in slow):.2f} s): counted by that run")
    if slowest:
        print(f"  slowest: input {slowest['index']}, {slowest['seconds']:.2f} s ({slowest['class']}, "
              f"{slowest['bytes']} B, {'+'.join(slowest['mutators'])})")
    for entry in distinct.values():
        example = entry["examples"][0] if entry["examples"] else None
        print(f"  {entry['count']:6d}  {entry['signature']}")
        if example:
            print(f"          e.g. {example['file']} ({example['bytes']} B)")
    print(f"  summary: {os.path.join(out, 'summary.json')}")
    return 1 if any(counts[klass] for klass in FAILING) else 0


def _quote(text):
    return text if re.fullmatch(r"[\w@%+=:,./-]+", text) else "'" + text.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
