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

/// Whether `value` is, or is built from, a global variable in a COMDAT group other than
/// `group`.
bool inAnotherGroup(const Value *value, const Comdat *group, unsigned depth = 0) {
  if (const auto *global = dyn_cast<GlobalVariable>(value))
    return global->hasComdat() && global->getComdat() != group;
  if (const auto *expression = dyn_cast<ConstantExpr>(value); expression && depth < 4)
    for (const Value *operand : expression->operands())
      if (inAnotherGroup(operand, group, depth + 1))
        return true;
  return false;
}

/// Whether `Callee` refers to a global of a COMDAT group `Caller` is not in: an inline
/// function's coverage guards are in its group, which the linker drops where it keeps another
/// translation unit's copy, and a copy of the reference in `Caller` would fail the link.
bool refersIntoAnotherGroup(const Function &Callee, const Function &Caller) {
  for (const Instruction &I : instructions(Callee))
    for (const Value *operand : I.operands())
      if (inAnotherGroup(operand, Caller.getComdat()))
        return true;
  return false;
}

bool isHelper(const Function &Callee, const Function &Caller, const Scope &S,
              const RuntimeAbi &Abi) {
  // A function the runtime models (std::string's operator==) stays a call to its wrapper.
  return !Callee.isDeclaration() && !S.contains(Callee) && &Callee != &Caller &&
         !Callee.isInterposable() && !Callee.isVarArg() &&
         !RuntimeAbi::isRuntimeSymbol(Callee.getName()) && !Abi.wrapperFor(Callee.getName()) &&
         Callee.getInstructionCount() <= kMaxHelperInstructions &&
         !refersIntoAnotherGroup(Callee, Caller);
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
