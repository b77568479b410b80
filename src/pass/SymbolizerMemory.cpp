// Symbolizer: loads, stores, address arithmetic and memory intrinsics through shadow memory.
#include "Symbolizer.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IntrinsicInst.h"

namespace unitgen {

using namespace llvm;

Value *Symbolizer::shadowLive(IRBuilder<> &IRB) {
  Value *Live = IRB.CreateLoad(Abi.Int8Ty, Abi.shadow_live);
  return IRB.CreateICmpNE(Live, ConstantInt::get(Abi.Int8Ty, 0));
}

void Symbolizer::concretizeValue(IRBuilder<> &IRB, Value *V, Instruction &Site) {
  Value *H = shadowOf(V);
  if (isZero(H) || !isTracked(V->getType()))
    return;
  guardedCall(IRB, anyNonZero(IRB, {H}), Abi.concretize,
              {H, concreteBits(IRB, V), ConstantInt::get(Abi.Int16Ty, bitsOf(V->getType())),
               ConstantInt::get(Abi.HandleTy, siteOf(Site))});
}

void Symbolizer::concretizePointer(IRBuilder<> &IRB, Value *Address, Instruction &Site) {
  concretizeValue(IRB, Address, Site);
}

void Symbolizer::emitStore(IRBuilder<> &IRB, Value *Address, uint64_t Size, Value *Handle,
                           bool IsFloat) {
  // A concrete store only matters once shadow memory exists (it may overwrite an entry).
  Value *Condition = shadowLive(IRB);
  if (!isZero(Handle))
    Condition = IRB.CreateOr(Condition, anyNonZero(IRB, {Handle}));
  guardedCall(IRB, Condition, Abi.store,
              {IRB.CreatePointerCast(Address, Abi.BytePtrTy), ConstantInt::get(Abi.HandleTy, Size),
               Handle, ConstantInt::get(Abi.Int8Ty, IsFloat)});
}

bool Symbolizer::isPromotable(AllocaInst &A) {
  Type *Ty = A.getAllocatedType();
  if (!A.isStaticAlloca() || A.isArrayAllocation() ||
      !(Ty->isIntegerTy() || Ty->isPointerTy() || Ty->isFloatTy() || Ty->isDoubleTy()) ||
      (Ty->isIntegerTy() && Ty->getIntegerBitWidth() > 64))
    return false;
  for (User *U : A.users()) {
    if (auto *Load = dyn_cast<LoadInst>(U)) {
      if (Load->getType() != Ty || Load->isVolatile())
        return false;
    } else if (auto *Store = dyn_cast<StoreInst>(U)) {
      if (Store->getPointerOperand() != &A || Store->getValueOperand()->getType() != Ty ||
          Store->isVolatile())
        return false;
    } else if (auto *Cast = dyn_cast<BitCastInst>(U)) { // only to mark its lifetime
      for (User *CastUser : Cast->users()) {
        auto *Intrinsic = dyn_cast<IntrinsicInst>(CastUser);
        if (!Intrinsic || !Intrinsic->isLifetimeStartOrEnd())
          return false;
      }
    } else if (auto *Intrinsic = dyn_cast<IntrinsicInst>(U)) {
      if (!Intrinsic->isLifetimeStartOrEnd())
        return false;
    } else {
      return false; // its address escapes: other code may write it
    }
  }
  return true;
}

void Symbolizer::promoteLocalAllocas() {
  std::vector<AllocaInst *> Promotable;
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I); A && isPromotable(*A))
      Promotable.push_back(A);
  if (Promotable.empty())
    return;
  BasicBlock &Entry = F.getEntryBlock();
  auto Point = Entry.begin();
  while (isa<AllocaInst>(*Point))
    ++Point;
  IRBuilder<> Slots(&Entry, Entry.begin());
  IRBuilder<> Init(&Entry, Point); // after the allocas: runs only on the instrumented path
  for (AllocaInst *A : Promotable) {
    AllocaInst *Slot = Slots.CreateAlloca(Abi.HandleTy, nullptr, A->getName() + ".sym");
    Init.CreateStore(ConstantInt::get(Abi.HandleTy, 0), Slot);
    PromotedAllocas[A] = Slot;
  }
}

void Symbolizer::visitLoadInst(LoadInst &I) {
  IRBuilder<> IRB(&I);
  Value *Address = I.getPointerOperand();
  if (AllocaInst *Slot = PromotedAllocas.lookup(Address)) {
    setShadow(&I, IRB.CreateLoad(Abi.HandleTy, Slot));
    return;
  }
  concretizePointer(IRB, Address, I);
  Type *Ty = I.getType();
  if (!isTracked(Ty))
    return;
  uint64_t Size = DL.getTypeStoreSize(Ty).getFixedSize();
  Value *H = guardedCall(IRB, shadowLive(IRB), Abi.load,
                         {IRB.CreatePointerCast(Address, Abi.BytePtrTy),
                          ConstantInt::get(Abi.HandleTy, Size),
                          ConstantInt::get(Abi.Int8Ty, Ty->isFloatingPointTy())});
  unsigned Bits = bitsOf(Ty);
  if (Ty->isIntegerTy() && Bits < 8 * Size) { // i1 and odd widths: the low bits of the bytes
    IRBuilder<> After(I.getNextNode());
    H = buildCast(After, SymOp::Trunc, After.CreateZExt(&I, After.getIntNTy(8 * Size)), H,
                  static_cast<unsigned>(8 * Size), Bits);
  }
  setShadow(&I, H);
}

void Symbolizer::visitStoreInst(StoreInst &I) {
  IRBuilder<> IRB(&I);
  Value *V = I.getValueOperand(), *Address = I.getPointerOperand();
  if (AllocaInst *Slot = PromotedAllocas.lookup(Address)) {
    IRB.CreateStore(shadowOf(V), Slot);
    return;
  }
  concretizePointer(IRB, Address, I);
  Type *Ty = V->getType();
  uint64_t Size = DL.getTypeStoreSize(Ty).getFixedSize();
  Value *H = isTracked(Ty) ? shadowOf(V) : ConstantInt::get(Abi.HandleTy, 0);
  emitStore(IRB, Address, Size, H, Ty->isFloatingPointTy());
}

void Symbolizer::visitAtomicRMWInst(AtomicRMWInst &I) {
  IRBuilder<> IRB(&I);
  concretizePointer(IRB, I.getPointerOperand(), I);
  uint64_t Size = DL.getTypeStoreSize(I.getValOperand()->getType()).getFixedSize();
  emitStore(IRB, I.getPointerOperand(), Size, ConstantInt::get(Abi.HandleTy, 0), false);
}

void Symbolizer::visitAtomicCmpXchgInst(AtomicCmpXchgInst &I) {
  IRBuilder<> IRB(&I);
  concretizePointer(IRB, I.getPointerOperand(), I);
  uint64_t Size = DL.getTypeStoreSize(I.getNewValOperand()->getType()).getFixedSize();
  emitStore(IRB, I.getPointerOperand(), Size, ConstantInt::get(Abi.HandleTy, 0), false);
}

void Symbolizer::visitGetElementPtrInst(GetElementPtrInst &I) {
  if (I.getType()->isVectorTy())
    return;
  Value *H = shadowOf(I.getPointerOperand());
  bool Symbolic = !isZero(H);
  for (Use &Index : I.indices())
    Symbolic |= !isZero(shadowOf(Index.get()));
  if (!Symbolic)
    return;
  IRBuilder<> IRB(&I);
  // The concrete address so far, so each step's expression starts from the right base.
  Value *Concrete = IRB.CreatePtrToInt(I.getPointerOperand(), Abi.Int64Ty);
  for (auto GTI = gep_type_begin(I), End = gep_type_end(I); GTI != End; ++GTI) {
    Value *Index = GTI.getOperand();
    if (StructType *ST = GTI.getStructTypeOrNull()) {
      uint64_t Offset =
          DL.getStructLayout(ST)->getElementOffset(cast<ConstantInt>(Index)->getZExtValue());
      if (Offset == 0)
        continue;
      if (!isZero(H))
        H = guardedCall(IRB, anyNonZero(IRB, {H}), Abi.gep,
                        {H, Concrete, ConstantInt::get(Abi.HandleTy, 0),
                         ConstantInt::get(Abi.Int64Ty, Offset), ConstantInt::get(Abi.Int16Ty, 64),
                         ConstantInt::get(Abi.Int64Ty, 1)});
      Concrete = IRB.CreateAdd(Concrete, ConstantInt::get(Abi.Int64Ty, Offset));
      continue;
    }
    if (!Index->getType()->isIntegerTy())
      return; // vector indices: left concrete
    uint64_t Scale = DL.getTypeAllocSize(GTI.getIndexedType()).getFixedSize();
    auto *ConstantIndex = dyn_cast<ConstantInt>(Index);
    if (ConstantIndex && ConstantIndex->isZero())
      continue;
    Value *HI = shadowOf(Index);
    unsigned IndexBits = Index->getType()->getIntegerBitWidth();
    if (!isZero(H) || !isZero(HI))
      H = guardedCall(IRB, anyNonZero(IRB, {H, HI}), Abi.gep,
                      {H, Concrete, HI, concreteBits(IRB, Index),
                       ConstantInt::get(Abi.Int16Ty, IndexBits),
                       ConstantInt::get(Abi.Int64Ty, Scale)});
    Value *Offset = IRB.CreateMul(IRB.CreateSExtOrTrunc(Index, Abi.Int64Ty),
                                  ConstantInt::get(Abi.Int64Ty, Scale));
    Concrete = IRB.CreateAdd(Concrete, Offset);
  }
  setShadow(&I, H);
}

bool Symbolizer::handleMemIntrinsic(CallBase &I) {
  IRBuilder<> IRB(&I);
  if (auto *Transfer = dyn_cast<MemTransferInst>(&I)) {
    concretizePointer(IRB, Transfer->getRawDest(), I);
    concretizePointer(IRB, Transfer->getRawSource(), I);
    concretizeValue(IRB, Transfer->getLength(), I);
    guardedCall(IRB, shadowLive(IRB), Abi.memcpy,
                {IRB.CreatePointerCast(Transfer->getRawDest(), Abi.BytePtrTy),
                 IRB.CreatePointerCast(Transfer->getRawSource(), Abi.BytePtrTy),
                 IRB.CreateZExtOrTrunc(Transfer->getLength(), Abi.Int64Ty)});
    return true;
  }
  if (auto *Set = dyn_cast<MemSetInst>(&I)) {
    concretizePointer(IRB, Set->getRawDest(), I);
    concretizeValue(IRB, Set->getLength(), I);
    Value *HV = shadowOf(Set->getValue());
    Value *Condition = shadowLive(IRB);
    if (!isZero(HV))
      Condition = IRB.CreateOr(Condition, anyNonZero(IRB, {HV}));
    guardedCall(IRB, Condition, Abi.memset,
                {IRB.CreatePointerCast(Set->getRawDest(), Abi.BytePtrTy), HV,
                 IRB.CreateZExtOrTrunc(Set->getLength(), Abi.Int64Ty)});
    return true;
  }
  return false;
}

} // namespace unitgen
