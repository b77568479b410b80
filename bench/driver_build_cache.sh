#!/usr/bin/env bash
# The first exhaustive run on a class, per class: with an empty --cache-dir (parse, runtime and
# driver compiled), then with only the runtime objects another driver compiled kept (parse and
# the class's own code compiled). Both include the parse; the search itself takes milliseconds.
# usage: bench/driver_build_cache.sh UNITGEN SUBJECTS_BUILD CLASS...
set -euo pipefail
unitgen=$1 project=$2
shift 2
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
run() { # CLASS -> seconds
  local start end
  start=$(date +%s.%N)
  "$unitgen" explore -p "$project" --class "$1" --strategy exhaustive --scope 3 --count-only \
    --cache-dir "$cache" >/dev/null 2>&1
  end=$(date +%s.%N)
  python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$start" "$end"
}
echo "| class | empty cache s | runtime objects cached s |"
echo "|---|---|---|"
for class in "$@"; do
  rm -rf "${cache:?}"/*
  empty=$(run "$class")
  find "$cache" -mindepth 1 -maxdepth 1 ! -name runtime-objects -exec rm -rf {} +
  echo "| $class | $empty | $(run "$class") |"
done
