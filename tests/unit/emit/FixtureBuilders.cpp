// FixtureBuilders: TypeDescs as the frontend fills them, and step-by-step model and test builders.
#include "FixtureBuilders.h"

#include <utility>

namespace unitgen::fixtures {

TypeDesc voidType() {
  TypeDesc type;
  type.kind = TypeKind::Void;
  type.spelling = type.valueSpelling = "void";
  return type;
}

TypeDesc boolType() {
  TypeDesc type;
  type.kind = TypeKind::Bool;
  type.spelling = type.valueSpelling = "bool";
  return type;
}

TypeDesc intType(int bits, bool isSigned, const std::string &spelling) {
  TypeDesc type;
  type.kind = TypeKind::Integer;
  type.bits = bits;
  type.isSigned = isSigned;
  type.spelling = type.valueSpelling = spelling;
  return type;
}

TypeDesc charType() {
  TypeDesc type;
  type.kind = TypeKind::Char;
  type.bits = 8;
  type.isSigned = true;
  type.spelling = type.valueSpelling = "char";
  return type;
}

TypeDesc doubleType() {
  TypeDesc type;
  type.kind = TypeKind::Floating;
  type.bits = 64;
  type.spelling = type.valueSpelling = "double";
  return type;
}

TypeDesc floatType() {
  TypeDesc type = doubleType();
  type.bits = 32;
  type.spelling = type.valueSpelling = "float";
  return type;
}

TypeDesc stringType(Passing passing) {
  TypeDesc type;
  type.kind = TypeKind::String;
  type.passing = passing;
  type.valueSpelling = "std::string";
  type.spelling = passing == Passing::ConstReference ? "const std::string &" : "std::string";
  return type;
}

TypeDesc cstringType() {
  TypeDesc type;
  type.kind = TypeKind::CString;
  type.spelling = type.valueSpelling = "const char *";
  return type;
}

TypeDesc optionalType(const TypeDesc &element) {
  TypeDesc type;
  type.kind = TypeKind::Optional;
  type.spelling = type.valueSpelling = "std::optional<" + element.valueSpelling + ">";
  type.elements = {element};
  return type;
}

TypeDesc containerType(const std::string &name, const std::vector<TypeDesc> &elements,
                       Passing passing) {
  TypeDesc type;
  type.kind = TypeKind::Container;
  type.container = name;
  type.passing = passing;
  std::string spelled;
  for (const TypeDesc &element : elements)
    spelled += (spelled.empty() ? "" : ", ") + element.valueSpelling;
  type.valueSpelling = "std::" + name + "<" + spelled + ">";
  type.spelling = passing == Passing::ConstReference ? "const " + type.valueSpelling + "&"
                  : passing == Passing::Reference    ? type.valueSpelling + "&"
                  : passing == Passing::Pointer      ? type.valueSpelling + "*"
                                                     : type.valueSpelling;
  type.elements = elements;
  return type;
}

TypeDesc classType(const std::string &name, Passing passing) {
  TypeDesc type;
  type.kind = TypeKind::Class;
  type.passing = passing;
  type.className = type.valueSpelling = name;
  switch (passing) {
  case Passing::Reference:
    type.spelling = name + " &";
    break;
  case Passing::ConstReference:
    type.spelling = "const " + name + " &";
    break;
  case Passing::Pointer:
    type.spelling = name + " *";
    break;
  case Passing::ConstPointer:
    type.spelling = "const " + name + " *";
    break;
  case Passing::UniquePtr:
    type.spelling = "std::unique_ptr<" + name + ">";
    break;
  default:
    type.spelling = name;
  }
  return type;
}

TypeDesc enumType(const std::string &name,
                  const std::vector<std::pair<std::string, int64_t>> &enumerators) {
  TypeDesc type;
  type.kind = TypeKind::Enum;
  type.spelling = type.valueSpelling = name;
  type.enumerators = enumerators;
  return type;
}

Parameter param(const std::string &name, const TypeDesc &type) { return {name, type}; }

ModelBuilder::ModelBuilder(const std::string &target, bool isFunction) {
  model_.target = target;
  model_.targetIsFunction = isFunction;
}

ModelBuilder &ModelBuilder::source(const std::string &path,
                                   const std::vector<std::string> &arguments) {
  SourceFile file;
  file.path = path;
  file.directory = path.substr(0, path.rfind('/'));
  file.arguments = arguments;
  model_.sources.push_back(file);
  return *this;
}

ModelBuilder &ModelBuilder::include(const std::string &spelling) {
  model_.includeSpellings.push_back(spelling);
  return *this;
}

ModelBuilder &ModelBuilder::classInfo(const std::string &name, const std::string &header,
                                      const std::string &includeSpelling,
                                      const std::string &invariant) {
  ClassInfo info;
  info.qualifiedName = name;
  info.header = header;
  info.includeSpelling = includeSpelling;
  info.isApi = true;
  info.invariant = invariant;
  model_.classes.push_back(info);
  return *this;
}

ModelBuilder &ModelBuilder::hiddenOverload(const std::string &owner, HiddenOverload overload) {
  for (ClassInfo &info : model_.classes)
    if (info.qualifiedName == owner)
      info.hiddenOverloads.push_back(std::move(overload));
  return *this;
}

int ModelBuilder::add(Callable callable) {
  callable.id = static_cast<int>(model_.callables.size());
  size_t colon = callable.qualifiedName.rfind("::");
  if (callable.name.empty())
    callable.name = colon == std::string::npos ? callable.qualifiedName
                                               : callable.qualifiedName.substr(colon + 2);
  for (ClassInfo &info : model_.classes)
    if (info.qualifiedName == callable.owner)
      info.callables.push_back(callable.id);
  if (callable.returnType.kind == TypeKind::Unsupported)
    callable.returnType = voidType();
  model_.callables.push_back(callable);
  return callable.id;
}

int ModelBuilder::constructor(const std::string &owner, std::vector<Parameter> params) {
  Callable callable;
  callable.kind = CallableKind::Constructor;
  callable.owner = owner;
  size_t colon = owner.rfind("::");
  callable.name = colon == std::string::npos ? owner : owner.substr(colon + 2);
  callable.qualifiedName = owner + "::" + callable.name;
  callable.params = std::move(params);
  return add(callable);
}

int ModelBuilder::method(const std::string &owner, const std::string &name,
                         std::vector<Parameter> params, const TypeDesc &returnType, bool isConst) {
  Callable callable;
  callable.kind = CallableKind::Method;
  callable.owner = owner;
  callable.name = name;
  callable.qualifiedName = owner + "::" + name;
  callable.params = std::move(params);
  callable.returnType = returnType;
  callable.isConst = isConst;
  callable.isInvariant = name == "repOK";
  callable.isObserver = isConst && callable.params.empty() && !callable.isInvariant;
  return add(callable);
}

int ModelBuilder::staticMethod(const std::string &owner, const std::string &name,
                               std::vector<Parameter> params, const TypeDesc &returnType) {
  Callable callable;
  callable.kind = CallableKind::StaticMethod;
  callable.owner = owner;
  callable.name = name;
  callable.qualifiedName = owner + "::" + name;
  callable.params = std::move(params);
  callable.returnType = returnType;
  return add(callable);
}

int ModelBuilder::op(const std::string &owner, const std::string &symbol,
                     std::vector<Parameter> params, const TypeDesc &returnType) {
  Callable callable;
  callable.kind = CallableKind::Operator;
  callable.owner = owner;
  callable.name = "operator" + symbol;
  callable.qualifiedName = owner + "::" + callable.name;
  callable.params = std::move(params);
  callable.returnType = returnType;
  callable.isConst = true;
  return add(callable);
}

int ModelBuilder::function(const std::string &qualifiedName, std::vector<Parameter> params,
                           const TypeDesc &returnType) {
  Callable callable;
  callable.kind = CallableKind::FreeFunction;
  callable.qualifiedName = qualifiedName;
  callable.params = std::move(params);
  callable.returnType = returnType;
  return add(callable);
}

Argument lit(Value value) { return Argument::of(std::move(value)); }
Argument var(int statement) { return Argument::var(statement); }

namespace {

Statement statementOf(int callable, int receiver, std::vector<Argument> args) {
  Statement statement;
  statement.callable = callable;
  statement.receiver = receiver;
  statement.args = std::move(args);
  return statement;
}

} // namespace

TestBuilder &TestBuilder::call(int callable, int receiver, std::vector<Argument> args) {
  test_.sequence.statements.push_back(statementOf(callable, receiver, std::move(args)));
  CallOutcome outcome;
  outcome.status = CallStatus::Returned;
  outcome.producedObject = true;
  test_.calls.push_back(outcome);
  return *this;
}

TestBuilder &TestBuilder::returns(int callable, int receiver, std::vector<Argument> args,
                                  Value value) {
  test_.sequence.statements.push_back(statementOf(callable, receiver, std::move(args)));
  CallOutcome outcome;
  outcome.status = CallStatus::Returned;
  outcome.hasValue = true;
  outcome.value = std::move(value);
  test_.calls.push_back(outcome);
  return *this;
}

TestBuilder &TestBuilder::leaves(int parameter, Value value) {
  test_.calls.back().outputs.push_back({parameter, std::move(value)});
  return *this;
}

TestBuilder &TestBuilder::produces(bool object) {
  test_.calls.back().producedObject = object;
  test_.calls.back().producedNull = !object;
  return *this;
}

TestBuilder &TestBuilder::callsBack(int slot, int64_t calls, int object,
                                    std::vector<std::vector<std::optional<Value>>> arguments) {
  test_.calls.back().callbacks.push_back({slot, object, calls, std::move(arguments)});
  return *this;
}

TestBuilder &TestBuilder::throws(int callable, int receiver, std::vector<Argument> args,
                                 const std::string &exceptionType) {
  test_.sequence.statements.push_back(statementOf(callable, receiver, std::move(args)));
  CallOutcome outcome;
  outcome.status = CallStatus::Threw;
  outcome.exceptionType = exceptionType;
  outcome.exceptionMessage = "recorded message";
  test_.calls.push_back(outcome);
  return *this;
}

TestBuilder &TestBuilder::fails(int callable, int receiver, std::vector<Argument> args,
                                FailureKind kind, const std::string &detail,
                                const std::string &observed) {
  test_.failure.kind = kind;
  test_.failure.statement = static_cast<int>(test_.sequence.size());
  test_.failure.detail = detail;
  test_.observed = observed;
  test_.sequence.statements.push_back(statementOf(callable, receiver, std::move(args)));
  CallOutcome outcome;
  outcome.status = CallStatus::Failed;
  test_.calls.push_back(outcome);
  return *this;
}

TestBuilder &TestBuilder::failsAfter(FailureKind kind, const std::string &detail) {
  test_.failure.kind = kind;
  test_.failure.statement = static_cast<int>(test_.sequence.size()) - 1;
  test_.failure.detail = detail;
  return *this;
}

TestBuilder &TestBuilder::theory(const std::string &name, int object) {
  test_.failure.theory = name;
  test_.failure.object = object;
  return *this;
}

TestBuilder &TestBuilder::observe(int variable, int callable, Value value) {
  ObserverValue observer;
  observer.variable = variable;
  observer.callable = callable;
  observer.value = std::move(value);
  test_.observers.push_back(observer);
  return *this;
}

TestBuilder &TestBuilder::observeThrow(int variable, int callable,
                                       const std::string &exceptionType) {
  ObserverValue observer;
  observer.variable = variable;
  observer.callable = callable;
  observer.status = CallStatus::Threw;
  observer.exceptionType = exceptionType;
  test_.observers.push_back(observer);
  return *this;
}

TestBuilder &TestBuilder::goal(const std::string &key) {
  test_.goals.push_back(key);
  return *this;
}

} // namespace unitgen::fixtures
