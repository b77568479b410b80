// BoundaryProbes: a call after each relational integer or floating-point comparison.
#include "BoundaryProbes.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace unitgen {

using namespace llvm;

namespace {

constexpr const char *kProbeMetadata = "unitgen.probe";

/// `<`, `<=`, `>`, `>=` on integers or floats: equality and inequality tests have no boundary
/// beyond their own two outcomes, which are edges already.
bool isRelational(const CmpInst &Cmp) {
  Type *Ty = Cmp.getOperand(0)->getType();
  if (auto *ICmp = dyn_cast<ICmpInst>(&Cmp))
    return ICmp->isRelational() && Ty->isIntegerTy() && Ty->getIntegerBitWidth() > 1;
  if (auto *FCmp = dyn_cast<FCmpInst>(&Cmp))
    return FCmp->isRelational() && (Ty->isFloatTy() || Ty->isDoubleTy());
  return false;
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
      if (auto *Cmp = dyn_cast<CmpInst>(&I); Cmp && isRelational(*Cmp))
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
    Value *A = Cmp->getOperand(0), *B = Cmp->getOperand(1);
    Value *Equal = isa<ICmpInst>(Cmp) ? IRB.CreateICmpEQ(A, B) : IRB.CreateFCmpOEQ(A, B);
    Value *Flag = IRB.CreateZExt(Equal, Int8Ty);
    CallInst *Call =
        IRB.CreateCall(Probe, {ConstantInt::get(Int32Ty, Site),
                               ConstantInt::get(Int32Ty, Loc ? Loc.getLine() : 0), Flag});
    for (Value *Added : {Equal, Flag, static_cast<Value *>(Call)})
      if (auto *I = dyn_cast<Instruction>(Added))
        I->setMetadata(kProbeMetadata, Mark);
  }
}

bool isBoundaryProbe(const Instruction &I) { return I.getMetadata(kProbeMetadata) != nullptr; }

} // namespace unitgen
