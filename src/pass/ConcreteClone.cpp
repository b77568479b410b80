// ConcreteClone: cloning and the entry check that picks the clone or the instrumented body.
#include "ConcreteClone.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace unitgen {

using namespace llvm;

Function *cloneConcrete(Function &F) {
  ValueToValueMapTy Map;
  Function *Clone = CloneFunction(&F, Map);
  Clone->setName(F.getName() + ".unitgen.concrete");
  Clone->setLinkage(GlobalValue::InternalLinkage);
  Clone->setVisibility(GlobalValue::DefaultVisibility);
  Clone->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  // In the original's COMDAT group, as its coverage guards are: where the linker keeps another
  // translation unit's copy of an inline function, it drops this one's group whole, the clone
  // with the guards it refers to (outside the group, its reference to the dropped guards
  // failed the link).
  Clone->setComdat(F.getComdat());
  return Clone;
}

void addConcreteFallback(Function &F, Function &Clone, RuntimeAbi &Abi) {
  BasicBlock &Entry = F.getEntryBlock();
  auto Split = Entry.begin();
  while (isa<AllocaInst>(*Split))
    ++Split;
  BasicBlock *Body = Entry.splitBasicBlock(Split, "unitgen.sym");
  Entry.getTerminator()->eraseFromParent();
  BasicBlock *Concrete = BasicBlock::Create(F.getContext(), "unitgen.concrete", &F, Body);

  IRBuilder<> IRB(&Entry);
  Value *On = IRB.CreateLoad(Abi.Int8Ty, Abi.on);
  IRB.CreateCondBr(IRB.CreateICmpNE(On, ConstantInt::get(Abi.Int8Ty, 0)), Body, Concrete);

  IRB.SetInsertPoint(Concrete);
  std::vector<Value *> Args;
  std::vector<AttributeSet> ArgAttrs;
  AttributeList Attrs = F.getAttributes();
  for (Argument &Arg : F.args()) {
    Args.push_back(&Arg);
    ArgAttrs.push_back(Attrs.getParamAttrs(Arg.getArgNo()));
  }
  CallInst *Call = IRB.CreateCall(&Clone, Args);
  Call->setCallingConv(F.getCallingConv());
  // A guaranteed tail call: no extra frame, so calls and C++ exceptions unwinding through
  // uninstrumented code cost what they cost without instrumentation. (byval/inalloca would
  // need a copy the tail call cannot make: those keep a frame.)
  bool forwardsMemory = false;
  for (Argument &Arg : F.args())
    forwardsMemory |= Arg.hasByValAttr() || Arg.hasInAllocaAttr() || Arg.hasPreallocatedAttr();
  if (!forwardsMemory)
    Call->setTailCallKind(CallInst::TCK_MustTail);
  // sret/byval/... must be on the call too; function attributes stay on the callee.
  Call->setAttributes(
      AttributeList::get(F.getContext(), AttributeSet(), Attrs.getRetAttrs(), ArgAttrs));
  if (DISubprogram *SP = F.getSubprogram()) // calls to functions with debug info need a location
    Call->setDebugLoc(DILocation::get(F.getContext(), SP->getLine(), 0, SP));
  if (F.getReturnType()->isVoidTy())
    IRB.CreateRetVoid();
  else
    IRB.CreateRet(Call);
}

} // namespace unitgen
