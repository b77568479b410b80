// Test naming: call words, value words, failure verbs, and `_N` disambiguation.
#include "emit/TestNamer.h"

#include "emit/FailureDescription.h"
#include "emit/Identifiers.h"
#include "emit/LiteralPrinter.h"
#include "suite/Goals.h"

#include <algorithm>
#include <cctype>

namespace unitgen {
namespace {

std::string operatorWord(const std::string &name) {
  static const std::map<std::string, std::string> words = {{"==", "Equals"},
                                                           {"!=", "NotEquals"},
                                                           {"<", "Less"},
                                                           {"<=", "LessOrEqual"},
                                                           {">", "Greater"},
                                                           {">=", "GreaterOrEqual"},
                                                           {"<=>", "Compare"},
                                                           {"[]", "Subscript"},
                                                           {"()", "Call"},
                                                           {"+", "Plus"},
                                                           {"-", "Minus"},
                                                           {"*", "Times"},
                                                           {"/", "Divide"},
                                                           {"%", "Modulo"},
                                                           {"=", "Assign"},
                                                           {"+=", "PlusAssign"},
                                                           {"-=", "MinusAssign"},
                                                           {"*=", "TimesAssign"},
                                                           {"/=", "DivideAssign"},
                                                           {"%=", "ModuloAssign"},
                                                           {"++", "Increment"},
                                                           {"--", "Decrement"},
                                                           {"!", "Not"},
                                                           {"~", "Complement"},
                                                           {"<<", "ShiftLeft"},
                                                           {">>", "ShiftRight"},
                                                           {"<<=", "ShiftLeftAssign"},
                                                           {">>=", "ShiftRightAssign"},
                                                           {"&", "BitAnd"},
                                                           {"|", "BitOr"},
                                                           {"^", "BitXor"},
                                                           {"&=", "BitAndAssign"},
                                                           {"|=", "BitOrAssign"},
                                                           {"^=", "BitXorAssign"},
                                                           {"&&", "And"},
                                                           {"||", "Or"},
                                                           {"->", "Arrow"},
                                                           {",", "Comma"}};
  std::string symbol = name.substr(8); // after `operator`
  while (!symbol.empty() && symbol.front() == ' ')
    symbol.erase(symbol.begin());
  auto found = words.find(symbol);
  if (found != words.end())
    return found->second;
  // A conversion operator: `operator bool` → ToBool.
  std::string type = upperCamel(symbol);
  return type.empty() ? "Operator" : "To" + type;
}

/// Numbers as a name reads them: `-2.5e+10` → Minus2Point5E10.
std::string numberWord(const std::string &text) {
  if (text == "inf")
    return "Infinity";
  if (text == "-inf")
    return "MinusInfinity";
  if (text == "nan" || text == "-nan")
    return "NaN";
  std::string word;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '-')
      word += "Minus";
    else if (c == '.')
      word += "Point";
    else if (c == 'e')
      word += "E";
    else if (std::isalnum(static_cast<unsigned char>(c)))
      word += c;
  }
  // `-0.0`: MinusZero reads better than Minus0Point0.
  if (word == "Minus0Point0")
    return "MinusZero";
  return word;
}

} // namespace

std::string subjectName(const ClassModel &model) { return unqualifiedName(model.target); }

std::string regressionFileName(const ClassModel &model) { return subjectName(model) + "_test.cpp"; }

std::string failureFileName(const ClassModel &model) {
  return subjectName(model) + "_failures_test.cpp";
}

std::string callWord(const Callable &callable) {
  switch (callable.kind) {
  case CallableKind::Constructor: {
    // `T(const T&)` and `T(T&&)`: what a reader calls them.
    bool ofItsOwnClass = callable.params.size() == 1 &&
                         callable.params[0].type.kind == TypeKind::Class &&
                         callable.params[0].type.className == callable.owner;
    if (!ofItsOwnClass)
      return "Constructor";
    return callable.params[0].type.passing == Passing::RvalueReference ? "MoveConstructor"
                                                                       : "CopyConstructor";
  }
  case CallableKind::Operator:
    return operatorWord(callable.name);
  default: {
    if (callable.isUpcast) // `static_cast<geo::Shape &>`: AsShape
      return "As" + upperCamel(unqualifiedName(callable.returnType.className));
    std::string word = upperCamel(callable.name);
    return word.empty() ? "Call" : word;
  }
  }
}

std::string valueWord(const Value &value, const TypeDesc &type) {
  switch (type.kind) {
  case TypeKind::Bool:
    return printLiteral(value, type, LiteralUse::Human) == "true" ? "True" : "False";
  case TypeKind::Optional:
    if (value.kind == Value::Kind::Null || type.elements.empty())
      return "Nullopt";
    return valueWord(value, type.elements.front());
  case TypeKind::String:
  case TypeKind::CString:
  case TypeKind::InputStream:
  case TypeKind::OutputStream:
  case TypeKind::File: {
    if (value.kind == Value::Kind::Null)
      return "Null";
    if (value.s.empty())
      return "EmptyString";
    bool wordy = value.s.size() <= 20;
    for (char c : value.s)
      wordy &= std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '_' || c == '-';
    std::string word = upperCamel(value.s);
    return wordy && !word.empty() && !std::isdigit(static_cast<unsigned char>(word[0])) ? word
                                                                                        : "String";
  }
  case TypeKind::Char: {
    std::string text = printLiteral(value, type, LiteralUse::Human);
    // `'a'` → A; escapes and punctuation have no good word.
    if (text.size() == 3 && std::isalnum(static_cast<unsigned char>(text[1])))
      return "Char" +
             std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(text[1]))));
    return "Char";
  }
  case TypeKind::Enum: {
    std::string name = unqualifiedName(printLiteral(value, type, LiteralUse::Human));
    if (!name.empty() && (std::isdigit(static_cast<unsigned char>(name[0])) || name[0] == '-'))
      return numberWord(name);
    // The `k` of `kRed` is a naming convention, not part of the name.
    if (name.size() > 1 && name[0] == 'k' && std::isupper(static_cast<unsigned char>(name[1])))
      name.erase(0, 1);
    return upperCamel(name);
  }
  case TypeKind::Integer:
  case TypeKind::Floating: {
    std::string source = printLiteral(value, type, LiteralUse::Expected);
    for (const char *member : {"max", "min", "lowest", "epsilon", "denorm_min"})
      if (source.find(std::string("::") + member + "()") != std::string::npos)
        return (source[0] == '-' ? "Minus" : "") + upperCamel(member);
    return numberWord(printLiteral(value, type, LiteralUse::Human));
  }
  case TypeKind::Container:
    if (value.kind != Value::Kind::List)
      return "Value";
    if (type.isVariant()) { // the word of the value it holds
      const size_t index =
          value.items.empty() ? type.elements.size() : static_cast<size_t>(value.items[0].u);
      return index < type.elements.size() && value.items.size() == 2
                 ? valueWord(value.items[1], type.elements[index])
                 : "Value";
    }
    if (type.isProduct())
      return upperCamel(type.container); // Pair, Tuple
    if (value.items.empty())
      return "Empty" + upperCamel(type.container);
    return value.items.size() == 1 ? "OneElement" : std::to_string(value.items.size()) + "Elements";
  default:
    return "Value";
  }
}

std::string TestNamer::suiteName() const {
  return upperCamel(subjectName(model_)) + (failures_ ? "FailureTest" : "Test");
}

namespace {

/// What a test kept only for boundaries or for argument classes checks, as the end of its name:
/// `AtBoundary`, `ForNegativeCapacity`; empty for any other test.
std::string goalSuffix(const ClassModel &model, const TestCase &test) {
  auto only = [&](GoalKind kind) {
    return !test.goalKeys.empty() && std::all_of(test.goalKeys.begin(), test.goalKeys.end(),
                                                 [&](Goal goal) { return goalKind(goal) == kind; });
  };
  if (only(GoalKind::Boundary))
    return "AtBoundary";
  static const char *const classes[] = {"False", "True",  "Negative", "Zero",   "Positive",
                                        "Empty", "Given", "NaN",      "Absent", "Earlier",
                                        "Later", "Self",  "Earlier",  "Later"};
  const bool argumentState = only(GoalKind::ArgumentState);
  if (!argumentState && !only(GoalKind::Input))
    return "";
  const Goal goal = test.goalKeys.front();
  const std::string declared = inputParameterName(model, goal);
  const std::string name = declared.empty() ? "Argument" + std::to_string(inputParameter(goal) + 1)
                                            : upperCamel(declared);
  const int valueClass = inputClass(goal);
  if (argumentState) { // `ForOtherWithIsFullTrue`
    if (argumentObserver(goal) >= model.callables.size())
      return "";
    return "For" + name + "With" + upperCamel(model.callables[argumentObserver(goal)].name) +
           (valueClass <= 13 ? classes[valueClass] : "Throwing");
  }
  return std::string("For") + (valueClass >= 0 && valueClass <= 13 ? classes[valueClass] : "") +
         name;
}

} // namespace

std::string TestNamer::regressionName(const TestCase &test) const {
  return callName(test) + goalSuffix(model_, test);
}

std::string TestNamer::callName(const TestCase &test) const {
  const auto &statements = test.sequence.statements;
  if (statements.empty())
    return "Empty";
  // The read-back queries at the end check the test's calls; the name is the calls'.
  const int last = static_cast<int>(statements.size() - 1 -
                                    std::min(test.readBackQueries, statements.size() - 1));
  const Callable &callable = model_.callables[statements[last].callable];
  const std::string word = callWord(callable);
  if (static_cast<size_t>(last) < test.calls.size()) {
    const CallOutcome &outcome = test.calls[last];
    if (outcome.status == CallStatus::Threw)
      return word + "Throws" + upperCamel(unqualifiedName(outcome.exceptionType));
    if (outcome.status == CallStatus::Returned && outcome.hasValue)
      return word + "Returns" +
             valueWord(outcome.value,
                       callable.madeThrough >= 0 ? callable.madeReturn : callable.returnType);
  }
  if (callable.kind == CallableKind::Constructor)
    return word;
  // A call without a result: name it after the different call before it (InsertThenRemove),
  // or count repeats of the same call (PushTwice, Push3Times).
  int repeats = 1;
  for (int i = last - 1; i >= 0; --i) {
    const Callable &earlier = model_.callables[statements[i].callable];
    if (earlier.kind == CallableKind::Constructor || earlier.isUpcast)
      continue;
    const std::string earlierWord = callWord(earlier);
    if (earlierWord != word)
      return earlierWord + "Then" + word;
    ++repeats;
  }
  if (repeats == 1)
    return word;
  return word + (repeats == 2 ? "Twice" : std::to_string(repeats) + "Times");
}

std::string TestNamer::failureName(const TestCase &test) const {
  const int statement = failingStatement(test);
  std::string word = statement >= 0
                         ? callWord(model_.callables[test.sequence.statements[statement].callable])
                         : "Sequence";
  return word + failureVerb(test.failure, test.observed);
}

std::string TestNamer::baseName(const TestCase &test) const {
  return failures_ ? failureName(test) : regressionName(test);
}

std::string TestNamer::uniqueName(const TestCase &test) {
  std::string base = baseName(test);
  int count = ++uses_[base];
  // Base names never contain `_`, so a suffixed name cannot collide with another base name.
  return count == 1 ? base : base + "_" + std::to_string(count);
}

std::vector<std::string> nameTests(const ClassModel &model, const std::vector<TestCase> &tests,
                                   bool failures) {
  TestNamer namer(model, failures);
  std::vector<std::string> names;
  names.reserve(tests.size());
  for (const TestCase &test : tests)
    names.push_back(namer.uniqueName(test));
  return names;
}

} // namespace unitgen
