// Symbolizer: instruments one function of the code under test so that every SSA value carries
// an expression handle beside its concrete value (SymCC-style).
//
// For `%r = add i32 %a, %b` it emits, before the instruction,
//
//   %any = or i32 %a.sym, %b.sym
//   %ok  = icmp ne i32 %any, 0
//   br i1 %ok, label %build, label %tail          ; the "short circuit": nothing symbolic,
// build:                                          ; no runtime call
//   %h = call i32 @__unitgen_sym_binary(i8 Add, i32 %a.sym, i32 %b.sym, i64 %a64, i64 %b64, 32)
//   br label %tail
// tail:
//   %r.sym = phi i32 [ %h, %build ], [ 0, %entry ]
//
// Loads and stores go through shadow memory (__unitgen_sym_load/store), branches on symbolic
// conditions record path constraints, calls pass argument and return handles through the
// parameter/return slots, guarded by call-site identity. The function's own IR is unchanged:
// the same instructions run on the same values, `invoke` keeps its unwind edges.
#pragma once

#include "RuntimeAbi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstVisitor.h"

#include <vector>

namespace unitgen {

class Symbolizer : public llvm::InstVisitor<Symbolizer> {
public:
  Symbolizer(llvm::Function &F, RuntimeAbi &Abi);
  /// Instruments the function: entry, every instruction, then the fix-up phases.
  void run();
  /// Where the code after a call starts: after a call, or in a block inserted on the normal
  /// edge of an invoke (its unwind edge is left alone).
  static llvm::Instruction *afterCall(llvm::CallBase &I);

  void visitBinaryOperator(llvm::BinaryOperator &I);
  void visitUnaryOperator(llvm::UnaryOperator &I);
  void visitICmpInst(llvm::ICmpInst &I);
  void visitFCmpInst(llvm::FCmpInst &I);
  void visitCastInst(llvm::CastInst &I);
  void visitSelectInst(llvm::SelectInst &I);
  void visitPHINode(llvm::PHINode &I);
  void visitFreezeInst(llvm::FreezeInst &I);
  void visitBranchInst(llvm::BranchInst &I);
  void visitSwitchInst(llvm::SwitchInst &I);
  void visitLoadInst(llvm::LoadInst &I);
  void visitStoreInst(llvm::StoreInst &I);
  void visitAtomicRMWInst(llvm::AtomicRMWInst &I);
  void visitAtomicCmpXchgInst(llvm::AtomicCmpXchgInst &I);
  void visitGetElementPtrInst(llvm::GetElementPtrInst &I);
  void visitExtractValueInst(llvm::ExtractValueInst &I);
  void visitCallBase(llvm::CallBase &I);
  void visitReturnInst(llvm::ReturnInst &I);
  void visitInstruction(llvm::Instruction &) {} ///< everything else stays concrete

private:
  // --- values and their handles (Symbolizer.cpp) ---------------------------------------
  /// Integers up to 64 bits, pointers, float and double carry handles.
  bool isTracked(llvm::Type *Ty) const;
  /// Width in bits passed to the runtime (pointers are 64).
  unsigned bitsOf(llvm::Type *Ty) const;
  /// The handle of `V` (an i32; the constant 0 for constants and untracked values).
  llvm::Value *shadowOf(llvm::Value *V);
  void setShadow(llvm::Value *V, llvm::Value *Handle) { Shadow[V] = Handle; }
  static bool isZero(llvm::Value *Handle);
  /// `V` zero-extended (pointers converted, floats bit-cast) to i64.
  llvm::Value *concreteBits(llvm::IRBuilder<> &IRB, llvm::Value *V);
  /// i1: true when any of the handles is nonzero (they must not all be constant zero).
  llvm::Value *anyNonZero(llvm::IRBuilder<> &IRB, llvm::ArrayRef<llvm::Value *> Handles);
  /// Emits a runtime call that the short-circuit phase puts behind `Condition`; a non-void
  /// result is 0 when the call is skipped.
  llvm::CallInst *guardedCall(llvm::IRBuilder<> &IRB, llvm::Value *Condition,
                              llvm::FunctionCallee Callee, llvm::ArrayRef<llvm::Value *> Args);
  llvm::Value *buildBinary(llvm::IRBuilder<> &IRB, SymOp Op, llvm::Value *A, llvm::Value *B,
                           llvm::Value *HA, llvm::Value *HB, unsigned Bits);
  llvm::Value *buildCast(llvm::IRBuilder<> &IRB, SymOp Op, llvm::Value *A, llvm::Value *HA,
                         unsigned From, unsigned To);
  llvm::ConstantInt *opCode(SymOp Op);
  /// Stable id of an instruction: hash of the function name and its index before
  /// instrumentation, so the engine can key branches on it across builds.
  uint32_t siteOf(llvm::Instruction &I);

  // --- memory (SymbolizerMemory.cpp) ---------------------------------------------------
  /// Records `Address == value` when the address is symbolic (it is used concretely).
  void concretizePointer(llvm::IRBuilder<> &IRB, llvm::Value *Address, llvm::Instruction &Site);
  void concretizeValue(llvm::IRBuilder<> &IRB, llvm::Value *V, llvm::Instruction &Site);
  llvm::Value *shadowLive(llvm::IRBuilder<> &IRB);
  /// Shadow update for a store of `Size` bytes of handle `Handle` at `Address`.
  void emitStore(llvm::IRBuilder<> &IRB, llvm::Value *Address, uint64_t Size, llvm::Value *Handle,
                 bool IsFloat);
  bool handleMemIntrinsic(llvm::CallBase &I);
  /// Scalar allocas that only this function loads and stores (most locals at -O0) keep their
  /// handle in a shadow alloca instead of shadow memory: nothing else can write them.
  void promoteLocalAllocas();
  static bool isPromotable(llvm::AllocaInst &A);

  // --- calls (SymbolizerCalls.cpp) -----------------------------------------------------
  /// Reads the parameter slots at entry when the caller called this very function.
  void symbolizeArguments();
  bool handleIntrinsic(llvm::CallBase &I, llvm::Function &Callee);
  /// Stores the argument handles of `I` in the slots for a call of `Callee`.
  void passArguments(llvm::IRBuilder<> &IRB, llvm::CallBase &I, llvm::Value *Callee);
  /// A library call with a wrapper: the wrapper computes the result's handle beside it.
  void modelLibraryCall(llvm::CallBase &I, const RuntimeAbi::Wrapper &W);
  void takeReturnValue(llvm::CallBase &I);

  // --- fix-up phases (Symbolizer.cpp) --------------------------------------------------
  void finalizePHINodes();
  void shortCircuit();

  llvm::Function &F;
  RuntimeAbi &Abi;
  const llvm::DataLayout &DL;
  llvm::DenseMap<llvm::Value *, llvm::Value *> Shadow;
  /// Handles of the elements of aggregate values (the {result, overflow} of overflow
  /// intrinsics).
  llvm::DenseMap<std::pair<llvm::Value *, unsigned>, llvm::Value *> AggregateShadow;
  llvm::DenseMap<llvm::Instruction *, uint32_t> InstructionIndex;
  llvm::DenseMap<llvm::Value *, llvm::AllocaInst *> PromotedAllocas; ///< original -> handle slot
  std::vector<std::pair<llvm::PHINode *, llvm::PHINode *>> PHIs;     ///< original, shadow
  struct Guard {
    llvm::CallInst *Call;
    llvm::Value *Condition;
  };
  std::vector<Guard> Guards;
  uint32_t FunctionHash;
};

} // namespace unitgen
