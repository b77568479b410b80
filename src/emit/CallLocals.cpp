// What a test declares around a call beside its arguments: out-parameter locals, char buffers
// and arrays (asserted after the call), counting lambdas for callbacks, what mocks return and
// the calls they expect.
#include "emit/SequenceWriter.h"

#include "emit/LiteralPrinter.h"
#include "emit/MockWriter.h"
#include "emit/TemporaryFileWriter.h"

#include <algorithm>
#include <cstdint>

namespace unitgen {
namespace {

/// The length argument after buffer parameter `position` of `statement`; 0 when it is no
/// literal.
int64_t lengthArgument(const Statement &statement, size_t position) {
  if (position + 1 >= statement.args.size() ||
      statement.args[position + 1].kind != Argument::Kind::Literal)
    return 0;
  const Value &length = statement.args[position + 1].literal;
  return length.kind == Value::Kind::UInt ? static_cast<int64_t>(length.u) : length.i;
}

/// The type of a stream's or a file's text, as asserted.
TypeDesc textType() {
  TypeDesc type;
  type.kind = TypeKind::String;
  type.spelling = type.valueSpelling = "std::string";
  return type;
}

} // namespace

void SequenceWriter::declareLocal(const std::string &declaration, const Value &value,
                                  const TypeDesc &type) {
  if ((type.kind == TypeKind::String && value.kind == Value::Kind::String && value.s.empty()) ||
      (type.kind == TypeKind::Container && value.items.empty()))
    body_.statement(Code::leaf(declaration)); // `std::string value;`, as a person writes it
  else if (type.kind == TypeKind::Container && !type.isVariant()) // `values = {1, 2};`
    body_.assignment(declaration, Code::leaf(bracedElements(value, type, LiteralUse::Argument)));
  else
    body_.assignment(declaration, Code::leaf(printLiteral(value, type, LiteralUse::Argument)));
}

Code SequenceWriter::outArgument(const Statement &statement, size_t position) {
  const Callable &callable = model_.callables[statement.callable];
  const Parameter &param = callable.params[position];
  const std::string name = scope_.declare(param.name.empty() ? "value" : param.name);
  const Value &value = statement.args[position].literal;
  if (param.type.kind == TypeKind::File && value.kind == Value::Kind::Null) // no file
    return Code::leaf(
        printLiteral(value, param.type,
                     overloaded(callable) ? LiteralUse::ExactArgument : LiteralUse::Argument));
  outLocals_.emplace_back(static_cast<int>(position), name);
  if (param.type.passing == Passing::Buffer) {
    // `char buffer[16] = {};`: as many chars as the length passed (one for a zero length, which
    // an array cannot have), zeroed as the driver's were. A call with another length never ran
    // and is never written. Without a length, as many as the driver gave.
    const int64_t chars =
        outputBufferChars(callable, position, lengthArgument(statement, position));
    body_.statement(Code::leaf("char " + name + "[" + std::to_string(chars) + "] = {}"));
    return Code::leaf(name);
  }
  // `statement` is one of the test's own, written in place.
  const auto index = static_cast<int>(&statement - test_.sequence.statements.data());
  if (param.type.kind == TypeKind::OutputStream) { // `std::ostringstream out;`
    heldLocals_[heldNumber(index, position)] = name + ".str()";
    body_.statement(Code::leaf("std::ostringstream " + name));
    return Code::leaf(name);
  }
  if (param.type.kind == TypeKind::File) { // `TemporaryFile file("<a/>");`
    heldLocals_[heldNumber(index, position)] = name + ".text()";
    if (value.kind == Value::Kind::String && value.s.empty())
      body_.statement(Code::leaf(std::string(kTemporaryFile) + " " + name));
    else
      body_.statement(
          Code::call(std::string(kTemporaryFile) + " " + name,
                     {Code::leaf(printLiteral(value, param.type, LiteralUse::Argument))}));
    return Code::leaf(name + ".get()");
  }
  const std::string declaration = param.type.kind == TypeKind::CString
                                      ? "const char *" + name
                                      : valueTypeName(param.type) + " " + name;
  declareLocal(declaration, value, param.type);
  return Code::leaf(param.type.passing == Passing::Pointer ? "&" + name : name);
}

Code SequenceWriter::arrayArgument(const Statement &statement, size_t position) {
  const Callable &callable = model_.callables[statement.callable];
  const Parameter &param = callable.params[position];
  const std::string name = scope_.declare(param.name.empty() ? "values" : param.name);
  const Value &value = statement.args[position].literal;
  const bool written = param.type.isOutParameter();
  if (written && !value.items.empty())
    outLocals_.emplace_back(static_cast<int>(position), name);
  std::string declaration = (written ? "" : "const ") + param.type.valueSpelling + " " + name;
  if (value.items.empty() || param.type.elements.empty()) { // an array has one element at least
    body_.statement(Code::leaf(declaration + "[1] = {}"));
    return Code::leaf(name);
  }
  // Each element as its parameter takes it: `{"a", "b"}` for a class made from a C string,
  // `{std::string("a")}` where it is made from a std::string (one conversion, not two).
  const TypeDesc &element = param.type.elements.front();
  const LiteralUse use = !param.type.className.empty() && element.kind == TypeKind::String
                             ? LiteralUse::ExactArgument
                             : LiteralUse::Argument;
  std::string elements;
  for (const Value &item : value.items) {
    // A C string ends at its first NUL: the element is made from that much, here as by the
    // driver.
    const bool cString = element.kind == TypeKind::CString && item.kind == Value::Kind::String;
    elements += (elements.empty() ? "" : ", ") +
                printLiteral(cString ? Value::string(item.s.substr(0, item.s.find('\0'))) : item,
                             element, use);
  }
  body_.assignment(declaration + "[]", Code::leaf("{" + elements + "}"));
  return Code::leaf(name);
}

Code SequenceWriter::arrayAssertion(const std::string &array, const TypeDesc &type,
                                    const Value &elements) const {
  const TypeDesc &element = type.elements.front();
  std::vector<Code> expected;
  for (const Value &item : elements.items)
    expected.push_back(Code::leaf(printLiteral(item, element, LiteralUse::Expected)));
  // ElementsAre takes ten matchers at most; a longer list is one initializer list of the type.
  if (expected.size() <= 10)
    return Code::call("EXPECT_THAT",
                      {Code::leaf(array), Code::call("testing::ElementsAre", std::move(expected))});
  return Code::call(
      "EXPECT_THAT",
      {Code::leaf(array),
       Code::call("testing::ElementsAreArray<" + type.valueSpelling + ">",
                  {Code::leaf(bracedElements(elements, type, LiteralUse::Argument))})});
}

int SequenceWriter::heldNumber(int index, size_t position) const {
  int number = 0;
  for (int j = 0; j <= index; ++j) {
    if (outcome(j).status == CallStatus::NotRun)
      continue;
    const Statement &statement = test_.sequence.statements[j];
    const Callable &callable = model_.callables[statement.callable];
    for (size_t i = 0; i < statement.args.size() && i < callable.params.size(); ++i) {
      if (j == index && i == position)
        return number;
      const TypeKind kind = callable.params[i].type.kind;
      number += kind == TypeKind::OutputStream ||
                (kind == TypeKind::File && statement.args[i].kind == Argument::Kind::Literal &&
                 statement.args[i].literal.kind != Value::Kind::Null);
    }
  }
  return number;
}

void SequenceWriter::writeMockResults(const Statement &statement, int owner,
                                      const std::string &mock) {
  const std::vector<MockMethod> &methods = model_.classes[owner].mockMethods;
  for (size_t m = 0; m < methods.size(); ++m) {
    const int parameter = methods[m].resultParameter;
    if (parameter < 0 || static_cast<size_t>(parameter) >= statement.args.size() ||
        statement.args[parameter].kind != Argument::Kind::Literal)
      continue;
    if (const auto said =
            onCall(model_, owner, static_cast<int>(m), mock, statement.args[parameter].literal))
      body_.chainedStatement(said->first, said->second);
  }
}

void SequenceWriter::writeExpectedCalls(int index) {
  const CallOutcome result = outcome(index);
  if (mode_ != Mode::Regression || result.callbacks.empty())
    return;
  const std::vector<CallbackSlot> slots = callbackSlots(model_);
  for (const CallbackCalls &counted : result.callbacks) {
    const ObjectVariable *mock = variable(counted.object);
    if (counted.object < 0 || !mock || counted.slot < 0 ||
        static_cast<size_t>(counted.slot) >= slots.size() || slots[counted.slot].mockClass < 0)
      continue;
    int64_t &before = mockCalls_[{counted.slot, counted.object}];
    const int64_t calls = counted.calls - before;
    before = counted.calls;
    const int mockClass = slots[counted.slot].mockClass, method = slots[counted.slot].mockMethod;
    const std::vector<std::pair<std::vector<std::optional<Value>>, int64_t>> groups =
        callsByArguments(counted, calls);
    if (groups.empty()) {
      const auto [call, count] = expectCall(model_, mockClass, method, mock->name, calls);
      body_.chainedStatement(call, count);
    }
    for (const auto &[arguments, times] : groups) {
      const auto [call, count] =
          expectCall(model_, mockClass, method, mock->name, times, &arguments);
      body_.chainedStatement(call, count);
    }
  }
}

std::vector<std::pair<std::vector<std::optional<Value>>, int64_t>>
SequenceWriter::callsByArguments(const CallbackCalls &counted, int64_t calls) {
  std::vector<std::pair<std::vector<std::optional<Value>>, int64_t>> groups;
  if (counted.arguments.empty() || static_cast<int64_t>(counted.arguments.size()) != calls)
    return groups; // more calls than the driver recorded: counted only
  auto unread = [](const std::vector<std::optional<Value>> &arguments) {
    std::vector<bool> positions;
    for (const std::optional<Value> &argument : arguments)
      positions.push_back(!argument);
    return positions;
  };
  for (const std::vector<std::optional<Value>> &arguments : counted.arguments) {
    // gMock takes the newest expectation a call matches: one with `testing::_` where another
    // has a value could take the other's calls, so calls read differently are only counted.
    if (unread(arguments) != unread(counted.arguments.front()))
      return {};
    auto same = std::find_if(groups.begin(), groups.end(),
                             [&](const auto &group) { return group.first == arguments; });
    if (same == groups.end())
      groups.emplace_back(arguments, 1);
    else
      ++same->second;
  }
  return groups;
}

std::string SequenceWriter::countingLambda(int callable, size_t position) {
  const int slot = callbackSlotOf(model_, callable, static_cast<int>(position));
  auto known = callbacks_.find(slot);
  if (known != callbacks_.end())
    return known->second.first;
  const Parameter &param = model_.callables[callable].params[position];
  const std::string base = param.name.empty() ? "callback" : param.name;
  const std::string lambda = scope_.declare(base), counter = scope_.declare(base + "Calls");
  // A lambda that converts to a function pointer captures nothing: it counts in a static.
  body_.statement(Code::leaf("static int " + counter));
  body_.assignment(counter, Code::leaf("0"));
  const std::string result = param.type.callbackResult();
  const std::string body = result == "void" ? "{ ++" + counter + "; }"
                                            : "-> " + result + " { ++" + counter + "; return {}; }";
  body_.assignment("auto " + lambda,
                   Code::leaf("[](" + param.type.callbackParameters() + ") " + body));
  callbacks_[slot] = {lambda, counter};
  return lambda;
}

void SequenceWriter::writeOutputs(int index) {
  const CallOutcome result = outcome(index);
  if (mode_ != Mode::Regression || result.status != CallStatus::Returned)
    return;
  const Statement &statement = test_.sequence.statements[index];
  const Callable &callable = model_.callables[statement.callable];
  for (const OutputValue &output : result.outputs) {
    if (output.parameter >= kFirstHeldOutput) {
      // A file or stream an object kept, written by this call: `EXPECT_EQ(out.str(), "1 ");`.
      auto held = heldLocals_.find(output.parameter - kFirstHeldOutput);
      if (held != heldLocals_.end())
        body_.statement(assertion(Code::leaf(held->second), textType(), output.value));
      continue;
    }
    auto local = std::find_if(outLocals_.begin(), outLocals_.end(),
                              [&](const auto &entry) { return entry.first == output.parameter; });
    if (local == outLocals_.end() ||
        static_cast<size_t>(output.parameter) >= callable.params.size())
      continue;
    TypeDesc held = callable.params[output.parameter].type;
    held.passing = Passing::Value;
    if (held.kind == TypeKind::Array) {
      if (!held.elements.empty() && output.value.kind == Value::Kind::List)
        body_.statement(arrayAssertion(local->second, held, output.value));
      continue;
    }
    if (callable.params[output.parameter].type.passing == Passing::Buffer) {
      // The chars the call was told it may write: none for a zero length.
      const size_t position = static_cast<size_t>(output.parameter);
      writeBufferText(local->second,
                      isOutputBufferLength(callable, position + 1)
                          ? lengthArgument(statement, position)
                          : kUnsizedOutputBuffer,
                      output.value);
      continue;
    }
    if (held.kind == TypeKind::OutputStream || held.kind == TypeKind::File) {
      // `EXPECT_EQ(out.str(), "written");`, `EXPECT_EQ(file.text(), "written");`
      const std::string text = held.kind == TypeKind::File ? ".text()" : ".str()";
      body_.statement(assertion(Code::leaf(local->second + text), textType(), output.value));
      continue;
    }
    if (held.kind == TypeKind::CString && output.value.kind == Value::Kind::Null)
      body_.statement(Code::call("EXPECT_EQ", {Code::leaf(local->second), Code::leaf("nullptr")}));
    else
      body_.statement(assertion(Code::leaf(local->second), held, output.value));
  }
  for (const CallbackCalls &counted : result.callbacks)
    if (auto known = callbacks_.find(counted.slot); counted.object < 0 && known != callbacks_.end())
      body_.statement(Code::call("EXPECT_EQ", {Code::leaf(known->second.second),
                                               Code::leaf(std::to_string(counted.calls))}));
}

void SequenceWriter::writeBufferText(const std::string &buffer, int64_t length, const Value &text) {
  if (length <= 0 || text.kind != Value::Kind::String)
    return; // no chars to read
  TypeDesc type;
  type.bits = 8;
  if (text.s.size() < static_cast<uint64_t>(length)) {
    // Terminated within the buffer: `EXPECT_STREQ(buffer, "12")`.
    type.kind = TypeKind::CString;
    type.spelling = type.valueSpelling = "const char*";
    body_.statement(assertion(Code::leaf(buffer), type, text));
    return;
  }
  // Every char written, no terminator: compare them all.
  type.kind = TypeKind::String;
  type.spelling = type.valueSpelling = "std::string";
  body_.statement(assertion(
      Code::leaf("std::string(" + buffer + ", " + std::to_string(length) + ")"), type, text));
}

} // namespace unitgen
