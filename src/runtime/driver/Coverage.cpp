// SanitizerCoverage callbacks: edge guards of the code under test and the operands it compares;
// the unitgen pass's boundary probes: the operand orders its comparisons saw.
//
// Only the code under test is compiled with -fsanitize-coverage=trace-pc-guard,trace-cmp and
// the probes, and the standard library's functions it instantiates are left out
// (DriverBuilder's ignorelist), so every hit here is an edge or comparison of that code, never
// of the driver or libstdc++.
#include "driver/BoundaryOrder.h"
#include "driver/DriverRuntime.h"

#include <cstdint>
#include <cstdlib>

namespace {

uint32_t gNumGuards = 0;
uint8_t *gHits = nullptr;
uint32_t gHitCapacity = 0;
/// Guards hit since the last takeCoverage, each once: coverage is taken after every statement,
/// so it must cost what ran, not the size of the code under test.
uint32_t *gTouched = nullptr;
uint32_t gTouchedCount = 0;

/// Distinct values of one request in an open-addressing set: cheap in hot loops, where the same
/// comparison runs on every iteration; at most Limit values, the rest dropped.
template <typename T, uint32_t Slots, uint32_t Limit> class DistinctSet {
public:
  void insert(T value, uint32_t hash) {
    if (count_ >= Limit)
      return;
    for (uint32_t probe = 0; probe < Slots; ++probe) {
      uint32_t index = (hash + probe) % Slots;
      if (!used_[index]) {
        used_[index] = true;
        values_[index] = value;
        ++count_;
        return;
      }
      if (values_[index] == value)
        return;
    }
  }
  /// Moves the values into `out` (replacing its contents) and empties the set.
  void drain(std::vector<T> &out) {
    out.clear();
    if (count_ == 0)
      return;
    for (uint32_t i = 0; i < Slots; ++i)
      if (used_[i]) {
        out.push_back(values_[i]);
        used_[i] = false;
      }
    count_ = 0;
  }

private:
  T values_[Slots] = {}; // all initialized: constant-initialized, before any callback
  bool used_[Slots] = {};
  uint32_t count_ = 0;
};

/// Operands the code compared.
DistinctSet<int64_t, 256, 128> gCompared;
/// The operand orders the boundary probes saw (BoundaryOrder.h's keys).
DistinctSet<uint64_t, 1024, 512> gBoundaries;

inline void noteCompared(int64_t value) {
  gCompared.insert(
      value, static_cast<uint32_t>((static_cast<uint64_t>(value) * 0x9e3779b97f4a7c15ull) >> 56));
}

inline void noteComparison(int64_t a, int64_t b) {
  // Equal operands teach nothing; small constants (0, 1) are in the value pool already.
  if (a == b)
    return;
  noteCompared(a);
  noteCompared(b);
}

} // namespace

// The probe is declared by SymbolicAbi.def with the symbolic runtime's entry points, so its
// definition here cannot drift from what the pass calls.
extern "C" {
#define UNITGEN_SYM_FUNCTION(Name, Ret, ...) Ret __unitgen_sym_##Name(__VA_ARGS__);
#include "symbolic/SymbolicAbi.def"

void __unitgen_sym_boundary(uint32_t site, uint32_t line, uint8_t order) {
  using namespace unitgen;
  if (order == kOrderNone)
    return;
  gBoundaries.insert(boundaryKey(site, line, order), site * 7u + order);
  // One apart is also less or greater: a test that sees x == 1 at `x <= 0` covers x > 0.
  if (order == kOrderOneBelow || order == kOrderOneAbove) {
    uint8_t wider = order == kOrderOneBelow ? kOrderLess : kOrderGreater;
    gBoundaries.insert(boundaryKey(site, line, wider), site * 7u + wider);
  }
}

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
  if (start == stop || *start)
    return;
  for (uint32_t *guard = start; guard < stop; ++guard)
    *guard = ++gNumGuards;
  if (gNumGuards + 1 > gHitCapacity) {
    gHitCapacity = gNumGuards + 1;
    gHits = static_cast<uint8_t *>(std::realloc(gHits, gHitCapacity));
    gTouched = static_cast<uint32_t *>(std::realloc(gTouched, gHitCapacity * sizeof(uint32_t)));
    for (uint32_t i = 0; i < gHitCapacity; ++i)
      gHits[i] = 0;
    gTouchedCount = 0;
  }
}

// Counts saturate rather than wrap, so a loop run 256 times never looks like one run 0 times.
void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  uint8_t &hits = gHits[*guard];
  if (hits == 0)
    gTouched[gTouchedCount++] = *guard;
  hits += hits != 255;
}

void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) { noteComparison(a, b); }
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) { noteComparison(a, b); }
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) {
  noteComparison(static_cast<int32_t>(a), static_cast<int32_t>(b));
}
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) {
  noteComparison(static_cast<int64_t>(a), static_cast<int64_t>(b));
}
void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) { noteComparison(a, b); }
void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) { noteComparison(a, b); }
void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) {
  noteComparison(static_cast<int32_t>(a), static_cast<int32_t>(b));
}
void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) {
  noteComparison(static_cast<int64_t>(a), static_cast<int64_t>(b));
}
void __sanitizer_cov_trace_switch(uint64_t value, uint64_t *cases) {
  // cases[0] = number of cases, cases[1] = operand width in bits, then the case constants.
  for (uint64_t i = 0; i < cases[0]; ++i)
    noteComparison(static_cast<int64_t>(value), static_cast<int64_t>(cases[2 + i]));
}
void __sanitizer_cov_trace_div4(uint32_t) {}
void __sanitizer_cov_trace_div8(uint64_t) {}
void __sanitizer_cov_trace_gep(uintptr_t) {}

} // extern "C"

namespace unitgen_rt {

uint32_t coverageEdgeCount() { return gNumGuards; }

void takeCoverage(CoverageRecord &into) {
  std::vector<EdgeHits> &edges = into.edges;
  edges.clear();
  for (uint32_t i = 0; i < gTouchedCount; ++i) {
    uint32_t id = gTouched[i];
    edges.push_back(EdgeHits{id, gHits[id]});
    gHits[id] = 0;
  }
  gTouchedCount = 0;
  gCompared.drain(into.compared);
  gBoundaries.drain(into.boundaries);
}

} // namespace unitgen_rt
