// Symbolizer: handles of values, arithmetic, comparisons, casts, selects, PHIs, branches,
// switches, and the fix-up phases (PHI incoming handles, short-circuiting runtime calls).
#include "Symbolizer.h"

#include "BoundaryProbes.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

namespace unitgen {

using namespace llvm;

namespace {

uint32_t fnv1a(StringRef Text) {
  uint32_t Hash = 2166136261u;
  for (unsigned char C : Text)
    Hash = (Hash ^ C) * 16777619u;
  return Hash;
}

SymOp binaryOp(Instruction::BinaryOps Opcode, bool &Supported) {
  Supported = true;
  switch (Opcode) {
  case Instruction::Add:
    return SymOp::Add;
  case Instruction::Sub:
    return SymOp::Sub;
  case Instruction::Mul:
    return SymOp::Mul;
  case Instruction::UDiv:
    return SymOp::UDiv;
  case Instruction::SDiv:
    return SymOp::SDiv;
  case Instruction::URem:
    return SymOp::URem;
  case Instruction::SRem:
    return SymOp::SRem;
  case Instruction::Shl:
    return SymOp::Shl;
  case Instruction::LShr:
    return SymOp::LShr;
  case Instruction::AShr:
    return SymOp::AShr;
  case Instruction::And:
    return SymOp::And;
  case Instruction::Or:
    return SymOp::Or;
  case Instruction::Xor:
    return SymOp::Xor;
  case Instruction::FAdd:
    return SymOp::FAdd;
  case Instruction::FSub:
    return SymOp::FSub;
  case Instruction::FMul:
    return SymOp::FMul;
  case Instruction::FDiv:
    return SymOp::FDiv;
  default: // frem: no node kind; stays concrete
    Supported = false;
    return SymOp::Add;
  }
}

SymOp icmpOp(CmpInst::Predicate P) {
  switch (P) {
  case CmpInst::ICMP_EQ:
    return SymOp::ICmpEq;
  case CmpInst::ICMP_NE:
    return SymOp::ICmpNe;
  case CmpInst::ICMP_UGT:
    return SymOp::ICmpUgt;
  case CmpInst::ICMP_UGE:
    return SymOp::ICmpUge;
  case CmpInst::ICMP_ULT:
    return SymOp::ICmpUlt;
  case CmpInst::ICMP_ULE:
    return SymOp::ICmpUle;
  case CmpInst::ICMP_SGT:
    return SymOp::ICmpSgt;
  case CmpInst::ICMP_SGE:
    return SymOp::ICmpSge;
  case CmpInst::ICMP_SLT:
    return SymOp::ICmpSlt;
  default:
    return SymOp::ICmpSle;
  }
}

SymOp fcmpOp(CmpInst::Predicate P) {
  switch (P) {
  case CmpInst::FCMP_FALSE:
    return SymOp::FCmpFalse;
  case CmpInst::FCMP_OEQ:
    return SymOp::FCmpOeq;
  case CmpInst::FCMP_OGT:
    return SymOp::FCmpOgt;
  case CmpInst::FCMP_OGE:
    return SymOp::FCmpOge;
  case CmpInst::FCMP_OLT:
    return SymOp::FCmpOlt;
  case CmpInst::FCMP_OLE:
    return SymOp::FCmpOle;
  case CmpInst::FCMP_ONE:
    return SymOp::FCmpOne;
  case CmpInst::FCMP_ORD:
    return SymOp::FCmpOrd;
  case CmpInst::FCMP_UNO:
    return SymOp::FCmpUno;
  case CmpInst::FCMP_UEQ:
    return SymOp::FCmpUeq;
  case CmpInst::FCMP_UGT:
    return SymOp::FCmpUgt;
  case CmpInst::FCMP_UGE:
    return SymOp::FCmpUge;
  case CmpInst::FCMP_ULT:
    return SymOp::FCmpUlt;
  case CmpInst::FCMP_ULE:
    return SymOp::FCmpUle;
  case CmpInst::FCMP_UNE:
    return SymOp::FCmpUne;
  default:
    return SymOp::FCmpTrue;
  }
}

} // namespace

Symbolizer::Symbolizer(Function &F, RuntimeAbi &Abi)
    : F(F), Abi(Abi), DL(F.getParent()->getDataLayout()), FunctionHash(fnv1a(F.getName())) {
  uint32_t Index = 0;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (!isBoundaryProbe(I)) // the same site ids with or without probes
        InstructionIndex[&I] = Index++;
}

void Symbolizer::run() {
  // Reverse post-order visits a definition before every use outside PHI nodes, so operand
  // handles exist when their users are instrumented. Unreachable blocks never run.
  std::vector<Instruction *> Work;
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT)
    for (Instruction &I : *BB)
      if (!isBoundaryProbe(I)) // concrete: what the code compares, not what it computes
        Work.push_back(&I);
  promoteLocalAllocas();
  symbolizeArguments();
  for (Instruction *I : Work)
    visit(*I);
  finalizePHINodes();
  shortCircuit();
}

bool Symbolizer::isTracked(Type *Ty) const {
  if (Ty->isIntegerTy())
    return Ty->getIntegerBitWidth() <= 64;
  return Ty->isPointerTy() || Ty->isFloatTy() || Ty->isDoubleTy();
}

unsigned Symbolizer::bitsOf(Type *Ty) const {
  if (Ty->isPointerTy())
    return DL.getPointerSizeInBits();
  return Ty->getPrimitiveSizeInBits().getFixedSize();
}

bool Symbolizer::isZero(Value *Handle) {
  auto *C = dyn_cast<ConstantInt>(Handle);
  return C && C->isZero();
}

Value *Symbolizer::shadowOf(Value *V) {
  auto It = Shadow.find(V);
  if (It != Shadow.end())
    return It->second;
  return ConstantInt::get(Abi.HandleTy, 0);
}

Value *Symbolizer::concreteBits(IRBuilder<> &IRB, Value *V) {
  Type *Ty = V->getType();
  if (Ty->isPointerTy())
    return IRB.CreatePtrToInt(V, Abi.Int64Ty);
  if (Ty->isFloatTy())
    return IRB.CreateZExt(IRB.CreateBitCast(V, IRB.getInt32Ty()), Abi.Int64Ty);
  if (Ty->isDoubleTy())
    return IRB.CreateBitCast(V, Abi.Int64Ty);
  return IRB.CreateZExtOrBitCast(V, Abi.Int64Ty);
}

Value *Symbolizer::anyNonZero(IRBuilder<> &IRB, ArrayRef<Value *> Handles) {
  Value *Any = nullptr;
  for (Value *H : Handles) {
    if (isZero(H))
      continue;
    Any = Any ? IRB.CreateOr(Any, H) : H;
  }
  assert(Any && "a guard needs a handle that is not constant zero");
  return IRB.CreateICmpNE(Any, ConstantInt::get(Abi.HandleTy, 0));
}

CallInst *Symbolizer::guardedCall(IRBuilder<> &IRB, Value *Condition, FunctionCallee Callee,
                                  ArrayRef<Value *> Args) {
  CallInst *Call = IRB.CreateCall(Callee, Args);
  Guards.push_back({Call, Condition});
  return Call;
}

ConstantInt *Symbolizer::opCode(SymOp Op) {
  return ConstantInt::get(Abi.Int8Ty, static_cast<uint8_t>(Op));
}

uint32_t Symbolizer::siteOf(Instruction &I) {
  auto It = InstructionIndex.find(&I);
  uint32_t Index = It == InstructionIndex.end() ? 0xffffffffu : It->second;
  uint32_t Hash = FunctionHash;
  for (int Shift = 0; Shift < 32; Shift += 8)
    Hash = (Hash ^ ((Index >> Shift) & 0xff)) * 16777619u;
  return Hash;
}

Value *Symbolizer::buildBinary(IRBuilder<> &IRB, SymOp Op, Value *A, Value *B, Value *HA, Value *HB,
                               unsigned Bits) {
  if (isZero(HA) && isZero(HB))
    return ConstantInt::get(Abi.HandleTy, 0);
  Value *Condition = anyNonZero(IRB, {HA, HB});
  return guardedCall(IRB, Condition, Abi.binary,
                     {opCode(Op), HA, HB, concreteBits(IRB, A), concreteBits(IRB, B),
                      ConstantInt::get(Abi.Int16Ty, Bits)});
}

Value *Symbolizer::buildCast(IRBuilder<> &IRB, SymOp Op, Value *A, Value *HA, unsigned From,
                             unsigned To) {
  if (isZero(HA))
    return HA;
  Value *Condition = anyNonZero(IRB, {HA});
  return guardedCall(IRB, Condition, Abi.cast,
                     {opCode(Op), HA, concreteBits(IRB, A), ConstantInt::get(Abi.Int16Ty, From),
                      ConstantInt::get(Abi.Int16Ty, To)});
}

void Symbolizer::visitBinaryOperator(BinaryOperator &I) {
  Type *Ty = I.getType();
  bool Supported = false;
  SymOp Op = binaryOp(I.getOpcode(), Supported);
  if (!Supported || !isTracked(Ty) || Ty->isPointerTy())
    return;
  IRBuilder<> IRB(&I);
  Value *A = I.getOperand(0), *B = I.getOperand(1);
  setShadow(&I, buildBinary(IRB, Op, A, B, shadowOf(A), shadowOf(B), bitsOf(Ty)));
}

void Symbolizer::visitUnaryOperator(UnaryOperator &I) {
  if (I.getOpcode() != Instruction::FNeg || !isTracked(I.getType()))
    return;
  IRBuilder<> IRB(&I);
  unsigned Bits = bitsOf(I.getType());
  Value *A = I.getOperand(0);
  setShadow(&I, buildCast(IRB, SymOp::FNeg, A, shadowOf(A), Bits, Bits));
}

void Symbolizer::visitICmpInst(ICmpInst &I) {
  Value *A = I.getOperand(0), *B = I.getOperand(1);
  if (!isTracked(A->getType()))
    return;
  IRBuilder<> IRB(&I);
  setShadow(&I, buildBinary(IRB, icmpOp(I.getPredicate()), A, B, shadowOf(A), shadowOf(B),
                            bitsOf(A->getType())));
}

void Symbolizer::visitFCmpInst(FCmpInst &I) {
  Value *A = I.getOperand(0), *B = I.getOperand(1);
  if (!isTracked(A->getType()))
    return;
  IRBuilder<> IRB(&I);
  setShadow(&I, buildBinary(IRB, fcmpOp(I.getPredicate()), A, B, shadowOf(A), shadowOf(B),
                            bitsOf(A->getType())));
}

void Symbolizer::visitCastInst(CastInst &I) {
  Type *Src = I.getSrcTy(), *Dst = I.getDestTy();
  if (!isTracked(Src) || !isTracked(Dst))
    return;
  Value *A = I.getOperand(0);
  Value *HA = shadowOf(A);
  if (isZero(HA))
    return;
  IRBuilder<> IRB(&I);
  unsigned From = bitsOf(Src), To = bitsOf(Dst);
  auto resize = [&](SymOp Widen) -> Value * {
    if (From == To)
      return HA;
    return buildCast(IRB, From > To ? SymOp::Trunc : Widen, A, HA, From, To);
  };
  Value *H = nullptr;
  switch (I.getOpcode()) {
  case Instruction::Trunc:
    H = buildCast(IRB, SymOp::Trunc, A, HA, From, To);
    break;
  case Instruction::ZExt:
    H = buildCast(IRB, SymOp::ZExt, A, HA, From, To);
    break;
  case Instruction::SExt:
    H = buildCast(IRB, SymOp::SExt, A, HA, From, To);
    break;
  case Instruction::PtrToInt:
  case Instruction::IntToPtr: // both zero-extend or truncate
    H = resize(SymOp::ZExt);
    break;
  case Instruction::AddrSpaceCast:
    H = HA;
    break;
  case Instruction::BitCast:
    if (Src->isFloatingPointTy() && Dst->isIntegerTy())
      H = buildCast(IRB, SymOp::FloatToBits, A, HA, From, To);
    else if (Src->isIntegerTy() && Dst->isFloatingPointTy())
      H = buildCast(IRB, SymOp::BitsToFloat, A, HA, From, To);
    else
      H = HA;
    break;
  case Instruction::SIToFP:
    H = buildCast(IRB, SymOp::SIToFP, A, HA, From, To);
    break;
  case Instruction::FPToSI:
    H = buildCast(IRB, SymOp::FPToSI, A, HA, From, To);
    break;
  default: // fptoui, uitofp, fptrunc, fpext: no node kinds; concrete
    return;
  }
  setShadow(&I, H);
}

void Symbolizer::visitSelectInst(SelectInst &I) {
  if (!isTracked(I.getType()) || !I.getCondition()->getType()->isIntegerTy(1))
    return;
  Value *C = I.getCondition(), *A = I.getTrueValue(), *B = I.getFalseValue();
  Value *HC = shadowOf(C), *HA = shadowOf(A), *HB = shadowOf(B);
  if (isZero(HC) && isZero(HA) && isZero(HB))
    return;
  IRBuilder<> IRB(&I);
  if (isZero(HC)) { // the choice is concrete: so is the choice of handle
    setShadow(&I, IRB.CreateSelect(C, HA, HB));
    return;
  }
  Value *Condition = anyNonZero(IRB, {HC, HA, HB});
  setShadow(&I,
            guardedCall(IRB, Condition, Abi.select,
                        {HC, HA, HB, IRB.CreateZExt(C, Abi.Int8Ty), concreteBits(IRB, A),
                         concreteBits(IRB, B), ConstantInt::get(Abi.Int16Ty, bitsOf(I.getType())),
                         ConstantInt::get(Abi.Int8Ty, I.getType()->isFloatingPointTy())}));
}

void Symbolizer::visitPHINode(PHINode &I) {
  if (!isTracked(I.getType()))
    return;
  IRBuilder<> IRB(&I);
  PHINode *S = IRB.CreatePHI(Abi.HandleTy, I.getNumIncomingValues());
  PHIs.push_back({&I, S});
  setShadow(&I, S);
}

void Symbolizer::visitFreezeInst(FreezeInst &I) {
  if (isTracked(I.getType()))
    setShadow(&I, shadowOf(I.getOperand(0)));
}

void Symbolizer::visitBranchInst(BranchInst &I) {
  if (!I.isConditional())
    return;
  Value *HC = shadowOf(I.getCondition());
  if (isZero(HC))
    return;
  IRBuilder<> IRB(&I);
  guardedCall(IRB, anyNonZero(IRB, {HC}), Abi.branch,
              {HC, IRB.CreateZExt(I.getCondition(), Abi.Int8Ty),
               ConstantInt::get(Abi.HandleTy, siteOf(I))});
}

void Symbolizer::visitSwitchInst(SwitchInst &I) {
  Value *V = I.getCondition();
  Value *HC = shadowOf(V);
  if (isZero(HC) || I.getNumCases() == 0 || !isTracked(V->getType()))
    return;
  std::vector<Constant *> Cases;
  for (auto &Case : I.cases())
    Cases.push_back(ConstantInt::get(Abi.Int64Ty, Case.getCaseValue()->getZExtValue()));
  auto *TableTy = ArrayType::get(Abi.Int64Ty, Cases.size());
  auto *Table = new GlobalVariable(*F.getParent(), TableTy, true, GlobalValue::PrivateLinkage,
                                   ConstantArray::get(TableTy, Cases), "__unitgen_sym_cases");
  IRBuilder<> IRB(&I);
  guardedCall(IRB, anyNonZero(IRB, {HC}), Abi.switch_,
              {HC, concreteBits(IRB, V), ConstantInt::get(Abi.Int16Ty, bitsOf(V->getType())),
               ConstantInt::get(Abi.HandleTy, siteOf(I)),
               IRB.CreatePointerCast(Table, Abi.BytePtrTy),
               ConstantInt::get(Abi.HandleTy, Cases.size())});
}

void Symbolizer::visitExtractValueInst(ExtractValueInst &I) {
  if (I.getNumIndices() != 1)
    return;
  auto It = AggregateShadow.find({I.getAggregateOperand(), I.getIndices()[0]});
  if (It != AggregateShadow.end())
    setShadow(&I, It->second);
}

void Symbolizer::finalizePHINodes() {
  for (auto [Original, S] : PHIs) {
    bool AllZero = true;
    for (unsigned K = 0; K < Original->getNumIncomingValues(); ++K) {
      Value *H = shadowOf(Original->getIncomingValue(K));
      AllZero &= isZero(H);
      S->addIncoming(H, Original->getIncomingBlock(K));
    }
    if (AllZero) {
      S->replaceAllUsesWith(ConstantInt::get(Abi.HandleTy, 0));
      Shadow.erase(Original);
      S->eraseFromParent();
    }
  }
}

void Symbolizer::shortCircuit() {
  for (const Guard &G : Guards) {
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(G.Condition, G.Call, false);
    BasicBlock *Then = ThenTerm->getParent();
    BasicBlock *Head = Then->getSinglePredecessor();
    BasicBlock *Tail = ThenTerm->getSuccessor(0);
    G.Call->moveBefore(ThenTerm);
    if (G.Call->getType()->isVoidTy())
      continue;
    PHINode *Result = PHINode::Create(G.Call->getType(), 2, "", &Tail->front());
    Result->addIncoming(G.Call, Then);
    Result->addIncoming(Constant::getNullValue(G.Call->getType()), Head);
    G.Call->replaceUsesWithIf(Result, [&](Use &U) { return U.getUser() != Result; });
  }
}

} // namespace unitgen
