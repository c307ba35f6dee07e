#!/bin/sh
# `make demo`: the whole system in a minute. Starts lifeloopd on a private socket,
# launches the three-window sample and seed 004's storyboard app, drives both through
# `lifeloop ctl`, streams their traces with `lifeloop ctl watch`, takes a snapshot,
# prints a short report and shuts the daemon down.
set -eu
BIN=${1:?usage: demo.sh BIN_DIR}
OUT=${DEMO_OUT:-.build/demo}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
DIR=$(mktemp -d)                      # 0700: the socket's directory
SOCK="$DIR/lifeloopd.sock"
CTL="$BIN/lifeloop ctl --socket $SOCK"
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }

"$BIN/lifeloopd" --socket "$SOCK" 2>"$OUT/lifeloopd.log" &
DAEMON=$!
trap 'kill $DAEMON 2>/dev/null || true; rm -rf "$DIR"' EXIT
i=0; until [ -S "$SOCK" ] && $CTL daemon.status >/dev/null 2>&1; do
  i=$((i+1)); [ $i -lt 200 ] || { cat "$OUT/lifeloopd.log"; exit 1; }; sleep 0.05
done
echo "== lifeloopd is serving $SOCK (pid $DAEMON)"

THREE=$($CTL app.launch scenario=Samples/Scenarios/three-windows.yaml seed=1)
SEGUE=$($CTL app.launch storyboard=Samples/SeedSegue/Main.storyboard.json uikitVersion=5 label=SeedSegue)
A1=$(echo "$THREE" | field app); A2=$(echo "$SEGUE" | field app)
echo "== launched $A1 (three-windows.yaml, seed 1): $THREE"
echo "== launched $A2 (seed 004's storyboard): $SEGUE"

# Stream both traces from their first event, as any client can.
$CTL watch "$A1" --from 0 > "$OUT/$A1.jsonl" &
W1=$!
$CTL watch "$A2" --from 0 --format lines > "$OUT/$A2.trace" &
W2=$!

echo "== driving $A2: tap A.button, settle, tap B.button, settle"
for step in "app.tap view=A.button" "app.settle" "app.tap view=B.button" "app.settle"; do
  set -- $step
  printf '   %-24s %s\n' "$step" "$($CTL "$@" app="$A2")"
done

echo "== driving $A1: its script's first steps, each at its own turn, one snapshot mid-push"
printf '   %-24s %s\n' "app.step index=0" "$($CTL app.step app="$A1" index=0)"
printf '   %-24s %s\n' "clock.advance ms=150" "$($CTL clock.advance app="$A1" ms=150)"
$CTL app.snapshot app="$A1" window=phone path="$OUT/phone-mid-push.svg" >/dev/null
echo "   snapshot of window phone mid-push: $OUT/phone-mid-push.svg"
for index in 1 2; do
  printf '   %-24s %s\n' "app.step index=$index" "$($CTL app.step app="$A1" index=$index)"
done
printf '   %-24s %s\n' "app.settle" "$($CTL app.settle app="$A1")"
METRICS=$($CTL app.metrics app="$A1")

echo "== report"
$CTL app.list | sed 's/},{/}\n{/g; s/^{"apps":\[//; s/\]}$//' | sed 's/^/   /'
echo "   phone window: $(echo "$METRICS" | sed -n 's/.*"phone":{\([^}]*\)}.*/\1/p' | tr ',' '\n' | grep -E 'frameCount|droppedFrames"|hitchTimeRatio' | tr '\n' ' ')"

$CTL daemon.shutdown >/dev/null
wait $DAEMON && echo "== lifeloopd stopped cleanly (exit 0)"
trap - EXIT; rm -rf "$DIR"
wait $W1 $W2 2>/dev/null || true
echo "   $A1 streamed $(wc -l < "$OUT/$A1.jsonl") events to $OUT/$A1.jsonl"
echo "   $A2 streamed $(wc -l < "$OUT/$A2.trace") events to $OUT/$A2.trace"
echo "== seed 004's app as the watch saw it (L15), projected onto A and B:"
grep -E '^(A|B) ' "$OUT/$A2.trace" | sed 's/^/   /'
