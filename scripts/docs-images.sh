#!/usr/bin/env bash
# `make docs-images`: the README's pictures, from the samples.
#   scripts/docs-images.sh LIFELOOP OUTDIR
set -euo pipefail
lifeloop=$1
out=$2
mkdir -p "$out"
scenario=Samples/Scenarios/gallery.yaml
"$lifeloop" snapshot "$scenario" --at 520ms --debug -o "$out/snapshot.png"
"$lifeloop" snapshot Samples/Scenarios/uikit-form.yaml --at 150ms --debug -o "$out/uikit-form.png"
# As the phone shows them: the Contacts sample's list, the login form with its keyboard,
# and the form sample's details page in the dark.
contacts=$(mktemp --suffix=.yaml)
printf 'lifeloop: 1\napp:\n  sample: Contacts\nscript:\n  - settle: true\n' > "$contacts"
"$lifeloop" snapshot "$contacts" -o "$out/phone-contacts.png"
rm -f "$contacts"
"$lifeloop" snapshot Samples/Scenarios/login.yaml --at 2 -o "$out/phone-login.png"
"$lifeloop" snapshot Samples/Scenarios/uikit-form.yaml --at 2 --appearance dark -o "$out/phone-form-dark.png"
"$lifeloop" run "$scenario" --seed 8 --timeline "$out/timeline.png" --frames "$out/frames.png" > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$lifeloop" experiment "$scenario" --seeds 0..49 --quiet --html "$work/report.html" > /dev/null
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
	--window-size=1100,1300 --screenshot="$out/report.png" "file://$work/report.html" > /dev/null 2>&1
for picture in snapshot uikit-form phone-contacts phone-login phone-form-dark timeline frames report; do python3 scripts/png-check.py "$out/$picture.png"; done
