// Def/use of fields (by how each member expression is used), call edges and literals of a body.
// GCC 12 warns about a null `this` inside clang's LazyOffsetPtr once RecursiveASTVisitor is
// inlined; that branch runs only for lazily loaded declarations, whose AST source is never null.
#pragma GCC diagnostic ignored "-Wnonnull"

#include "frontend/BodyScanner.h"

#include <cctype>
#include <map>
#include <vector>

#include "frontend/AstUtil.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

namespace unitgen {

namespace {

constexpr unsigned Read = 1, Write = 2, ReadWrite = Read | Write;

/// True for `T&` with a non-const T: the callee or the variable may write through it.
bool isMutableReference(clang::QualType type) {
  return type->isLValueReferenceType() && !type->getPointeeType().isConstQualified();
}

class BodyVisitor : public clang::RecursiveASTVisitor<BodyVisitor> {
public:
  BodyVisitor(const TypeDescriber &names, const clang::SourceManager &sources,
              const clang::ParentMap *parents, BodyFacts &facts, Literals &literals,
              bool constMethod)
      : names_(names), sources_(sources), parents_(parents), facts_(facts), literals_(literals),
        constMethod_(constMethod) {}

  /// `__PRETTY_FUNCTION__` (inside assert) holds a string no test should use.
  bool TraversePredefinedExpr(clang::PredefinedExpr *) { return true; }

  bool VisitMemberExpr(clang::MemberExpr *expr) {
    clang::ValueDecl *member = expr->getMemberDecl();
    if (const auto *field = llvm::dyn_cast<clang::FieldDecl>(member)) {
      if (!parents_ || !isProjectDecl(field->getParent()))
        return true;
      std::string name = names_.qualifiedName(field->getParent()) + "::" + field->getNameAsString();
      unsigned use = classify(expr);
      if (use & Read)
        facts_.reads.insert(name);
      if (use & Write)
        facts_.writes.insert(name);
    } else if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
      addCallee(method);
    }
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *expr) {
    const clang::ValueDecl *decl = expr->getDecl();
    if (const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl))
      addCallee(function);
    else if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl))
      if (!var->isLocalVarDeclOrParm() && isProjectDecl(var))
        BodyScanner::addConstant(var, literals_);
    return true;
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr *expr) {
    addCallee(expr->getConstructor());
    return true;
  }

  bool VisitIntegerLiteral(clang::IntegerLiteral *literal) {
    if (inProject(literal) && literal->getValue().getActiveBits() <= 63)
      literals_.integers.push_back(static_cast<int64_t>(literal->getValue().getZExtValue()));
    return true;
  }

  bool VisitFloatingLiteral(clang::FloatingLiteral *literal) {
    if (inProject(literal))
      literals_.floats.push_back(literal->getValueAsApproximateDouble());
    return true;
  }

  bool VisitStringLiteral(clang::StringLiteral *literal) {
    if (inProject(literal) && literal->getCharByteWidth() == 1)
      literals_.strings.push_back(literal->getString().str());
    return true;
  }

  /// A parser compares characters (`c == '='`); as one-character strings they are the
  /// separators a string argument needs. Only printable ones: a tab or NUL is no token.
  bool VisitCharacterLiteral(clang::CharacterLiteral *literal) {
    if (!inProject(literal))
      return true;
    unsigned value = literal->getValue();
    literals_.integers.push_back(value);
    if (value < 128 && std::isgraph(static_cast<int>(value)))
      literals_.strings.push_back(std::string(1, static_cast<char>(value)));
    return true;
  }

  /// `-1` is a unary minus applied to `1`; the pool wants the negative value as well.
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->getOpcode() != clang::UO_Minus || !inProject(op))
      return true;
    const clang::Expr *operand = op->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *integer = llvm::dyn_cast<clang::IntegerLiteral>(operand)) {
      if (integer->getValue().getActiveBits() <= 63)
        literals_.integers.push_back(-static_cast<int64_t>(integer->getValue().getZExtValue()));
    } else if (const auto *floating = llvm::dyn_cast<clang::FloatingLiteral>(operand)) {
      literals_.floats.push_back(-floating->getValueAsApproximateDouble());
    }
    return true;
  }

private:
  bool inProject(const clang::Expr *expr) const {
    return isProjectLocation(sources_, sources_.getSpellingLoc(expr->getBeginLoc()));
  }

  void addCallee(const clang::FunctionDecl *function) {
    if (!isProjectDecl(function))
      return;
    std::string usr = usrOf(function);
    if (!usr.empty())
      facts_.callees.insert(std::move(usr));
  }

  /// How the field named by `expr` is used: follows the lvalue up through parentheses, subscripts,
  /// member accesses and dereferences of a pointer field, to the operation that consumes it.
  unsigned classify(const clang::Expr *expr) const {
    const clang::Stmt *child = expr;
    bool pointerValue = false; // child is the value of a pointer field, about to be dereferenced
    bool throughPointer = false;
    for (const clang::Stmt *parent = parents_->getParent(child); parent;
         child = parent, parent = parents_->getParent(child)) {
      if (pointerValue) {
        // Writing `store_[i]` or `*store_` changes what the field owns: count it on the field.
        pointerValue = false;
        const auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(parent);
        const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(parent);
        if (subscript ? subscript->getBase() == child
                      : unary && unary->getOpcode() == clang::UO_Deref) {
          throughPointer = true;
          continue;
        }
        return Read;
      }
      unsigned use = useBy(parent, child, pointerValue);
      if (use == 0)
        continue;
      return throughPointer && (use & Write) ? ReadWrite : use;
    }
    return Read;
  }

  /// The use `parent` makes of its operand `child`; 0 when the lvalue passes through unchanged.
  unsigned useBy(const clang::Stmt *parent, const clang::Stmt *child, bool &pointerValue) const {
    if (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::ExprWithCleanups>(parent))
      return 0;
    if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(parent)) {
      switch (cast->getCastKind()) {
      case clang::CK_NoOp:
      case clang::CK_DerivedToBase:
      case clang::CK_UncheckedDerivedToBase:
      case clang::CK_ArrayToPointerDecay:
        return 0;
      case clang::CK_LValueToRValue:
        if (!cast->getType()->isPointerType() || cast->getType()->getPointeeType()->isRecordType())
          return Read;
        pointerValue = true;
        return 0;
      default:
        return Read;
      }
    }
    if (const auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(parent))
      return subscript->getBase() == child ? 0 : Read;
    if (const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(parent)) {
      if (unary->getOpcode() == clang::UO_Deref)
        return 0;
      return unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf ? ReadWrite
                                                                                       : Read;
    }
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(parent)) {
      if (llvm::isa<clang::FieldDecl>(member->getMemberDecl()))
        return member->isArrow() ? Read : 0; // `s_.x = 1` writes s_ as well
      if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(member->getMemberDecl()))
        return method->isConst() || method->isStatic() ? Read : ReadWrite;
      return Read;
    }
    // A template's code: a member of a field whose type depends on the template's arguments
    // (`items_.push_back(v)` with `std::vector<T> items_`) is found only when instantiated.
    if (const auto *dependent = llvm::dyn_cast<clang::CXXDependentScopeMemberExpr>(parent))
      return dependent->isImplicitAccess() || dependent->getBase() != child
                 ? Read
                 : dependentMemberUse(dependent);
    if (const auto *binary = llvm::dyn_cast<clang::BinaryOperator>(parent)) {
      if (binary->getLHS() == child && binary->isAssignmentOp())
        return binary->isCompoundAssignmentOp() ? ReadWrite : Write;
      return Read;
    }
    if (const auto *conditional = llvm::dyn_cast<clang::ConditionalOperator>(parent))
      return conditional->getCond() == child || !conditional->isGLValue() ? Read : 0;
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(parent))
      return useByCall(call, child);
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(parent)) {
      const clang::CXXConstructorDecl *constructor = construct->getConstructor();
      for (unsigned i = 0; i < construct->getNumArgs() && i < constructor->getNumParams(); ++i)
        if (construct->getArg(i) == child)
          return isMutableReference(constructor->getParamDecl(i)->getType()) ? ReadWrite : Read;
      return Read;
    }
    if (const auto *declStmt = llvm::dyn_cast<clang::DeclStmt>(parent))
      return useByDeclaration(declStmt, child);
    return Read;
  }

  /// A member of an object of dependent type: a write unless the method is const (every
  /// method of that name in the template the type names is), or the scanned method is.
  unsigned dependentMemberUse(const clang::CXXDependentScopeMemberExpr *expr) const {
    if (constMethod_)
      return Read;
    clang::QualType base = expr->getBaseType();
    if (expr->isArrow() && base->isPointerType())
      base = base->getPointeeType();
    const auto *specialization = base->getAs<clang::TemplateSpecializationType>();
    const auto *pattern = specialization
                              ? llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(
                                    specialization->getTemplateName().getAsTemplateDecl())
                              : nullptr;
    if (!pattern || !pattern->getTemplatedDecl()->hasDefinition())
      return ReadWrite;
    bool any = false;
    for (const clang::NamedDecl *found :
         pattern->getTemplatedDecl()->getDefinition()->lookup(expr->getMember())) {
      const clang::NamedDecl *decl = found->getUnderlyingDecl();
      if (const auto *function = llvm::dyn_cast<clang::FunctionTemplateDecl>(decl))
        decl = function->getTemplatedDecl();
      const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(decl);
      if (!method || !(method->isConst() || method->isStatic()))
        return ReadWrite;
      any = true;
    }
    return any ? Read : ReadWrite;
  }

  unsigned useByCall(const clang::CallExpr *call, const clang::Stmt *child) const {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    // A call a template's arguments resolve (`std::swap(items_, other.items_)`) may write.
    if (!callee)
      return call->isTypeDependent() && !constMethod_ && call->getCallee() != child ? ReadWrite
                                                                                    : Read;
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      if (call->getArg(i) != child)
        continue;
      unsigned param = i;
      // A member operator receives its left operand as the object, not as a parameter.
      if (llvm::isa<clang::CXXOperatorCallExpr>(call)) {
        if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(callee)) {
          if (i == 0)
            return method->isConst() ? Read : ReadWrite;
          param = i - 1;
        }
      }
      if (param < callee->getNumParams() &&
          isMutableReference(callee->getParamDecl(param)->getType()))
        return ReadWrite;
      return Read;
    }
    return Read;
  }

  /// `T& r = field_;` may write later; a range-for over a field writes when its loop variable is a
  /// mutable reference.
  unsigned useByDeclaration(const clang::DeclStmt *declStmt, const clang::Stmt *child) const {
    for (const clang::Decl *decl : declStmt->decls()) {
      const auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
      if (!var || var->getInit() != child)
        continue;
      if (!var->isImplicit())
        return isMutableReference(var->getType()) ? ReadWrite : Read;
      if (const auto *loop =
              llvm::dyn_cast_or_null<clang::CXXForRangeStmt>(parents_->getParent(declStmt)))
        return isMutableReference(loop->getLoopVariable()->getType()) ? ReadWrite : Read;
    }
    return Read;
  }

  const TypeDescriber &names_;
  const clang::SourceManager &sources_;
  const clang::ParentMap *parents_;
  BodyFacts &facts_;
  Literals &literals_;
  /// The scanned body is a const method's: its fields are const, whatever the code calls.
  bool constMethod_;
};

/// Whether `function` returns only objects it allocates, which its caller may delete through the
/// pointer it gets: every `return` of its body returns a `new` of one object (the returns of
/// lambdas and local classes inside it are theirs, not the function's), of the pointee type
/// itself or of a subclass of a class with a virtual destructor; and there is at least one.
bool returnsOnlyNew(const clang::FunctionDecl *function, const clang::Stmt *body) {
  const clang::QualType pointee = function->getReturnType()->getPointeeType();
  if (pointee.isNull())
    return false;
  const clang::CXXRecordDecl *record = pointee->getAsCXXRecordDecl();
  const bool virtualDestructor = record && record->hasDefinition() && record->getDestructor() &&
                                 record->getDestructor()->isVirtual();
  auto ownable = [&](const clang::Expr *value) {
    const auto *allocation =
        value ? llvm::dyn_cast<clang::CXXNewExpr>(value->IgnoreParenCasts()) : nullptr;
    return allocation && !allocation->isArray() &&
           (virtualDestructor || function->getASTContext().hasSameUnqualifiedType(
                                     allocation->getAllocatedType(), pointee));
  };
  bool any = false, all = true;
  std::vector<const clang::Stmt *> pending = {body};
  while (!pending.empty() && all) {
    const clang::Stmt *stmt = pending.back();
    pending.pop_back();
    if (!stmt || llvm::isa<clang::LambdaExpr>(stmt) || llvm::isa<clang::DeclStmt>(stmt))
      continue; // a lambda's returns, or a local class's methods, are not the function's
    if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(stmt)) {
      const clang::Expr *value = ret->getRetValue();
      any = true;
      all = ownable(value);
      continue;
    }
    for (const clang::Stmt *child : stmt->children())
      pending.push_back(child);
  }
  return any && all;
}

/// The parameters of `function` of type `T **` through which it stores only objects it
/// allocates, which its caller may delete (`*dbptr = impl;` after `DBImpl *impl = new
/// DBImpl(...)`): every store `*param = value` stores null, a `new` of one object, or a local
/// initialised with one; and at least one stores an object (BodyFacts::parametersMadeNew).
/// Those through which it stores some other object go to BodyFacts::parametersMadeOther.
void scanParametersMade(const clang::FunctionDecl *function, const clang::Stmt *body,
                        BodyFacts &facts) {
  struct Stores {
    bool any = false, all = true;
  };
  std::map<const clang::ParmVarDecl *, Stores> stores;
  for (const clang::ParmVarDecl *param : function->parameters())
    if (param->getType()->isPointerType() && param->getType()->getPointeeType()->isPointerType())
      stores[param];
  if (stores.empty())
    return;
  // Deleting through the parameter's type frees the object only if it is of that type or the
  // type's destructor is virtual.
  auto allocated = [&](const clang::Expr *value, const clang::ParmVarDecl *param) {
    const clang::QualType pointee = param->getType()->getPointeeType()->getPointeeType();
    const clang::CXXRecordDecl *record = pointee->getAsCXXRecordDecl();
    const bool virtualDestructor = record && record->hasDefinition() && record->getDestructor() &&
                                   record->getDestructor()->isVirtual();
    value = value->IgnoreParenCasts();
    if (const auto *local = llvm::dyn_cast<clang::DeclRefExpr>(value))
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(local->getDecl()))
        if (var->isLocalVarDecl() && var->getInit())
          value = var->getInit()->IgnoreParenCasts();
    const auto *allocation = llvm::dyn_cast<clang::CXXNewExpr>(value);
    return allocation && !allocation->isArray() &&
           (virtualDestructor || function->getASTContext().hasSameUnqualifiedType(
                                     allocation->getAllocatedType(), pointee));
  };
  std::vector<const clang::Stmt *> pending = {body};
  while (!pending.empty()) {
    const clang::Stmt *stmt = pending.back();
    pending.pop_back();
    if (!stmt || llvm::isa<clang::LambdaExpr>(stmt))
      continue;
    for (const clang::Stmt *child : stmt->children())
      pending.push_back(child);
    const auto *assignment = llvm::dyn_cast<clang::BinaryOperator>(stmt);
    if (!assignment || assignment->getOpcode() != clang::BO_Assign)
      continue;
    const auto *deref = llvm::dyn_cast<clang::UnaryOperator>(assignment->getLHS()->IgnoreParens());
    if (!deref || deref->getOpcode() != clang::UO_Deref)
      continue;
    const auto *target =
        llvm::dyn_cast<clang::DeclRefExpr>(deref->getSubExpr()->IgnoreParenImpCasts());
    const auto *param = target ? llvm::dyn_cast<clang::ParmVarDecl>(target->getDecl()) : nullptr;
    auto found = stores.find(param);
    if (found == stores.end())
      continue;
    const clang::Expr *value = assignment->getRHS();
    if (value->IgnoreParenImpCasts()->isNullPointerConstant(
            function->getASTContext(), clang::Expr::NPC_ValueDependentIsNotNull))
      continue;
    found->second.any = true;
    found->second.all = found->second.all && allocated(value, param);
  }
  for (unsigned i = 0; i < function->getNumParams(); ++i) {
    auto found = stores.find(function->getParamDecl(i));
    if (found == stores.end() || !found->second.any)
      continue;
    (found->second.all ? facts.parametersMadeNew : facts.parametersMadeOther)
        .push_back(static_cast<int>(i));
  }
}

/// The project function a body of one statement, `return f(...);` or `f(...);`, passes the call
/// on to (a method of a member or of `this` too, `impl_->Add(x)`); null for any other body.
const clang::FunctionDecl *forwardedCallee(const clang::Stmt *body) {
  const auto *block = llvm::dyn_cast<clang::CompoundStmt>(body);
  if (!block || block->size() != 1)
    return nullptr;
  const clang::Stmt *statement = block->body_front();
  const clang::Expr *expr = llvm::dyn_cast<clang::Expr>(statement);
  if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(statement))
    expr = ret->getRetValue();
  // Through what returning a value adds: conversions, temporaries, a copy of the result.
  while (expr) {
    expr = expr->IgnoreParenImpCasts();
    if (const auto *cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(expr))
      expr = cleanups->getSubExpr();
    else if (const auto *temporary = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(expr))
      expr = temporary->getSubExpr();
    else if (const auto *bound = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(expr))
      expr = bound->getSubExpr();
    else if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(expr);
             construct && construct->getNumArgs() == 1 &&
             construct->getConstructor()->isCopyOrMoveConstructor())
      expr = construct->getArg(0);
    else
      break;
  }
  const auto *call = llvm::dyn_cast_or_null<clang::CallExpr>(expr);
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  return callee && isProjectDecl(callee) ? callee : nullptr;
}

} // namespace

BodyFacts BodyScanner::scan(const clang::FunctionDecl *function) const {
  BodyFacts facts;
  const clang::SourceManager &sources = function->getASTContext().getSourceManager();
  facts.qualifiedName = names_.qualifiedName(function);
  facts.definition = locationOf(sources, function->getLocation());
  clang::Stmt *body = function->getBody();
  if (!body)
    return facts;
  clang::ParentMap parents(body);
  const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(function);
  BodyVisitor visitor(names_, sources, &parents, facts, facts.literals,
                      method && method->isConst());
  if (const auto *constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(function)) {
    for (const clang::CXXCtorInitializer *init : constructor->inits()) {
      if (const clang::FieldDecl *field = init->getAnyMember())
        if (isProjectDecl(field->getParent()))
          facts.writes.insert(names_.qualifiedName(field->getParent()) +
                              "::" + field->getNameAsString());
      if (clang::Expr *expr = init->getInit()) {
        parents.addStmt(expr);
        visitor.TraverseStmt(expr);
      }
    }
  }
  visitor.TraverseStmt(body);
  facts.returnsNew = returnsOnlyNew(function, body);
  scanParametersMade(function, body, facts);
  if (const clang::FunctionDecl *callee = forwardedCallee(body))
    facts.forwardsTo = usrOf(callee);
  if (method)
    for (const clang::CXXMethodDecl *overridden : method->overridden_methods())
      facts.overrides.push_back(usrOf(overridden));
  return facts;
}

void BodyScanner::scanLiterals(const clang::Expr *expr, const clang::ASTContext &context,
                               Literals &literals) const {
  BodyFacts ignored;
  BodyVisitor visitor(names_, context.getSourceManager(), nullptr, ignored, literals, false);
  visitor.TraverseStmt(const_cast<clang::Expr *>(expr));
}

void BodyScanner::addConstant(const clang::VarDecl *var, Literals &literals) {
  const clang::Expr *init = var->getAnyInitializer();
  if (!init || !(var->isConstexpr() || var->getType().isConstQualified()))
    return;
  if (const auto *string = llvm::dyn_cast<clang::StringLiteral>(init->IgnoreParenImpCasts())) {
    if (string->getCharByteWidth() == 1)
      literals.strings.push_back(string->getString().str());
    return;
  }
  if (init->isValueDependent() || !var->getType()->isArithmeticType())
    return;
  clang::Expr::EvalResult result;
  if (!init->EvaluateAsRValue(result, var->getASTContext()))
    return;
  if (result.Val.isInt()) {
    const llvm::APSInt &value = result.Val.getInt();
    if (value.isSigned() ? value.getMinSignedBits() <= 64 : value.getActiveBits() <= 63)
      literals.integers.push_back(value.getExtValue());
  } else if (result.Val.isFloat()) {
    llvm::APFloat value = result.Val.getFloat();
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    literals.floats.push_back(value.convertToDouble());
  }
}

} // namespace unitgen
