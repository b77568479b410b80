// gMock mocks of the classes unitgen mocks: their definitions and expectations.
#include "emit/MockWriter.h"

#include "emit/Identifiers.h"
#include "emit/LiteralPrinter.h"
#include "model/MockArguments.h"

#include <cmath>

namespace unitgen {
namespace {

/// MOCK_METHOD takes each type as one macro argument: one holding a comma goes in parentheses.
std::string macroArgument(const std::string &type) {
  return type.find(',') == std::string::npos ? type : "(" + type + ")";
}

/// Whether another method of the mock has this name: its arguments need typed matchers.
bool overloaded(const ClassInfo &info, size_t method) {
  for (size_t other = 0; other < info.mockMethods.size(); ++other)
    if (other != method && info.mockMethods[other].name == info.mockMethods[method].name)
      return true;
  return false;
}

/// The matcher of argument `position` of a call of `called` that was `argument`
/// (MockArguments.h): `3`, `testing::StrEq("a")`, `testing::Property(&leveldb::Slice::ToString,
/// "a")`; nothing for any value.
std::optional<Code> argumentMatcher(const ClassModel &model, const MockMethod &called,
                                    size_t position, const std::optional<Value> &argument) {
  if (!argument)
    return std::nullopt;
  const MockArgumentReading reading = mockArgumentReading(model, called, position);
  if (reading.kind == MockArgumentReading::Kind::Text) {
    const Callable &observer = model.callables[reading.observer];
    return Code::call("testing::Property", {Code::leaf("&" + observer.qualifiedName),
                                            Code::leaf(printLiteral(*argument, observer.returnType,
                                                                    LiteralUse::Expected))});
  }
  if (reading.kind != MockArgumentReading::Kind::Value)
    return std::nullopt;
  TypeDesc type = called.params[position];
  type.passing = Passing::Value;
  const Code literal = Code::leaf(printLiteral(*argument, type, LiteralUse::Expected));
  if (type.kind == TypeKind::CString) // compared as text, not as an address
    return argument->kind == Value::Kind::Null ? Code::call("testing::IsNull", {})
                                               : Code::call("testing::StrEq", {literal});
  return literal;
}

/// `Put(testing::_, testing::_)`: a call of mock method `method` with any arguments, or with
/// `arguments` (typed where overloaded).
Code matchedCall(const ClassModel &model, const ClassInfo &info, int method,
                 const std::vector<std::optional<Value>> *arguments) {
  const MockMethod &called = info.mockMethods[method];
  const bool typed = overloaded(info, method);
  std::vector<Code> matchers;
  for (size_t i = 0; i < called.paramSpellings.size(); ++i) {
    const std::string &type = called.paramSpellings[i];
    std::optional<Code> matcher;
    if (arguments && i < arguments->size())
      matcher = argumentMatcher(model, called, i, (*arguments)[i]);
    if (!matcher)
      matchers.push_back(Code::leaf(typed ? "testing::A<" + type + ">()" : "testing::_"));
    else if (typed)
      matchers.push_back(Code::call("testing::Matcher<" + type + ">", {*matcher}));
    else
      matchers.push_back(*matcher);
  }
  return Code::call(called.name, std::move(matchers));
}

/// What a NiceMock's method returns unless told otherwise: a value-initialized result.
bool valueInitialized(const Value &value) {
  switch (value.kind) {
  case Value::Kind::Null:
    return true;
  case Value::Kind::Bool:
  case Value::Kind::Int:
    return value.i == 0;
  case Value::Kind::UInt:
    return value.u == 0;
  case Value::Kind::Float:
    return value.f == 0 && !std::signbit(value.f);
  case Value::Kind::String:
    return value.s.empty();
  default:
    return false;
  }
}

} // namespace

std::string mockClassName(const ClassModel &model, int classIndex) {
  const std::string base = unqualifiedName(model.classes[classIndex].qualifiedName);
  // Two mocked classes of one name in different namespaces keep apart by their index.
  for (int other = 0; other < static_cast<int>(model.classes.size()); ++other)
    if (other != classIndex && !model.classes[other].mockMethods.empty() &&
        unqualifiedName(model.classes[other].qualifiedName) == base)
      return "Mock" + base + std::to_string(classIndex);
  return "Mock" + base;
}

std::string mockDefinitions(const ClassModel &model, const std::string &code) {
  std::string text;
  for (int t = 0; t < static_cast<int>(model.classes.size()); ++t) {
    const ClassInfo &info = model.classes[t];
    const std::string name = mockClassName(model, t);
    if (code.find("testing::NiceMock<" + name + ">") == std::string::npos)
      continue;
    text += "class " + name + " : public " + info.qualifiedName + " {\npublic:\n";
    for (const MockMethod &method : info.mockMethods) {
      std::string params, qualifiers = method.isConst ? "const, " : "";
      for (size_t i = 0; i < method.paramSpellings.size(); ++i)
        params += (i ? ", " : "") + macroArgument(method.paramSpellings[i]);
      if (method.isNoexcept)
        qualifiers += "noexcept, ";
      text += "  MOCK_METHOD(" + macroArgument(method.returnSpelling) + ", " + method.name + ", (" +
              params + "), (" + qualifiers + "override));\n";
    }
    text += "};\n\n";
  }
  return text;
}

std::pair<Code, std::string> expectCall(const ClassModel &model, int classIndex, int method,
                                        const std::string &variable, int64_t times,
                                        const std::vector<std::optional<Value>> *arguments) {
  const ClassInfo &info = model.classes[classIndex];
  return {Code::call("EXPECT_CALL",
                     {Code::leaf(variable), matchedCall(model, info, method, arguments)}),
          times == 1 ? "" : ".Times(" + std::to_string(times) + ")"};
}

std::optional<std::pair<Code, std::string>> onCall(const ClassModel &model, int classIndex,
                                                   int method, const std::string &variable,
                                                   const Value &result) {
  const ClassInfo &info = model.classes[classIndex];
  const MockMethod &called = info.mockMethods[method];
  if (called.resultParameter < 0 || valueInitialized(result))
    return std::nullopt;
  return std::make_pair(
      Code::call("ON_CALL", {Code::leaf(variable), matchedCall(model, info, method, nullptr)}),
      ".WillByDefault(testing::Return(" +
          printLiteral(result, called.result, LiteralUse::Argument) + "))");
}

} // namespace unitgen
