#!/usr/bin/env bash
# The concolic strategy reaches hard targets of the shared subjects that random generation
# misses, within an execution budget (so the check is repeatable): SampleClass::run() returns
# "Yes", TemperatureMonitor::warning() true, FlagSetter::calculate() 1, bmi::weightCategory
# NORMAL. Each emitted suite also builds with its CMake file and passes.
# usage: concolic_targets.sh UNITGEN SUBJECTS_BUILD WORK
set -euo pipefail
unitgen=$1 subjects_build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
check() { # NAME FLAG TARGET PATTERN (matched with spaces and line breaks removed)
  local name=$1 flag=$2 target=$3 pattern=$4 out=$work/$1
  local started=$SECONDS
  "$unitgen" generate -p "$subjects_build" "$flag" "$target" --out "$out/gen" --strategy concolic \
    --max-executions 2000 --seed 1 --quiet --cache-dir "$work/../subjects/driver-cache" >/dev/null
  local regression
  regression=$(ls "$out"/gen/*_test.cpp | grep -v '_failures_test.cpp$')
  tr -d ' \n' <"$regression" | grep -Eq "$pattern" || {
    echo "$name: no test in $regression matches /$pattern/"; exit 1; }
  cmake -S "$out/gen" -B "$out/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
  cmake --build "$out/build" >/dev/null
  "$(find "$out/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)" --gtest_brief=1 \
    >"$out/run.log" 2>&1 || { echo "$name: the suite failed"; tail -n 30 "$out/run.log"; exit 1; }
  echo "$name: reached /$pattern/ ($((SECONDS - started)) s)"
}
check sample_class --class SampleClass 'EXPECT_EQ\([A-Za-z0-9_]+\.run\(\),"Yes"\)'
check temperature_monitor --class TemperatureMonitor 'EXPECT_TRUE\([A-Za-z0-9_]+\.warning\(\)\)'
check partial_order --class FlagSetter 'EXPECT_EQ\([A-Za-z0-9_]+\.calculate\(\),1\)'
check bmi --function bmi::weightCategory 'EXPECT_EQ\(bmi::weightCategory\([^;]*\),1\)'
