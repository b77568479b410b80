// LibraryInlining: inlines small out-of-scope helpers into the functions the pass instruments.
#include "LibraryInlining.h"

#include "RuntimeAbi.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <vector>

namespace unitgen {
namespace {

using namespace llvm;

/// At -O0 std::swap<int> is about 20 instructions (its three std::move calls 6 each); a
/// vector's push_back about 40. Its reallocation path, at several hundred, is left alone.
constexpr unsigned kMaxHelperInstructions = 64;
/// Helpers calling helpers: std::swap -> std::move, push_back -> construct -> placement new.
constexpr unsigned kMaxDepth = 4;
/// The instructions one instrumented function may gain, so a chain of helpers cannot blow up.
constexpr unsigned kMaxGrowth = 2048;

bool isHelper(const Function &Callee, const Function &Caller, const Scope &S,
              const RuntimeAbi &Abi) {
  // A function the runtime models (std::string's operator==) stays a call to its wrapper.
  return !Callee.isDeclaration() && !S.contains(Callee) && &Callee != &Caller &&
         !Callee.isInterposable() && !Callee.isVarArg() &&
         !RuntimeAbi::isRuntimeSymbol(Callee.getName()) && !Abi.wrapperFor(Callee.getName()) &&
         Callee.getInstructionCount() <= kMaxHelperInstructions;
}

} // namespace

unsigned inlineLibraryHelpers(Function &F, const Scope &S, const RuntimeAbi &Abi) {
  std::vector<std::pair<CallBase *, unsigned>> Work; // a call and its depth of inlining
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      Work.push_back({Call, 0});
  unsigned Inlined = 0, Growth = 0;
  while (!Work.empty()) {
    auto [Call, Depth] = Work.back();
    Work.pop_back();
    Function *Callee = Call->getCalledFunction();
    if (!Callee || Depth >= kMaxDepth || !isHelper(*Callee, F, S, Abi) ||
        Growth + Callee->getInstructionCount() > kMaxGrowth)
      continue;
    unsigned Size = Callee->getInstructionCount();
    InlineFunctionInfo Info;
    if (!InlineFunction(*Call, Info).isSuccess())
      continue;
    ++Inlined;
    Growth += Size;
    for (CallBase *Made : Info.InlinedCallSites)
      Work.push_back({Made, Depth + 1});
  }
  return Inlined;
}

} // namespace unitgen
