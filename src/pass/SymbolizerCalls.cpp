// Symbolizer: parameters and return values across calls (with call-site identity), invokes,
// library wrappers and the intrinsics the code under test produces.
#include "Symbolizer.h"

#include "llvm/IR/IntrinsicInst.h"

namespace unitgen {

using namespace llvm;

void Symbolizer::symbolizeArguments() {
  std::vector<Argument *> Tracked;
  for (Argument &Arg : F.args())
    if (Arg.getArgNo() < Abi.NumParamSlots && isTracked(Arg.getType()))
      Tracked.push_back(&Arg);
  if (Tracked.empty())
    return; // no caller ever leaves slots for this function
  BasicBlock &Entry = F.getEntryBlock();
  auto Point = Entry.begin();
  while (isa<AllocaInst>(*Point))
    ++Point;
  IRBuilder<> IRB(&Entry, Point);
  // The slots are ours only if the caller called this very function (not an uninstrumented
  // one that called us back); either way they are consumed.
  Value *Token = IRB.CreateLoad(Abi.BytePtrTy, Abi.callee);
  Value *Mine = IRB.CreateICmpEQ(Token, IRB.CreatePointerCast(&F, Abi.BytePtrTy));
  IRB.CreateStore(ConstantPointerNull::get(Abi.BytePtrTy), Abi.callee);
  Type *SlotsTy = Abi.params->getValueType();
  for (Argument *Arg : Tracked) {
    Value *Slot = IRB.CreateConstInBoundsGEP2_32(SlotsTy, Abi.params, 0, Arg->getArgNo());
    Value *H = IRB.CreateLoad(Abi.HandleTy, Slot);
    setShadow(Arg, IRB.CreateSelect(Mine, H, ConstantInt::get(Abi.HandleTy, 0)));
  }
}

Instruction *Symbolizer::afterCall(CallBase &I) {
  if (auto *Invoke = dyn_cast<InvokeInst>(&I)) {
    BasicBlock *Normal = Invoke->getNormalDest();
    Function &Caller = *I.getFunction();
    BasicBlock *Edge =
        BasicBlock::Create(Caller.getContext(), "unitgen.invoke.cont", &Caller, Normal);
    BranchInst::Create(Normal, Edge);
    Invoke->setNormalDest(Edge);
    Normal->replacePhiUsesWith(Invoke->getParent(), Edge);
    return Edge->getTerminator();
  }
  return I.getNextNode();
}

void Symbolizer::passArguments(IRBuilder<> &IRB, CallBase &I, Value *Callee) {
  unsigned Count = std::min<unsigned>(I.arg_size(), Abi.NumParamSlots);
  std::vector<Value *> Handles;
  bool Any = false;
  for (unsigned K = 0; K < Count; ++K) {
    Value *Arg = I.getArgOperand(K);
    Value *H = isTracked(Arg->getType()) ? shadowOf(Arg) : ConstantInt::get(Abi.HandleTy, 0);
    Any |= !isZero(H);
    Handles.push_back(H);
  }
  if (!Any)
    return; // a stale token can never name this callee (its entry consumes its own)
  Type *SlotsTy = Abi.params->getValueType();
  for (unsigned K = 0; K < Count; ++K)
    IRB.CreateStore(Handles[K], IRB.CreateConstInBoundsGEP2_32(SlotsTy, Abi.params, 0, K));
  IRB.CreateStore(IRB.CreatePointerCast(Callee, Abi.BytePtrTy), Abi.callee);
}

void Symbolizer::modelLibraryCall(CallBase &I, const RuntimeAbi::Wrapper &W) {
  IRBuilder<> IRB(&I);
  IRB.CreateStore(ConstantInt::get(Abi.HandleTy, siteOf(I)), Abi.site);
  auto *Ty = FunctionType::get(Abi.HandleTy, I.getFunctionType()->params(), false);
  FunctionCallee Wrapper = F.getParent()->getOrInsertFunction(W.Name, Ty);
  if (auto *Declared = dyn_cast<Function>(Wrapper.getCallee()))
    Declared->addFnAttr(Attribute::NoUnwind);
  passArguments(IRB, I, Wrapper.getCallee());
  std::vector<Value *> Args(I.arg_begin(), I.arg_end());
  CallInst *H = IRB.CreateCall(Wrapper, Args);
  if (W.CopiesString) {
    IRBuilder<> After(afterCall(I));
    After.CreateCall(Abi.string_copied,
                     {After.CreatePointerCast(I.getArgOperand(0), Abi.BytePtrTy)});
  }
  if (isTracked(I.getType()))
    setShadow(&I, H);
}

void Symbolizer::takeReturnValue(CallBase &I) {
  if (!isTracked(I.getType()))
    return;
  if (auto *Call = dyn_cast<CallInst>(&I); Call && Call->isMustTailCall())
    return; // nothing may follow; the caller's caller reads the callee's slot directly
  IRBuilder<> IRB(afterCall(I));
  Value *From = IRB.CreateLoad(Abi.BytePtrTy, Abi.ret_from);
  Value *Ours = IRB.CreateICmpEQ(From, IRB.CreatePointerCast(I.getCalledOperand(), Abi.BytePtrTy));
  Value *H = IRB.CreateLoad(Abi.HandleTy, Abi.ret);
  IRB.CreateStore(ConstantPointerNull::get(Abi.BytePtrTy), Abi.ret_from);
  setShadow(&I, IRB.CreateSelect(Ours, H, ConstantInt::get(Abi.HandleTy, 0)));
}

void Symbolizer::visitCallBase(CallBase &I) {
  if (I.isInlineAsm() || I.hasFnAttr(Attribute::ReturnsTwice))
    return;
  if (auto *Target = dyn_cast<Function>(I.getCalledOperand()->stripPointerCasts())) {
    if (Target->isIntrinsic()) {
      handleIntrinsic(I, *Target);
      return;
    }
    if (RuntimeAbi::isRuntimeSymbol(Target->getName()))
      return;
    if (const RuntimeAbi::Wrapper *W = Abi.wrapperFor(Target->getName())) {
      modelLibraryCall(I, *W);
      return;
    }
  }
  IRBuilder<> IRB(&I);
  passArguments(IRB, I, I.getCalledOperand());
  takeReturnValue(I);
}

bool Symbolizer::handleIntrinsic(CallBase &I, Function &Callee) {
  Intrinsic::ID ID = Callee.getIntrinsicID();
  switch (ID) {
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memset:
    return handleMemIntrinsic(I);
  case Intrinsic::expect:
    setShadow(&I, shadowOf(I.getArgOperand(0)));
    return true;
  default:
    break;
  }
  if (I.arg_size() == 0)
    return false;
  Value *A = I.getArgOperand(0);
  if (!isTracked(A->getType()) || A->getType()->isPointerTy())
    return false;
  unsigned Bits = bitsOf(A->getType());
  IRBuilder<> IRB(&I);
  auto binary = [&](SymOp Op) {
    Value *B = I.getArgOperand(1);
    return buildBinary(IRB, Op, A, B, shadowOf(A), shadowOf(B), Bits);
  };
  auto withOverflow = [&](SymOp Result, SymOp Overflow) {
    AggregateShadow[{&I, 0}] = binary(Result);
    AggregateShadow[{&I, 1}] = binary(Overflow);
    return true;
  };
  switch (ID) {
  case Intrinsic::sadd_with_overflow:
    return withOverflow(SymOp::Add, SymOp::SAddOverflow);
  case Intrinsic::uadd_with_overflow:
    return withOverflow(SymOp::Add, SymOp::UAddOverflow);
  case Intrinsic::ssub_with_overflow:
    return withOverflow(SymOp::Sub, SymOp::SSubOverflow);
  case Intrinsic::usub_with_overflow:
    return withOverflow(SymOp::Sub, SymOp::USubOverflow);
  case Intrinsic::smul_with_overflow:
    return withOverflow(SymOp::Mul, SymOp::SMulOverflow);
  case Intrinsic::umul_with_overflow:
    return withOverflow(SymOp::Mul, SymOp::UMulOverflow);
  case Intrinsic::smin:
    setShadow(&I, binary(SymOp::SMin));
    return true;
  case Intrinsic::smax:
    setShadow(&I, binary(SymOp::SMax));
    return true;
  case Intrinsic::umin:
    setShadow(&I, binary(SymOp::UMin));
    return true;
  case Intrinsic::umax:
    setShadow(&I, binary(SymOp::UMax));
    return true;
  case Intrinsic::bswap:
    setShadow(&I, buildCast(IRB, SymOp::BSwap, A, shadowOf(A), Bits, Bits));
    return true;
  case Intrinsic::abs:
    setShadow(&I, buildCast(IRB, SymOp::Abs, A, shadowOf(A), Bits, Bits));
    return true;
  default:
    return false; // ctpop, ctlz, funnel shifts, ...: results stay concrete
  }
}

void Symbolizer::visitReturnInst(ReturnInst &I) {
  Value *V = I.getReturnValue();
  if (!V || !isTracked(V->getType()))
    return;
  if (auto *Call = dyn_cast_or_null<CallInst>(I.getPrevNode()); Call && Call->isMustTailCall())
    return;
  // Always written, even for a concrete value: a slot left by an earlier return of this
  // function must not be taken for this one's.
  IRBuilder<> IRB(&I);
  IRB.CreateStore(shadowOf(V), Abi.ret);
  IRB.CreateStore(IRB.CreatePointerCast(&F, Abi.BytePtrTy), Abi.ret_from);
}

} // namespace unitgen
