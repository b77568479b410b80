#!/usr/bin/env bash
# unitgen installed (`cmake --install BUILD --prefix P`) runs from P alone: the installed binary
# records the project's tests with P's pass plugin and recorder, checks a theory with P's
# unitgen/theory.h, and the emitted CMake names P's include folder, so that the failure test of
# a defect only the theory sees (tests/bad/settings, seeded as e2e_theories seeds it) builds
# and fails with the theory's message.
# usage: install.sh UNITGEN_BUILD_DIR BAD_ROOT WORK
set -euo pipefail
build=$1 bad=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"; mkdir -p "$work/cwd"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "install"; }
for file in bin/unitgen lib/libUnitgenPass.so include/unitgen/theory.h \
  share/unitgen/runtime/driver/DriverRuntime.cpp share/unitgen/runtime/recorder/Recorder.cpp \
  share/unitgen/model/SymExpr.def; do
  [ -f "$prefix/$file" ] || fail "not installed: $file"
done
cp -r "$bad/settings" "$work/seeded"
sed -i 's/line.substr(equals + 1);/line.substr(equals + 1, 8);/' "$work/seeded/settings.cpp"
grep -q 'equals + 1, 8' "$work/seeded/settings.cpp" || fail "the defect was not seeded"
bash "$here/configure_project.sh" "$work/seeded" "$work/project" >/dev/null
(cd "$work/cwd" && env -u UNITGEN_RUNTIME_DIR -u UNITGEN_INCLUDE_DIR -u UNITGEN_PASS_PLUGIN \
  "$prefix/bin/unitgen" generate -p "$work/project" --class cfg::Settings --out "$work/out" \
  --theories "$work/seeded/settings_theories.cpp" --learn-from "$work/seeded/settings_test.cpp" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "$work/cache" >"$work/generate.log" 2>&1) ||
  { cat "$work/generate.log"; fail "the installed unitgen's generate"; }
# (named relative to the emitted folder: `${CMAKE_CURRENT_SOURCE_DIR}/../prefix/include`)
grep -q 'CMAKE_CURRENT_SOURCE_DIR}/../prefix/include"' "$work/out/CMakeLists.txt" ||
  { grep -n include "$work/out/CMakeLists.txt"; fail "the emitted CMake does not name $prefix/include"; }
cmake -S "$work/out" -B "$work/tests" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/tests" >/dev/null || fail "the emitted suite does not build"
(cd "$work/cwd" && "$work/tests/settings_unitgen_test" --gtest_brief=1 >"$work/regression.log" 2>&1) ||
  { cat "$work/regression.log"; fail "the regression tests fail"; }
if (cd "$work/cwd" && "$work/tests/settings_unitgen_failures_test" >"$work/failures.log" 2>&1); then
  fail "the theory's failure test passes on the seeded defect"
fi
grep -q 'BodyLoadsBack: UNITGEN_ASSERT' "$work/failures.log" ||
  { cat "$work/failures.log"; fail "the failure names no theory"; }
[ -z "$(ls -A "$work/cwd")" ] || fail "generating or running left files in the working folder"
echo "installed in $prefix: generate with --learn-from and --theories, the suite builds from $prefix/include"
