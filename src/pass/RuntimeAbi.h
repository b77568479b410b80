// RuntimeAbi: the runtime's functions and globals declared in a module, from SymbolicAbi.def.
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <string>

namespace unitgen {

/// IR-level operation codes understood by __unitgen_sym_binary / __unitgen_sym_cast.
enum class SymOp : uint8_t {
#define UNITGEN_SYM_OP(Name) Name,
#include "runtime/symbolic/SymbolicAbi.def"
};

/// Every declaration the instrumentation refers to, created once per module.
struct RuntimeAbi {
  explicit RuntimeAbi(llvm::Module &M);

#define UNITGEN_SYM_FUNCTION(Name, Ret, ...) llvm::FunctionCallee Name;
#define UNITGEN_SYM_GLOBAL(Name, CType) llvm::GlobalVariable *Name;
#include "runtime/symbolic/SymbolicAbi.def"

  /// What models a library function the code under test calls (SymbolicAbi.def).
  struct Wrapper {
    std::string Name;  ///< __unitgen_sym_wrap_<Name>: the arguments in, the result's handle out
    bool CopiesString; ///< call __unitgen_sym_string_copied(first argument) after the call
  };
  /// The wrapper of `Symbol`, or null.
  const Wrapper *wrapperFor(llvm::StringRef Symbol) const;
  /// True for functions the instrumentation itself calls (never instrumented as calls).
  static bool isRuntimeSymbol(llvm::StringRef Name);

  llvm::IntegerType *HandleTy; ///< i32: an expression handle, 0 = concrete
  llvm::IntegerType *Int8Ty;
  llvm::IntegerType *Int16Ty;
  llvm::IntegerType *Int64Ty;
  llvm::PointerType *BytePtrTy; ///< i8*
  unsigned NumParamSlots;

private:
  llvm::StringMap<Wrapper> Wrappers;
};

} // namespace unitgen
