#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/SettingsKit/SettingsKit.docc, Sources/SettingsEtcd/SettingsEtcd.docc)
# into .build/docs/<Module>.doccarchive, with warnings as errors: a broken ``link`` in an article
# or in a doc comment, an undocumented parameter, an ambiguous symbol name fail the build.
#
# Symbol graphs come from a build in a scratch path of its own (.build/docs), so that the flags
# it needs do not invalidate the normal build in .build. A catalog is given only the graphs of
# the module it documents (Module.symbols.json and Module@Other.symbols.json, its extensions of
# other modules' types).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
graphs=$scratch/symbol-graphs
docc=$(command -v docc || true)
if [[ -z $docc ]]; then
  swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
  docc=$swift_bin/docc
fi
[[ -x $docc ]] || { echo "docs.sh: docc not found (it ships with the Swift toolchain)" >&2; exit 1; }

echo "-- symbol graphs (swift build --scratch-path $scratch --target SettingsEtcd)"
mkdir -p "$graphs"
# swiftc writes a module's graphs when it compiles the module: when one is missing (a folder
# cleaned by hand) its object files are removed, so that the build compiles the module again.
for module in SettingsKit SettingsEtcd; do
  if [[ ! -e $graphs/$module.symbols.json ]]; then
    find "$scratch" -path "*/$module.build/*.o" -delete
  fi
done
# SettingsEtcd depends on SettingsKit and SettingsPOSIX: one build gives every graph needed.
swift build --scratch-path "$scratch" --target SettingsEtcd \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

status=0
for module in SettingsKit SettingsEtcd; do
  catalog=Sources/$module/$module.docc
  dir=$scratch/graphs-$module
  rm -rf "$dir" "$scratch/$module.doccarchive"
  mkdir -p "$dir"
  cp "$graphs/$module.symbols.json" "$dir/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [[ -e $extension ]] && cp "$extension" "$dir/"
  done
  echo "-- docc convert $catalog"
  log=$scratch/$module-docc.log
  if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$dir" \
    --output-path "$scratch/$module.doccarchive" --warnings-as-errors >"$log" 2>&1; then
    status=1
  fi
  # docc's own status is the judge; a warning that it let through would still fail here.
  if grep -qE '^(warning|error):' "$log"; then
    status=1
    cat "$log" >&2
    echo "docs.sh: $catalog: $(grep -cE '^(warning|error):' "$log") diagnostics (warnings are errors)" >&2
  else
    echo "$catalog: no warnings; $scratch/$module.doccarchive"
  fi
done
exit $status
