#!/usr/bin/env bash
# Code under test that writes, removes and reads files touches nothing outside unitgen's folders:
# generate runs from a working directory holding a canary file the class's own literals name,
# beside another one in the folder above, and both stay as they were.
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
echo "FileKeeper: the working directory and the folder above are unchanged; the class wrote only in its sandbox"
