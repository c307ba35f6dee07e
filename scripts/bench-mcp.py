#!/usr/bin/env python3
"""Figures for `lifeloop mcp`, through its stdio as a client sees it (no SDK in the way).

Usage: scripts/bench-mcp.py PATH/TO/lifeloop [--pairs 300]
Prints: tap + settle round trip P50/P99 (AgentTour's Count button, each tap settled and
diffed), describe of a 500-view screen (time, bytes, bytes / 4 as tokens), snapshot PNG
(time, bytes), and launch to the first tool result.
"""
import json
import subprocess
import sys
import time

lifeloop = sys.argv[1]
pairs = int(sys.argv[sys.argv.index("--pairs") + 1]) if "--pairs" in sys.argv else 300
started = time.monotonic()
server = subprocess.Popen([lifeloop, "mcp", "--private"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, bufsize=1)
next_id = 0


def request(method, params):
    global next_id
    next_id += 1
    server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n")
    server.stdin.flush()
    line = server.stdout.readline()
    return json.loads(line), len(line)


def tool(name, arguments):
    reply, size = request("tools/call", {"name": name, "arguments": arguments})
    result = reply["result"]
    if result.get("isError"):
        raise SystemExit(f"{name} failed: {result['content'][0]['text'][:300]}")
    return result, size


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))]


request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
tool("launch", {"sample": "AgentTour"})
first = time.monotonic() - started
times = []
for _ in range(pairs):
    t0 = time.perf_counter()
    tool("tap", {"id": "count"})
    times.append((time.perf_counter() - t0) * 1000)
print(f"tap + settle + diff ({pairs} taps)    P50 {percentile(times, 50):.2f} ms   P99 {percentile(times, 99):.2f} ms")

tool("tap", {"id": "grid"})
described = []
for _ in range(20):
    t0 = time.perf_counter()
    result, size = tool("describe", {})
    described.append((time.perf_counter() - t0) * 1000)
views = result["structuredContent"]["views"]
print(f"describe, {views} views (compact)     P50 {percentile(described, 50):.2f} ms   reply {size} bytes = {size // 4} tokens")
result, size = tool("describe", {"full": True})
print(f"describe, {views} views (full)        reply {size} bytes = {size // 4} tokens")
pngs = []
for _ in range(5):
    t0 = time.perf_counter()
    result, size = tool("snapshot", {"format": "png"})
    pngs.append((time.perf_counter() - t0) * 1000)
print(f"snapshot PNG (grid, 414x736)         P50 {percentile(pngs, 50):.1f} ms   {result['structuredContent']['bytes']} bytes PNG, reply {size} bytes")
result, size = tool("snapshot", {})
print(f"snapshot SVG (grid)                  reply {size} bytes")
print(f"start to first tool result (launch)  {first * 1000:.0f} ms")
server.stdin.close()
server.wait(timeout=30)
