#!/usr/bin/env python3
"""Prints the digest of a Lifeloop trace written as JSON Lines (lifeloop's --trace files).

An implementation of TraceDigest (version 2) independent of the Swift one, written from its
documentation: each event's canonical form is the words sequence, time, turn, then window,
label, event and detail, each as UTF-8 in 8-byte little-endian words (the last padded with
zero bytes) followed by its byte count; hash = mix(hash ^ word) from the seed, where mix
multiplies by the constant into 128 bits and xors the halves. The trace digest takes each
event's hash in the same way, from the same seed.

Usage: trace-digest.py FILE.jsonl   (or - for standard input)
"""
import json
import sys

MASK = (1 << 64) - 1
SEED = 0xCBF29CE484222325
MULTIPLIER = 0x9E3779B97F4A7C15


def step(state, word):
    product = ((state ^ word) & MASK) * MULTIPLIER
    return ((product >> 64) ^ product) & MASK


def fold_text(state, text):
    data = text.encode("utf-8")
    for start in range(0, len(data), 8):
        state = step(state, int.from_bytes(data[start:start + 8].ljust(8, b"\0"), "little"))
    return step(state, len(data))


def event_hash(event):
    state = SEED
    for key in ("seq", "time", "turn"):
        state = step(state, event[key])
    for key in ("window", "label", "event", "detail"):
        state = fold_text(state, event.get(key, ""))
    return state


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: trace-digest.py FILE.jsonl (or - for standard input)")
    source = sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8")
    digest = SEED
    for number, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            digest = step(digest, event_hash(json.loads(line)))
        except (ValueError, KeyError, TypeError) as error:
            sys.exit(f"{sys.argv[1]}:{number}: not a trace event: {error}")
    print(f"{digest:016x}")


if __name__ == "__main__":
    main()
