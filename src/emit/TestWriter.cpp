// Test file writing: header comments, includes, one TEST per test case, failure checks and notes.
#include "emit/TestWriter.h"

#include "emit/CodeLayout.h"
#include "emit/FailureDescription.h"
#include "emit/Identifiers.h"
#include "emit/MockWriter.h"
#include "emit/SequenceWriter.h"
#include "emit/TemporaryFileWriter.h"
#include "emit/TestNamer.h"

#include <cctype>
#include <set>

namespace unitgen {
namespace {

std::string baseName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool sameClass(const std::string &a, const std::string &b) {
  return a == b || unqualifiedName(a) == unqualifiedName(b);
}

/// The header comment and the includes, then `body`.
std::string assemble(const ClassModel &model, const Provenance &provenance,
                     const std::vector<std::string> &notes, const CodeBlock &body,
                     bool includeProject) {
  CodeBlock header;
  header.comment(generatedByNote(model, provenance));
  header.comment(regenerateNote(model, provenance));
  for (const std::string &note : notes)
    header.comment(note);
  std::set<std::string> project;
  if (includeProject) {
    for (const std::string &spelling : model.includeSpellings)
      project.insert(spelling);
    if (project.empty())
      for (const ClassInfo &info : model.classes)
        if (info.isApi && !info.includeSpelling.empty())
          project.insert(info.includeSpelling);
  }
  for (const std::string &spelling : project)
    header.line("#include " +
                (spelling[0] == '<' || spelling[0] == '"' ? spelling : "\"" + spelling + "\""));
  const std::string code = body.text();
  const std::string helpers = mockDefinitions(model, code) + temporaryFileDefinition(code);
  for (const std::string &include : standardIncludes(helpers + code))
    header.line("#include " + include);
  return header.text() + (helpers.empty() ? "" : "\n" + helpers.substr(0, helpers.size() - 1)) +
         code;
}

/// `TEST(Suite, Name) {`, the body, `}`. A one-statement body that fits joins the TEST line, as
/// clang-format's LLVM style (AllowShortFunctionsOnASingleLine) does, so that the output is the
/// same with or without clang-format.
void writeTest(const std::string &suite, const std::string &name, const CodeBlock &body,
               CodeBlock &file) {
  const std::string head = "TEST(" + suite + ", " + name + ") {";
  if (body.empty()) {
    file.line(head + "}");
    return;
  }
  if (body.lines().size() == 1) {
    const std::string &line = body.lines().front();
    const std::string statement = line.substr(line.find_first_not_of(' '));
    if (statement.rfind("//", 0) != 0 && head.size() + statement.size() + 3 <= kColumnLimit) {
      file.line(head + " " + statement + " }");
      return;
    }
  }
  file.statement(Code::call("TEST", {Code::leaf(suite), Code::leaf(name)}), " {");
  file.append(body);
  file.line("}");
}

/// The invariant method of `className` when a test can call it, else empty.
std::string publicInvariant(const ClassModel &model, const std::string &className) {
  const ClassInfo *info = model.findClass(className);
  if (!info || info->invariant.empty())
    return "";
  for (const Callable &callable : model.callables)
    if (callable.owner == info->qualifiedName && callable.name == info->invariant &&
        callable.params.empty() && callable.kind == CallableKind::Method)
      return info->invariant;
  return "";
}

bool hasMethod(const ClassModel &model, const std::string &className, const std::string &name) {
  for (const Callable &callable : model.callables)
    if (sameClass(callable.owner, className) && callable.name == name)
      return true;
  return false;
}

/// Checks after the failing statement that make the failure visible to GoogleTest, and notes
/// for the comment above the test.
void writeFailureChecks(const ClassModel &model, const TestCase &test, int last,
                        SequenceWriter &writer, CodeBlock &body, std::vector<std::string> &notes) {
  const Failure &failure = test.failure;
  switch (failure.kind) {
  case FailureKind::InvariantViolated: {
    if (last < 0)
      return;
    const Statement &statement = test.sequence.statements[last];
    const int checked = statement.receiver >= 0 ? statement.receiver : last;
    const ObjectVariable *var = writer.variable(checked);
    if (!var)
      return;
    const std::string invariant = publicInvariant(model, var->className);
    if (!invariant.empty()) {
      body.statement(
          Code::call("EXPECT_TRUE", {Code::call(writer.member(checked) + invariant, {})}));
      return;
    }
    const ClassInfo *info = model.findClass(var->className);
    notes.push_back("The invariant " +
                    (info && !info->invariant.empty() ? info->invariant + "()" : "check") +
                    " is not public: this test shows the broken state only under a sanitizer or "
                    "through later calls.");
    return;
  }
  case FailureKind::TheoryViolated: {
    // `EXPECT_EQ(unitgen::theoryViolation("Name", object), "");`: GoogleTest shows the failed
    // assertion of the theory.
    if (!writer.variable(failure.object) || failure.theory.empty())
      return;
    body.statement(Code::call("EXPECT_EQ", {Code::call("unitgen::theoryViolation",
                                                       {Code::leaf("\"" + failure.theory + "\""),
                                                        Code::leaf(writer.object(failure.object))}),
                                            Code::leaf("\"\"")}));
    notes.push_back("The theory " + failure.theory + " is in " + theoryFileNames(model) +
                    ", compiled into this test.");
    return;
  }
  case FailureKind::ContractViolated:
  case FailureKind::NonStdException:
    break;
  case FailureKind::Hang:
    notes.push_back("It does not return: ctest ends it at the TIMEOUT set in CMakeLists.txt.");
    return;
  case FailureKind::Sanitizer:
    notes.push_back("Reproduces with -fsanitize=address,undefined (CMake option "
                    "UNITGEN_SANITIZE_FAILURES, on by default).");
    return;
  case FailureKind::OutOfMemory:
    notes.push_back("It allocates beyond unitgen's memory limit; without a limit it may take all "
                    "available memory.");
    return;
  default:
    return;
  }

  const ContractKind contract = contractKind(failure);
  const std::string className = contractClass(failure);
  const std::string method = contractMethod(failure);
  bool checked = false;
  for (int index : writer.variables()) {
    const ObjectVariable &var = *writer.variable(index);
    switch (contract) {
    case ContractKind::SelfEquality:
      if (!sameClass(var.className, className))
        break;
      body.statement(Code::call(
          "EXPECT_TRUE", {Code::leaf(writer.object(index) + " == " + writer.object(index))}));
      checked = true;
      break;
    case ContractKind::CopyEquality: {
      if (!sameClass(var.className, className))
        break;
      const std::string copy = writer.declare("copy");
      body.statement(Code::call(var.className + " " + copy, {Code::leaf(writer.object(index))}));
      if (hasMethod(model, var.className, "operator==")) {
        body.statement(
            Code::call("EXPECT_TRUE", {Code::leaf(copy + " == " + writer.object(index))}));
        checked = true;
      }
      break;
    }
    case ContractKind::ObserverState:
    case ContractKind::ObserverThrow:
      if (!hasMethod(model, var.className, method))
        break;
      body.statement(Code::call(writer.member(index) + method, {}));
      checked = true;
      break;
    default:
      break;
    }
  }
  switch (contract) {
  case ContractKind::CopyEquality:
    if (!checked)
      notes.push_back(unqualifiedName(className) +
                      " has no operator==: the copy differs from the original in state that only "
                      "unitgen's heap walk sees.");
    break;
  case ContractKind::ConstMethodState:
    notes.push_back(method + "() is const, yet unitgen's heap walk saw it change its receiver.");
    break;
  case ContractKind::ObserverState:
    notes.push_back(method + "() is an observer, yet unitgen's heap walk saw it change its "
                             "receiver.");
    break;
  default:
    break;
  }
}

void writeFailureTest(const ClassModel &model, const TestCase &test, const std::string &suite,
                      const std::string &name, CodeBlock &file) {
  const int last = failingStatement(test);
  CodeBlock body(kIndentWidth);
  SequenceWriter writer(model, test, last, SequenceWriter::Mode::Failure, body);
  writer.writeStatements();
  std::vector<std::string> notes;
  writeFailureChecks(model, test, last, writer, body, notes);

  const std::string what = observedText(test);
  const std::string where = last >= 0 ? writer.humanCall(last) : "";
  const FailureKind kind = test.failure.kind;
  // Invariants and contracts are checked after the call returned; the rest happen inside it.
  const bool after = kind == FailureKind::InvariantViolated ||
                     kind == FailureKind::TheoryViolated || kind == FailureKind::ContractViolated ||
                     contractKind(test.failure) == ContractKind::ObserverThrow;
  file.blank();
  if (where.empty())
    file.comment("Observed: " + what + ".");
  else if (after)
    file.comment("Observed after " + where + ": " + what + ".");
  else
    file.comment("Observed: " + what + " in " + where + ".");
  for (const std::string &note : notes)
    file.comment(note);
  writeTest(suite, name, body, file);
}

} // namespace

std::string theoryFileNames(const ClassModel &model) {
  std::string names;
  for (size_t i = 0; i < model.theories.size(); ++i)
    names += (i == 0                           ? ""
              : i + 1 == model.theories.size() ? " and "
                                               : ", ") +
             baseName(model.theories[i]);
  return names;
}

std::string generatedByNote(const ClassModel &model, const Provenance &provenance) {
  std::vector<std::string> files;
  for (const SourceFile &source : model.sources)
    files.push_back(baseName(source.path));
  if (files.empty())
    for (const ClassInfo &info : model.classes)
      if (info.isApi && !info.header.empty())
        files.push_back(baseName(info.header));
  std::string from;
  for (const std::string &file : files)
    from += (from.empty() ? "" : ", ") + file;
  return "Generated by unitgen" + (from.empty() ? std::string() : " from " + from) + " (" +
         (model.targetIsFunction ? "function " : "class ") + model.target + "), seed " +
         std::to_string(provenance.seed) + ".";
}

std::string regenerateNote(const ClassModel &model, const Provenance &provenance) {
  std::string command = provenance.commandLine;
  if (command.empty())
    command = "unitgen generate " +
              std::string(model.targetIsFunction ? "--function " : "--class ") + model.target +
              " --seed " + std::to_string(provenance.seed);
  return "Do not edit: regenerate with " + command + ".";
}

std::string writeRegressionFile(const ClassModel &model, const std::vector<TestCase> &tests,
                                const std::vector<std::string> &names,
                                const Provenance &provenance) {
  const std::string suite = TestNamer(model, false).suiteName();
  CodeBlock file;
  for (size_t i = 0; i < tests.size(); ++i) {
    CodeBlock body(kIndentWidth);
    SequenceWriter writer(model, tests[i], static_cast<int>(tests[i].sequence.size()) - 1,
                          SequenceWriter::Mode::Regression, body);
    writer.writeStatements();
    writer.writeObservers();
    file.blank();
    writeTest(suite, names[i], body, file);
  }
  if (tests.empty())
    return assemble(model, provenance,
                    {"unitgen kept no regression tests for it (see unitgen-report.json)."}, file,
                    false);
  return assemble(model, provenance, {}, file, true);
}

std::string writeFailureFile(const ClassModel &model, const std::vector<TestCase> &failures,
                             const std::vector<std::string> &names, const Provenance &provenance) {
  const std::string suite = TestNamer(model, true).suiteName();
  CodeBlock file;
  for (size_t i = 0; i < failures.size(); ++i)
    writeFailureTest(model, failures[i], suite, names[i], file);
  if (failures.empty())
    return assemble(model, provenance,
                    {"unitgen found no failures: no crash, sanitizer report, hang, invariant or "
                     "contract violation within its budget."},
                    file, false);
  return assemble(
      model, provenance,
      {"Each test reproduces a failure unitgen observed and fails until the code under "
       "test is fixed. Run them with ctest, which runs each test in its own process and "
       "ends hangs; a crash ends the whole binary otherwise."},
      file, true);
}

std::vector<std::string> standardIncludes(const std::string &code) {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"std::numeric_limits", "<limits>"},
      {"testing::NiceMock", "<gmock/gmock.h>"},
      {"testing::ElementsAre", "<gmock/gmock.h>"},
      {"std::optional", "<optional>"},
      {"std::nullopt", "<optional>"},
      {"std::string", "<string>"},
      {"std::string_view", "<string_view>"},
      {"std::istringstream", "<sstream>"},
      {"std::ostringstream", "<sstream>"},
      {"std::vector", "<vector>"},
      {"std::array", "<array>"},
      {"std::tuple", "<tuple>"},
      {"std::variant", "<variant>"},
      {"std::in_place_index", "<utility>"},
      {"std::deque", "<deque>"},
      {"std::list", "<list>"},
      {"std::set", "<set>"},
      {"std::multiset", "<set>"},
      {"std::map", "<map>"},
      {"std::multimap", "<map>"},
      {"std::unordered_set", "<unordered_set>"},
      {"std::unordered_multiset", "<unordered_set>"},
      {"std::unordered_map", "<unordered_map>"},
      {"std::unordered_multimap", "<unordered_map>"},
      {"std::isnan", "<cmath>"},
      {"std::FILE", "<cstdio>"},
      {"mkstemp", "<cstdlib>"},
      {"pread", "<unistd.h>"},
      {"std::unique_ptr", "<memory>"},
      {"std::make_unique", "<memory>"},
      {"std::shared_ptr", "<memory>"},
      {"std::make_shared", "<memory>"},
      {"std::move", "<utility>"},
      {"std::pair", "<utility>"},
      {"std::as_const", "<utility>"},
      {"std::exception", "<exception>"},
      {"std::bad_exception", "<exception>"},
      {"std::logic_error", "<stdexcept>"},
      {"std::invalid_argument", "<stdexcept>"},
      {"std::domain_error", "<stdexcept>"},
      {"std::length_error", "<stdexcept>"},
      {"std::out_of_range", "<stdexcept>"},
      {"std::runtime_error", "<stdexcept>"},
      {"std::range_error", "<stdexcept>"},
      {"std::overflow_error", "<stdexcept>"},
      {"std::underflow_error", "<stdexcept>"},
      {"std::bad_alloc", "<new>"},
      {"unitgen::theoryViolation", "<unitgen/theory.h>"},
      {"std::bad_array_new_length", "<new>"},
      {"std::bad_optional_access", "<optional>"},
      {"std::bad_variant_access", "<variant>"},
      {"std::bad_function_call", "<functional>"},
      {"std::bad_cast", "<typeinfo>"},
      {"std::bad_typeid", "<typeinfo>"},
      {"std::bad_weak_ptr", "<memory>"},
      {"std::system_error", "<system_error>"},
      {"std::future_error", "<future>"},
      {"std::regex_error", "<regex>"},
      {"std::ios_base::failure", "<ios>"},
      {"std::filesystem::filesystem_error", "<filesystem>"},
      {"int8_t", "<cstdint>"},
      {"int16_t", "<cstdint>"},
      {"int32_t", "<cstdint>"},
      {"int64_t", "<cstdint>"},
      {"uint8_t", "<cstdint>"},
      {"uint16_t", "<cstdint>"},
      {"uint32_t", "<cstdint>"},
      {"uint64_t", "<cstdint>"},
      {"size_t", "<cstddef>"},
  };
  // Only code counts: a string literal "std::string" needs no header.
  std::string stripped;
  for (size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (c == '/' && i + 1 < code.size() && code[i + 1] == '/') {
      while (i < code.size() && code[i] != '\n')
        ++i;
      stripped += '\n';
    } else if (c == '"' || c == '\'') {
      for (++i; i < code.size() && code[i] != c; ++i)
        if (code[i] == '\\')
          ++i;
      stripped += ' ';
    } else {
      stripped += c;
    }
  }
  auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::set<std::string> includes = {"<gtest/gtest.h>"};
  for (const auto &[token, header] : headers) {
    for (size_t at = stripped.find(token); at != std::string::npos;
         at = stripped.find(token, at + 1)) {
      size_t end = at + token.size();
      bool before = at > 0 && isWordChar(stripped[at - 1]);
      bool after = end < stripped.size() && isWordChar(stripped[end]);
      if (!before && !after) {
        includes.insert(header);
        break;
      }
    }
  }
  return {includes.begin(), includes.end()};
}

} // namespace unitgen
