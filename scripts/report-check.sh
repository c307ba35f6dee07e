#!/usr/bin/env bash
# `make report-check`: renders a sample experiment report page in headless Chromium and
# fails if the page is blank, reports a console message at error level or any uncaught
# error, or reaches for anything outside itself.
#   scripts/report-check.sh LIFELOOP OUTDIR
set -euo pipefail
lifeloop=$1
out=$2
mkdir -p "$out"
page="$out/report.html"
shot="$out/report.png"
log="$out/chromium.log"

"$lifeloop" experiment Samples/Scenarios/gallery.yaml --seeds 0..49 --quiet --html "$page" > "$out/report.txt"

# Self-contained: no script, and no src/href that leaves the file.
if grep -q '<script' "$page"; then echo "report-check: $page has a <script>; the page must read without one" >&2; exit 1; fi
if grep -Eq '(src|href)="(https?:|//|file:)' "$page"; then
	echo "report-check: $page fetches from outside itself:" >&2
	grep -Eo '(src|href)="(https?:|//|file:)[^"]*"' "$page" | head -5 >&2
	exit 1
fi

# A fresh profile each time; console messages go to the log (headless Chromium logs every
# level alike as INFO:CONSOLE, and the page has no script, so any message is a failure).
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
render() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
		--enable-logging=stderr --v=0 --window-size=1280,2400 --screenshot="$2" "file://$(realpath "$1")" \
		> "$3" 2>&1 || { echo "report-check: chromium failed; its log:" >&2; cat "$3" >&2; exit 1; }
}

# First, the check itself: a page that logs an error must be caught.
printf '<!DOCTYPE html><html><body><p>x</p><script>console.error("report-check self-test")</script></body></html>' > "$out/self-test.html"
render "$out/self-test.html" "$out/self-test.png" "$out/self-test.log"
if ! grep -q 'CONSOLE.*report-check self-test' "$out/self-test.log"; then
	echo "report-check: this Chromium does not log console messages where the check looks; cannot check" >&2
	exit 1
fi

render "$page" "$shot" "$log"
if grep -q 'CONSOLE' "$log"; then
	echo "report-check: the page reported console errors:" >&2
	grep -E 'CONSOLE' "$log" >&2
	exit 1
fi
python3 scripts/png-check.py "$shot" --min-ink 0.02 --min-colors 16
echo "report-check: $page rendered to $shot without console errors"
