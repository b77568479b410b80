// StringCopies: the copy wrappers of SymbolicAbi.def around string copies in out-of-scope code.
#include "StringCopies.h"

#include "Symbolizer.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"

#include <vector>

namespace unitgen {

using namespace llvm;

void followStringCopies(Function &F, RuntimeAbi &Abi) {
  std::vector<std::pair<CallBase *, const RuntimeAbi::Wrapper *>> Copies;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction())
        if (const RuntimeAbi::Wrapper *W = Abi.wrapperFor(Callee->getName()); W && W->CopiesString)
          Copies.push_back({Call, W});
  for (auto [Call, W] : Copies) {
    // No argument handles are passed: this code keeps none, and the copy wrappers need only
    // the addresses.
    IRBuilder<> IRB(Call);
    auto *Ty = FunctionType::get(Abi.HandleTy, Call->getFunctionType()->params(), false);
    FunctionCallee Wrapper = F.getParent()->getOrInsertFunction(W->Name, Ty);
    if (auto *Declared = dyn_cast<Function>(Wrapper.getCallee()))
      Declared->addFnAttr(Attribute::NoUnwind);
    std::vector<Value *> Args(Call->arg_begin(), Call->arg_end());
    IRB.CreateCall(Wrapper, Args);
    IRBuilder<> After(Symbolizer::afterCall(*Call));
    After.CreateCall(Abi.string_copied,
                     {After.CreatePointerCast(Call->getArgOperand(0), Abi.BytePtrTy)});
  }
}

} // namespace unitgen
