// FieldReads: a range check and a runtime call before each load that may read a candidate heap.
#include "FieldReads.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <vector>

namespace unitgen {

using namespace llvm;

void insertFieldReadProbes(Function &F) {
  std::vector<LoadInst *> Loads;
  for (Instruction &I : instructions(F))
    if (auto *Load = dyn_cast<LoadInst>(&I))
      if (!isa<AllocaInst, GlobalVariable>(getUnderlyingObject(Load->getPointerOperand())))
        Loads.push_back(Load); // the heap is neither a stack slot nor a global (the runtime's)
  if (Loads.empty())
    return;
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *IntPtrTy = M.getDataLayout().getIntPtrType(C);
  auto *Base = cast<GlobalVariable>(M.getOrInsertGlobal("__unitgen_field_base", IntPtrTy));
  auto *Span = cast<GlobalVariable>(M.getOrInsertGlobal("__unitgen_field_span", IntPtrTy));
  FunctionCallee Read = M.getOrInsertFunction(
      "__unitgen_field_read", FunctionType::get(Type::getVoidTy(C), {IntPtrTy}, false));
  if (auto *Declared = dyn_cast<Function>(Read.getCallee()))
    Declared->addFnAttr(Attribute::NoUnwind);
  for (LoadInst *Load : Loads) {
    IRBuilder<> IRB(Load);
    Value *Address = IRB.CreatePtrToInt(Load->getPointerOperand(), IntPtrTy);
    Value *Offset = IRB.CreateSub(Address, IRB.CreateLoad(IntPtrTy, Base));
    Value *Inside = IRB.CreateICmpULT(Offset, IRB.CreateLoad(IntPtrTy, Span));
    IRBuilder<> Then(SplitBlockAndInsertIfThen(Inside, Load, false));
    Then.CreateCall(Read, {Offset});
  }
}

} // namespace unitgen
