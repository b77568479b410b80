// Pass: the unitgen LLVM 14 pass plugin (-fpass-plugin=libUnitgenPass.so, new pass manager).
// It instruments the code under test for concolic execution; see Symbolizer.h for the shape
// of the instrumentation and docs/Architecture.md ("Concolic execution") for the design.
// UNITGEN_PASS_MODE says what to add: `probes` only the boundary probes (exploration drivers),
// `symbolic` only the symbolic instrumentation (driver code), empty both (the code under test
// of concolic drivers), `fields-symbolic` the field-read probes and the symbolic
// instrumentation (bounded-exhaustive search drivers: the probes say which fields the
// invariant read, the expressions what it compared their numbers with), `record` only the call
// recording of a project's tests (CallRecording.h; UNITGEN_RECORD_TABLE names the functions).
#include "BoundaryProbes.h"
#include "CallRecording.h"
#include "ConcreteClone.h"
#include "FieldReads.h"
#include "LibraryInlining.h"
#include "LibraryMemory.h"
#include "RuntimeAbi.h"
#include "Scope.h"
#include "Symbolizer.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>
#include <string>

namespace unitgen {
namespace {

using namespace llvm;

bool shouldInstrument(Function &F, const Scope &S) {
  return S.contains(F) && !F.isVarArg() && !F.hasAvailableExternallyLinkage() &&
         !F.hasFnAttribute(Attribute::Naked) && !RuntimeAbi::isRuntimeSymbol(F.getName());
}

struct SymbolizePass : PassInfoMixin<SymbolizePass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    std::string Error;
    const char *Mode = std::getenv("UNITGEN_PASS_MODE");
    std::string ModeName = Mode ? Mode : "";
    if (ModeName == "record") {
      const char *Table = std::getenv("UNITGEN_RECORD_TABLE");
      if (!Table || !insertCallRecording(M, Table, Error))
        report_fatal_error(Twine("unitgen pass: ") +
                               (Table ? Error : "UNITGEN_RECORD_TABLE is not set"),
                           /*gen_crash_diag=*/false);
      return PreservedAnalyses::none();
    }
    Scope S = Scope::fromEnvironment(Error);
    if (!Error.empty())
      report_fatal_error(Twine("unitgen pass: ") + Error, /*gen_crash_diag=*/false);
    std::vector<Function *> Targets;
    for (Function &F : M)
      if (shouldInstrument(F, S))
        Targets.push_back(&F);
    if (Targets.empty())
      return PreservedAnalyses::all();
    const bool fieldProbes = ModeName == "fields-symbolic";
    if (!ModeName.empty() && !fieldProbes && ModeName != "probes" && ModeName != "symbolic")
      report_fatal_error(Twine("unitgen pass: unknown UNITGEN_PASS_MODE '") + ModeName + "'",
                         /*gen_crash_diag=*/false);
    // Boundary probes go in before cloning, so both versions of a function report them.
    if (ModeName.empty() || ModeName == "probes")
      for (Function *F : Targets)
        insertBoundaryProbes(*F);
    if (ModeName == "probes")
      return PreservedAnalyses::none();
    RuntimeAbi Abi(M);
    for (Function *F : Targets)
      inlineLibraryHelpers(*F, S, Abi);
    std::vector<Function *> Others; // defined here, not instrumented, before the clones exist
    for (Function &F : M)
      if (!F.isDeclaration() && !S.contains(F) && !RuntimeAbi::isRuntimeSymbol(F.getName()))
        Others.push_back(&F);
    for (Function *F : Targets) {
      Function *Clone = cloneConcrete(*F);
      Symbolizer(*F, Abi).run();
      addConcreteFallback(*F, *Clone, Abi);
      // Field-read probes go in last, in both versions: the symbolizer would otherwise build
      // expressions for the probes' own arithmetic.
      if (fieldProbes) {
        insertFieldReadProbes(*F);
        insertFieldReadProbes(*Clone);
      }
    }
    for (Function *F : Others)
      followLibraryMemory(*F, Abi);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; } // also at -O0, where optnone functions abound
};

} // namespace
} // namespace unitgen

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  using namespace llvm;
  return {LLVM_PLUGIN_API_VERSION, "UnitgenPass", "1", [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name != "unitgen-symbolize")
                    return false;
                  MPM.addPass(unitgen::SymbolizePass());
                  return true;
                });
            // Clang registers SanitizerCoverage at the optimizer-last extension point after
            // loading plugins; registering ours only once the pipeline starts being built puts
            // it after, so coverage guards are placed on the original CFG (the same edge ids
            // as the exploration build) and our own blocks get none.
            PB.registerPipelineStartEPCallback(
                [&PB, Registered = false](ModulePassManager &, OptimizationLevel) mutable {
                  if (Registered)
                    return;
                  Registered = true;
                  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
                    MPM.addPass(unitgen::SymbolizePass());
                  });
                });
          }};
}
