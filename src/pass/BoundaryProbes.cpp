// BoundaryProbes: a call after each integer or floating-point comparison with its operands' order.
#include "BoundaryProbes.h"

#include "runtime/driver/BoundaryOrder.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace unitgen {

using namespace llvm;

namespace {

constexpr const char *kProbeMetadata = "unitgen.probe";

/// Comparisons of numbers: not of booleans (no order worth telling) nor of pointers (their order
/// is the allocator's, different from run to run).
bool isProbed(const CmpInst &Cmp) {
  Type *Ty = Cmp.getOperand(0)->getType();
  if (isa<ICmpInst>(Cmp))
    return Ty->isIntegerTy() && Ty->getIntegerBitWidth() > 1;
  if (auto *FCmp = dyn_cast<FCmpInst>(&Cmp))
    return FCmp->getPredicate() != CmpInst::FCMP_FALSE &&
           FCmp->getPredicate() != CmpInst::FCMP_TRUE && (Ty->isFloatTy() || Ty->isDoubleTy());
  return false;
}

/// The probe's order code (runtime/driver/BoundaryOrder.h) of the comparison's operands, as the predicate
/// reads them: unsigned for `ult`, signed for `slt` and for `eq`/`ne`, whose source type the IR
/// no longer tells (`index == size_` is mostly on signed ints).
Value *orderOf(IRBuilder<> &IRB, CmpInst &Cmp, std::vector<Value *> &Added) {
  Value *A = Cmp.getOperand(0), *B = Cmp.getOperand(1);
  auto added = [&](Value *V) {
    Added.push_back(V);
    return V;
  };
  auto code = [&](uint8_t Code) { return ConstantInt::get(IRB.getInt8Ty(), Code); };
  auto select = [&](Value *If, Value *Then, Value *Else) {
    return added(IRB.CreateSelect(If, Then, Else));
  };
  Value *Less, *Equal, *NotLess, *LessCode;
  if (auto *ICmp = dyn_cast<ICmpInst>(&Cmp)) {
    Equal = added(IRB.CreateICmpEQ(A, B));
    Less = added(ICmp->isUnsigned() ? IRB.CreateICmpULT(A, B) : IRB.CreateICmpSLT(A, B));
    // One apart (`x <= 0` at x == 1): the off-points of boundary value analysis, which tell
    // `x <= 0` from `x <= 1`. Integers are always ordered: not less and not equal is greater.
    Value *Difference = added(IRB.CreateSub(A, B));
    Value *OneBelow = added(IRB.CreateICmpEQ(Difference, ConstantInt::get(A->getType(), -1, true)));
    Value *OneAbove = added(IRB.CreateICmpEQ(Difference, ConstantInt::get(A->getType(), 1)));
    LessCode = select(OneBelow, code(kOrderOneBelow), code(kOrderLess));
    NotLess = select(OneAbove, code(kOrderOneAbove), code(kOrderGreater));
  } else { // floats may be unordered
    Equal = added(IRB.CreateFCmpOEQ(A, B));
    Less = added(IRB.CreateFCmpOLT(A, B));
    LessCode = code(kOrderLess);
    NotLess = select(added(IRB.CreateFCmpOGT(A, B)), code(kOrderGreater), code(kOrderNone));
  }
  Value *NotEqual = select(Less, LessCode, NotLess);
  // Equal operands of `==` and `!=` are their own branch, an edge already.
  bool Equality = isa<ICmpInst>(Cmp) && cast<ICmpInst>(Cmp).isEquality();
  return select(Equal, code(Equality ? kOrderNone : kOrderEqual), NotEqual);
}

uint32_t siteOf(StringRef FunctionName, uint32_t Ordinal) {
  uint32_t Hash = 2166136261u;
  for (unsigned char C : FunctionName)
    Hash = (Hash ^ C) * 16777619u;
  for (int Shift = 0; Shift < 32; Shift += 8)
    Hash = (Hash ^ ((Ordinal >> Shift) & 0xff)) * 16777619u;
  return Hash;
}

} // namespace

void insertBoundaryProbes(Function &F) {
  std::vector<CmpInst *> Comparisons;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Cmp = dyn_cast<CmpInst>(&I); Cmp && isProbed(*Cmp))
        Comparisons.push_back(Cmp);
  if (Comparisons.empty())
    return;
  LLVMContext &C = F.getContext();
  Type *Int32Ty = Type::getInt32Ty(C);
  Type *Int8Ty = Type::getInt8Ty(C);
  FunctionCallee Probe = F.getParent()->getOrInsertFunction(
      "__unitgen_sym_boundary", Type::getVoidTy(C), Int32Ty, Int32Ty, Int8Ty);
  if (auto *Declared = dyn_cast<Function>(Probe.getCallee())) {
    Declared->addFnAttr(Attribute::NoUnwind);
    Declared->setDSOLocal(true);
  }
  MDNode *Mark = MDNode::get(C, {});
  DISubprogram *SP = F.getSubprogram();
  uint32_t Ordinal = 0;
  for (CmpInst *Cmp : Comparisons) {
    uint32_t Site = siteOf(F.getName(), Ordinal++);
    // A call in a function with debug info needs a location: the comparison's, else the
    // function's line.
    DebugLoc Loc = Cmp->getDebugLoc();
    if (!Loc && SP)
      Loc = DILocation::get(C, SP->getLine(), 0, SP);
    IRBuilder<> IRB(Cmp->getNextNode());
    IRB.SetCurrentDebugLocation(Loc);
    std::vector<Value *> Added;
    Value *Order = orderOf(IRB, *Cmp, Added);
    Added.push_back(
        IRB.CreateCall(Probe, {ConstantInt::get(Int32Ty, Site),
                               ConstantInt::get(Int32Ty, Loc ? Loc.getLine() : 0), Order}));
    for (Value *V : Added)
      if (auto *I = dyn_cast<Instruction>(V))
        I->setMetadata(kProbeMetadata, Mark);
  }
}

bool isBoundaryProbe(const Instruction &I) { return I.getMetadata(kProbeMetadata) != nullptr; }

} // namespace unitgen
