// SymRuntime: the entry points instrumented code calls (SymbolicAbi.def) — building expressions
// for IR operations, shadow loads and stores, path constraints — and the C++ API around them.
#include "symbolic/SymRuntime.h"

#include "symbolic/SymSerialize.h"
#include "symbolic/SymState.h"

#include <cstdlib>
#include <cstring>

extern "C" {
#define UNITGEN_SYM_GLOBAL(Name, CType) unitgen_rt::sym::Id<CType> __unitgen_sym_##Name{};
#include "symbolic/SymbolicAbi.def"
}

namespace unitgen_rt {
namespace sym {

bool gActive = false;
SymState gState;

namespace {

bool isFloatOp(SymOp op) { return op >= SymOp::FAdd && op <= SymOp::FCmpTrue; }

uint64_t allOnes(unsigned width) { return maskTo(~uint64_t(0), width); }

/// Branch-free helpers over the arena of the current execution.
ExprArena &arena() { return gState.arena; }
Handle c(uint64_t bits, uint16_t width) { return arena().constant(bits, width); }
Handle bin(Kind kind, Handle a, Handle b) {
  return arena().binary(kind, arena().node(a).width, a, b);
}
Handle pred(Kind kind, Handle a, Handle b) { return arena().predicate(kind, a, b); }
Handle band(Handle a, Handle b) { return pred(Kind::BoolAnd, a, b); }
Handle bor(Handle a, Handle b) { return pred(Kind::BoolOr, a, b); }
Handle bnot(Handle a) { return arena().boolNot(a); }

/// op on two booleans (i1 operands): LLVM's i1 arithmetic, and comparisons where true is 1
/// unsigned and -1 signed.
Handle booleanBinary(SymOp op, Handle a, Handle b) {
  switch (op) {
  case SymOp::And:
  case SymOp::Mul:
    return band(a, b);
  case SymOp::Or:
    return bor(a, b);
  case SymOp::Xor:
  case SymOp::Add:
  case SymOp::Sub:
  case SymOp::ICmpNe:
    return pred(Kind::BoolXor, a, b);
  case SymOp::ICmpEq:
    return bnot(pred(Kind::BoolXor, a, b));
  case SymOp::ICmpUlt:
  case SymOp::ICmpSgt:
    return band(bnot(a), b);
  case SymOp::ICmpUle:
  case SymOp::ICmpSge:
    return bor(bnot(a), b);
  case SymOp::ICmpUgt:
  case SymOp::ICmpSlt:
    return band(a, bnot(b));
  case SymOp::ICmpUge:
  case SymOp::ICmpSle:
    return bor(a, bnot(b));
  default:
    return 0; // the rest is poison or trivial on i1: left concrete
  }
}

Handle overflowBit(SymOp op, Handle a, Handle b, uint16_t bits) {
  Handle zero = c(0, bits);
  switch (op) {
  case SymOp::SAddOverflow: {
    Handle r = bin(Kind::Add, a, b);
    return pred(Kind::Slt, bin(Kind::And, bin(Kind::Xor, a, r), bin(Kind::Xor, b, r)), zero);
  }
  case SymOp::UAddOverflow:
    return pred(Kind::Ult, bin(Kind::Add, a, b), a);
  case SymOp::SSubOverflow: {
    Handle r = bin(Kind::Sub, a, b);
    return pred(Kind::Slt, bin(Kind::And, bin(Kind::Xor, a, b), bin(Kind::Xor, a, r)), zero);
  }
  case SymOp::USubOverflow:
    return pred(Kind::Ult, a, b);
  case SymOp::UMulOverflow:
    if (bits <= 32) {
      uint16_t wide = static_cast<uint16_t>(2 * bits);
      Handle product = bin(Kind::Mul, arena().zeroExtend(a, wide), arena().zeroExtend(b, wide));
      return pred(Kind::Distinct, arena().extract(product, bits, bits), zero);
    }
    return band(pred(Kind::Distinct, b, zero),
                pred(Kind::Distinct, bin(Kind::UDiv, bin(Kind::Mul, a, b), b), a));
  case SymOp::SMulOverflow:
    if (bits <= 32) {
      uint16_t wide = static_cast<uint16_t>(2 * bits);
      Handle product = bin(Kind::Mul, arena().signExtend(a, wide), arena().signExtend(b, wide));
      return pred(Kind::Distinct, arena().signExtend(bin(Kind::Mul, a, b), wide), product);
    }
    // b != 0 && (a*b)/b != a, plus MIN * -1, whose quotient wraps back to MIN.
    return bor(band(pred(Kind::Distinct, b, zero),
                    pred(Kind::Distinct, bin(Kind::SDiv, bin(Kind::Mul, a, b), b), a)),
               band(pred(Kind::Equal, a, c(uint64_t(1) << (bits - 1), bits)),
                    pred(Kind::Equal, b, c(allOnes(bits), bits))));
  default:
    return 0;
  }
}

Handle floatCompare(SymOp op, Handle a, Handle b) {
  auto oeq = [&] { return pred(Kind::FloatOrderedEqual, a, b); };
  auto olt = [&] { return pred(Kind::FloatOrderedLess, a, b); };
  auto ole = [&] { return pred(Kind::FloatOrderedLessEqual, a, b); };
  auto ogt = [&] { return pred(Kind::FloatOrderedLess, b, a); };
  auto oge = [&] { return pred(Kind::FloatOrderedLessEqual, b, a); };
  auto uno = [&] {
    return bor(arena().unary(Kind::FloatIsNaN, 1, a), arena().unary(Kind::FloatIsNaN, 1, b));
  };
  switch (op) {
  case SymOp::FCmpOeq:
    return oeq();
  case SymOp::FCmpOgt:
    return ogt();
  case SymOp::FCmpOge:
    return oge();
  case SymOp::FCmpOlt:
    return olt();
  case SymOp::FCmpOle:
    return ole();
  case SymOp::FCmpOne:
    return band(bnot(uno()), bnot(oeq()));
  case SymOp::FCmpOrd:
    return bnot(uno());
  case SymOp::FCmpUno:
    return uno();
  case SymOp::FCmpUeq:
    return bor(uno(), oeq());
  case SymOp::FCmpUgt:
    return bnot(ole());
  case SymOp::FCmpUge:
    return bnot(olt());
  case SymOp::FCmpUlt:
    return bnot(oge());
  case SymOp::FCmpUle:
    return bnot(ogt());
  case SymOp::FCmpUne:
    return bnot(oeq());
  default:
    return 0; // fcmp true/false do not depend on their operands
  }
}

Kind arithmeticKind(SymOp op) {
  switch (op) {
  case SymOp::Add:
    return Kind::Add;
  case SymOp::Sub:
    return Kind::Sub;
  case SymOp::Mul:
    return Kind::Mul;
  case SymOp::UDiv:
    return Kind::UDiv;
  case SymOp::SDiv:
    return Kind::SDiv;
  case SymOp::URem:
    return Kind::URem;
  case SymOp::SRem:
    return Kind::SRem;
  case SymOp::Shl:
    return Kind::Shl;
  case SymOp::LShr:
    return Kind::LShr;
  case SymOp::AShr:
    return Kind::AShr;
  case SymOp::And:
    return Kind::And;
  case SymOp::Or:
    return Kind::Or;
  case SymOp::Xor:
    return Kind::Xor;
  case SymOp::ICmpEq:
    return Kind::Equal;
  case SymOp::ICmpNe:
    return Kind::Distinct;
  case SymOp::ICmpUgt:
    return Kind::Ugt;
  case SymOp::ICmpUge:
    return Kind::Uge;
  case SymOp::ICmpUlt:
    return Kind::Ult;
  case SymOp::ICmpUle:
    return Kind::Ule;
  case SymOp::ICmpSgt:
    return Kind::Sgt;
  case SymOp::ICmpSge:
    return Kind::Sge;
  case SymOp::ICmpSlt:
    return Kind::Slt;
  case SymOp::ICmpSle:
    return Kind::Sle;
  case SymOp::FAdd:
    return Kind::FloatAdd;
  case SymOp::FSub:
    return Kind::FloatSub;
  case SymOp::FMul:
    return Kind::FloatMul;
  case SymOp::FDiv:
    return Kind::FloatDiv;
  default:
    return Kind::Constant; // not a single-node operation
  }
}

} // namespace

bool isFloatValued(Handle h) {
  const Node &n = arena().node(h);
  if (n.kind == Kind::Ite)
    return isFloatKind(arena().node(n.ops[1]).kind);
  return isFloatKind(n.kind);
}

Handle checked(Handle h, uint16_t width, bool isFloat) {
  if (!arena().valid(h) || arena().node(h).width != width || isFloatValued(h) != isFloat)
    return 0;
  return h;
}

Handle operand(Handle h, uint64_t value, uint16_t width, bool isFloat) {
  if (Handle ok = checked(h, width, isFloat))
    return ok;
  if (width == 1)
    return arena().boolConstant(value & 1);
  return isFloat ? arena().floatConstant(value, width) : arena().constant(value, width);
}

void noteShadowLive() {
  if (!gState.shadow.empty())
    __unitgen_sym_shadow_live = 1;
}

void recordBranch(uint32_t site, Handle condition, bool taken, bool concretization) {
  if (!checked(condition, 1, false))
    return;
  const Node &n = arena().node(condition);
  if (n.kind == Kind::BoolConstant)
    return; // decided by concrete values alone: no alternative to explore
  if (!gState.log.addBranch({site, gState.statement, condition, taken, concretization})) {
    gActive = false; // the rest of the execution is concrete (clones from the next call on)
    __unitgen_sym_on = 0;
  }
}

} // namespace sym

using namespace sym;

SymbolicConfig symbolicConfigFromEnvironment(bool floats) {
  SymbolicConfig config;
  config.floats = floats;
  if (const char *text = std::getenv("UNITGEN_SYM_MAX_EXPRESSIONS")) {
    long long value = std::atoll(text);
    if (value > 0)
      config.maxExpressions = static_cast<uint32_t>(value < (1 << 28) ? value : (1 << 28));
  }
  return config;
}

void symBegin(const SymbolicConfig &config) {
  gState.arena.reset(config.maxExpressions < (1u << 28) ? config.maxExpressions : (1u << 28));
  gState.shadow.reset(config.maxShadowPages);
  gState.log.reset(config.maxBranches);
  gState.floats = config.floats;
  gState.statement = -1;
  gState.owner = pthread_self();
  __unitgen_sym_callee = nullptr;
  __unitgen_sym_ret_from = nullptr;
  __unitgen_sym_shadow_live = 0;
  gActive = true;
  __unitgen_sym_on = 1;
}

void symStatement(int32_t index) {
  gState.statement = index;
  __unitgen_sym_callee = nullptr; // nothing the driver did before may pose as parameters
  __unitgen_sym_ret_from = nullptr;
}

void symSuspend() {
  gActive = false;
  __unitgen_sym_on = 0;
}

void symResume() {
  gActive = true;
  __unitgen_sym_on = 1;
}

void symFinish(SymBytes &out, size_t maxBytes) {
  symSuspend();
  serializeTrace(gState.arena, gState.log, maxBytes, out);
}

bool symProbeState(const void *addr, unsigned size) {
  if (size == 0 || size > 8 || gState.shadow.empty())
    return false;
  Handle value = gState.shadow.load(gState.arena, static_cast<const unsigned char *>(addr), size);
  return value != 0 && gState.log.addSlot(value);
}

void symRecordShape(uint64_t shape) { gState.log.setShape(shape); }

bool symActive() { return gActive; }
bool symFloats() { return gState.floats; }

void makeSymbolic(const void *addr, size_t size, int32_t statement, int32_t argument,
                  InputDomain domain) {
  if (!enabled())
    return;
  const auto *bytes = static_cast<const unsigned char *>(addr);
  Handle allowed = 0;
  for (size_t i = 0; i < size; ++i) {
    uint32_t index = 0;
    if (!gState.log.addInput({statement, argument, static_cast<uint32_t>(i), bytes[i]}, index))
      break; // out of memory: the rest of the argument stays concrete
    Handle byte = gState.arena.inputByte(index, bytes[i]);
    gState.shadow.store(bytes + i, 1, byte);
    Handle condition = 0;
    if (domain == InputDomain::Bool && byte)
      condition = pred(Kind::Ule, byte, c(1, 8));
    else if (domain == InputDomain::NonZero && byte)
      condition = pred(Kind::Distinct, byte, c(0, 8));
    if (condition)
      allowed = allowed ? band(allowed, condition) : condition;
  }
  noteShadowLive();
  if (allowed) {
    int32_t current = gState.statement;
    gState.statement = statement;
    recordBranch(0, allowed, true, true);
    gState.statement = current;
  }
}

} // namespace unitgen_rt

using namespace unitgen_rt;
using namespace unitgen_rt::sym;

extern "C" {

uint32_t __unitgen_sym_binary(uint8_t opCode, uint32_t a, uint32_t b, uint64_t va, uint64_t vb,
                              uint16_t bits) {
  SymOp op = static_cast<SymOp>(opCode);
  bool isFloat = isFloatOp(op);
  if (!enabled() || (!a && !b) || bits == 0 || bits > 64 || (isFloat && !gState.floats))
    return 0;
  Handle x = operand(a, va, bits, isFloat), y = operand(b, vb, bits, isFloat);
  if (!x || !y)
    return 0;
  if (bits == 1)
    return booleanBinary(op, x, y);
  switch (op) {
  case SymOp::SMin:
    return arena().ite(pred(Kind::Slt, x, y), x, y);
  case SymOp::SMax:
    return arena().ite(pred(Kind::Sgt, x, y), x, y);
  case SymOp::UMin:
    return arena().ite(pred(Kind::Ult, x, y), x, y);
  case SymOp::UMax:
    return arena().ite(pred(Kind::Ugt, x, y), x, y);
  case SymOp::SAddOverflow:
  case SymOp::UAddOverflow:
  case SymOp::SSubOverflow:
  case SymOp::USubOverflow:
  case SymOp::SMulOverflow:
  case SymOp::UMulOverflow:
    return overflowBit(op, x, y, bits);
  default:
    break;
  }
  if (op >= SymOp::FCmpFalse && op <= SymOp::FCmpTrue)
    return floatCompare(op, x, y);
  Kind kind = arithmeticKind(op);
  if (kind == Kind::Constant)
    return 0;
  bool comparison = op >= SymOp::ICmpEq && op <= SymOp::ICmpSle;
  return arena().binary(kind, comparison ? 1 : bits, x, y);
}

uint32_t __unitgen_sym_cast(uint8_t opCode, uint32_t a, uint64_t va, uint16_t from, uint16_t to) {
  (void)va;
  SymOp op = static_cast<SymOp>(opCode);
  if (!enabled() || !a || from == 0 || from > 64 || to == 0 || to > 64)
    return 0;
  bool fromFloat = op == SymOp::FNeg || op == SymOp::FloatToBits || op == SymOp::FPToSI;
  bool involvesFloat = fromFloat || op == SymOp::BitsToFloat || op == SymOp::SIToFP;
  if (involvesFloat && !gState.floats)
    return 0;
  Handle x = checked(a, from, fromFloat);
  if (!x)
    return 0;
  switch (op) {
  case SymOp::Trunc:
    if (to == 1)
      return arena().bitsToBool(bin(Kind::And, x, c(1, from)));
    return arena().extract(x, 0, to);
  case SymOp::ZExt:
    return from == 1 ? arena().boolToBits(x, to) : arena().zeroExtend(x, to);
  case SymOp::SExt:
    return from == 1 ? arena().ite(x, c(allOnes(to), to), c(0, to)) : arena().signExtend(x, to);
  case SymOp::BSwap: {
    if (from % 16 != 0)
      return 0;
    Handle result = 0;
    for (uint16_t low = 0; low < from; low += 8) { // byte 0 becomes the most significant
      Handle byte = arena().extract(x, low, 8);
      result = result ? arena().concat(result, byte) : byte;
    }
    return result;
  }
  case SymOp::Abs:
    return arena().ite(pred(Kind::Slt, x, c(0, from)), arena().unary(Kind::Neg, from, x), x);
  case SymOp::FNeg: {
    Handle bitsOf = arena().unary(Kind::FloatToBits, from, x);
    Handle flipped = bin(Kind::Xor, bitsOf, c(uint64_t(1) << (from - 1), from));
    return arena().unary(Kind::FloatFromBits, from, flipped);
  }
  case SymOp::BitsToFloat:
    return (to == 32 || to == 64) ? arena().unary(Kind::FloatFromBits, to, x) : 0;
  case SymOp::FloatToBits:
    return arena().unary(Kind::FloatToBits, to, x);
  case SymOp::SIToFP:
    return from > 1 && (to == 32 || to == 64) ? arena().unary(Kind::SignedToFloat, to, x) : 0;
  case SymOp::FPToSI:
    return to > 1 ? arena().unary(Kind::FloatToSigned, to, x) : 0;
  default:
    return 0;
  }
}

uint32_t __unitgen_sym_select(uint32_t hc, uint32_t ha, uint32_t hb, uint8_t cond, uint64_t va,
                              uint64_t vb, uint16_t bits, uint8_t isFloat) {
  if (!enabled() || bits == 0 || bits > 64)
    return 0;
  Handle condition = checked(hc, 1, false);
  if (!condition)
    return checked(cond ? ha : hb, bits, isFloat);
  if (isFloat && !gState.floats)
    return 0;
  Handle x = operand(ha, va, bits, isFloat), y = operand(hb, vb, bits, isFloat);
  if (!x || !y)
    return 0;
  if (bits == 1)
    return bor(band(condition, x), band(bnot(condition), y));
  return arena().ite(condition, x, y);
}

uint32_t __unitgen_sym_gep(uint32_t hBase, uint64_t base, uint32_t hIndex, uint64_t index,
                           uint16_t indexBits, uint64_t scale) {
  if (!enabled() || indexBits == 0 || indexBits > 64)
    return 0;
  Handle b = operand(hBase, base, 64, false);
  Handle offset;
  if (Handle i = checked(hIndex, indexBits, false)) {
    Handle wide = indexBits < 64 ? arena().signExtend(i, 64) : i;
    offset = scale == 1 ? wide : bin(Kind::Mul, wide, c(scale, 64));
  } else {
    uint64_t sign = uint64_t(1) << (indexBits - 1);
    uint64_t wide = indexBits < 64 ? (maskTo(index, indexBits) ^ sign) - sign : index;
    offset = c(wide * scale, 64);
  }
  if (!b || !offset)
    return 0;
  return bin(Kind::Add, b, offset);
}

void __unitgen_sym_branch(uint32_t h, uint8_t taken, uint32_t site) {
  if (enabled())
    recordBranch(site, h, taken != 0, false);
}

void __unitgen_sym_switch_(uint32_t h, uint64_t value, uint16_t bits, uint32_t site,
                           const uint64_t *cases, uint32_t count) {
  if (!enabled())
    return;
  Handle x = checked(h, bits, false);
  if (!x)
    return;
  // One record per case, in case order, as if the switch were a chain of equality tests; the
  // site of case i is the switch's site mixed with i + 1.
  for (uint32_t i = 0; i < count; ++i) {
    Handle equal = pred(Kind::Equal, x, c(cases[i], bits));
    recordBranch(site ^ ((i + 1) * 0x9e3779b1u), equal,
                 maskTo(value, bits) == maskTo(cases[i], bits), false);
  }
}

void __unitgen_sym_concretize(uint32_t h, uint64_t value, uint16_t bits, uint32_t site) {
  if (!enabled())
    return;
  if (Handle x = checked(h, bits, false))
    recordBranch(site, pred(Kind::Equal, x, c(value, bits)), true, true);
}

uint32_t __unitgen_sym_load(const void *addr, uint32_t size, uint8_t isFloat) {
  if (!enabled() || gState.shadow.empty())
    return 0;
  Handle h = gState.shadow.load(arena(), static_cast<const unsigned char *>(addr), size);
  if (!h || !isFloat)
    return h;
  if (!gState.floats || (size != 4 && size != 8))
    return 0;
  return arena().unary(Kind::FloatFromBits, static_cast<uint16_t>(8 * size), h);
}

void __unitgen_sym_store(void *addr, uint32_t size, uint32_t h, uint8_t isFloat) {
  if (!enabled())
    return;
  auto *bytes = static_cast<const unsigned char *>(addr);
  Handle value = 0;
  if (arena().valid(h)) {
    const Node &n = arena().node(h);
    if (n.width == 1)
      value = arena().boolToBits(h, static_cast<uint16_t>(8 * size));
    else if (isFloat && isFloatValued(h))
      value = arena().unary(Kind::FloatToBits, n.width, h);
    else if (!isFloat && !isFloatValued(h))
      value = h;
    if (value && arena().node(value).width != 8 * size)
      value = 0;
  }
  if (!value) {
    if (!gState.shadow.empty())
      gState.shadow.clear(bytes, size);
    return;
  }
  gState.shadow.store(bytes, size, value);
  noteShadowLive();
}

void __unitgen_sym_memcpy(void *dst, const void *src, uint64_t size) {
  if (!enabled() || gState.shadow.empty())
    return;
  gState.shadow.copy(static_cast<const unsigned char *>(dst),
                     static_cast<const unsigned char *>(src), size);
}

void __unitgen_sym_memset(void *dst, uint32_t h, uint64_t size) {
  if (!enabled())
    return;
  Handle byte = checked(h, 8, false);
  if (!byte && gState.shadow.empty())
    return;
  gState.shadow.fill(static_cast<const unsigned char *>(dst), size, byte);
  noteShadowLive();
}

} // extern "C"
