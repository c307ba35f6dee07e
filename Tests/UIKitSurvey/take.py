#!/usr/bin/env python3
"""UIKit survey: take files from a fetched snapshot by the rule in SAMPLING.md.

Standard library only.  Subcommands:

  take.py take REPO GITDIR
      Applies the rule's "Inside a repository" part to the snapshot's HEAD:
      candidates are the HEAD tree's .swift blobs with no excluded path
      component that contain a UIKit import line; they are ordered by the
      SHA-1 (hex) of their path and at most 8 are taken.  A copy (blob id
      already taken), a blob over 1 MiB or one that is not UTF-8 is skipped
      and logged.  Taken files go to SAMPLE.tsv and files/NNNN.swift, skips
      to SKIPS.tsv.

  take.py skip REPO REASON...
      Records a repository-level skip (`seen`, `no Swift file`, a fetch
      failure with the tool's reason) in SKIPS.tsv.

  take.py lay-out [MIRROR_ROOT]
      Re-creates files/ from SAMPLE.tsv, reading each blob from the fetched
      snapshot under MIRROR_ROOT (default /work/.mirror) and checking its
      blob id.  Reports every missing mirror or mismatch (exit status 1).

  take.py plan FRAGMENT
      Prints the listing listings/FRAGMENT.txt in order, with what is
      already recorded for each repository and whether an earlier source
      listed it (`seen`).

  take.py count
      Prints how many files were taken and from how many repositories.
"""

import hashlib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "SAMPLE.tsv")
SKIPS = os.path.join(HERE, "SKIPS.tsv")
FILES = os.path.join(HERE, "files")
LISTINGS = os.path.join(HERE, "listings")

SOURCES = ["ios", "swift", "app", "kit"]  # the rule's sources, in order
PER_REPO = 8
MAX_BYTES = 1024 * 1024  # "larger than 1 MiB" is skipped
EXCLUDED = {"Pods", "Carthage", "Checkouts", ".build", "DerivedData"}

SAMPLE_HEADER = ["index", "repo", "commit", "path", "blob", "licence"]
SKIPS_HEADER = ["repo", "path", "reason"]

# A line that imports UIKit (see "Clarifications while sampling" in SAMPLING.md):
#   import UIKit | import UIKit.X | @testable import UIKit | @_exported import UIKit
#   | import class UIKit.X (and struct, enum, protocol, func, var, typealias)
# leading blanks allowed; trailing blanks, a `;` and a comment allowed.
IMPORT_LINE = re.compile(
    rb"^[ \t]*(?:@testable[ \t]+|@_exported[ \t]+)?import[ \t]+"
    rb"(?:(?:class|struct|enum|protocol|func|var|typealias)[ \t]+UIKit(?:\.[A-Za-z_][A-Za-z0-9_]*)+"
    rb"|UIKit(?:\.[A-Za-z_][A-Za-z0-9_]*)*)"
    rb"[ \t]*(?:;[ \t]*)?(?://.*|/\*.*)?\r?$",
    re.MULTILINE,
)
BOM = b"\xef\xbb\xbf"

LICENCE_NAME = re.compile(r"^(?:licen[cs]e|copying|unlicense)(?:[.\-_ ].*)?$", re.IGNORECASE)


def git(gitdir, *args, data=None):
    r = subprocess.run(["git", "--git-dir", gitdir, *args], input=data,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise RuntimeError("git %s: %s" % (" ".join(args), r.stderr.decode("utf-8", "replace").strip()))
    return r.stdout


def clean(field):
    """A TSV field: no tab or newline."""
    return str(field).replace("\t", " ").replace("\r", " ").replace("\n", " ")


def read_tsv(path, header):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if not line:
            continue
        fields = line.split("\t")
        if i == 0 and fields == header:
            continue
        rows.append(dict(zip(header, fields)))
    return rows


def append_tsv(path, header, rows):
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", encoding="utf-8") as f:
        if new:
            f.write("\t".join(header) + "\n")
        for row in rows:
            f.write("\t".join(clean(row[k]) for k in header) + "\n")


class Batch:
    """git cat-file --batch, for reading many blobs of one snapshot."""

    def __init__(self, gitdir):
        self.p = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def read(self, oid):
        self.p.stdin.write(oid.encode() + b"\n")
        self.p.stdin.flush()
        head = self.p.stdout.readline().split()
        if len(head) < 2 or head[1] == b"missing":
            return None
        size = int(head[2])
        data = self.p.stdout.read(size)
        self.p.stdout.read(1)  # the newline after the content
        return data

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def imports_uikit(data):
    if data.startswith(BOM):
        data = data[len(BOM):]
    return IMPORT_LINE.search(data) is not None


def licence_of(gitdir, commit):
    names = []
    out = git(gitdir, "ls-tree", "-z", commit)
    for entry in out.split(b"\0"):
        if not entry:
            continue
        meta, name = entry.split(b"\t", 1)
        mode, typ, _ = meta.split(b" ")
        if typ != b"blob":
            continue
        name = name.decode("utf-8", "replace")
        if LICENCE_NAME.match(name):
            names.append(name)
    return ",".join(sorted(names)) if names else "none"


def path_key(path_bytes):
    return hashlib.sha1(path_bytes).hexdigest()


def recorded(repo):
    """What SAMPLE.tsv and SKIPS.tsv already say of a repository."""
    taken = [r for r in read_tsv(SAMPLE, SAMPLE_HEADER) if r["repo"] == repo]
    skips = [r for r in read_tsv(SKIPS, SKIPS_HEADER) if r["repo"] == repo]
    return taken, skips


def cmd_take(repo, gitdir, force=False):
    taken_before, skips_before = recorded(repo)
    if (taken_before or skips_before) and not force:
        sys.exit("%s is already recorded (%d taken, %d skips); not taken again" %
                 (repo, len(taken_before), len(skips_before)))
    commit = git(gitdir, "rev-parse", "--verify", "HEAD^{commit}").decode().strip()
    rows = read_tsv(SAMPLE, SAMPLE_HEADER)
    taken_blobs = {r["blob"] for r in rows}
    index = len(rows)

    tree = git(gitdir, "ls-tree", "-r", "-z", commit)
    swift = []
    for entry in tree.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, typ, oid = meta.split(b" ")
        if typ != b"blob" or not path.endswith(b".swift"):
            continue
        comps = path.split(b"/")
        if any(c.decode("utf-8", "replace") in EXCLUDED for c in comps):
            continue
        swift.append((path, oid.decode()))

    skips = []
    candidates = []
    batch = Batch(gitdir)
    try:
        for path, oid in swift:
            data = batch.read(oid)
            if data is None:
                # The store leaves out files of 4 MiB and more: over 1 MiB either way.
                skips.append((path, "blob absent from snapshot (4 MiB or more), so over 1 MiB; not read"))
                continue
            if imports_uikit(data):
                candidates.append((path_key(path), path, oid, data))
    finally:
        batch.close()

    candidates.sort(key=lambda c: c[0])
    take = []
    for _, path, oid, data in candidates:
        if len(take) >= PER_REPO:
            break
        if oid in taken_blobs:
            skips.append((path, "copy"))
            continue
        if len(data) > MAX_BYTES:
            skips.append((path, "larger than 1 MiB (%d bytes)" % len(data)))
            continue
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            skips.append((path, "not valid UTF-8"))
            continue
        taken_blobs.add(oid)
        take.append((path, oid, data))
    if not candidates:
        skips.append((None, "no UIKit file"))

    licence = licence_of(gitdir, commit) if take else None
    os.makedirs(FILES, exist_ok=True)
    sample_rows = []
    for path, oid, data in take:
        index += 1
        with open(os.path.join(FILES, "%04d.swift" % index), "wb") as f:
            f.write(data)
        sample_rows.append({"index": index, "repo": repo, "commit": commit,
                            "path": path.decode("utf-8", "backslashreplace"),
                            "blob": oid, "licence": licence})
    skip_rows = [{"repo": repo, "path": "-" if p is None else p.decode("utf-8", "backslashreplace"),
                  "reason": reason} for p, reason in skips]
    append_tsv(SAMPLE, SAMPLE_HEADER, sample_rows)
    append_tsv(SKIPS, SKIPS_HEADER, skip_rows)
    print("%s @ %s: %d .swift, %d candidates, %d taken, %d skips; total taken %d" %
          (repo, commit[:12], len(swift), len(candidates), len(take), len(skips), index))


def cmd_skip(repo, reason):
    append_tsv(SKIPS, SKIPS_HEADER, [{"repo": repo, "path": "-", "reason": reason}])
    print("%s: %s" % (repo, reason))


def mirror_gitdir(root, repo):
    base = os.path.join(root, repo.replace("/", "+"))
    if not os.path.isdir(base):
        return None
    for dirpath, dirnames, filenames in os.walk(base):
        if "HEAD" in filenames and "objects" in dirnames:
            return dirpath
        dirnames.sort()
    return None


def cmd_lay_out(root):
    rows = read_tsv(SAMPLE, SAMPLE_HEADER)
    os.makedirs(FILES, exist_ok=True)
    for name in os.listdir(FILES):
        if name.endswith(".swift"):
            os.remove(os.path.join(FILES, name))
    missing, bad, laid = set(), [], 0
    gitdirs = {}
    for r in rows:
        repo = r["repo"]
        if repo not in gitdirs:
            gitdirs[repo] = mirror_gitdir(root, repo)
        gitdir = gitdirs[repo]
        if gitdir is None:
            missing.add(repo)
            continue
        try:
            at_path = git(gitdir, "rev-parse", "--verify", "%s:%s" % (r["commit"], r["path"])).decode().strip()
            data = git(gitdir, "cat-file", "blob", r["blob"])
        except RuntimeError as e:
            bad.append((r["index"], repo, r["path"], str(e)))
            continue
        actual = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        if at_path != r["blob"] or actual != r["blob"]:
            bad.append((r["index"], repo, r["path"], "blob id differs (%s at path, %s read)" % (at_path, actual)))
            continue
        with open(os.path.join(FILES, "%04d.swift" % int(r["index"])), "wb") as f:
            f.write(data)
        laid += 1
    print("laid out %d of %d files in %s" % (laid, len(rows), FILES))
    for repo in sorted(missing):
        print("missing mirror: %s" % repo)
    for b in bad:
        print("not laid out: %s %s %s: %s" % b)
    return 1 if missing or bad else 0


def read_listing(fragment):
    with open(os.path.join(LISTINGS, fragment + ".txt"), encoding="utf-8") as f:
        return [l.strip() for l in f if l.strip()]


def cmd_plan(fragment):
    earlier = set()
    for src in SOURCES:
        if src == fragment:
            break
        if os.path.exists(os.path.join(LISTINGS, src + ".txt")):
            earlier.update(read_listing(src))
    listed = set()
    for repo in read_listing(fragment):
        taken, skips = recorded(repo)
        seen = repo in earlier or repo in listed
        listed.add(repo)
        state = []
        if taken:
            state.append("%d taken" % len(taken))
        if skips:
            state.append("skips: " + "; ".join(sorted({s["reason"] for s in skips})))
        print("%s\t%s\t%s" % (repo, "seen" if seen else "new", ", ".join(state) or "-"))


def cmd_count():
    rows = read_tsv(SAMPLE, SAMPLE_HEADER)
    print("%d files from %d repositories" % (len(rows), len({r["repo"] for r in rows})))


def main(argv):
    if len(argv) >= 3 and argv[0] == "take":
        force = "--force" in argv
        args = [a for a in argv[1:] if a != "--force"]
        cmd_take(args[0], args[1], force)
    elif len(argv) >= 3 and argv[0] == "skip":
        cmd_skip(argv[1], " ".join(argv[2:]))
    elif argv and argv[0] == "lay-out":
        sys.exit(cmd_lay_out(argv[1] if len(argv) > 1 else "/work/.mirror"))
    elif len(argv) == 2 and argv[0] == "plan":
        cmd_plan(argv[1])
    elif argv and argv[0] == "count":
        cmd_count()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
