// CallRecording: entry and exit hooks in the functions a recording table names.
//
// The table (written by learn/RecordingBuild.cpp) has one line per function symbol:
// `<callable> <made> <symbol> <hook>`. `made` says which object the call makes, reported on
// exit: `this` (a constructor), `owned` (a pointer to a new object the caller owns), `result` (a
// pointer or reference to an object of the model, new or not), `sret` (an object returned
// through the hidden result pointer) or `-`. The hook is a C++ function
// whose parameters are the recorded function's own (`void hook(C *self, P1, P2)`), preceded by a
// `void *` when the function returns through a hidden pointer: on x86-64 that lowers exactly as
// the member function does, so forwarding the IR arguments (and their ABI attributes) passes
// each value where the hook reads it. Elsewhere the hooks are left out and calls are recorded
// without their arguments.
#include "CallRecording.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <map>

namespace unitgen {
namespace {

using namespace llvm;

enum class Made { Nothing, This, Owned, Result, Sret };

struct TableEntry {
  int Callable = -1;
  Made What = Made::Nothing;
  std::string Hook;
};

bool readTable(const std::string &Path, std::map<std::string, TableEntry> &Table,
               std::string &Error) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read the recording table '" + Path + "'";
    return false;
  }
  SmallVector<StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 4> Fields;
    Line.trim().split(Fields, ' ', -1, false);
    TableEntry Entry;
    if (Fields.size() != 4 || Fields[0].getAsInteger(10, Entry.Callable)) {
      Error = "malformed line in the recording table '" + Path + "': " + Line.str();
      return false;
    }
    Entry.What = Fields[1] == "this"     ? Made::This
                 : Fields[1] == "owned"  ? Made::Owned
                 : Fields[1] == "result" ? Made::Result
                 : Fields[1] == "sret"   ? Made::Sret
                                         : Made::Nothing;
    Entry.Hook = Fields[3].str();
    Table[Fields[2].str()] = std::move(Entry);
  }
  return true;
}

/// The first argument that is not the hidden result pointer: `this` of a member function.
Value *firstOwnArgument(Function &F) {
  for (Argument &A : F.args())
    if (!A.hasStructRetAttr())
      return &A;
  return nullptr;
}

Value *sretArgument(Function &F) {
  for (Argument &A : F.args())
    if (A.hasStructRetAttr())
      return &A;
  return nullptr;
}

/// Calls the argument hook with every argument of `F`, attributes that decide how a value is
/// passed (byval, signext, ...) copied, the hidden result pointer as a plain pointer.
void callArgumentHook(Function &F, IRBuilder<> &B, const std::string &Hook) {
  SmallVector<Type *, 8> Types;
  SmallVector<Value *, 8> Arguments;
  for (Argument &A : F.args()) {
    Types.push_back(A.getType());
    Arguments.push_back(&A);
  }
  FunctionType *Ty = FunctionType::get(B.getVoidTy(), Types, false);
  FunctionCallee Callee = F.getParent()->getOrInsertFunction(Hook, Ty);
  CallInst *Call = B.CreateCall(Callee, Arguments);
  AttributeList Attributes = F.getAttributes();
  LLVMContext &C = F.getContext();
  for (unsigned I = 0; I < F.arg_size(); ++I) {
    AttrBuilder Passing(C, Attributes.getParamAttrs(I));
    Passing.removeAttribute(Attribute::StructRet);
    Passing.removeAttribute(Attribute::Returned);
    Passing.removeAttribute(Attribute::NoAlias);
    Passing.removeAttribute(Attribute::NonNull);
    Passing.removeAttribute(Attribute::Dereferenceable);
    Passing.removeAttribute(Attribute::NoUndef);
    Call->setAttributes(Call->getAttributes().addParamAttributes(C, I, Passing));
  }
}

void instrument(Function &F, const TableEntry &Entry, bool TypedHooks) {
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Type *Ptr = Type::getInt8PtrTy(C);
  Type *I32 = Type::getInt32Ty(C);
  FunctionCallee Enter = M.getOrInsertFunction("__unitgen_rec_enter", Type::getInt1Ty(C), I32, Ptr);
  FunctionCallee Exit = M.getOrInsertFunction("__unitgen_rec_exit", Type::getVoidTy(C), Ptr, Ptr);
  Function *FrameAddress = Intrinsic::getDeclaration(&M, Intrinsic::frameaddress, {Ptr});

  std::vector<ReturnInst *> Returns;
  for (BasicBlock &BB : F)
    if (auto *Return = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Return);

  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Frame = B.CreateCall(FrameAddress, {B.getInt32(0)});
  Value *Outermost = B.CreateCall(Enter, {B.getInt32(Entry.Callable), Frame});
  if (TypedHooks && !Entry.Hook.empty() && Entry.Hook != "-") {
    Instruction *Then = SplitBlockAndInsertIfThen(Outermost, &*B.GetInsertPoint(), false);
    IRBuilder<> HookBuilder(Then);
    callArgumentHook(F, HookBuilder, Entry.Hook + (sretArgument(F) ? "_sret" : ""));
  }
  for (ReturnInst *Return : Returns) {
    IRBuilder<> R(Return);
    Value *Made = ConstantPointerNull::get(cast<PointerType>(Ptr));
    if (Entry.What == Made::This)
      Made = firstOwnArgument(F);
    else if (Entry.What == Made::Sret)
      Made = sretArgument(F);
    else if ((Entry.What == Made::Result || Entry.What == Made::Owned) &&
             Return->getReturnValue() && Return->getReturnValue()->getType()->isPointerTy())
      Made = Return->getReturnValue();
    if (!Made || !Made->getType()->isPointerTy())
      Made = ConstantPointerNull::get(cast<PointerType>(Ptr));
    // A result may be an object the test already has (an accessor's); the others are new.
    R.CreateCall(Exit,
                 {Frame, R.CreatePointerCast(Made, Ptr), R.getInt1(Entry.What != Made::Result)});
  }
}

} // namespace

bool insertCallRecording(Module &M, const std::string &TablePath, std::string &Error) {
  std::map<std::string, TableEntry> Table;
  if (!readTable(TablePath, Table, Error))
    return false;
  const bool TypedHooks = StringRef(M.getTargetTriple()).startswith("x86_64");
  for (Function &F : M) {
    if (F.isDeclaration() || F.isVarArg())
      continue;
    auto Found = Table.find(F.getName().str());
    if (Found != Table.end())
      instrument(F, Found->second, TypedHooks);
  }
  return true;
}

} // namespace unitgen
