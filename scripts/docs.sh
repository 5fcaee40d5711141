#!/usr/bin/env bash
# Builds the DocC documentation of every catalog under Sources/<Target>/*.docc into
# .build/docs/<Target>.doccarchive with the toolchain's own docc. Any docc warning (a broken
# ``Symbol`` or <doc:Article> link, an undocumented parameter named in a doc comment, ...) fails
# the build: docs that do not match the code are a bug.
#
#   scripts/docs.sh                every catalog found
#   scripts/docs.sh AuthZCore ...  only the catalogs of these targets
#
# Environment: SWIFT (default swift), SWIFT_FLAGS (default -Xswiftc -warnings-as-errors, as the
# Makefile's), DOCC (default: the docc beside the swift driver), DOCS_OUT (default .build/docs),
# DOCS_BUILD_FLAGS (more `swift build` flags naming the build whose modules are documented;
# default none: the `make build` one).
#
# Symbol graphs come from the compiler, without any package plugin: a debug build (the same build
# as `make build`, or with DOCS_BUILD_FLAGS another debug build already made, so nothing is
# compiled twice: .ci/run gives make test's AddressSanitizer build, whose modules declare the same
# symbols), then `swift symbolgraph-extract` on each documented module. The access level is the target's API: `public` for the libraries other
# packages import, `package` for the targets whose API is package-wide (PACKAGE_ACCESS_TARGETS).
#
# A catalog whose target directory holds no Swift source yet (a target still to be created) is
# skipped with a note; a catalog beside Swift sources whose module was not built is an error.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
read -r -a swift_flags <<<"${SWIFT_FLAGS--Xswiftc -warnings-as-errors} ${DOCS_BUILD_FLAGS-}"
OUT=${DOCS_OUT:-.build/docs}
PACKAGE_ACCESS_TARGETS=${PACKAGE_ACCESS_TARGETS:-"BenchHarness BenchResults"}

swift_path=$(command -v "$SWIFT") || { echo "docs: no '$SWIFT' on PATH" >&2; exit 1; }
DOCC=${DOCC:-$(dirname "$(readlink -f "$swift_path")")/docc}
if [ ! -x "$DOCC" ]; then
  DOCC=$(command -v docc) || { echo "docs: no docc beside $swift_path nor on PATH (set DOCC)" >&2; exit 1; }
fi

# The catalogs: all of them, or those of the targets named on the command line.
shopt -s nullglob
catalogs=()
if [ $# -eq 0 ]; then
  catalogs=(Sources/*/*.docc)
else
  for target in "$@"; do
    found=(Sources/"$target"/*.docc)
    [ ${#found[@]} -gt 0 ] || { echo "docs: no catalog Sources/$target/*.docc" >&2; exit 64; }
    catalogs+=("${found[@]}")
  done
fi
[ ${#catalogs[@]} -gt 0 ] || { echo "docs: no DocC catalog under Sources/*/" >&2; exit 1; }

# Only targets with Swift sources have a module to document.
documented=()
for catalog in "${catalogs[@]}"; do
  target=$(basename "$(dirname "$catalog")")
  if [ -z "$(find "Sources/$target" -name '*.swift' -not -path '*.docc/*' -print -quit)" ]; then
    echo "docs: $target: skipped, Sources/$target has no Swift sources yet (catalog $catalog)"
  else
    documented+=("$catalog")
  fi
done
[ ${#documented[@]} -gt 0 ] || exit 0

echo "docs: building the modules (debug)"
"$SWIFT" build ${swift_flags[@]+"${swift_flags[@]}"}
bin=$("$SWIFT" build ${swift_flags[@]+"${swift_flags[@]}"} --show-bin-path)
triple=$("$SWIFT" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n1)
[ -n "$triple" ] || { echo "docs: cannot read the target triple from '$SWIFT -print-target-info'" >&2; exit 1; }

# The C modules the Swift modules import (system-library targets).
module_maps=()
for map in Sources/*/module.modulemap; do module_maps+=(-Xcc "-fmodule-map-file=$PWD/$map"); done

graphs="$OUT/symbol-graphs"
mkdir -p "$OUT"
failed=()
for catalog in "${documented[@]}"; do
  target=$(basename "$(dirname "$catalog")")
  level=public
  for name in $PACKAGE_ACCESS_TARGETS; do [ "$name" = "$target" ] && level=package; done
  if [ ! -f "$bin/Modules/$target.swiftmodule" ]; then
    echo "docs: $target: Sources/$target has Swift sources but no module $target was built (is it a target in Package.swift?)" >&2
    failed+=("$target")
    continue
  fi

  echo "docs: $target: symbol graph ($level and above)"
  rm -rf "${graphs:?}/$target"
  mkdir -p "$graphs/$target"
  "$SWIFT" symbolgraph-extract -module-name "$target" -target "$triple" \
    -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" ${module_maps[@]+"${module_maps[@]}"} \
    -minimum-access-level "$level" -output-dir "$graphs/$target"

  echo "docs: $target: $catalog -> $OUT/$target.doccarchive"
  rm -rf "${OUT:?}/$target.doccarchive"
  if ! "$DOCC" convert "$catalog" \
      --additional-symbol-graph-dir "$graphs/$target" \
      --output-path "$OUT/$target.doccarchive" \
      --fallback-display-name "$target" \
      --fallback-bundle-identifier "authz-bench.$target" \
      --warnings-as-errors; then
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "docs: FAILED (warnings are errors): ${failed[*]}" >&2
  exit 1
fi
echo "docs: ok: $(for c in "${documented[@]}"; do basename "$(dirname "$c")"; done | tr '\n' ' ')-> $OUT"
