#!/usr/bin/env bash
# unitgen on real code as a new user runs it: tinyxml2 from ../shared/realcode, unmodified,
# configured with its own test target, `generate --class tinyxml2::XMLDocument --learn-from
# xmltest` (the test target, found through the build folder's compile database) from an empty
# working folder. The sample is recorded from xmltest's run (in a copy of its folder: it writes
# resources/out/), the suite compiles with the project's flags and passes three fresh runs, the
# failure tests compile, and neither the working folder nor the library's folder changes.
# usage: realcode_tinyxml2.sh UNITGEN REALCODE_DIR WORK
set -euo pipefail
unitgen=$1 realcode=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$realcode/tinyxml2/tinyxml2.cpp" ] || fail "the real code is missing: no $realcode/tinyxml2"
rm -rf "$work"; mkdir -p "$work/cwd"
snapshot() { (cd "$realcode/tinyxml2" && find . -type f -print0 | sort -z | xargs -0 md5sum); }
before=$(snapshot)
bash "$here/configure_project.sh" "$realcode/tinyxml2" "$work/project" \
  -DCMAKE_BUILD_TYPE=Debug -Dtinyxml2_BUILD_TESTING=ON >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class tinyxml2::XMLDocument \
  --out "$work/gen" --learn-from xmltest --max-executions 3000 --seed 1 --quiet \
  --cache-dir "$work/cache" >"$work/generate.log" 2>&1) ||
  { cat "$work/generate.log"; fail "generate"; }
python3 - "$work/gen/unitgen-report.json" <<'PY' || fail "the report"
import json, sys
report = json.load(open(sys.argv[1]))
sample = report["sample"]
assert sample["callsRecorded"] >= 100 and sample["nodes"] >= 20, sample
assert report["selection"]["tests"] >= 20, report["selection"]
# Every emitted test compiles as unitgen wrote it (an overload's null argument is cast).
assert report["verification"]["droppedNotCompiling"] == 0, report["verification"]
PY
bash "$here/run_suite.sh" "$work/gen" "$work/build" xml_document_unitgen_test "$work/cwd"
cmake --build "$work/build" --target xml_document_unitgen_failures_test >/dev/null ||
  fail "the failure tests do not compile"
[ -z "$(ls -A "$work/cwd")" ] || fail "generating or running left files in the working folder"
[ "$before" = "$(snapshot)" ] || fail "the recording or the suite changed $realcode/tinyxml2"
echo "tinyxml2::XMLDocument from xmltest: $(python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(r['sample']['callsRecorded'], 'calls recorded,', r['selection']['tests'], 'tests')" "$work/gen/unitgen-report.json"); the suite passes three fresh runs, folders unchanged"
