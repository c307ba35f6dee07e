#!/bin/sh
# Installs a build's lifeloop, lifeloopd and lifeloop-port under PREFIX, with what
# lifeloop needs to build an app's own sources (launch of an Xcode project, --sources):
# the Swift modules it was built with and the C module maps they use, under
# PREFIX/lib/lifeloop. The installed lifeloop looks there (beside the program first,
# then ../lib/lifeloop), so the copy works anywhere, without the checkout.
#
#   scripts/install.sh BUILD_PRODUCTS_FOLDER PREFIX
set -eu
from=${1:?usage: scripts/install.sh BUILD_PRODUCTS_FOLDER PREFIX}
prefix=${2:?usage: scripts/install.sh BUILD_PRODUCTS_FOLDER PREFIX}
support="$prefix/lib/lifeloop"
for tool in lifeloop lifeloopd lifeloop-port; do
    [ -x "$from/$tool" ] || { echo "install: $from/$tool is missing: build it first" >&2; exit 2; }
done
mkdir -p "$prefix/bin" "$support"
for tool in lifeloop lifeloopd lifeloop-port; do
    install -m 755 "$from/$tool" "$prefix/bin/$tool"
done
rm -rf "$support/Modules"
cp -R "$from/Modules" "$support/Modules"
# A C module a Swift module re-exports (OpenCombine's helpers): its module map, with its
# headers copied beside it and the map pointing at the copies.
for map in "$from"/*.build/module.modulemap; do
    [ -f "$map" ] || continue
    name=$(basename "$(dirname "$map")")
    header=$(sed -n 's/.*umbrella header "\(.*\)".*/\1/p' "$map")
    [ -n "$header" ] || continue
    rm -rf "$support/$name"
    mkdir -p "$support/$name/include"
    cp -R "$(dirname "$header")/." "$support/$name/include/"
    sed "s|umbrella header \".*\"|umbrella header \"include/$(basename "$header")\"|" "$map" > "$support/$name/module.modulemap"
done
echo "installed lifeloop, lifeloopd and lifeloop-port in $prefix/bin (modules in $support)"
