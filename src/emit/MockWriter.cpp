// gMock mocks of the classes unitgen mocks: their definitions and expectations.
#include "emit/MockWriter.h"

#include "emit/Identifiers.h"
#include "emit/LiteralPrinter.h"

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

/// `Put(testing::_, testing::_)`: any call of mock method `method` (typed where overloaded).
std::string anyCall(const ClassInfo &info, int method) {
  const MockMethod &called = info.mockMethods[method];
  const bool typed = overloaded(info, method);
  std::string matchers;
  for (size_t i = 0; i < called.paramSpellings.size(); ++i)
    matchers += std::string(i ? ", " : "") +
                (typed ? "testing::A<" + called.paramSpellings[i] + ">()" : "testing::_");
  return called.name + "(" + matchers + ")";
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

std::string expectCall(const ClassModel &model, int classIndex, int method,
                       const std::string &variable, int64_t times) {
  const ClassInfo &info = model.classes[classIndex];
  std::string text = "EXPECT_CALL(" + variable + ", " + anyCall(info, method) + ")";
  if (times != 1)
    text += ".Times(" + std::to_string(times) + ")";
  return text;
}

std::string onCall(const ClassModel &model, int classIndex, int method, const std::string &variable,
                   const Value &result) {
  const ClassInfo &info = model.classes[classIndex];
  const MockMethod &called = info.mockMethods[method];
  if (called.resultParameter < 0 || valueInitialized(result))
    return "";
  return "ON_CALL(" + variable + ", " + anyCall(info, method) + ").WillByDefault(testing::Return(" +
         printLiteral(result, called.result, LiteralUse::Argument) + "))";
}

} // namespace unitgen
