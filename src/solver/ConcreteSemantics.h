// ConcreteSemantics: what each expression kind computes on concrete values, for constant folding
// (ExprPool) and model evaluation (Evaluator); defined once in model/ExprSemantics.h, which the
// symbolic runtime shares.
#pragma once

#include "solver/ExprPool.h"

#include <cstdint>

namespace unitgen {

/// Bits of a value of `width` bits: the low `width` bits of a uint64_t, the rest zero. Booleans
/// are 0 or 1; floats are their IEEE bits.
uint64_t maskToWidth(uint64_t bits, uint16_t width);

/// The value of `node` given the values and widths of its operands (the first arity(kind)).
/// Follows SMT-LIB bit-vector semantics where C++ has none, so it agrees with Z3: x udiv 0 is all
/// ones, x urem 0 is x, x sdiv 0 is -1 (x >= 0) or 1, x srem 0 is x, shifts by >= width give 0
/// (or the sign for AShr). Floats round to nearest even; FloatToSigned rounds toward zero and,
/// where C++ is undefined and SMT-LIB unspecified (NaN, out of range), gives the x86 result, the
/// minimum signed value (the Z3 translation pins the same value).
/// Leaves (Constant, InputByte, BoolConstant, FloatConstant) return `node.value`.
uint64_t evaluateNode(const PoolNode &node, const uint64_t *operandBits,
                      const uint16_t *operandWidths);

} // namespace unitgen
