#!/usr/bin/env bash
# A theory finds a defect nothing else shows: tinyxml2's print-parse-print theory
# (bench/theories/tinyxml2_theories.cpp) on XMLDocument, first on tinyxml2 as it is (the theory
# must hold: no failure test of it), then on a copy whose XMLPrinter writes entities without
# their `;` (`&lt` for `<`: no crash, no sanitizer report, and the regression tests record the
# text as it is). Prints, for each, the executions, the theory's failure tests and the first
# one's statements, and builds and runs the seeded run's failure test, which must fail with the
# theory's assertion. Both runs learn from tinyxml2's own tests (`--learn-from xmltest.cpp`, run
# from a copy of the folder with the resources/out it writes to, as bench/realcode_table.sh
# LEARN=1 does): palus's guided phase builds the documents the tests build, entities
# included; LEARN=0 leaves them out.
# usage: bench/theory_seeded_defect.sh [BUDGET]   (default 60s; UNITGEN, SEED, BENCH_OUT, LEARN)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
budget=${1:-60s}
unitgen=${UNITGEN:-$root/build/bin/unitgen}
seed=${SEED:-1}
out=${BENCH_OUT:-${TMPDIR:-/tmp}/unitgen-theory-bench}
shared=$root/../shared
[ -d "$shared/realcode/tinyxml2" ] || { echo "error: $shared/realcode/tinyxml2 is missing" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out/cwd"
theories=$here/theories/tinyxml2_theories.cpp
learn=()
if [ "${LEARN:-1}" = 1 ]; then
  cp -r "$shared/realcode/tinyxml2" "$out/tinyxml2-tests" && chmod -R u+w "$out/tinyxml2-tests"
  mkdir -p "$out/tinyxml2-tests/resources/out"
  learn=(--learn-from "$out/tinyxml2-tests/xmltest.cpp")
fi

run() { # NAME SRC
  local name=$1 src=$2
  cmake -S "$src" -B "$out/$name-build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -Dtinyxml2_BUILD_TESTING=OFF >/dev/null && cmake --build "$out/$name-build" >/dev/null
  (cd "$out/cwd" && "$unitgen" generate -p "$out/$name-build" --class tinyxml2::XMLDocument \
    --theories "$theories" "${learn[@]}" --budget "$budget" --seed "$seed" --out "$out/$name" \
    --quiet --cache-dir "$out/cache" \
    >"$out/$name.log" 2>&1) || { cat "$out/$name.log"; exit 1; }
  python3 - "$out/$name/unitgen-report.json" "$name" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
theory = [t for t in report["suite"]["failures"]["tests"] if t["kind"] == "theory-violated"]
print(f"{sys.argv[2]:8} executions {report['exploration']['executions']:6}  theory failure tests "
      f"{len(theory)}" + (f"  first: {theory[0]['name']}, {theory[0]['statements']} statements"
                          if theory else ""))
PY
}

run sound "$shared/realcode/tinyxml2"
cp -r "$shared/realcode/tinyxml2" "$out/seeded-src"
# XMLPrinter::PrintString: the entity's closing `;` is no longer written.
sed -i "/Write( entities\[i\].pattern, entities\[i\].length );/{n;s/Putc( ';' );/\/\/ seeded defect: no ';'/}" \
  "$out/seeded-src/tinyxml2.cpp"
grep -q "seeded defect" "$out/seeded-src/tinyxml2.cpp" || { echo "error: the defect was not seeded" >&2; exit 1; }
run seeded "$out/seeded-src"
cmake -S "$out/seeded" -B "$out/seeded-tests" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$out/seeded-tests" --target xml_document_unitgen_failures_test >/dev/null
(cd "$out/cwd" && "$out/seeded-tests/xml_document_unitgen_failures_test" \
  --gtest_filter='*Breaks*' 2>&1 | grep -A1 'Which is' | head -2) || true
