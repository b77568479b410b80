#!/usr/bin/env bash
# In-process cost of the concolic instrumentation on a subject class (no executor, no pipes):
#   bench/concolic/run.sh BUILD_DIR SUBJECT   (SUBJECT: int_stack or tree_map)
# Builds the subject and Shim.cpp at -O0 with exploration's coverage flags as the exploration
# driver has them (the pass's boundary probes only) and as the concolic driver has them (probes
# and symbolic instrumentation), then times Main.cpp's loop: the exploration build; the concolic
# build with nothing symbolic (the clones run); the concolic build with symbolic arguments (a
# fresh trace per sequence); and, for the probes' own cost, without the pass at all.
set -euo pipefail
build=$(realpath "$1") subject=$2
here=$(cd "$(dirname "$0")" && pwd) root=$(cd "$here/../.." && pwd)
subjects=$(realpath "$root/../shared/subjects") work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cxx=${UNITGEN_CXX:-clang++-14}
plugin="$build/lib/libUnitgenPass.so"
define=""
[ "$subject" = tree_map ] && define=-DUNITGEN_BENCH_TREE_MAP
cov="-O0 -fsanitize-coverage=trace-pc-guard,trace-cmp"
printf 'dir %s\nfile %s\n' "$subjects/$subject" "$here/Shim.cpp" > "$work/scope.txt"
for f in SymExprArena SymShadowMemory SymSerialize SymRuntime SymWrappers SymMemory; do
  $cxx -std=c++17 -O2 -I"$root/src/runtime" -I"$root/src" -c "$root/src/runtime/symbolic/$f.cpp" -o "$work/$f.o"
done
# SanitizerCoverage callbacks that do what Coverage.cpp's do, without the driver runtime.
cat > "$work/cov.cpp" <<'CPP'
#include <cstdint>
static uint8_t hits[1 << 16];
static uint32_t guards;
extern "C" void __sanitizer_cov_trace_pc_guard_init(uint32_t *a, uint32_t *b) {
  for (; a < b; ++a) *a = ++guards;
}
extern "C" void __sanitizer_cov_trace_pc_guard(uint32_t *g) { hits[*g & 0xffff] = 1; }
static int64_t last;
extern "C" void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) { last ^= a ^ b; }
extern "C" void __sanitizer_cov_trace_switch(uint64_t, uint64_t *) {}
extern "C" void __unitgen_sym_boundary(uint32_t site, uint32_t, uint8_t equal) {
  if (equal) last ^= site;
}
CPP
$cxx -std=c++17 -O2 -c "$work/cov.cpp" -o "$work/cov.o"
$cxx -std=c++17 -O2 -I"$root/src/runtime" -c "$here/Main.cpp" -o "$work/main.o"
runtime=("$work"/Sym*.o "$work/cov.o" "$work/main.o")
# The subject: without the pass (bare), probes only (exploration) or probes and symbolic
# (concolic); the shim, like the generated actions: not instrumented (bare, exploration) or
# symbolic only (concolic).
for kind in bare plain pass; do
  for src in "$subjects/$subject/$subject.cpp" "$here/Shim.cpp"; do
    if [ "$kind" = bare ] || { [ "$kind" = plain ] && [ "$src" = "$here/Shim.cpp" ]; }; then
      pass=() mode=""
    else
      pass=(-fpass-plugin="$plugin" -gline-tables-only)
      mode=""
      [ "$kind" = plain ] && mode=probes
      [ "$src" = "$here/Shim.cpp" ] && mode=symbolic
    fi
    UNITGEN_SYM_SCOPE="$work/scope.txt" UNITGEN_PASS_MODE=$mode $cxx -std=c++17 $cov \
      ${pass[@]+"${pass[@]}"} $define -I"$subjects/$subject" -c "$src" \
      -o "$work/$kind-$(basename "$src").o"
  done
  $cxx "$work/$kind-$subject.cpp.o" "$work/$kind-Shim.cpp.o" "${runtime[@]}" -o "$work/$kind"
done
# Each measurement three times, interleaved; the fastest of each (the machine is shared).
for round in 1 2 3; do
  "$work/bare" plain | sed 's/^plain/without-pass/'
  "$work/plain" plain | sed 's/^plain/exploration-build/'
  "$work/pass" plain | sed 's/^plain/nothing-symbolic/'
  "$work/pass" symbolic
done > "$work/times"
for mode in without-pass exploration-build nothing-symbolic symbolic; do
  grep "^$mode:" "$work/times" | sort -t' ' -k2 -n | head -1 | sed "s/^/$subject /"
done
