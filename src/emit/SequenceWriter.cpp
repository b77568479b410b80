// Statement writing: variables for produced objects, call syntax per callable kind, assertions.
#include "emit/SequenceWriter.h"

#include "emit/LiteralPrinter.h"
#include "emit/MockWriter.h"
#include "model/Constness.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdint>
#include <set>

namespace unitgen {
namespace {

/// Whether a variable held so points to its object.
bool indirect(Holder holder) {
  return holder == Holder::Pointer || holder == Holder::UniquePtr || holder == Holder::SharedPtr;
}

/// What a test passes for length parameter `position` (TypeKind::ArraySize): the number of
/// elements of the array before it.
size_t arraySizeOf(const Statement &statement, size_t position) {
  const Argument *array = position > 0 ? &statement.args[position - 1] : nullptr;
  return array && array->kind == Argument::Kind::Literal ? array->literal.items.size() : 0;
}

std::set<std::string> reservedNames(const ClassModel &model) {
  // A local must not shadow what the test names without qualification: global free functions
  // and classes (a class `stack` would otherwise give a variable `stack`).
  std::set<std::string> reserved;
  for (const ClassInfo &info : model.classes)
    reserved.insert(unqualifiedName(info.qualifiedName));
  for (const Callable &callable : model.callables)
    if (callable.kind == CallableKind::FreeFunction &&
        callable.qualifiedName.find("::") == std::string::npos)
      reserved.insert(callable.name);
  return reserved;
}

/// The operator symbol of `operator==`, `operator[]`; a type for conversion operators.
std::string operatorSymbol(const std::string &name) {
  std::string symbol = name.substr(8);
  while (!symbol.empty() && symbol.front() == ' ')
    symbol.erase(symbol.begin());
  return symbol;
}

/// Whether the test owns a call's pointer result (a factory's new object,
/// Callable::returnsOwned) and may delete it, as the driver does.
bool ownsResult(const ClassModel &model, const Callable &callable) {
  const ClassInfo *info = model.findClass(callable.returnType.className);
  return callable.returnsOwned && info && info->destructible;
}

/// `*x` must be parenthesized before a postfix operator: `(*x)[3]`.
std::string postfixOperand(const std::string &operand) {
  return operand.rfind('*', 0) == 0 ? "(" + operand + ")" : operand;
}

std::string declaredClass(const TypeDesc &type) {
  return type.className.empty() ? valueTypeName(type) : type.className;
}

} // namespace

std::string nameableException(const std::string &type) {
  if (type.empty() || type.find('(') != std::string::npos || type.find('{') != std::string::npos ||
      type.find('\'') != std::string::npos)
    return "std::exception";
  return type;
}

SequenceWriter::SequenceWriter(const ClassModel &model, const TestCase &test, int last, Mode mode,
                               CodeBlock &body)
    : model_(model), test_(test), last_(last), mode_(mode), body_(body),
      scope_(reservedNames(model)) {
  const size_t size = test.sequence.size();
  needsVariable_.assign(size, mode == Mode::Failure);
  variables_.resize(size);
  // An object the test owns lives to the end of the test, as it did in the driver: its
  // destructor runs at the same point.
  for (size_t i = 0; i < size; ++i) {
    const TypeDesc &type = model.callables[test.sequence.statements[i].callable].returnType;
    if (type.passing == Passing::Value || type.passing == Passing::RvalueReference ||
        type.passing == Passing::UniquePtr || type.passing == Passing::SharedPtr)
      needsVariable_[i] = needsVariable_[i] || type.kind == TypeKind::Class;
  }
  auto use = [&](int index) {
    if (index >= 0 && static_cast<size_t>(index) < size)
      needsVariable_[index] = true;
  };
  for (int i = 0; i <= last_ && static_cast<size_t>(i) < size; ++i) {
    if (outcome(i).status == CallStatus::NotRun)
      continue;
    const Statement &statement = test.sequence.statements[i];
    use(statement.receiver);
    for (const Argument &arg : statement.args)
      if (arg.kind == Argument::Kind::Variable)
        use(arg.variable);
  }
  if (mode == Mode::Regression)
    for (const ObserverValue &observer : test.observers)
      use(observer.variable);
}

CallOutcome SequenceWriter::outcome(int index) const {
  if (static_cast<size_t>(index) < test_.calls.size())
    return test_.calls[index];
  CallOutcome returned; // a suite without replay outcomes: nothing to assert
  returned.status = CallStatus::Returned;
  return returned;
}

const ObjectVariable *SequenceWriter::variable(int index) const {
  if (index < 0 || static_cast<size_t>(index) >= variables_.size() ||
      variables_[index].name.empty())
    return nullptr;
  return &variables_[index];
}

std::vector<int> SequenceWriter::variables() const { return order_; }

std::string SequenceWriter::object(int index) const {
  const ObjectVariable *var = variable(index);
  assert(var && "an object used before a statement produced it");
  return indirect(var->holder) ? "*" + var->name : var->name;
}

std::string SequenceWriter::member(int index) const {
  const ObjectVariable *var = variable(index);
  assert(var && "a receiver used before a statement produced it");
  return var->name + (indirect(var->holder) ? "->" : ".");
}

std::string SequenceWriter::memberFor(int index, const Callable &callable) const {
  // The const one of a const/non-const pair, as the driver called it (model/Constness.h).
  if (needsConstReceiver(model_, callable))
    return "std::as_const(" + object(index) + ").";
  return member(index);
}

bool SequenceWriter::overloaded(const Callable &callable) const {
  // Unsupported overloads take part in overload resolution too, static members with the
  // others, and so do the members the model leaves out (a private one).
  auto method = [](CallableKind kind) {
    return kind == CallableKind::Method || kind == CallableKind::StaticMethod;
  };
  for (const Callable &other : model_.callables)
    if (other.id != callable.id &&
        (other.kind == callable.kind || (method(other.kind) && method(callable.kind))) &&
        other.qualifiedName == callable.qualifiedName &&
        other.params.size() == callable.params.size())
      return true;
  const ClassInfo *owner = callable.owner.empty() ? nullptr : model_.findClass(callable.owner);
  if (owner)
    for (const HiddenOverload &hidden : owner->hiddenOverloads)
      if (hidden.name == callable.name && hidden.minParams <= callable.params.size() &&
          callable.params.size() <= hidden.maxParams)
        return true;
  return false;
}

bool SequenceWriter::objectsAvailable(const Statement &statement) const {
  const Callable &callable = model_.callables[statement.callable];
  if (callable.needsReceiver() && !variable(statement.receiver))
    return false;
  for (const Argument &arg : statement.args)
    if (arg.kind == Argument::Kind::Variable && !variable(arg.variable))
      return false;
  return true;
}

bool SequenceWriter::producesObject(int index) const {
  const Callable &callable = model_.callables[test_.sequence.statements[index].callable];
  if (callable.kind == CallableKind::Constructor)
    return true;
  const CallOutcome result = outcome(index);
  return callable.returnType.kind == TypeKind::Class && !result.producedNull &&
         (result.status == CallStatus::Returned || result.status == CallStatus::Failed);
}

Code SequenceWriter::argument(const Statement &statement, size_t position, bool exact) {
  const Callable &callable = model_.callables[statement.callable];
  const Argument &arg = statement.args[position];
  TypeDesc type;
  std::string paramName;
  if (position < callable.params.size()) {
    type = callable.params[position].type;
    paramName = callable.params[position].name;
  }
  if (arg.kind == Argument::Kind::Variable) {
    const ObjectVariable *var = variable(arg.variable);
    switch (type.passing) {
    case Passing::Pointer:
    case Passing::ConstPointer:
      if (var->holder == Holder::Pointer)
        return Code::leaf(var->name);
      if (var->holder == Holder::UniquePtr || var->holder == Holder::SharedPtr)
        return Code::leaf(var->name + ".get()");
      return Code::leaf("&" + var->name);
    case Passing::SharedPtr: // the object shared, or a shared copy (Runner::shared)
      if (var->holder == Holder::SharedPtr)
        return Code::leaf(var->name);
      return Code::leaf("std::make_shared<" + var->className + ">(" + object(arg.variable) + ")");
    case Passing::UniquePtr:
      if (var->holder == Holder::UniquePtr)
        return Code::leaf("std::move(" + var->name + ")");
      return Code::leaf("std::make_unique<" + var->className + ">(" + object(arg.variable) + ")");
    case Passing::RvalueReference:
      return Code::leaf("std::move(" + object(arg.variable) + ")");
    default:
      return Code::leaf(object(arg.variable));
    }
  }
  const Value &value = arg.literal;
  if (type.kind == TypeKind::ArraySize) // the array's size, as the driver passed it
    return Code::leaf(std::to_string(arraySizeOf(statement, position)));
  if (type.kind == TypeKind::Array)
    return arrayArgument(statement, position);
  if (type.isOutParameter())
    return outArgument(statement, position);
  if (type.kind == TypeKind::MadeObject) { // `leveldb::DB *db = nullptr;`, passed as `&db`
    madeLocal_ = scope_.declare(lowerCamel(unqualifiedName(type.className)));
    body_.assignment(type.valueSpelling + " *" + madeLocal_, Code::leaf("nullptr"));
    return Code::leaf("&" + madeLocal_);
  }
  if (type.kind == TypeKind::Callback && value.kind != Value::Kind::Null)
    return Code::leaf(countingLambda(statement.callable, position));
  if (type.kind == TypeKind::InputStream) { // `std::istringstream input("text");`
    const std::string name = scope_.declare(paramName.empty() ? "input" : paramName);
    body_.statement(Code::call("std::istringstream " + name,
                               {Code::leaf(printLiteral(value, type, LiteralUse::Argument))}));
    return Code::leaf(name);
  }
  // A constructor may keep a view of the string or container it is given (leveldb::Slice, a
  // parser over its input): it lives as long as the test, never as a temporary of one statement.
  if (((value.kind == Value::Kind::String && type.kind == TypeKind::String) ||
       (value.kind == Value::Kind::List && type.kind == TypeKind::Container)) &&
      (((type.passing == Passing::ConstReference || type.isStringView()) &&
        callable.kind == CallableKind::Constructor) ||
       // A view of a literal with a NUL views a temporary std::string: the callee may keep it.
       (type.isStringView() && value.s.find('\0') != std::string::npos))) {
    std::string name = scope_.declare(paramName.empty() ? "value" : paramName);
    // A view's text is a std::string the test owns: a literal with a NUL would be a temporary.
    const std::string declaration =
        (type.isStringView() ? std::string("std::string") : valueTypeName(type)) + " " + name;
    declareLocal(declaration, value, type);
    return Code::leaf(name);
  }
  return Code::leaf(
      printLiteral(value, type, exact ? LiteralUse::ExactArgument : LiteralUse::Argument));
}

Code SequenceWriter::callExpression(int index, std::vector<Code> args) const {
  const Statement &statement = test_.sequence.statements[index];
  const Callable &callable = model_.callables[statement.callable];
  switch (callable.kind) {
  case CallableKind::Method:
    if (callable.isFieldSetter && args.size() == 1) // `options.block_size = 8;`
      return Code::leaf(memberFor(statement.receiver, callable) + callable.name + " = " +
                        args.front().flat());
    return Code::call(memberFor(statement.receiver, callable) + callable.name, std::move(args));
  case CallableKind::Operator: {
    // A member operator: the receiver is its left (or only) operand.
    const std::string self = object(statement.receiver);
    const std::string symbol = operatorSymbol(callable.name);
    if (symbol == "()")
      return Code::call(postfixOperand(self), std::move(args));
    if (args.empty()) {
      if (!symbol.empty() &&
          (std::isalpha(static_cast<unsigned char>(symbol[0])) || symbol[0] == '_'))
        return Code::leaf("static_cast<" + valueTypeName(callable.returnType) + ">(" + self + ")");
      return Code::leaf(symbol + self);
    }
    const std::string other = args.front().flat();
    if (symbol == "[]")
      return Code::leaf(postfixOperand(self) + "[" + other + "]");
    if (symbol == "++" || symbol == "--") // the `int` parameter only marks the postfix form
      return Code::leaf(postfixOperand(self) + symbol);
    return Code::leaf(self + " " + symbol + " " + other);
  }
  default: // static methods and free functions
    return Code::call(callable.qualifiedName, std::move(args));
  }
}

Code SequenceWriter::assertion(const Code &call, const TypeDesc &type, const Value &value) const {
  if (type.kind == TypeKind::Bool) {
    bool truth = printLiteral(value, type, LiteralUse::Expected) == "true";
    return Code::call(truth ? "EXPECT_TRUE" : "EXPECT_FALSE", {call});
  }
  if (isNaNLiteral(value, type)) {
    Code checked = type.kind == TypeKind::Optional ? Code::leaf(call.flat() + ".value()") : call;
    return Code::call("EXPECT_TRUE", {Code::call("std::isnan", {checked})});
  }
  if (type.kind == TypeKind::CString && value.kind != Value::Kind::Null)
    return Code::call("EXPECT_STREQ",
                      {call, Code::leaf(printLiteral(value, type, LiteralUse::Expected))});
  if (type.kind == TypeKind::Container) // its commas would split the macro's arguments
    return Code::call(
        "EXPECT_EQ",
        {call, Code::leaf("(" + printLiteral(value, type, LiteralUse::Expected) + ")")});
  return Code::call("EXPECT_EQ",
                    {call, Code::leaf(printLiteral(value, type, LiteralUse::Expected))});
}

void SequenceWriter::writeStatement(int index) {
  const Statement &statement = test_.sequence.statements[index];
  const Callable &callable = model_.callables[statement.callable];
  const CallOutcome result = outcome(index);
  if (result.status == CallStatus::NotRun || !objectsAvailable(statement))
    return;
  const bool exact = overloaded(callable);
  outLocals_.clear();
  madeLocal_.clear();
  std::vector<Code> args;
  for (size_t i = 0; i < statement.args.size(); ++i)
    args.push_back(argument(statement, i, exact));
  // A std exception is expected also where the failure is a broken invariant after it.
  const bool threw = result.status == CallStatus::Threw ||
                     (result.status == CallStatus::Failed && !result.exceptionType.empty());
  const Code exception = Code::leaf(nameableException(result.exceptionType));

  // The object itself is what a test passes where its base is taken: no statement, and the
  // upcast's result goes by its receiver's name.
  if (callable.isUpcast) {
    if (const ObjectVariable *receiver = variable(statement.receiver))
      variables_[index] = *receiver;
    return;
  }
  writeExpectedCalls(index);
  if (callable.isMock) {
    const std::string name = scope_.declare(lowerCamel(unqualifiedName(callable.owner)));
    const int owner = model_.classIndex(callable.owner);
    body_.statement(Code::leaf("testing::NiceMock<" + mockClassName(model_, owner) + "> " + name));
    writeMockResults(statement, owner, name);
    variables_[index] = {name, callable.owner, Holder::Object};
    order_.push_back(index);
    return;
  }
  if (callable.kind == CallableKind::Constructor) {
    const std::string base = lowerCamel(unqualifiedName(callable.owner));
    // Inside EXPECT_THROW the declaration's scope ends with the macro: the name stays free.
    const std::string name = threw ? scope_.peek(base) : scope_.declare(base);
    const std::string declaration = callable.owner + " " + name;
    Code code = args.empty() ? Code::leaf(declaration) : Code::call(declaration, std::move(args));
    if (threw) {
      body_.statement(Code::call("EXPECT_THROW", {code, exception}));
      return;
    }
    body_.statement(code);
    variables_[index] = {name, callable.owner, Holder::Object};
    order_.push_back(index);
    writeOutputs(index);
    return;
  }

  Code call = callExpression(index, std::move(args));
  if (threw) {
    body_.statement(Code::call("EXPECT_THROW", {call, exception}));
    return;
  }
  if (callable.madeThrough >= 0) {
    writeMadeObject(index, call);
    return;
  }
  if (producesObject(index) && needsVariable_[index]) {
    const TypeDesc &type = callable.returnType;
    const std::string cls = declaredClass(type);
    ObjectVariable var{scope_.declare(lowerCamel(unqualifiedName(cls))), cls, Holder::Object};
    std::string declaration;
    switch (type.passing) {
    case Passing::Reference:
      var.holder = Holder::Reference;
      declaration = cls + " &" + var.name;
      break;
    case Passing::ConstReference:
      var.holder = Holder::ConstReference;
      declaration = "const " + cls + " &" + var.name;
      break;
    case Passing::Pointer:
    case Passing::ConstPointer:
      // A factory's new object: `std::unique_ptr<leveldb::Cache> cache(NewLRUCache(8));`.
      if (ownsResult(model_, callable)) {
        var.holder = Holder::UniquePtr;
        declaration = "std::unique_ptr<" +
                      std::string(type.passing == Passing::ConstPointer ? "const " : "") + cls +
                      "> " + var.name;
        call = Code::call(declaration, {call});
        declaration.clear();
        break;
      }
      var.holder = Holder::Pointer;
      declaration = (type.passing == Passing::ConstPointer ? "const " : "") + cls + " *" + var.name;
      break;
    case Passing::UniquePtr:
      var.holder = Holder::UniquePtr;
      declaration = "std::unique_ptr<" + cls + "> " + var.name;
      break;
    case Passing::SharedPtr:
      var.holder = Holder::SharedPtr;
      declaration = "std::shared_ptr<" + cls + "> " + var.name;
      break;
    default: // by value, or T&& moved into a value
      declaration = cls + " " + var.name;
      break;
    }
    if (declaration.empty())
      body_.statement(call); // initialised directly: `std::unique_ptr<T> t(f());`
    else
      body_.assignment(declaration, call);
    variables_[index] = var;
    order_.push_back(index);
    writeOutputs(index);
    return;
  }
  const bool assertResults = mode_ == Mode::Regression && result.status == CallStatus::Returned;
  if (assertResults && result.hasValue && callable.returnType.isPrintable())
    body_.statement(assertion(call, callable.returnType, result.value));
  else if (assertResults && result.producedNull)
    body_.statement(Code::call("EXPECT_EQ", {call, Code::leaf("nullptr")}));
  else
    body_.statement(call);
  writeOutputs(index);
}

void SequenceWriter::writeMadeObject(int index, const Code &call) {
  const Callable &callable = model_.callables[test_.sequence.statements[index].callable];
  const CallOutcome result = outcome(index);
  const bool assertResults = mode_ == Mode::Regression && result.status == CallStatus::Returned;
  const std::vector<std::pair<int, Value>> observations = resultObservations(index);
  std::string returned; // `status`, the local holding what the call returned besides
  if (assertResults && result.hasValue && callable.madeReturn.isPrintable()) {
    body_.statement(assertion(call, callable.madeReturn, result.value));
  } else if (assertResults && !observations.empty()) {
    const std::string cls = declaredClass(callable.madeReturn);
    returned = scope_.declare(lowerCamel(unqualifiedName(cls)));
    body_.assignment(cls + " " + returned, call);
  } else {
    body_.statement(call);
  }
  if (!returned.empty())
    for (const auto &[id, value] : observations) {
      const Callable &observer = model_.callables[id];
      body_.statement(
          assertion(Code::leaf(returned + "." + observer.name + "()"), observer.returnType, value));
    }
  if (producesObject(index) && !madeLocal_.empty()) {
    const std::string cls = declaredClass(callable.returnType);
    variables_[index] = {madeLocal_, cls, Holder::Pointer};
    order_.push_back(index);
    // What was made for the test is the test's to delete, at its end as the driver does.
    if (ownsResult(model_, callable))
      body_.statement(
          Code::call("std::unique_ptr<" + cls + "> " + scope_.declare(madeLocal_ + "Owner"),
                     {Code::leaf(madeLocal_)}));
  } else if (assertResults && result.producedNull && !madeLocal_.empty()) {
    body_.statement(Code::call("EXPECT_EQ", {Code::leaf(madeLocal_), Code::leaf("nullptr")}));
  }
  writeOutputs(index);
}

std::vector<std::pair<int, Value>> SequenceWriter::resultObservations(int index) const {
  const Callable &callable = model_.callables[test_.sequence.statements[index].callable];
  const ClassInfo *besides = model_.findClass(callable.madeReturn.className);
  if (!besides)
    return {};
  const std::vector<int> observers = assertedObservers(model_, *besides);
  std::vector<std::pair<int, Value>> readings, texts;
  for (const OutputValue &output : outcome(index).outputs) {
    const size_t number = static_cast<size_t>(output.parameter - kFirstResultObservation);
    if (output.parameter < kFirstResultObservation || output.parameter >= kFirstHeldOutput ||
        number >= observers.size())
      continue;
    readings.emplace_back(observers[number], output.value);
    if (model_.callables[observers[number]].returnType.kind != TypeKind::Bool)
      texts.emplace_back(observers[number], output.value);
  }
  // A text or a number says what the yes-or-no readings say (`ToString()` is "OK" where
  // `ok()` is true): those alone, when there are any.
  return texts.empty() ? readings : texts;
}

namespace {

/// A person writes three or more such calls in a row as a loop over their arguments.
constexpr int kMinLoopCalls = 3;
/// Five or more consecutive integers: a counting loop says "1 to 32" at a glance.
constexpr int kMinCountedLoopCalls = 5;

/// Whether `next` is `previous` plus `step` (+1 or -1) in the integer type of the values.
bool follows(const Value &previous, const Value &next, int step) {
  if (previous.kind == Value::Kind::Int && next.kind == Value::Kind::Int)
    return step > 0 ? previous.i < next.i && next.i - previous.i == 1
                    : previous.i > next.i && previous.i - next.i == 1;
  if (previous.kind == Value::Kind::UInt && next.kind == Value::Kind::UInt)
    return step > 0 ? previous.u < next.u && next.u - previous.u == 1
                    : previous.u > next.u && previous.u - next.u == 1;
  return false;
}

/// Whether `value` is the largest (step +1) or smallest (step -1) value of the integer type,
/// where `value <= last` or `value >= last` would never end the loop.
bool atLimit(const Value &value, const TypeDesc &type, int step) {
  const int bits = type.bits > 0 && type.bits <= 64 ? type.bits : 64;
  if (value.kind == Value::Kind::UInt)
    return step > 0 ? value.u == (bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1)
                    : value.u == 0;
  const int64_t max = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
  return step > 0 ? value.i == max : value.i == -max - 1;
}

} // namespace

int SequenceWriter::countingStep(int begin, int end, size_t varying) const {
  const auto &statements = test_.sequence.statements;
  const Callable &callable = model_.callables[statements[begin].callable];
  if (end - begin < kMinCountedLoopCalls || varying >= callable.params.size() ||
      callable.params[varying].type.kind != TypeKind::Integer)
    return 0;
  const TypeDesc &type = callable.params[varying].type;
  const Value &to = statements[end - 1].args[varying].literal;
  for (int step : {1, -1}) {
    bool consecutive = !atLimit(to, type, step);
    for (int i = begin + 1; consecutive && i < end; ++i)
      consecutive = follows(statements[i - 1].args[varying].literal,
                            statements[i].args[varying].literal, step);
    if (consecutive)
      return step;
  }
  return 0;
}

SequenceWriter::LoopRun SequenceWriter::loopRun(int begin) const {
  const auto &statements = test_.sequence.statements;
  // A run this long (a stress test filling a container) reads as a loop even when its results
  // differ: the loop leaves them unchecked, and the observers after it check what the calls
  // built, rather than spend a line per call. Shorter runs keep an assertion per call.
  constexpr int kMinUncheckedLoopCalls = kStressRunCalls;
  const LoopRun single{begin + 1, 0, false};
  auto loopable = [&](int index) {
    const Statement &statement = statements[index];
    const Callable &callable = model_.callables[statement.callable];
    const CallOutcome result = outcome(index);
    if (callable.kind != CallableKind::Method || statement.receiver < 0 || statement.args.empty() ||
        statement.args.size() != callable.params.size() || result.status != CallStatus::Returned ||
        !objectsAvailable(statement) || producesObject(index) || result.producedNull ||
        !result.callbacks.empty())
      return false;
    for (size_t i = 0; i < statement.args.size(); ++i) {
      const TypeDesc &type = callable.params[i].type;
      if (statement.args[i].kind != Argument::Kind::Literal || type.kind == TypeKind::Class ||
          type.kind == TypeKind::Callback ||
          (type.passing != Passing::Value && type.passing != Passing::ConstReference))
        return false;
    }
    return true;
  };
  auto asserted = [&](int index) {
    const CallOutcome result = outcome(index);
    return mode_ == Mode::Regression && result.hasValue &&
           model_.callables[statements[index].callable].returnType.isPrintable();
  };
  // `{...}` deduces one element type: every literal must have exactly the parameter's type
  // as written (`5` for an int, not `5L` beside `5000000000L`), or be a plain string literal.
  auto uniform = [&](int index, size_t position) {
    const Statement &statement = statements[index];
    const TypeDesc &type = model_.callables[statement.callable].params[position].type;
    const Value &value = statement.args[position].literal;
    std::string plain = printLiteral(value, type, LiteralUse::Argument);
    if (type.kind == TypeKind::String)
      return !plain.empty() && plain.front() == '"';
    return type.kind != TypeKind::CString && type.kind != TypeKind::Optional &&
           type.kind != TypeKind::Container &&
           plain == printLiteral(value, type, LiteralUse::ExactArgument);
  };
  const int limit = std::min(last_ + 1, static_cast<int>(statements.size()));
  const Statement &first = statements[begin];
  auto sameCall = [&](int index) {
    return statements[index].callable == first.callable &&
           statements[index].receiver == first.receiver && loopable(index) &&
           asserted(index) == asserted(begin);
  };
  if (begin + 1 >= limit || !loopable(begin) || !sameCall(begin + 1))
    return single;
  // The loop variable passes the one argument that changes (the first, if none does).
  LoopRun run{begin + 1, 0, false};
  size_t differing = 0;
  for (size_t i = 0; i < first.args.size(); ++i)
    if (!(first.args[i].literal == statements[begin + 1].args[i].literal)) {
      run.varying = i;
      ++differing;
    }
  if (differing > 1)
    return single;
  auto otherArgumentsEqual = [&](int index) {
    for (size_t i = 0; i < first.args.size(); ++i)
      if (i != run.varying && !(statements[index].args[i].literal == first.args[i].literal))
        return false;
    return true;
  };
  while (run.end < limit && sameCall(run.end) && otherArgumentsEqual(run.end))
    ++run.end;
  // `push(7)` then `push(32)` ... `push(1)`: the calls before a counting run are their own
  // statements (or loop), so the run still reads as "32 down to 1".
  if (countingStep(begin, run.end, run.varying) == 0)
    for (int tail = begin + 1; tail + kMinCountedLoopCalls <= run.end; ++tail)
      if (countingStep(tail, run.end, run.varying) != 0) {
        if (tail - begin < kMinLoopCalls)
          return single;
        run.end = tail;
        break;
      }
  // A counting loop declares its variable with the parameter's type (`long`, `size_t`); a
  // list's elements must each have that type as written.
  if (countingStep(begin, run.end, run.varying) == 0) {
    int uniformEnd = begin;
    while (uniformEnd < run.end && uniform(uniformEnd, run.varying))
      ++uniformEnd;
    run.end = uniformEnd;
    if (run.end - begin < kMinLoopCalls)
      return single;
  }
  if (asserted(begin)) {
    int sameResults = begin + 1;
    while (sameResults < run.end && outcome(sameResults).value == outcome(begin).value)
      ++sameResults;
    run.assertResult = sameResults == run.end;
    // A long run whose result changes only a few times (`push(1)` refused as a duplicate, then
    // 31 accepted; `insert` from 32 down to 1 refusing the 8 and the 1 stored before) is written
    // as those few parts, each asserted: leaving it unchecked would lose the odd results, often
    // the reason the test exists (the only `insert` returning false in a suite).
    int changes = 0;
    for (int i = begin + 1; i < run.end; ++i)
      changes += !(outcome(i).value == outcome(i - 1).value);
    constexpr int kMaxCheckedChanges = 4;
    if (!run.assertResult &&
        (run.end - begin < kMinUncheckedLoopCalls || changes <= kMaxCheckedChanges)) {
      run.end = sameResults;
      run.assertResult = true;
    }
  }
  return run.end - begin >= kMinLoopCalls ? run : single;
}

void SequenceWriter::writeLoop(int begin, const LoopRun &run) {
  const auto &statements = test_.sequence.statements;
  const Statement &first = statements[begin];
  const Callable &callable = model_.callables[first.callable];
  const Parameter &param = callable.params[run.varying];
  const bool exact = overloaded(callable);
  // The loop variable lives in the loop only: the next loop may take the same name.
  const std::string name = scope_.peek(param.name.empty() ? "value" : param.name);
  std::vector<Code> args;
  for (size_t i = 0; i < first.args.size(); ++i)
    args.push_back(i == run.varying ? Code::leaf(name) : argument(first, i, exact));
  Code call = callExpression(begin, std::move(args));
  if (run.assertResult)
    call = assertion(call, callable.returnType, outcome(begin).value);
  const std::string type = valueTypeName(param.type);
  const Value &from = first.args[run.varying].literal;
  const Value &to = statements[run.end - 1].args[run.varying].literal;
  if (int step = countingStep(begin, run.end, run.varying)) {
    body_.countedFor(type + " " + name + " = " +
                         printLiteral(from, param.type, LiteralUse::Argument) + "; " + name +
                         (step > 0 ? " <= " : " >= ") +
                         printLiteral(to, param.type, LiteralUse::Argument) + "; " +
                         (step > 0 ? "++" : "--") + name,
                     call);
    return;
  }
  std::vector<std::string> elements;
  for (int i = begin; i < run.end; ++i)
    elements.push_back(
        printLiteral(statements[i].args[run.varying].literal, param.type, LiteralUse::Argument));
  const std::string declaration =
      param.type.kind == TypeKind::String ? "const " + type + " &" + name : type + " " + name;
  body_.rangeFor(declaration, elements, call);
}

int SequenceWriter::resultRun(int begin) const {
  const auto &statements = test_.sequence.statements;
  const int limit = std::min(last_ + 1, static_cast<int>(statements.size()));
  const Statement &first = statements[begin];
  const Callable &callable = model_.callables[first.callable];
  const TypeDesc &type = callable.returnType;
  if (mode_ != Mode::Regression || callable.kind != CallableKind::Method || first.receiver < 0 ||
      type.kind != TypeKind::Integer || !type.isPrintable())
    return begin + 1;
  auto literalArguments = [&](const Statement &statement) {
    return std::all_of(statement.args.begin(), statement.args.end(),
                       [](const Argument &arg) { return arg.kind == Argument::Kind::Literal; });
  };
  // `{...}` deduces one element type: each expected value must be written in the return type
  // as it is (`5`, not `5L` beside a long).
  auto asserted = [&](int index) {
    const CallOutcome result = outcome(index);
    return result.status == CallStatus::Returned && result.hasValue && !producesObject(index) &&
           result.callbacks.empty() &&
           printLiteral(result.value, type, LiteralUse::Expected) ==
               printLiteral(result.value, type, LiteralUse::ExactArgument);
  };
  // An out-parameter's local is asserted after each call: no loop over expected results.
  if (!literalArguments(first) || !objectsAvailable(first) || !asserted(begin) ||
      std::any_of(callable.params.begin(), callable.params.end(), [](const Parameter &param) {
        return param.type.isOutParameter() || param.type.kind == TypeKind::Callback;
      }))
    return begin + 1;
  int end = begin + 1;
  while (end < limit && statements[end].callable == first.callable &&
         statements[end].receiver == first.receiver && statements[end].args == first.args &&
         asserted(end))
    ++end;
  bool differ = false;
  for (int i = begin + 1; i < end; ++i)
    differ |= !(outcome(i).value == outcome(begin).value);
  constexpr int kMinResultLoopCalls = 3;
  return differ && end - begin >= kMinResultLoopCalls ? end : begin + 1;
}

void SequenceWriter::writeResultLoop(int begin, int end) {
  const Statement &first = test_.sequence.statements[begin];
  const Callable &callable = model_.callables[first.callable];
  const bool exact = overloaded(callable);
  std::vector<Code> args;
  for (size_t i = 0; i < first.args.size(); ++i)
    args.push_back(argument(first, i, exact));
  const std::string name = scope_.peek("expected");
  Code call = Code::call("EXPECT_EQ", {callExpression(begin, std::move(args)), Code::leaf(name)});
  std::vector<std::string> elements;
  for (int i = begin; i < end; ++i)
    elements.push_back(printLiteral(outcome(i).value, callable.returnType, LiteralUse::Expected));
  body_.rangeFor(valueTypeName(callable.returnType) + " " + name, elements, call);
}

void SequenceWriter::writeStatements() {
  const int count = std::min(last_ + 1, static_cast<int>(test_.sequence.size()));
  for (int i = 0; i < count;) {
    if (int end = resultRun(i); end - i > 1) {
      writeResultLoop(i, end);
      i = end;
      continue;
    }
    LoopRun run = loopRun(i);
    if (run.end - i > 1)
      writeLoop(i, run);
    else
      writeStatement(i);
    i = run.end;
  }
}

void SequenceWriter::writeObservers() {
  for (const ObserverValue &observer : test_.observers) {
    if (!variable(observer.variable) || observer.callable < 0 ||
        static_cast<size_t>(observer.callable) >= model_.callables.size())
      continue;
    // An upcast's object is its receiver's, whose own observers say the same.
    if (model_.callables[test_.sequence.statements[observer.variable].callable].isUpcast)
      continue;
    const Callable &callable = model_.callables[observer.callable];
    Code call = Code::call(memberFor(observer.variable, callable) + callable.name, {});
    if (observer.status == CallStatus::Threw) {
      body_.statement(Code::call("EXPECT_THROW",
                                 {call, Code::leaf(nameableException(observer.exceptionType))}));
      continue;
    }
    const TypeDesc &type = callable.returnType;
    const bool nullable = type.kind == TypeKind::Optional || type.kind == TypeKind::CString ||
                          type.kind == TypeKind::UserData;
    if (observer.status != CallStatus::Returned || !type.isPrintable() ||
        (observer.value.kind == Value::Kind::Null && !nullable))
      continue;
    body_.statement(assertion(call, type, observer.value));
  }
}

std::string SequenceWriter::humanCall(int index) const {
  const Statement &statement = test_.sequence.statements[index];
  const Callable &callable = model_.callables[statement.callable];
  if (callable.isFieldSetter && statement.args.size() == 1 &&
      statement.args[0].kind == Argument::Kind::Literal && !callable.params.empty())
    return callable.name + " = " +
           printLiteral(statement.args[0].literal, callable.params[0].type, LiteralUse::Human);
  std::string text =
      callable.kind == CallableKind::Constructor ? unqualifiedName(callable.owner) : callable.name;
  text += "(";
  for (size_t i = 0; i < statement.args.size(); ++i) {
    if (i)
      text += ", ";
    const Argument &arg = statement.args[i];
    if (arg.kind == Argument::Kind::Variable) {
      const ObjectVariable *var = variable(arg.variable);
      text += var ? var->name : "?";
    } else if (i < callable.params.size() && callable.params[i].type.kind == TypeKind::Callback &&
               arg.literal.kind != Value::Kind::Null) {
      text += callable.params[i].name;
    } else if (i < callable.params.size() && callable.params[i].type.kind == TypeKind::ArraySize) {
      text += std::to_string(arraySizeOf(statement, i));
    } else if (i < callable.params.size()) {
      text += printLiteral(arg.literal, callable.params[i].type, LiteralUse::Human);
    } else {
      text += arg.literal.debugString();
    }
  }
  return text + ")";
}

} // namespace unitgen
