#!/usr/bin/env bash
# Code under test that writes, removes and reads files touches nothing outside unitgen's folders:
# generate runs from a working directory holding a canary file the class's own literals name,
# beside another one in the folder above, and both stay as they were; so does ctest running the
# emitted tests, each in its own temporary folder (unitgen_sandbox/TestSandbox.cpp).
# usage: sandbox.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/user/cwd"
bash "$(dirname "$0")/configure_project.sh" "$bad/file_keeper" "$work/build" >/dev/null
echo precious >"$work/user/cwd/canary.txt"
echo precious >"$work/user/canary.txt"
before=$(cd "$work/user" && find . -printf '%p %s %T@\n' | sort)
(cd "$work/user/cwd" && "$unitgen" generate -p "$work/build" --class FileKeeper --out "$work/out" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" >/dev/null)
after=$(cd "$work/user" && find . -printf '%p %s %T@\n' | sort)
if [ "$before" != "$after" ]; then
  echo "FAIL: the user's folders changed:"; diff <(echo "$before") <(echo "$after") || true
  exit 1
fi
# The class did write, inside its sandbox: a test saved a file and read it back.
grep -q 'EXPECT_TRUE(fileKeeper.save(' "$work/out/FileKeeper_test.cpp" ||
  { echo "FAIL: no test saved a file"; exit 1; }
# Writing above the sandbox was refused (Landlock), so nothing landed beside it either.
grep -q 'EXPECT_FALSE(fileKeeper.saveAbove(' "$work/out/FileKeeper_test.cpp" ||
  { echo "FAIL: saveAbove was never refused"; exit 1; }
# The emitted tests run sandboxed under ctest too: each in its own temporary folder, so the
# files they save land neither in the build tree nor in the working directory.
cmake -S "$work/out" -B "$work/suite" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/suite" >/dev/null
tree_before=$(cd "$work/suite" && find . -path ./Testing -prune -o -print | sort)
(cd "$work/user/cwd" && ctest --test-dir "$work/suite" -j2 -LE unitgen-failures \
   --output-on-failure >"$work/ctest.log" 2>&1) || { cat "$work/ctest.log"; echo "FAIL: ctest"; exit 1; }
tree_after=$(cd "$work/suite" && find . -path ./Testing -prune -o -print | sort)
after_ctest=$(cd "$work/user" && find . -printf '%p %s %T@\n' | sort)
[ "$before" = "$after_ctest" ] || { echo "FAIL: ctest changed the user's folders"; exit 1; }
if [ "$tree_before" != "$tree_after" ]; then
  echo "FAIL: the tests wrote into the build tree:"; diff <(echo "$tree_before") <(echo "$tree_after") || true
  exit 1
fi
# However a test binary runs (whole, not through ctest), each test has an empty folder of its
# own (unitgen_sandbox/FolderPerTest.cpp): a file one test left is not there for the next.
cat >"$work/leftovers_test.cpp" <<'CPP'
#include <gtest/gtest.h>
#include <fstream>
TEST(Leftovers, First) { std::ofstream("left.txt") << "x"; }
TEST(Leftovers, Second) { EXPECT_FALSE(std::ifstream("left.txt").good()); }
CPP
clang++-14 -std=c++17 "$work/leftovers_test.cpp" "$work/out/unitgen_sandbox/FolderPerTest.cpp" \
  -lgtest_main -lgtest -pthread -o "$work/leftovers_test"
sandbox_binary=$(find "$work/suite" -maxdepth 1 -name '*_unitgen_sandbox' -type f | head -1)
(cd "$work/user/cwd" && "$sandbox_binary" "$work/leftovers_test" >"$work/leftovers.log" 2>&1 &&
  "$work/leftovers_test" >>"$work/leftovers.log" 2>&1) ||
  { cat "$work/leftovers.log"; echo "FAIL: a test saw another test's file"; exit 1; }
[ "$before" = "$(cd "$work/user" && find . -printf '%p %s %T@\n' | sort)" ] ||
  { echo "FAIL: a whole test binary wrote into the folder it ran from"; exit 1; }
echo "FileKeeper: the working directory and the folder above are unchanged; the class wrote only in its sandbox, under unitgen and under ctest"
