#!/usr/bin/env bash
# Ports each UIKit corpus entry (Tests/UIKitCompatibility/Corpus/<name>, one module each)
# with `lifeloop port` and typechecks the ported copies against this build's UIKit module.
# Prints one line per entry (ok, or its first error) and the count.
# Usage: scripts/port-corpus.sh [BIN_PATH]   (default: swift build --show-bin-path)
set -u
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
clibuv=$PWD/Sources/CLibUV
ok=0 total=0
for entry in Tests/UIKitCompatibility/Corpus/*/; do
    name=$(basename "$entry")
    total=$((total + 1))
    out=$work/$name
    "$bin/lifeloop" port "$entry" --output "$out" 2>"$work/$name.port" >/dev/null
    mapfile -t files < <(find "$out" -name '*.swift' | sort)
    if swiftc -typecheck -swift-version 5 -module-cache-path "$work/cache" -I "$bin/Modules" -I "$clibuv" \
        -Xcc -fmodule-map-file="$clibuv/module.modulemap" "${files[@]}" 2>"$work/$name.err"; then
        ok=$((ok + 1))
        echo "ok    $name"
    else
        echo "FAIL  $name: $(grep -m1 ': error: ' "$work/$name.err" | sed "s|$PWD/||")"
    fi
done
echo "$ok of $total corpus entries typecheck after the port step"
