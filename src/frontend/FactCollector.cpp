// Traversal of a TU's project declarations: classes with their public API, free functions, bodies.
// GCC 12 warns about a null `this` inside clang's LazyOffsetPtr once RecursiveASTVisitor is
// inlined; that branch runs only for lazily loaded declarations, whose AST source is never null.
#pragma GCC diagnostic ignored "-Wnonnull"

#include "frontend/FactCollector.h"

#include "frontend/AstUtil.h"
#include "frontend/BodyScanner.h"
#include "frontend/TypeDescriber.h"

#include <clang/AST/CXXInheritance.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Mangle.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

namespace unitgen {

namespace {

/// Why an overloaded operator cannot be called as `receiver OP args`; empty if it can.
/// `operands` counts the receiver.
std::string operatorReason(clang::OverloadedOperatorKind kind, unsigned operands) {
  switch (kind) {
  case clang::OO_Arrow:
  case clang::OO_ArrowStar:
  case clang::OO_New:
  case clang::OO_Delete:
  case clang::OO_Array_New:
  case clang::OO_Array_Delete:
  case clang::OO_Coawait:
    return std::string("operator") + clang::getOperatorSpelling(kind) + " is not supported";
  case clang::OO_PlusPlus:
  case clang::OO_MinusMinus:
    return operands == 2 ? "postfix increment and decrement are not supported; the prefix form is"
                         : "";
  case clang::OO_Amp:
    return operands == 1 ? "overloaded unary operator& is not supported" : "";
  default:
    return "";
  }
}

class Collector : public clang::RecursiveASTVisitor<Collector> {
public:
  Collector(clang::ASTContext &context, clang::Sema &sema)
      : context_(context), sema_(sema), names_(context), scanner_(names_), mangler_(context) {}

  TuCollection result;

  /// Everything outside the project (the standard library above all) is skipped whole.
  bool TraverseDecl(clang::Decl *decl) {
    if (decl && !llvm::isa<clang::TranslationUnitDecl>(decl) && !isProjectDecl(decl))
      return true;
    return clang::RecursiveASTVisitor<Collector>::TraverseDecl(decl);
  }

  bool VisitCXXRecordDecl(clang::CXXRecordDecl *record) {
    // An explicit specialization (`template <> class Stack<bool> {...}`) is written out here;
    // instantiations are found through their template (VisitClassTemplateDecl).
    const auto *specialization = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
    if (!record->isThisDeclarationADefinition() || record->isImplicit() || record->isLambda() ||
        record->isUnion() || record->isLocalClass() || record->isInvalidDecl() ||
        (specialization &&
         (specialization->getSpecializationKind() != clang::TSK_ExplicitSpecialization ||
          !isConcreteSpecialization(record))) ||
        record->getName().empty())
      return true;
    if (record->getDescribedClassTemplate()) {
      RecordFacts facts;
      facts.qualifiedName = names_.qualifiedName(record);
      facts.definition = locationOf(context_.getSourceManager(), record->getLocation());
      facts.isTemplate = true;
      result.records.push_back(std::move(facts));
      return true;
    }
    // A class nested in a class template is a template too: not modelled.
    if (!record->isDependentContext())
      result.records.push_back(collectRecord(record));
    return true;
  }

  /// The specializations of a class template this TU instantiated (`Stack<int>` for a
  /// `Stack<int> s;` somewhere), each a class of its own; their members' bodies are the
  /// template's (usrOf), scanned where the template is defined.
  bool VisitClassTemplateDecl(clang::ClassTemplateDecl *templateDecl) {
    if (!templateDecl->isThisDeclarationADefinition() ||
        templateDecl->getDeclContext()->isDependentContext())
      return true;
    for (clang::ClassTemplateSpecializationDecl *specialization : templateDecl->specializations()) {
      if (specialization->getSpecializationKind() == clang::TSK_ExplicitSpecialization ||
          specialization->getSpecializationKind() == clang::TSK_Undeclared ||
          !specialization->isCompleteDefinition() || specialization->isInvalidDecl() ||
          !isConcreteSpecialization(specialization))
        continue;
      result.records.push_back(collectRecord(specialization));
    }
    return true;
  }

  bool VisitTypeAliasDecl(clang::TypeAliasDecl *alias) {
    if (alias->getName() == kInstantiationAlias)
      if (const clang::CXXRecordDecl *record = projectRecord(alias->getUnderlyingType()))
        result.instantiated = names_.qualifiedName(record);
    return true;
  }

  bool VisitFunctionDecl(clang::FunctionDecl *function) {
    // An instantiation's body is its template's; an explicit specialization has its own.
    const bool instantiated =
        function->isFunctionTemplateSpecialization() &&
        function->getTemplateSpecializationKind() != clang::TSK_ExplicitSpecialization;
    if (function->isInvalidDecl() || instantiated ||
        llvm::isa<clang::CXXDeductionGuideDecl>(function))
      return true;
    if (function->doesThisDeclarationHaveABody()) {
      std::string usr = usrOf(function);
      if (!usr.empty())
        result.bodies.emplace(std::move(usr), scanner_.scan(function));
    }
    if (!llvm::isa<clang::CXXMethodDecl>(function) && function->isFirstDecl() &&
        !function->isFunctionTemplateSpecialization() &&
        function->getDeclContext()->getRedeclContext()->isFileContext() && !function->isMain()) {
      result.functions.push_back(collectFunction(function));
      if (const clang::FunctionTemplateDecl *pattern = function->getDescribedFunctionTemplate())
        collectSpecializations(pattern);
    }
    return true;
  }

  /// The specializations of a function template this TU made (`clip<int>`), each a function
  /// named with its arguments, as a test calls it.
  void collectSpecializations(const clang::FunctionTemplateDecl *pattern) {
    for (const clang::FunctionDecl *specialization : pattern->specializations()) {
      const clang::TemplateArgumentList *arguments =
          specialization->getTemplateSpecializationArgs();
      if (specialization->isInvalidDecl() || !arguments || specialization->isOverloadedOperator() ||
          !names_.spellable(arguments->asArray()))
        continue;
      result.functions.push_back(collectFunction(specialization));
    }
  }

private:
  RecordFacts collectRecord(clang::CXXRecordDecl *record) {
    sema_.ForceDeclarationOfImplicitMembers(record);
    RecordFacts facts;
    facts.qualifiedName = names_.qualifiedName(record);
    if (isConcreteSpecialization(record))
      facts.templateName = names_.templateName(record);
    facts.definition = locationOf(context_.getSourceManager(), record->getLocation());
    facts.hiddenReason = hiddenReason(record);
    facts.abstract = record->isAbstract();

    bool hasMoveConstructor = false;
    for (const clang::CXXConstructorDecl *constructor : record->ctors()) {
      bool usable = !constructor->isDeleted() && constructor->getAccess() == clang::AS_public;
      if (constructor->isCopyConstructor())
        facts.copyable = facts.copyable || usable;
      if (constructor->isMoveConstructor()) {
        hasMoveConstructor = true;
        facts.movable = facts.movable || usable;
      }
    }
    // Without a move constructor, a returned object is copied instead.
    if (!hasMoveConstructor)
      facts.movable = facts.copyable;
    const clang::CXXDestructorDecl *destructor = record->getDestructor();
    facts.destructible =
        !destructor || (!destructor->isDeleted() && destructor->getAccess() == clang::AS_public);

    collectFields(record, facts);
    collectPublicBases(record, facts);
    if (facts.abstract)
      collectMockMethods(record, facts);
    // Declaration order, with the implicit members Sema just declared at the end.
    std::set<clang::DeclarationName> declared;
    for (const clang::Decl *member : record->decls()) {
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(member)) {
        BodyScanner::addConstant(var, facts.constants);
      } else if (const auto *nestedEnum = llvm::dyn_cast<clang::EnumDecl>(member)) {
        for (const clang::EnumConstantDecl *constant : nestedEnum->enumerators())
          facts.constants.integers.push_back(constant->getInitVal().getExtValue());
      } else if (const auto *memberTemplate = llvm::dyn_cast<clang::FunctionTemplateDecl>(member)) {
        declared.insert(memberTemplate->getDeclName());
        if (memberTemplate->getAccess() == clang::AS_public)
          collectMemberTemplate(memberTemplate, facts);
      } else if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
        declared.insert(method->getDeclName());
        if (isApiMethod(method))
          facts.callables.push_back(collectMethod(method, facts, ""));
        else if (!method->isImplicit() && (method->getDeclName().isIdentifier() ||
                                           llvm::isa<clang::CXXConstructorDecl>(method)))
          facts.hiddenOverloads.push_back(
              {llvm::isa<clang::CXXConstructorDecl>(method) ? record->getNameAsString()
                                                            : method->getNameAsString(),
               method->getMinRequiredArguments(), method->getNumParams()});
      }
    }
    collectInherited(record, facts, declared);
    collectFieldSetters(record, facts);
    return facts;
  }

  /// The specializations of a public member template this TU made (`as<bool>`, `get<int>`),
  /// each a callable named with its arguments; the template itself, saying why, when it made
  /// none.
  void collectMemberTemplate(const clang::FunctionTemplateDecl *memberTemplate,
                             RecordFacts &facts) {
    bool any = false, unspellable = false;
    for (const clang::FunctionDecl *specialization : memberTemplate->specializations()) {
      const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(specialization);
      const clang::TemplateArgumentList *arguments =
          specialization->getTemplateSpecializationArgs();
      if (!method || method->isInvalidDecl() || !arguments)
        continue;
      if (!names_.spellable(arguments->asArray())) {
        unspellable = true;
        continue;
      }
      facts.callables.push_back(collectMethod(method, facts, ""));
      facts.callables.back().isSpecialization = true;
      any = true;
    }
    if (!any)
      facts.callables.push_back(collectMethod(
          llvm::cast<clang::CXXMethodDecl>(memberTemplate->getTemplatedDecl()), facts,
          unspellable ? "a member template the project instantiates only with types a test "
                        "cannot name"
                      : "a member template the project never instantiates (unitgen tests the "
                        "specializations its code uses)"));
  }

  /// An assignment per public data member of a value type (a number, `bool`, `char`, an enum,
  /// `std::string`) that is neither const nor static: what a caller sets on a configuration
  /// struct (`leveldb::Options`) before handing it over.
  void collectFieldSetters(const clang::CXXRecordDecl *record, RecordFacts &facts) {
    for (const clang::FieldDecl *field : record->fields()) {
      if (field->getAccess() != clang::AS_public || field->getName().empty() ||
          field->isBitField() || field->getType().isConstQualified() ||
          field->getType()->isReferenceType())
        continue;
      TypeDesc type = names_.describe(field->getType(), false);
      const bool value = type.kind == TypeKind::Bool || type.kind == TypeKind::Char ||
                         type.kind == TypeKind::Integer || type.kind == TypeKind::Enum ||
                         type.kind == TypeKind::Floating ||
                         (type.kind == TypeKind::String && !type.isStringView());
      if (!value || type.passing != Passing::Value)
        continue;
      CallableFacts setter;
      Callable &callable = setter.callable;
      callable.kind = CallableKind::Method;
      callable.owner = facts.qualifiedName;
      callable.name = field->getNameAsString();
      callable.qualifiedName = facts.qualifiedName + "::" + callable.name;
      callable.params.push_back({callable.name, std::move(type), false});
      callable.returnType.kind = TypeKind::Void;
      callable.returnType.spelling = callable.returnType.valueSpelling = "void";
      callable.isFieldSetter = true;
      facts.callables.push_back(std::move(setter));
    }
  }

  /// Whether a subclass can value-initialise an object of `type` to return it (`return {};`).
  static bool defaultResult(clang::QualType type) {
    type = type.getCanonicalType();
    if (type->isVoidType() || type->isScalarType())
      return true;
    const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
    if (!record || !record->hasDefinition() || type->isReferenceType())
      return false;
    for (const clang::CXXConstructorDecl *constructor : record->getDefinition()->ctors())
      if (constructor->getMinRequiredArguments() == 0 && !constructor->isDeleted() &&
          constructor->getAccess() == clang::AS_public)
        return true;
    return false;
  }

  /// The pure virtual methods a mock of the abstract `record` overrides (its final overriders
  /// that are pure), or why no mock can be made.
  void collectMockMethods(clang::CXXRecordDecl *record, RecordFacts &facts) {
    bool constructible = false;
    for (const clang::CXXConstructorDecl *constructor : record->ctors())
      constructible |= constructor->getMinRequiredArguments() == 0 && !constructor->isDeleted() &&
                       constructor->getAccess() != clang::AS_private;
    const clang::CXXDestructorDecl *destructor = record->getDestructor();
    if (!constructible ||
        (destructor && (destructor->isDeleted() || destructor->getAccess() == clang::AS_private))) {
      facts.unmockableReason = "a subclass cannot construct or destroy it";
      return;
    }
    clang::CXXFinalOverriderMap finals;
    record->getFinalOverriders(finals);
    std::set<const clang::CXXMethodDecl *> seen;
    for (const auto &entry : finals)
      for (const auto &subobject : entry.second)
        for (const clang::UniqueVirtualMethod &overrider : subobject.second) {
          const clang::CXXMethodDecl *method = overrider.Method;
          if (!method->isPure() || llvm::isa<clang::CXXDestructorDecl>(method) ||
              !seen.insert(method).second)
            continue;
          const auto *prototype = method->getType()->getAs<clang::FunctionProtoType>();
          if (method->isOverloadedOperator() || !method->getIdentifier() || !prototype ||
              prototype->isVariadic() || method->getRefQualifier() != clang::RQ_None ||
              method->getReturnType()->isDependentType() ||
              !defaultResult(method->getReturnType())) {
            facts.unmockableReason =
                "its pure virtual method " + method->getNameAsString() + " cannot be mocked";
            facts.mockMethods.clear();
            return;
          }
          MockMethod mock;
          mock.name = method->getNameAsString();
          mock.returnSpelling = names_.spell(method->getReturnType());
          for (const clang::ParmVarDecl *param : method->parameters()) {
            mock.paramSpellings.push_back(names_.spell(param->getType()));
            mock.params.push_back(names_.describe(param->getType(), false));
          }
          mock.isConst = method->isConst();
          mock.isNoexcept = prototype->isNothrow();
          // A value the strategies choose for it to return.
          TypeDesc result = names_.describe(method->getReturnType(), true);
          if (result.passing == Passing::Value &&
              (result.isIntegral() || result.kind == TypeKind::Floating ||
               (result.kind == TypeKind::String && !result.isStringView())))
            mock.result = std::move(result);
          facts.mockMethods.push_back(std::move(mock));
        }
    // Deterministic order: as the methods were declared is not what the map gives.
    std::sort(facts.mockMethods.begin(), facts.mockMethods.end(),
              [](const MockMethod &a, const MockMethod &b) {
                return std::tie(a.name, a.paramSpellings) < std::tie(b.name, b.paramSpellings);
              });
  }

  /// The fields of the object: those of its (non-virtual, project) bases first, as laid out in
  /// memory, then its own; a field hides a base field of the same name, as `object.name` does.
  void collectFields(const clang::CXXRecordDecl *record, RecordFacts &facts) {
    for (const clang::CXXBaseSpecifier &base : record->bases()) {
      const clang::CXXRecordDecl *baseRecord = base.getType()->getAsCXXRecordDecl();
      if (base.isVirtual() || !baseRecord || !baseRecord->hasDefinition() ||
          !isProjectDecl(baseRecord))
        continue;
      facts.bases.push_back(names_.qualifiedName(baseRecord->getDefinition()));
      collectFields(baseRecord->getDefinition(), facts);
    }
    const std::string owner = names_.qualifiedName(record);
    const bool own = owner == facts.qualifiedName;
    for (const clang::FieldDecl *field : record->fields()) {
      if (own && field->getType()->isScalarType() && !field->hasInClassInitializer())
        facts.needsInitializing.push_back(owner + "::" + field->getNameAsString());
      Field described = names_.describeField(field);
      facts.fields.erase(std::remove_if(facts.fields.begin(), facts.fields.end(),
                                        [&](const Field &f) { return f.name == described.name; }),
                         facts.fields.end());
      facts.fields.push_back(std::move(described));
      if (field->hasInClassInitializer() || field->getType()->isRecordType())
        facts.implicitlyInitialized.push_back(owner + "::" + field->getNameAsString());
      if (const clang::Expr *init = field->getInClassInitializer())
        scanner_.scanLiterals(init, context_, facts.constants);
    }
  }

  /// RecordFacts::publicBases: the project bases reached through public inheritance only.
  void collectPublicBases(const clang::CXXRecordDecl *record, RecordFacts &facts) {
    std::vector<std::string> reached;
    std::function<void(const clang::CXXRecordDecl *)> walk = [&](const clang::CXXRecordDecl *from) {
      for (const clang::CXXBaseSpecifier &base : from->bases()) {
        const clang::CXXRecordDecl *baseRecord = base.getType()->getAsCXXRecordDecl();
        if (base.getAccessSpecifier() != clang::AS_public || !baseRecord ||
            !baseRecord->hasDefinition() || !isProjectDecl(baseRecord))
          continue;
        reached.push_back(names_.qualifiedName(baseRecord->getDefinition()));
        walk(baseRecord->getDefinition());
      }
    };
    walk(record);
    for (const std::string &base : reached)
      if (std::count(reached.begin(), reached.end(), base) == 1)
        facts.publicBases.push_back(base);
  }

  /// Public members of public bases are part of the API unless the class hides their name.
  void collectInherited(const clang::CXXRecordDecl *record, RecordFacts &facts,
                        std::set<clang::DeclarationName> &hidden) {
    for (const clang::CXXBaseSpecifier &base : record->bases()) {
      const clang::CXXRecordDecl *baseRecord = base.getType()->getAsCXXRecordDecl();
      if (base.getAccessSpecifier() != clang::AS_public || !baseRecord ||
          !baseRecord->hasDefinition())
        continue;
      baseRecord = baseRecord->getDefinition();
      std::set<clang::DeclarationName> baseNames;
      for (const clang::CXXMethodDecl *method : baseRecord->methods()) {
        baseNames.insert(method->getDeclName());
        if (!llvm::isa<clang::CXXConstructorDecl>(method) && !hidden.count(method->getDeclName()) &&
            isApiMethod(method))
          facts.callables.push_back(collectMethod(method, facts, ""));
      }
      std::set<clang::DeclarationName> below = hidden;
      below.insert(baseNames.begin(), baseNames.end());
      collectInherited(baseRecord, facts, below);
    }
  }

  /// Public, not deleted, and not a special member that the model describes by flags instead.
  /// A user-written copy constructor or copy assignment is code to test (deep copies,
  /// self-assignment), so it is a callable; compiler-generated ones and moves are not.
  static bool isApiMethod(const clang::CXXMethodDecl *method) {
    if (method->isDeleted() || method->getAccess() != clang::AS_public ||
        llvm::isa<clang::CXXDestructorDecl>(method) || method->isMoveAssignmentOperator())
      return false;
    bool userWritten = !method->isImplicit() && !method->isDefaulted();
    if (method->isCopyAssignmentOperator())
      return userWritten;
    const auto *constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(method);
    if (constructor && constructor->isMoveConstructor())
      return false;
    return !constructor || !constructor->isCopyConstructor() || userWritten;
  }

  void describeSignature(const clang::FunctionDecl *function, Callable &callable,
                         unsigned firstParam) {
    for (unsigned i = firstParam; i < function->getNumParams(); ++i) {
      const clang::ParmVarDecl *param = function->getParamDecl(i);
      TypeDesc type = names_.describe(param->getType(), false);
      std::optional<TypeDesc> size =
          param->getType()->isPointerType() ? lengthAfter(function, i) : std::nullopt;
      if (size)
        if (std::optional<TypeDesc> array = names_.describeArray(param->getType())) {
          type = std::move(*array);
          if (type.isSupported()) { // the length is the array's size (TypeKind::ArraySize)
            const clang::ParmVarDecl *length = function->getParamDecl(i + 1);
            callable.params.push_back(
                {parameterName(param, i), std::move(type), param->hasDefaultArg()});
            callable.params.push_back(
                {parameterName(length, i + 1), std::move(*size), length->hasDefaultArg()});
            ++i;
            continue;
          }
        }
      // A parameter unitgen cannot pass but a call may leave out (`XMLPrinter(FILE *file = 0,
      // bool compact = false)`): calls take its default, and the defaults of those after it.
      if (!type.isSupported() && param->hasDefaultArg())
        break;
      callable.params.push_back({parameterName(param, i), std::move(type), param->hasDefaultArg()});
    }
    if (llvm::isa<clang::CXXConstructorDecl>(function)) {
      callable.returnType.kind = TypeKind::Void;
      callable.returnType.spelling = callable.returnType.valueSpelling = "void";
    } else {
      callable.returnType = names_.describe(function->getReturnType(), true);
    }
    describeMadeObject(callable);
    if (const auto *proto = function->getType()->getAs<clang::FunctionProtoType>()) {
      // Implicit special members compute their exception specification only on demand.
      if (clang::isUnresolvedExceptionSpec(proto->getExceptionSpecType()))
        proto = sema_.ResolveExceptionSpec(function->getLocation(), proto);
      callable.isNoexcept = proto && proto->isNothrow();
    }
  }

  /// The parameter's name, or `arg<n>` for one without.
  static std::string parameterName(const clang::ParmVarDecl *param, unsigned index) {
    std::string name = param->getNameAsString();
    return name.empty() ? "arg" + std::to_string(index + 1) : name;
  }

  /// Parameter `index + 1` as the length of pointer parameter `index` (TypeKind::ArraySize)
  /// when it is one: an integer passed by value whose name says so (`size_t n`, `int count`).
  std::optional<TypeDesc> lengthAfter(const clang::FunctionDecl *function, unsigned index) {
    if (index + 1 >= function->getNumParams())
      return std::nullopt;
    const clang::ParmVarDecl *length = function->getParamDecl(index + 1);
    if (!isLengthName(length->getNameAsString()))
      return std::nullopt;
    TypeDesc type = names_.describe(length->getType(), false);
    if (type.kind != TypeKind::Integer || type.passing != Passing::Value)
      return std::nullopt;
    type.kind = TypeKind::ArraySize;
    return type;
  }

  /// A `T **` parameter (TypeKind::MadeObject) is how the call makes its object
  /// (Callable::madeThrough): its result is that object, as a factory's `T *`, and what it
  /// returns is kept aside. One object per call: a constructor makes its own, and a second such
  /// parameter is not supported.
  static void describeMadeObject(Callable &callable) {
    for (size_t i = 0; i < callable.params.size(); ++i) {
      TypeDesc &type = callable.params[i].type;
      if (type.kind != TypeKind::MadeObject)
        continue;
      if (callable.kind == CallableKind::Constructor || callable.madeThrough >= 0) {
        type.kind = TypeKind::Unsupported;
        type.unsupportedReason =
            callable.kind == CallableKind::Constructor
                ? "a constructor that makes a second object through a parameter is not supported"
                : "a call that makes two objects through parameters is not supported";
        continue;
      }
      callable.madeThrough = static_cast<int>(i);
      callable.madeReturn = std::move(callable.returnType);
      callable.returnType = TypeDesc{};
      callable.returnType.kind = TypeKind::Class;
      callable.returnType.passing = Passing::Pointer;
      callable.returnType.className = type.className;
      callable.returnType.valueSpelling = type.valueSpelling;
      callable.returnType.spelling = type.valueSpelling + "*";
    }
  }

  CallableFacts collectMethod(const clang::CXXMethodDecl *method, const RecordFacts &owner,
                              std::string reason) {
    CallableFacts facts;
    Callable &callable = facts.callable;
    callable.owner = owner.qualifiedName;
    callable.name = method->getNameAsString();
    // A member template's specialization is called with its arguments (`value.as<bool>()`); a
    // constructor's are deduced.
    if (const clang::TemplateArgumentList *arguments = method->getTemplateSpecializationArgs())
      if (!llvm::isa<clang::CXXConstructorDecl>(method) && !method->isOverloadedOperator())
        callable.name += names_.templateArguments(arguments->asArray());
    callable.qualifiedName = names_.qualifiedName(method);
    if (llvm::isa<clang::CXXConstructorDecl>(method))
      callable.kind = CallableKind::Constructor;
    else if (method->isStatic())
      callable.kind = CallableKind::StaticMethod;
    else if (method->isOverloadedOperator())
      callable.kind = CallableKind::Operator;
    else
      callable.kind = CallableKind::Method;
    callable.isConst = method->isConst();
    callable.symbols = symbolsOf(method);
    describeSignature(method, callable, 0);
    facts.usr = usrOf(method);
    facts.isImplicit = method->isImplicit();
    if (reason.empty() && method->isVariadic())
      reason = "variadic functions are not supported";
    if (reason.empty() && method->getRefQualifier() == clang::RQ_RValue)
      reason = "methods callable only on rvalues (&&) are not supported yet";
    if (reason.empty() && llvm::isa<clang::CXXConversionDecl>(method))
      reason = "conversion operators are not supported yet";
    if (reason.empty() && method->isOverloadedOperator())
      reason = operatorReason(method->getOverloadedOperator(), method->getNumParams() + 1);
    if (reason.empty() && marksInternal(commentAbove(method)))
      reason = "its comment marks it internal, not for callers";
    facts.reason = std::move(reason);
    return facts;
  }

  FunctionFacts collectFunction(const clang::FunctionDecl *function) {
    FunctionFacts facts;
    Callable &callable = facts.callable.callable;
    callable.kind = CallableKind::FreeFunction;
    callable.name = function->getNameAsString();
    if (const clang::TemplateArgumentList *arguments = function->getTemplateSpecializationArgs())
      callable.name += names_.templateArguments(arguments->asArray());
    callable.qualifiedName = names_.qualifiedName(function);
    callable.symbols = symbolsOf(function);
    facts.callable.usr = usrOf(function);
    facts.isTemplate = function->getDescribedFunctionTemplate() != nullptr;
    facts.declaration = locationOf(context_.getSourceManager(), function->getLocation());
    if (!function->isExternallyVisible())
      facts.hiddenReason =
          "has internal linkage (static or in an anonymous namespace), so tests cannot call it";
    std::string &reason = facts.callable.reason;
    if (facts.isTemplate)
      reason = "function template: the instantiations the project uses are listed as functions";
    else if (function->isVariadic())
      reason = "variadic functions are not supported";

    // `a == b` with a free operator== reads like the member form: the first operand is the
    // receiver, so both forms reach the harness as one kind of callable.
    if (function->isOverloadedOperator() && function->getNumParams() > 0) {
      callable.kind = CallableKind::Operator;
      TypeDesc first = names_.describe(function->getParamDecl(0)->getType(), false);
      if (const clang::CXXRecordDecl *record =
              projectRecord(function->getParamDecl(0)->getType().getNonReferenceType()))
        facts.operandRecord = names_.qualifiedName(record);
      if (first.kind != TypeKind::Class ||
          (first.passing != Passing::Value && first.passing != Passing::ConstReference &&
           first.passing != Passing::Reference)) {
        if (reason.empty())
          reason = "free operators are supported only when their first operand is a class of the "
                   "project";
      } else {
        callable.owner = first.className;
        callable.isConst = first.passing != Passing::Reference;
      }
      if (reason.empty())
        reason = operatorReason(function->getOverloadedOperator(), function->getNumParams());
      describeSignature(function, callable, 1);
      return facts;
    }
    describeSignature(function, callable, 0);
    return facts;
  }

  /// The linker's names of `function`: both of a constructor's, none of a dependent template's.
  std::vector<std::string> symbolsOf(const clang::FunctionDecl *function) {
    if (function->isDependentContext())
      return {};
    if (llvm::isa<clang::CXXConstructorDecl>(function))
      return mangler_.getAllManglings(function);
    return {mangler_.getName(function)};
  }

  clang::ASTContext &context_;
  clang::Sema &sema_;
  TypeDescriber names_;
  BodyScanner scanner_;
  clang::ASTNameGenerator mangler_;
};

} // namespace

TuCollection collectFacts(clang::ASTContext &context, clang::Sema &sema) {
  Collector collector(context, sema);
  collector.TraverseDecl(context.getTranslationUnitDecl());
  return std::move(collector.result);
}

} // namespace unitgen
