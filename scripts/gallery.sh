#!/usr/bin/env bash
# `make gallery`: every sample's screens as the phone shows them, light and dark, beside
# the debugging wireframe, on one static page.
#   scripts/gallery.sh LIFELOOP OUTDIR
# A sample's screens are its scenario's moments: after each script step and at the
# settled end (Samples/Scenarios/*.yaml), and each sample app without a scenario at its
# settled launch. A moment that looks like the one before it (the same light PNG) is
# shown once. Every skipped scenario is listed on the page with the reason.
set -euo pipefail
lifeloop=$1
out=$2
rm -rf "$out"
mkdir -p "$out/png" "$out/scenarios"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Sample apps that have no scenario file of their own get a one-step one.
for name in $(grep -o 'AppDefinition(name: "[A-Za-z]*"' Samples/SampleApps.swift | sed 's/.*"\(.*\)"/\1/'); do
	if ! grep -lq "sample: $name\$" Samples/Scenarios/*.yaml; then
		printf 'lifeloop: 1\nname: %s\napp:\n  sample: %s\nscript:\n  - settle: true\n' "$name" "$name" > "$out/scenarios/$name.yaml"
	fi
done

list="$work/screens.tsv"
: > "$list"
skipped="$work/skipped.tsv"
: > "$skipped"
for scenario in Samples/Scenarios/*.yaml "$out"/scenarios/*.yaml; do
	name=$(basename "$scenario" .yaml)
	steps=$(grep -cE '^  - ' "$scenario" || true)
	previous=""
	for moment in $(seq 1 "$steps") end; do
		stem="$name-$moment"
		if ! "$lifeloop" snapshot "$scenario" --at "$moment" -o "$out/png/$stem-light.png" > /dev/null 2> "$work/err"; then
			# A moment the run does not reach (a scenario that ends early, a host-clock file).
			if [ "$moment" = end ]; then printf '%s\t%s\n' "$name" "$(head -c 200 "$work/err" | tr '\t\n' '  ')" >> "$skipped"; fi
			continue
		fi
		sum=$(sha256sum "$out/png/$stem-light.png" | cut -c1-16)
		if [ "$sum" = "$previous" ]; then rm "$out/png/$stem-light.png"; continue; fi
		previous=$sum
		"$lifeloop" snapshot "$scenario" --at "$moment" --appearance dark -o "$out/png/$stem-dark.png" > /dev/null
		"$lifeloop" snapshot "$scenario" --at "$moment" --debug -o "$out/png/$stem-debug.png" > /dev/null
		printf '%s\t%s\t%s\n' "$name" "$moment" "$stem" >> "$list"
	done
done

python3 - "$list" "$skipped" "$out/index.html" <<'PY'
import html, sys
screens = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
skipped = [line.rstrip("\n").split("\t") for line in open(sys.argv[2]) if line.strip()]
rows = []
for name, moment, stem in screens:
    label = "settled end" if moment == "end" else f"after step {moment}"
    cells = "".join(f'<td><img src="png/{stem}-{style}.png" alt="{html.escape(name)} {label}, {style}" loading="lazy"></td>'
                    for style in ("light", "dark", "debug"))
    rows.append(f"<tr><th>{html.escape(name)}<br><small>{label}</small></th>{cells}</tr>")
notes = "".join(f"<li><b>{html.escape(n)}</b>: {html.escape(r)}</li>" for n, r in skipped) or "<li>none</li>"
page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lifeloop gallery</title>
<style>body{{font-family:sans-serif;margin:24px;background:#f4f4f6}}table{{border-collapse:collapse}}
td,th{{padding:8px;vertical-align:top;text-align:left}}img{{width:207px;border:1px solid #ccc;background:#fff}}
tr{{border-bottom:1px solid #ddd}}</style></head><body>
<h1>Lifeloop gallery</h1><p>{len(screens)} screens of the samples: as the phone shows them in light and dark, and the debugging wireframe.</p>
<table><tr><th>screen</th><th>light</th><th>dark</th><th>debug</th></tr>{''.join(rows)}</table>
<h2>Not shown</h2><ul>{notes}</ul></body></html>"""
open(sys.argv[3], "w").write(page)
print(f"gallery: {len(screens)} screens, {len(skipped)} scenarios not shown -> {sys.argv[3]}")
PY
