"""Drives `lifeloop mcp` with the official Python MCP SDK, as an agent's client would.

Usage: python3 mcp_client_test.py BIN_DIR WORK_DIR
Exits 0 when every check passed; prints the failed check and exits 1 otherwise.
"""
import asyncio
import base64
import json
import os
import struct
import subprocess
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN, WORK = sys.argv[1], sys.argv[2]
LIFELOOP = os.path.join(BIN, "lifeloop")
EXPECTED_TOOLS = {"launch", "apps", "describe", "tap", "navigate", "rotate", "memory_warning", "advance_clock", "settle",
                  "snapshot", "trace", "metrics", "record_start", "record_stop", "terminate", "export_scenario",
                  "type_text", "scroll", "drag", "swipe", "touch", "pinch", "explore"}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def wire(model):
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


async def call(session, name, arguments, ok=True):
    result = wire(await session.call_tool(name, arguments))
    if ok:
        check(not result.get("isError"), f"{name} {arguments} failed: {result['content'][0].get('text', '')[:800]}")
    return result


def text(result):
    return result["content"][0]["text"]


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(") ")[-1].split()[0] != "Z"


async def main():
    # The SDK starts the server with a short default environment; the sanitizers' options
    # (LeakSanitizer's suppressions in `make asan`) must reach it and its children.
    env = {key: value for key, value in os.environ.items() if key.endswith("SAN_OPTIONS")} or None
    if env is not None:
        env.update({key: os.environ[key] for key in ("HOME", "PATH", "TMPDIR") if key in os.environ})
    params = StdioServerParameters(command=LIFELOOP, args=["mcp", "--private", "--call-seconds", "5"], cwd=WORK, env=env)
    app_pids = []
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = wire(await session.initialize())
            check(init["protocolVersion"] == "2025-06-18", f"negotiated {init['protocolVersion']}")

            tools = {tool["name"]: tool for tool in (wire(t) for t in (await session.list_tools()).tools)}
            check(EXPECTED_TOOLS <= set(tools), f"tools missing: {EXPECTED_TOOLS - set(tools)}")
            for tool in tools.values():
                check("inputSchema" in tool and "outputSchema" in tool, f"{tool['name']} lacks a schema")
                hints = tool.get("annotations", {})
                check({"readOnlyHint", "destructiveHint", "idempotentHint"} <= set(hints), f"{tool['name']} lacks annotations")

            # A map before acting: explore crawls a sample in a process of its own.
            explored = await call(session, "explore", {"sample": "ExploreFaults", "maxActions": 30})
            check("s1 " in text(explored) and "crash on s" in text(explored), f"explore: {text(explored)[:400]}")
            kinds = {f["kind"] for f in explored["structuredContent"]["findings"]}
            check("crash" in kinds, f"explore findings: {kinds}")

            # Launch, describe, tap by ref: the settled diff says what changed.
            launched = await call(session, "launch", {"sample": "AgentTour"})
            app = launched["structuredContent"]["app"]
            check(launched["structuredContent"]["settled"] is True, "the launch did not settle")
            app_pids.append(launched["structuredContent"]["pid"])
            described = await call(session, "describe", {"app": app})
            tree = described["structuredContent"]
            old_digest = tree["digest"]
            line = next(l for l in tree["tree"].splitlines() if "#count" in l.split())
            ref = line.split()[0]
            check(ref.startswith("@e"), f"no ref in {line!r}")
            tapped = await call(session, "tap", {"app": app, "ref": ref})
            result = tapped["structuredContent"]
            check(result["settled"] is True, "the tap did not settle")
            check(result["digest"] != old_digest, "the tap changed nothing")
            check(any("Tapped 1 times" in l for l in result["diff"]["lines"]), f"diff: {result['diff']}")
            for key in ["turn", "virtualMs", "digest", "fromSeq", "toSeq"]:
                check(key in result, f"tap result lacks {key}")

            # A ref names its element for the element's life: it still taps after the app
            # moved on; a ref whose element went is refused, naming the current digest.
            again = await call(session, "tap", {"app": app, "ref": ref})
            check(any("Tapped 2 times" in l for l in again["structuredContent"]["diff"]["lines"]), f"diff: {again['structuredContent']['diff']}")
            await call(session, "navigate", {"app": app, "action": "push", "scene": "Form", "animated": False})
            form_tree = (await call(session, "describe", {"app": app}))["structuredContent"]["tree"]
            gone = next(l for l in form_tree.splitlines() if "#name" in l.split()).split()[0]
            back = (await call(session, "navigate", {"app": app, "action": "back", "animated": False}))["structuredContent"]
            stale = await call(session, "tap", {"app": app, "ref": gone}, ok=False)
            check(stale.get("isError") is True, "a stale ref was tapped")
            check("stale ref" in text(stale) and back["digest"] in text(stale), f"stale error: {text(stale)}")

            # Pictures: SVG text by default, a small PNG on request.
            svg = await call(session, "snapshot", {"app": app})
            check(text(svg).startswith("<svg"), "the snapshot is not SVG text")
            png = await call(session, "snapshot", {"app": app, "format": "png"})
            image = next(c for c in png["content"] if c["type"] == "image")
            data = base64.b64decode(image["data"])
            check(data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1 << 20, "not a PNG under 1 MB")
            width, height = struct.unpack(">II", data[16:24])
            check(max(width, height) <= 1024, f"PNG {width}x{height}")

            # An app that never settles: settle returns settled false with its pending work.
            spin = await call(session, "tap", {"app": app, "id": "spin", "budgetMs": 1000})
            check(spin["structuredContent"]["settled"] is False, "the spinner settled")
            settled = await call(session, "settle", {"app": app, "budgetMs": 2000})
            pending = settled["structuredContent"]
            check(pending["settled"] is False, "settle said settled")
            owners = json.dumps(pending["pending"])
            check("Spinner.tick" in owners and "Spinner.wheel" in owners, f"pending: {owners}")

            # Resources: the app list and the app's trace.
            listed = wire(await session.list_resources())
            uris = [r["uri"] for r in listed["resources"]]
            check("lifeloop://apps" in uris and f"lifeloop://apps/{app}/trace" in uris, f"resources: {uris}")
            trace = wire(await session.read_resource(f"lifeloop://apps/{app}/trace"))
            check("tap" in trace["contents"][0]["text"], "the trace resource has no tap")

            # The samples, by a tool and a resource; a snapshot file's link is readable;
            # trace with its defaults reads the last events.
            samples = await call(session, "samples", {})
            names = [s["name"] for s in samples["structuredContent"]["samples"]]
            check("AgentTour" in names and "Contacts" in names, f"samples: {names}")
            check("lifeloop://samples" in uris, f"resources: {uris}")
            filed = await call(session, "snapshot", {"app": app, "file": True})
            link = next(c for c in filed["content"] if c["type"] == "resource_link")
            picture = wire(await session.read_resource(link["uri"]))
            check("<svg" in picture["contents"][0]["text"][:200], "the snapshot file's resource is not the SVG")
            traced = await call(session, "trace", {"app": app})
            check(len(traced["structuredContent"]["events"]) > 0, "trace with its defaults read nothing")

            # A session becomes a test: export it and run it to the same digest.
            second = (await call(session, "launch", {"sample": "AgentTour", "seed": 4}))["structuredContent"]
            app_pids.append(second["pid"])
            await call(session, "tap", {"app": second["app"], "id": "count"})
            await call(session, "tap", {"app": second["app"], "accessibilityLabel": "Open details"})
            await call(session, "navigate", {"app": second["app"], "action": "back"})
            await call(session, "advance_clock", {"app": second["app"], "ms": 120})
            last = (await call(session, "tap", {"app": second["app"], "point": {"x": 30, "y": 170}}))["structuredContent"]
            check(last["tapped"]["label"] == "Home.count", f"the point hit {last['tapped']}")
            path = os.path.join(WORK, "session.yaml")
            exported = (await call(session, "export_scenario", {"app": second["app"], "path": path}))["structuredContent"]
            check(exported["digest"] == last["digest"], "export names another digest")
            run = subprocess.run([LIFELOOP, "run", path, "--seed", str(exported["seed"]), "--format", "json"],
                                 capture_output=True, text=True, timeout=120)
            check(run.returncode == 0, f"lifeloop run failed: {run.stderr}")
            check(last["digest"] in run.stdout, f"the run's digest differs from the session's {last['digest']}")

            # Text input and scrolling on the Form page; what describe's hit reaches; the
            # session exported and run to the same digest.
            form = (await call(session, "launch", {"sample": "AgentTour", "seed": 5}))["structuredContent"]
            app_pids.append(form["pid"])
            await call(session, "navigate", {"app": form["app"], "action": "push", "scene": "Form", "animated": False})
            hit = (await call(session, "describe", {"app": form["app"], "hit": {"x": 30, "y": 130}}))["structuredContent"]
            check(hit["hit"]["label"] == "Form.name", f"hit: {hit['hit']}")
            typed = (await call(session, "type_text", {"app": form["app"], "id": "name", "text": "Ada", "submit": True}))["structuredContent"]
            check(typed["settled"] is True and typed["typed"]["label"] == "Form.name", f"type_text: {typed}")
            check(any("Submitted Ada" in l for l in typed["diff"]["lines"]), f"type_text diff: {typed['diff']}")
            digits = (await call(session, "type_text", {"app": form["app"], "id": "digits", "text": "1x2"}))["structuredContent"]
            check(any('"12"' in l for l in digits["diff"]["lines"]), f"the delegate's refusal was not kept: {digits['diff']}")
            scrolled = (await call(session, "scroll", {"app": form["app"], "id": "formScroll", "by": {"x": 0, "y": 300}}))["structuredContent"]
            check(scrolled["contentOffset"] == [0, 300], f"scroll: {scrolled.get('contentOffset')}")
            dragged = (await call(session, "drag", {"app": form["app"], "id": "formScroll", "by": {"x": 0, "y": -100},
                                                     "velocity": {"x": 0, "y": 0}}))["structuredContent"]
            check(dragged["contentOffset"] == [0, 400], f"drag: {dragged.get('contentOffset')}")
            check(any("offset (0,300) -> (0,400)" in l for l in dragged["diff"]["lines"]), f"drag diff: {dragged['diff']}")
            await call(session, "swipe", {"app": form["app"], "id": "formScroll", "direction": "up", "distance": 100})
            await call(session, "touch", {"app": form["app"], "phase": "down", "point": {"x": 200, "y": 400}, "settle": False})
            touched = (await call(session, "touch", {"app": form["app"], "phase": "up", "point": {"x": 200, "y": 400}}))["structuredContent"]
            form_path = os.path.join(WORK, "form.yaml")
            form_export = (await call(session, "export_scenario", {"app": form["app"], "path": form_path}))["structuredContent"]
            check(form_export["digest"] == touched["digest"], "the form's export names another digest")
            form_run = subprocess.run([LIFELOOP, "run", form_path, "--seed", str(form_export["seed"]), "--format", "json"],
                                      capture_output=True, text=True, timeout=120)
            check(form_run.returncode == 0 and touched["digest"] in form_run.stdout,
                  f"the form's run differs from the session's {touched['digest']}: {form_run.stderr[:400]}")
            # A field that cannot take text is refused, naming why (after the export: a failed
            # input is left out of it).
            disabled = await call(session, "type_text", {"app": form["app"], "id": "disabled", "text": "x"}, ok=False)
            check(disabled.get("isError") and "is disabled" in text(disabled), f"disabled: {text(disabled)[:400]}")

            # Bad input: a clear error, and the server keeps serving.
            try:
                await session.call_tool("no_such_tool", {})
                check(False, "an unknown tool was called")
            except Exception as error:  # the SDK raises the JSON-RPC error
                check("unknown tool" in str(error), f"unknown tool error: {error}")
            wrong = await call(session, "tap", {"app": app, "ref": 5}, ok=False)
            check(wrong.get("isError") and "'ref' must be a string" in text(wrong), f"wrong type: {text(wrong)}")
            huge = await call(session, "describe", {"app": "x" * 2_000_000}, ok=False)
            check(huge.get("isError") is True, "a 2 MB argument was not refused")
            await call(session, "apps", {})

            # A crash is an error with the crash message; a hang ends within the call's time.
            faults = (await call(session, "launch", {"sample": "Faults"}))["structuredContent"]
            app_pids.append(faults["pid"])
            crashed = await call(session, "navigate", {"app": faults["app"], "action": "push", "scene": "Crash"}, ok=False)
            check(crashed.get("isError") and "Fatal error" in text(crashed), f"crash: {text(crashed)[:400]}")
            hung_app = (await call(session, "launch", {"sample": "Faults"}))["structuredContent"]
            app_pids.append(hung_app["pid"])
            started = time.monotonic()
            hung = await call(session, "navigate", {"app": hung_app["app"], "action": "push", "scene": "Hang"}, ok=False)
            check(hung.get("isError") and "in time" in text(hung), f"hang: {text(hung)[:400]}")
            check(time.monotonic() - started < 30, "the hung call did not end")
            await call(session, "apps", {})
    # The client has gone: no app process is left.
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in app_pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    check(not any(alive(pid) for pid in app_pids), f"apps left running: {[p for p in app_pids if alive(p)]}")


def raw_server():
    """A server spoken to line by line, as a client that may vanish."""
    server = subprocess.Popen([LIFELOOP, "mcp", "--private"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=WORK)

    def send(id, method, params):
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}) + "\n")
        server.stdin.flush()

    send(1, "initialize", {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}})
    check(json.loads(server.stdout.readline())["result"]["protocolVersion"] == "2025-03-26", "2025-03-26 not kept")
    send(2, "tools/call", {"name": "launch", "arguments": {"sample": "AgentTour"}})
    launched = json.loads(server.stdout.readline())["result"]
    check("structuredContent" not in launched, "structured content for a 2025-03-26 client")
    send(3, "tools/call", {"name": "apps", "arguments": {}})
    apps = json.loads(server.stdout.readline())["result"]["content"][0]["text"]
    return server, send, apps


def vanishing_clients():
    # A client that goes mid-call: the call ends, the server stops its apps and exits.
    server, send, _ = raw_server()
    send(4, "tools/call", {"name": "tap", "arguments": {"id": "spin", "budgetMs": 3000}})
    children = app_children(server.pid)
    server.stdin.close()
    server.stdout.close()
    check(wait_exit(server), "the server outlived its client")
    check(gone(children), f"apps left after the client vanished: {children}")
    # SIGTERM: the same.
    server, send, _ = raw_server()
    children = app_children(server.pid)
    check(children, "no app process found")
    server.terminate()
    check(wait_exit(server), "the server outlived SIGTERM")
    check(gone(children), f"apps left after SIGTERM: {children}")


def app_children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().split(") ")[-1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


def wait_exit(process, seconds=20):
    try:
        process.wait(timeout=seconds)
        return True
    except subprocess.TimeoutExpired:
        process.kill()
        return False


def gone(pids, seconds=10):
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(alive(pid) for pid in pids)


if __name__ == "__main__":
    try:
        asyncio.run(main())
        vanishing_clients()
    except BaseException as failure:  # an assertion, or the SDK's error, inside task groups
        while isinstance(failure, BaseExceptionGroup) and len(failure.exceptions) == 1:
            failure = failure.exceptions[0]
        print(f"FAILED: {type(failure).__name__}: {failure}", file=sys.stderr)
        sys.exit(1)
    print("mcp client test: all checks passed")
