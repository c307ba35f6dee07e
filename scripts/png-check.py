#!/usr/bin/env python3
"""Checks that a PNG is not blank: decodes it (8-bit RGB/RGBA/grey, no libraries) and
counts the pixels that differ from the most common colour and the distinct colours.

    png-check.py FILE [--min-ink 0.01] [--min-colors 8]

Prints the figures; exits 1 when the picture is blank (too little ink or too few colours),
2 when the file is not a PNG it can read."""
import struct, sys, zlib
from collections import Counter


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG (bad signature)")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise ValueError(f"{path}: no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    path = args[0]
    min_ink = float(args[args.index("--min-ink") + 1]) if "--min-ink" in args else 0.01
    min_colors = int(args[args.index("--min-colors") + 1]) if "--min-colors" in args else 8
    try:
        width, height, channels, rows = decode(path)
    except (OSError, ValueError, zlib.error) as error:
        print(f"png-check: {error}", file=sys.stderr)
        return 2
    counts = Counter()
    for row in rows[::2]:
        for x in range(0, len(row), channels * 2):
            counts[row[x:x + channels]] += 1
    total = sum(counts.values())
    background, background_count = counts.most_common(1)[0]
    ink = 1 - background_count / total
    print(f"{path}: {width}x{height}, {len(counts)} colours, {ink * 100:.1f}% of pixels differ from the background")
    if ink < min_ink or len(counts) < min_colors:
        print(f"png-check: {path} looks blank (needs ≥ {min_ink * 100:.1f}% ink and ≥ {min_colors} colours)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
