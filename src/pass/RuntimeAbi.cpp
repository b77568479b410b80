// RuntimeAbi: maps the C types of SymbolicAbi.def to IR types and declares each entry.
#include "RuntimeAbi.h"

namespace unitgen {
namespace {

using namespace llvm;

/// The IR type of a C type used in SymbolicAbi.def. Pointers are i8* (typed pointers in LLVM
/// 14); the instrumentation casts what it passes.
template <typename T> struct IRTypeOf;
template <> struct IRTypeOf<void> {
  static Type *get(LLVMContext &C) { return Type::getVoidTy(C); }
};
template <> struct IRTypeOf<uint8_t> {
  static Type *get(LLVMContext &C) { return Type::getInt8Ty(C); }
};
template <> struct IRTypeOf<uint16_t> {
  static Type *get(LLVMContext &C) { return Type::getInt16Ty(C); }
};
template <> struct IRTypeOf<uint32_t> {
  static Type *get(LLVMContext &C) { return Type::getInt32Ty(C); }
};
template <> struct IRTypeOf<uint64_t> {
  static Type *get(LLVMContext &C) { return Type::getInt64Ty(C); }
};
template <typename T> struct IRTypeOf<T *> {
  static Type *get(LLVMContext &C) { return Type::getInt8PtrTy(C); }
};
template <typename T> struct IRTypeOf<const T> : IRTypeOf<T> {};
template <typename T, size_t N> struct IRTypeOf<T[N]> {
  static Type *get(LLVMContext &C) { return ArrayType::get(IRTypeOf<T>::get(C), N); }
};

template <typename Signature> struct FunctionTypeOf;
template <typename R, typename... A> struct FunctionTypeOf<R(A...)> {
  static FunctionType *get(LLVMContext &C) {
    return FunctionType::get(IRTypeOf<R>::get(C), {IRTypeOf<A>::get(C)...}, false);
  }
};

GlobalVariable *declareGlobal(Module &M, StringRef Name, Type *Ty) {
  if (GlobalVariable *G = M.getGlobalVariable(Name))
    return G;
  auto *G = new GlobalVariable(M, Ty, false, GlobalValue::ExternalLinkage, nullptr, Name);
  // Defined once in the runtime; the driver is one executable, so direct access is fine.
  G->setDSOLocal(true);
  return G;
}

FunctionCallee declareFunction(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Ty);
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind); // the runtime never throws into instrumented code
    F->setDSOLocal(true);
  }
  return Callee;
}

} // namespace

RuntimeAbi::RuntimeAbi(Module &M) {
  LLVMContext &C = M.getContext();
  HandleTy = Type::getInt32Ty(C);
  Int8Ty = Type::getInt8Ty(C);
  Int16Ty = Type::getInt16Ty(C);
  Int64Ty = Type::getInt64Ty(C);
  BytePtrTy = Type::getInt8PtrTy(C);
#define UNITGEN_SYM_FUNCTION(Name, Ret, ...)                                                       \
  Name = declareFunction(M, "__unitgen_sym_" #Name, FunctionTypeOf<Ret(__VA_ARGS__)>::get(C));
#define UNITGEN_SYM_GLOBAL(Name, CType)                                                            \
  Name = declareGlobal(M, "__unitgen_sym_" #Name, IRTypeOf<CType>::get(C));
#define UNITGEN_SYM_WRAPPER(Name, Symbol, CopiesString)                                            \
  Wrappers[Symbol] = Wrapper{"__unitgen_sym_wrap_" #Name, CopiesString != 0};
#include "runtime/symbolic/SymbolicAbi.def"
  NumParamSlots = llvm::cast<ArrayType>(params->getValueType())->getNumElements();
}

const RuntimeAbi::Wrapper *RuntimeAbi::wrapperFor(StringRef Symbol) const {
  auto It = Wrappers.find(Symbol);
  return It == Wrappers.end() ? nullptr : &It->second;
}

bool RuntimeAbi::isRuntimeSymbol(StringRef Name) {
  return Name.startswith("__unitgen_sym_") || Name.startswith("__unitgen_field_") ||
         Name.startswith("__sanitizer_cov_");
}

} // namespace unitgen
