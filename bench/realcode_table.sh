#!/usr/bin/env bash
# unitgen on real code, as a new user runs it: for each class, `generate --budget B --seed S`
# (S: $SEED, default 1) from an empty scratch folder, then the emitted folder built standalone
# with its own CMakeLists.txt, the regression binary run three times through the emitted sandbox
# launcher, as ctest runs it (each in a fresh empty folder, with MALLOC_PERTURB_ 0, 85, 170),
# and `unitgen coverage` of the class.
# Prints one row per class: exit code, tests, failure tests, whether the suite compiles, how many of
# the three runs passed, line and branch coverage as ../shared/realcode/README.md measures the
# project's own tests (the class's source file for leveldb, the class's own functions in
# tinyxml2.cpp), and the line coverage of all the sources the class reaches (`unitgen coverage`'s
# total).
# usage: bench/realcode_table.sh [BUDGET=60s]
#   CLASSES="leveldb:leveldb::Arena@util/arena.cc tinyxml2:tinyxml2::XMLDocument@members"
#            (default: the README's rows; `@file` measures that source file, relative to the
#            project, `@members` or nothing the class's own functions)
#   UNITGEN=path/to/unitgen   (default: build/bin/unitgen)
#   LEVELDB_BUILD / TINYXML2_BUILD   the projects' build folders (default $TMPDIR/<name>-build,
#                                    built as ../shared/realcode/README.md says)
#   BENCH_OUT=DIR             work folder (default $TMPDIR/unitgen-realcode)
#   STRATEGY=NAME             generate's --strategy (default: generate's, auto)
#   GUIDANCE=model|arguments|full   palus's --guidance (the paper's ablation; default full)
#   LEARN=1                   also `--learn-from` the class's own tests (the README's "own
#                             tests" column; leveldb's with util/testutil.cc, which they link).
#                             xmltest.cpp runs from a copy of tinyxml2's folder with the
#                             resources/out folder it writes to (upstream has it; the snapshot
#                             lost the empty folder), as human_coverage_tinyxml2.sh does.
# Drivers are built from the runtime sources of the tree unitgen was built from: to edit src/
# while a run goes on, copy the tree first and point UNITGEN_RUNTIME_DIR at its src/runtime.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
unitgen=${UNITGEN:-$root/build/bin/unitgen}
budget=${1:-60s}
tmp=${TMPDIR:-/tmp}
work=${BENCH_OUT:-$tmp/unitgen-realcode}
declare -A builds=([leveldb]=${LEVELDB_BUILD:-$tmp/leveldb-build}
                   [tinyxml2]=${TINYXML2_BUILD:-$tmp/tinyxml2-build})
default_classes="leveldb:leveldb::Arena@util/arena.cc leveldb:leveldb::Status@util/status.cc
leveldb:leveldb::WriteBatch@db/write_batch.cc leveldb:leveldb::Cache@util/cache.cc
leveldb:leveldb::VersionEdit@db/version_edit.cc leveldb:leveldb::InternalKeyComparator@db/dbformat.cc
leveldb:leveldb::FilterBlockBuilder@table/filter_block.cc
leveldb:leveldb::BlockBuilder@table/block_builder.cc tinyxml2:tinyxml2::XMLDocument@members
tinyxml2:tinyxml2::XMLElement@members tinyxml2:tinyxml2::XMLPrinter@members
tinyxml2:tinyxml2::XMLUtil@members"
read -r -a classes <<<"${CLASSES:-$(echo $default_classes)}"
for project in leveldb tinyxml2; do
  [ -f "${builds[$project]}/compile_commands.json" ] || {
    echo "realcode_table: error: ${builds[$project]}/compile_commands.json is missing;" \
      "build $project as ../shared/realcode/README.md says" >&2
    exit 2
  }
done
[ -x "$unitgen" ] || { echo "realcode_table: error: $unitgen is not built" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work"
realcode=$(cd "$root/../shared/realcode" 2>/dev/null && pwd)
declare -A own_tests=([leveldb::Arena]=util/arena_test.cc [leveldb::Status]=util/status_test.cc
  [leveldb::WriteBatch]=db/write_batch_test.cc [leveldb::Cache]=util/cache_test.cc
  [leveldb::VersionEdit]=db/version_edit_test.cc [leveldb::InternalKeyComparator]=db/dbformat_test.cc
  [leveldb::FilterBlockBuilder]=table/filter_block_test.cc [leveldb::BlockBuilder]=table/table_test.cc)
if [ "${LEARN:-0}" = 1 ]; then
  [ -n "$realcode" ] || { echo "realcode_table: error: ../shared/realcode is missing" >&2; exit 2; }
  cp -r "$realcode/tinyxml2" "$work/tinyxml2-tests" && chmod -R u+w "$work/tinyxml2-tests" &&
    mkdir -p "$work/tinyxml2-tests/resources/out"
fi

printf "%-32s %4s %5s %8s %8s %6s %8s %9s %10s\n" class exit tests failures compiles passes lines \
  branches "all lines"
for entry in "${classes[@]}"; do
  project=${entry%%:*}; class=${entry#*:}; measure=members
  [[ $class == *@* ]] && { measure=${class#*@}; class=${class%@*}; }
  build=${builds[$project]}
  name=$(echo "$class" | tr -c 'A-Za-z0-9\n' '_')
  scratch="$work/$name/scratch"; out="$work/$name/out"
  mkdir -p "$scratch"
  extra=()
  [ -n "${STRATEGY:-}" ] && extra+=(--strategy "$STRATEGY")
  [ -n "${GUIDANCE:-}" ] && extra+=(--guidance "$GUIDANCE")
  if [ "${LEARN:-0}" = 1 ]; then
    if [ "$project" = tinyxml2 ]; then
      extra+=(--learn-from "$work/tinyxml2-tests/xmltest.cpp")
    else
      extra+=(--learn-from "$realcode/leveldb/${own_tests[$class]}"
              --learn-from "$realcode/leveldb/util/testutil.cc")
    fi
  fi
  (cd "$scratch" && "$unitgen" generate -p "$build" --class "$class" --budget "$budget" --seed "${SEED:-1}" \
     "${extra[@]}" --out "$out" --cache-dir "$work/cache" -q >"$work/$name/generate.log" 2>&1)
  status=$?
  tests=$(grep -c '^TEST' "$out"/*_test.cpp 2>/dev/null | grep -v failures | awk -F: '{s+=$2} END {print s+0}')
  failures=$(cat "$out"/*_failures_test.cpp 2>/dev/null | grep -c '^TEST')
  compiles=no; passes=0; lines=-; branches=-; all=-
  if [ -f "$out/CMakeLists.txt" ] &&
     cmake -S "$out" -B "$work/$name/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
       >"$work/$name/configure.log" 2>&1 &&
     target=$(ninja -C "$work/$name/build" -t targets all | grep -o '^[a-z0-9_]*_unitgen_test:' | grep -v '^cmake_' |
       head -1 | tr -d :) &&
     sandbox=${target%_test}_sandbox &&
     ninja -C "$work/$name/build" -j2 "$target" "$sandbox" >"$work/$name/build.log" 2>&1; then
    compiles=yes
    binary="$work/$name/build/$target"
    # Each run through the emitted sandbox launcher, as ctest runs the tests (the code under
    # test may write only beneath the run's folder: a test of SaveFile("/x") expects the
    # failure it met while exploring), in a fresh empty folder (a test that saves a file must
    # not meet it in the next run), with another heap fill byte.
    for run in 1 2 3; do
      mkdir -p "$work/$name/run$run"
      (cd "$work/$name/run$run" && MALLOC_PERTURB_=$((run * 85 - 85)) \
         "$work/$name/build/$sandbox" "$binary" --gtest_brief=1 \
         >"$work/$name/run$run.log" 2>&1) && passes=$((passes + 1))
    done
    if (cd "$scratch" && "$unitgen" coverage -p "$build" --class "$class" --tests "$out" --json --cache-dir "$work/cache" \
          >"$work/$name/coverage.json" 2>"$work/$name/coverage.log") ||
       [ -s "$work/$name/coverage.json" ]; then
      read -r lines branches all < <(python3 -c "
import json; c = json.load(open('$work/$name/coverage.json'))
measure = '$measure'
own = c['members'] if measure == 'members' else \\
    next(f for f in c['files'] if f['path'].endswith('/' + measure))
print('%.1f%% %.1f%% %.1f%%' % (own['lines']['percent'], own['branches']['percent'],
                               c['lines']['percent']))" 2>/dev/null || echo "- - -")
    fi
  fi
  printf "%-32s %4s %5s %8s %8s %4s/3 %8s %9s %10s\n" "$class" "$status" "$tests" "$failures" \
    "$compiles" "$passes" "$lines" "$branches" "$all"
done
