// SymRuntime: the C++ side of the symbolic runtime — what the serve loop and the generated
// actions call to start, feed and end one concolic execution (the C ABI the instrumented code
// calls is SymbolicAbi.def).
#pragma once

#include "symbolic/SymMemory.h"

#include <cstddef>
#include <cstdint>

namespace unitgen_rt {

struct SymbolicConfig {
  bool floats = false;              ///< Z3 floating-point theory: float arguments and operations
  uint32_t maxExpressions = 200000; ///< nodes per execution; past it values stay concrete
  size_t maxShadowPages = 4096;     ///< 4 KiB of program memory each (16 KiB of shadow)
  /// Branch records per execution. When the log is full the execution goes on concretely: a
  /// longer path is cut by the engine anyway (ConcolicOptions::maxDecisions is 4096), and a
  /// long loop then costs what it costs uninstrumented.
  size_t maxBranches = 8192;
};

/// The defaults, with UNITGEN_SYM_MAX_EXPRESSIONS overriding the expression cap.
SymbolicConfig symbolicConfigFromEnvironment(bool floats);

/// Starts a symbolic execution: forgets the previous one and switches instrumented code to its
/// instrumented body. Only the calling thread's instrumented code builds expressions.
void symBegin(const SymbolicConfig &config);
/// Statement index the following branch records belong to.
void symStatement(int32_t index);
/// Switches instrumented code back to its uninstrumented clones (end-of-sequence checks and
/// destructors run at full speed and record nothing).
void symSuspend();
/// Switches instrumented code back on after symSuspend, within the same execution (the
/// invariant check between two statements runs suspended: its branches are no path).
void symResume();
/// Ends the execution: appends the trace payload (SymWire.h) to `out`, at most `maxBytes`.
void symFinish(SymBytes &out, size_t maxBytes);
/// The heap walker's probe while it walks the receiver's final state in a symbolic-state
/// request: records the expression the `size` bytes at `addr` hold as the next state slot and
/// returns true; false (nothing recorded) when they are concrete.
bool symProbeState(const void *addr, unsigned size);
/// The canonical shape (symbolic fields as placeholders) of the state the slots belong to.
void symRecordShape(uint64_t shape);
/// True between symBegin and symSuspend/symFinish.
bool symActive();
bool symFloats();

/// The values an input byte may take, recorded with the inputs as a concretization-flagged
/// branch record at site 0 (so a solver keeps them; the trace needs no argument types).
enum class InputDomain {
  Any,
  Bool,    ///< 0 or 1: the driver decodes a bool from `value != 0`, the code reads its low bit
  NonZero, ///< the bytes of a C string: a NUL would end it early
};

/// Makes the `size` bytes at `addr` fresh symbolic inputs, numbered after the earlier ones, that
/// came from byte 0.. of argument `argument` of statement `statement`.
void makeSymbolic(const void *addr, size_t size, int32_t statement, int32_t argument,
                  InputDomain domain = InputDomain::Any);

} // namespace unitgen_rt
