#!/usr/bin/env bash
# Bad input must give `unitgen: error: ...` with the documented exit code, never a crash.
# usage: bad_input.sh UNITGEN BAD_ROOT WORK
set -uo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work"
failed=0
# expect NAME EXIT_CODE PATTERN -- unitgen args...
expect() {
  local name=$1 code=$2 pattern=$3; shift 4
  local out
  out=$("$unitgen" "$@" 2>&1); local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qE "$pattern" <<<"$out"; then
    echo "FAIL $name: exit $got (want $code), output:"; echo "$out" | head -n 10; failed=1
  else
    echo "ok   $name: $(grep -m1 'unitgen: error' <<<"$out")"
  fi
}
configure() { bash "$(dirname "$0")/configure_project.sh" "$bad/$1" "$work/$1" >/dev/null; }
for project in ambiguous class_template no_public_ctor parse_error careless_buffer; do
  configure "$project" || true
done
mkdir -p "$work/empty"
expect missing-dir 3 "unitgen: error: .*does not exist" -- generate -p "$work/nope" --class X --out "$work/o"
expect no-database 3 "unitgen: error: .*compile_commands.json" -- generate -p "$work/empty" --class X --out "$work/o"
expect unknown-class 3 "unitgen: error: .*Nope" -- generate -p "$work/ambiguous" --class Nope --out "$work/o"
expect ambiguous-class 3 "unitgen: error: .*ambiguous" -- generate -p "$work/ambiguous" --class Widget --out "$work/o"
expect class-template 3 "unitgen: error: .*is a class template; name one of its instantiations" -- generate -p "$work/class_template" --class Box --out "$work/o"
expect bad-template-argument 3 "unitgen: error: cannot instantiate 'Box<Nope>'" -- generate -p "$work/class_template" --class 'Box<Nope>' --out "$work/o"
expect no-public-ctor 3 "unitgen: error: .*constructor" -- generate -p "$work/no_public_ctor" --class Sealed --out "$work/o"
expect parse-error 3 "unitgen: error: .*(error|parse)" -- generate -p "$work/parse_error" --class Broken --out "$work/o"
expect bad-budget 2 "unitgen: error: .*budget" -- generate -p "$work/ambiguous" --class Widget --out "$work/o" --budget soon
expect missing-flag 2 "unitgen: error:" -- generate --class Widget
# A budget of nothing would mean no limit, a run that never returns.
expect zero-budget 2 "unitgen: error: --budget '0s' leaves no time" -- generate -p "$work/ambiguous" --class Widget --out "$work/o" --budget 0s
expect zero-budget-exhaustive 2 "unitgen: error: --budget '0' leaves no time" -- generate -p "$work/ambiguous" --class Widget --out "$work/o" --strategy exhaustive --budget 0
expect zero-budget-explore 2 "unitgen: error: --budget '0ms' leaves no time" -- explore -p "$work/ambiguous" --class Widget --strategy concrete-state --budget 0ms
expect zero-budget-explore-exhaustive 2 "unitgen: error: --budget '0m' leaves no time" -- explore -p "$work/ambiguous" --class Widget --strategy exhaustive --budget 0m
# Exhaustive-only flags with another strategy would be ignored silently.
expect exhaustive-flag 2 "unitgen: error: --criterion is for --strategy exhaustive, not random" -- generate -p "$work/ambiguous" --class Widget --out "$work/o" --strategy random --criterion fet
expect exhaustive-flag-explore 2 "unitgen: error: --scope is for --strategy exhaustive, not concrete-state" -- explore -p "$work/ambiguous" --class Widget --strategy concrete-state --scope 4
# Every flag's edge values (tests/e2e/bad_input.sh lists them in docs/Testing.md).
g=(generate -p "$work/ambiguous" --class Widget --out "$work/o")
expect budget-infinite 2 "unitgen: error: --budget 'inf' is not a duration" -- "${g[@]}" --budget inf
expect budget-too-long 2 "unitgen: error: --budget '99999999h' is not a duration.*at most 277h" -- "${g[@]}" --budget 99999999h
expect budget-negative 2 "unitgen: error: --budget '-5s' is not a duration" -- "${g[@]}" --budget -5s
expect budget-unit 2 "unitgen: error: --budget '3d' is not a duration" -- "${g[@]}" --budget 3d
expect call-timeout-zero 2 "unitgen: error: --call-timeout '0s' is not a duration above 0" -- "${g[@]}" --call-timeout 0s
expect call-timeout-word 2 "unitgen: error: --call-timeout 'long'" -- "${g[@]}" --call-timeout long
expect memory-limit-zero 2 "unitgen: error: --memory-limit" -- "${g[@]}" --memory-limit 0
expect memory-limit-negative 2 "unitgen: error: --memory-limit" -- "${g[@]}" --memory-limit -5
expect jobs-zero 2 "unitgen: error: --jobs: .0. is not a whole number from 1 to 1024" -- "${g[@]}" --jobs 0
expect seed-negative 2 "unitgen: error: --seed" -- "${g[@]}" --seed -1
expect max-length-zero 2 "unitgen: error: --max-length" -- "${g[@]}" --max-length 0
expect exec-mode-unknown 2 "unitgen: error: --exec-mode" -- "${g[@]}" --exec-mode threads
expect assertions-unknown 2 "unitgen: error: --assertions" -- "${g[@]}" --assertions some
expect strategy-unknown 2 "unitgen: error: --strategy" -- "${g[@]}" --strategy genetic
expect max-states-zero 2 "unitgen: error: --max-states" -- explore -p "$work/ambiguous" --class Widget --strategy concrete-state --max-states 0
expect sizes-empty 2 "unitgen: error: --sizes: '5..2' is an empty range" -- "${g[@]}" --strategy exhaustive --sizes 5..2
expect legal-budget-elsewhere 2 "unitgen: error: --legal-budget is for --strategy exhaustive" -- "${g[@]}" --strategy random --legal-budget 1s
touch "$work/a-file"
expect out-is-a-file 3 "unitgen: error: cannot create output folder" -- generate -p "$work/careless_buffer" --class CarelessBuffer --out "$work/a-file"
expect list-missing-dir 3 "unitgen: error: .*does not exist" -- list -p "$work/nope"
expect coverage-missing-tests 3 "unitgen: error: tests folder .* does not exist" -- coverage -p "$work/careless_buffer" --class CarelessBuffer --tests "$work/nope"
# --learn-from: palus needs it; a missing file, tests that do not compile, tests that call
# nothing of the class.
expect palus-without-tests 2 "unitgen: error: --strategy palus follows the project's tests: name them with --learn-from" -- "${g[@]}" --strategy palus
expect palus-explore-without-tests 2 "unitgen: error: --strategy palus follows the project's tests" -- explore -p "$work/ambiguous" --class Widget --strategy palus
expect guidance-elsewhere 2 "unitgen: error: --guidance is for --strategy palus, not random" -- "${g[@]}" --strategy random --guidance model
expect learn-from-missing 2 "unitgen: error: --learn-from: '.*nope_test.cpp' is no file, and the compile database of .* compiles no sources into a target of that name; its targets: careless_buffer" -- generate -p "$work/careless_buffer" --class CarelessBuffer --out "$work/o" --learn-from "$work/nope_test.cpp"
printf 'this is no C++\n' >"$work/broken_test.cpp"
expect learn-from-broken 4 "unitgen: error: cannot compile .*broken_test.cpp for the recording build" -- generate -p "$work/careless_buffer" --class CarelessBuffer --out "$work/o" --learn-from "$work/broken_test.cpp" --cache-dir "$work/cache"
printf 'int main() { return 0; }\n' >"$work/idle_test.cpp"
expect learn-from-idle 3 "unitgen: error: --learn-from: the tests ran \\(exit 0\\) but called nothing of" -- generate -p "$work/careless_buffer" --class CarelessBuffer --out "$work/o" --learn-from "$work/idle_test.cpp" --cache-dir "$work/cache"
# --theories: a missing file (a theory that does not compile: e2e_theories).
expect theories-missing 2 "unitgen: error: .*nope_theories.cpp" -- "${g[@]}" --theories "$work/nope_theories.cpp"
exit $failed
