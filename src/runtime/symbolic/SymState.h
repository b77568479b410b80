// SymState: the state of the current symbolic execution, shared by the ABI entry points
// (SymRuntime.cpp) and the library wrappers (SymWrappers.cpp). Not part of any interface.
#pragma once

#include "symbolic/SymExprArena.h"
#include "symbolic/SymPathLog.h"
#include "symbolic/SymShadowMemory.h"

#include <pthread.h>

namespace unitgen_rt {
namespace sym {

/// IR-level operation codes (SymbolicAbi.def).
enum class SymOp : uint8_t {
#define UNITGEN_SYM_OP(Name) Name,
#include "symbolic/SymbolicAbi.def"
};

struct SymState {
  ExprArena arena;
  ShadowMemory shadow;
  PathLog log;
  bool floats = false;
  int32_t statement = -1;
  pthread_t owner{};
};

/// Constant-initialized so instrumented code running during static initialization (or on
/// another thread) sees "inactive" before anything else is touched.
extern bool gActive;
extern SymState gState;

/// Expressions are built only by the thread that began the execution: the arena is not
/// thread-safe and other threads' stale slots must not reach it.
inline bool enabled() { return gActive && pthread_equal(pthread_self(), gState.owner); }

/// `h` when it is a node of `width` bits of the right sort, else 0 (a defensive check against
/// handles from another thread or a type the pass did not foresee).
Handle checked(Handle h, uint16_t width, bool isFloat);
/// The node for an operand: its handle, or a constant of its concrete value.
Handle operand(Handle h, uint64_t value, uint16_t width, bool isFloat);
bool isFloatValued(Handle h);
/// Marks that shadow memory exists (the inline fast path of stores checks it).
void noteShadowLive();
void recordBranch(uint32_t site, Handle condition, bool taken, bool concretization);

} // namespace sym
} // namespace unitgen_rt

namespace unitgen_rt {
namespace sym {
/// Spells array types in declarations generated from SymbolicAbi.def (`Id<uint32_t[16]> x`).
template <typename T> using Id = T;
} // namespace sym
} // namespace unitgen_rt

extern "C" {
#define UNITGEN_SYM_GLOBAL(Name, CType) extern unitgen_rt::sym::Id<CType> __unitgen_sym_##Name;
#define UNITGEN_SYM_FUNCTION(Name, Ret, ...) Ret __unitgen_sym_##Name(__VA_ARGS__);
#include "symbolic/SymbolicAbi.def"
}
