// LibraryMemory: shadow updates for the string copies, memory copies and stores of out-of-scope
// code.
#include "LibraryMemory.h"

#include "Symbolizer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <vector>

namespace unitgen {
namespace {

using namespace llvm;

void followStringCopy(CallBase &Call, const RuntimeAbi::Wrapper &W, RuntimeAbi &Abi) {
  // No argument handles are passed: this code keeps none, and the copy wrappers need only the
  // addresses.
  IRBuilder<> IRB(&Call);
  auto *Ty = FunctionType::get(Abi.HandleTy, Call.getFunctionType()->params(), false);
  FunctionCallee Wrapper = Call.getModule()->getOrInsertFunction(W.Name, Ty);
  if (auto *Declared = dyn_cast<Function>(Wrapper.getCallee()))
    Declared->addFnAttr(Attribute::NoUnwind);
  std::vector<Value *> Args(Call.arg_begin(), Call.arg_end());
  IRB.CreateCall(Wrapper, Args);
  IRBuilder<> After(Symbolizer::afterCall(Call));
  After.CreateCall(Abi.string_copied,
                   {After.CreatePointerCast(Call.getArgOperand(0), Abi.BytePtrTy)});
}

/// The load whose number `Store` writes unchanged, read just before it in the same block with
/// no write to memory between: a value moved from one place to another, as in a library's
/// element construction, copy loop or std::swap's temporary.
LoadInst *movedFrom(StoreInst &Store) {
  auto *Load = dyn_cast<LoadInst>(Store.getValueOperand());
  Type *Ty = Store.getValueOperand()->getType();
  if (!Load || !(Ty->isIntegerTy() || Ty->isFloatingPointTy()) ||
      Load->getParent() != Store.getParent() || Load->isVolatile())
    return nullptr;
  for (Instruction *I = Load->getNextNode(); I != &Store; I = I->getNextNode())
    if (I->mayWriteToMemory())
      return nullptr;
  return Load;
}

/// Calls `Callee(Args)` before `Site` when shadow memory exists: until the code under test
/// stores an expression there is nothing to update, and library code runs at full speed.
void callWhenShadowLive(Instruction &Site, RuntimeAbi &Abi, FunctionCallee Callee,
                        std::vector<Value *> Args) {
  IRBuilder<> IRB(&Site);
  Value *Live = IRB.CreateICmpNE(IRB.CreateLoad(Abi.Int8Ty, Abi.shadow_live),
                                 ConstantInt::get(Abi.Int8Ty, 0));
  IRBuilder<> Then(SplitBlockAndInsertIfThen(Live, &Site, false));
  Then.CreateCall(Callee, Args);
}

} // namespace

void followLibraryMemory(Function &F, RuntimeAbi &Abi) {
  std::vector<std::pair<CallBase *, const RuntimeAbi::Wrapper *>> StringCopies;
  std::vector<Instruction *> MemoryWrites;
  // F's own stack slots matter only where a moved number passes through them (std::swap's
  // temporary); its other locals, such as spilled arguments, code under test never reads.
  DenseMap<StoreInst *, LoadInst *> Moves;
  SmallPtrSet<const Value *, 8> LocalsOfMoves;
  for (Instruction &I : instructions(F))
    if (auto *Store = dyn_cast<StoreInst>(&I))
      if (LoadInst *Load = movedFrom(*Store)) {
        Moves[Store] = Load;
        LocalsOfMoves.insert(getUnderlyingObject(Store->getPointerOperand()));
      }
  for (Instruction &I : instructions(F)) {
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (isa<MemTransferInst>(Call) || isa<MemSetInst>(Call))
        MemoryWrites.push_back(Call);
      else if (Function *Callee = Call->getCalledFunction())
        if (const RuntimeAbi::Wrapper *W = Abi.wrapperFor(Callee->getName()); W && W->CopiesString)
          StringCopies.push_back({Call, W});
    } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
      const Value *Object = getUnderlyingObject(Store->getPointerOperand());
      if (!isa<AllocaInst>(Object) || LocalsOfMoves.count(Object))
        MemoryWrites.push_back(Store);
    }
  }
  for (auto [Call, W] : StringCopies)
    followStringCopy(*Call, *W, Abi);
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (Instruction *I : MemoryWrites) {
    IRBuilder<> IRB(I);
    if (auto *Transfer = dyn_cast<MemTransferInst>(I)) {
      callWhenShadowLive(*I, Abi, Abi.memcpy,
                         {IRB.CreatePointerCast(Transfer->getRawDest(), Abi.BytePtrTy),
                          IRB.CreatePointerCast(Transfer->getRawSource(), Abi.BytePtrTy),
                          IRB.CreateZExtOrTrunc(Transfer->getLength(), Abi.Int64Ty)});
    } else if (auto *Set = dyn_cast<MemSetInst>(I)) {
      callWhenShadowLive(*I, Abi, Abi.memset,
                         {IRB.CreatePointerCast(Set->getRawDest(), Abi.BytePtrTy),
                          ConstantInt::get(Abi.HandleTy, 0),
                          IRB.CreateZExtOrTrunc(Set->getLength(), Abi.Int64Ty)});
    } else {
      auto *Store = cast<StoreInst>(I);
      uint64_t Size = DL.getTypeStoreSize(Store->getValueOperand()->getType()).getFixedSize();
      if (LoadInst *Load = Moves.lookup(Store)) { // the shadow moves with the value
        callWhenShadowLive(*I, Abi, Abi.memcpy,
                           {IRB.CreatePointerCast(Store->getPointerOperand(), Abi.BytePtrTy),
                            IRB.CreatePointerCast(Load->getPointerOperand(), Abi.BytePtrTy),
                            ConstantInt::get(Abi.Int64Ty, Size)});
        continue;
      }
      callWhenShadowLive(*I, Abi, Abi.store,
                         {IRB.CreatePointerCast(Store->getPointerOperand(), Abi.BytePtrTy),
                          ConstantInt::get(Abi.HandleTy, Size), ConstantInt::get(Abi.HandleTy, 0),
                          ConstantInt::get(Abi.Int8Ty, 0)});
    }
  }
}

} // namespace unitgen
