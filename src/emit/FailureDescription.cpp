// Failure wording: verbs for test names, sanitizer line clean-up, the observed text.
#include "emit/FailureDescription.h"

#include "emit/Identifiers.h"

#include <cctype>
#include <set>
#include <sstream>
#include <vector>

namespace unitgen {
namespace {

bool startsWith(const std::string &text, const std::string &prefix) {
  return text.rfind(prefix, 0) == 0;
}

std::string firstLine(const std::string &text) {
  std::string line = text.substr(0, text.find('\n'));
  while (!line.empty() &&
         (std::isspace(static_cast<unsigned char>(line.back())) || line.back() == '.'))
    line.pop_back();
  return line;
}

/// The bug type a sanitizer report names: `heap-use-after-free`, `SEGV`, `signed integer
/// overflow`; empty when the line is not a sanitizer report.
std::string sanitizerBugType(const std::string &detail) {
  const std::string line = sanitizerSummary(detail);
  if (line.find("LeakSanitizer") != std::string::npos)
    return "memory leak";
  size_t asan = line.find("Sanitizer: ");
  if (asan != std::string::npos) {
    std::istringstream rest(line.substr(asan + 11));
    std::string word;
    rest >> word;
    if (word == "attempting") // `attempting double-free on ...`
      rest >> word;
    return word;
  }
  size_t ubsan = line.find("runtime error: ");
  if (ubsan == std::string::npos)
    return "";
  // UBSan: the words before the first `:` that carry no operands (`signed integer overflow`,
  // `load of null pointer of type 'int'` → `load of null pointer`).
  std::string phrase = line.substr(ubsan + 15);
  phrase = phrase.substr(0, phrase.find(':'));
  static const std::set<std::string> trailing = {"of", "for", "on", "in", "to", "at", "by", "is"};
  std::vector<std::string> kept;
  std::istringstream words(phrase);
  for (std::string word; words >> word && kept.size() < 4;) {
    bool operand = false;
    for (char c : word)
      operand |= std::isdigit(static_cast<unsigned char>(c)) || c == '\'' || c == '"';
    if (!operand)
      kept.push_back(word);
  }
  while (!kept.empty() && trailing.count(kept.back()))
    kept.pop_back();
  std::string result;
  for (const std::string &word : kept)
    result += (result.empty() ? "" : " ") + word;
  return result;
}

} // namespace

ContractKind contractKind(const Failure &failure) {
  const std::string &detail = failure.detail;
  if (startsWith(detail, "a == a"))
    return ContractKind::SelfEquality;
  if (startsWith(detail, "copy of"))
    return ContractKind::CopyEquality;
  if (startsWith(detail, "const method "))
    return ContractKind::ConstMethodState;
  if (startsWith(detail, "observer ") && detail.find(" threw") != std::string::npos)
    return ContractKind::ObserverThrow;
  if (startsWith(detail, "observer "))
    return ContractKind::ObserverState;
  return ContractKind::Other;
}

int failingStatement(const TestCase &test) {
  const int size = static_cast<int>(test.sequence.size());
  const int statement = test.failure.statement;
  return statement >= 0 && statement < size ? statement : size - 1;
}

std::string contractMethod(const Failure &failure) {
  std::string rest;
  if (startsWith(failure.detail, "const method "))
    rest = failure.detail.substr(13);
  else if (startsWith(failure.detail, "observer "))
    rest = failure.detail.substr(9);
  return rest.substr(0, rest.find(' '));
}

std::string contractClass(const Failure &failure) {
  const std::string &detail = failure.detail;
  switch (contractKind(failure)) {
  case ContractKind::SelfEquality: {
    size_t at = detail.find(" for ");
    return at == std::string::npos ? "" : detail.substr(at + 5);
  }
  case ContractKind::CopyEquality:
    return detail.substr(8, detail.find(" differs") - 8);
  default:
    return "";
  }
}

std::string failureVerb(const Failure &failure, const std::string &observed) {
  switch (failure.kind) {
  case FailureKind::Crash: {
    std::string signal = failure.detail.substr(0, failure.detail.find(' '));
    if (signal == "SIGSEGV")
      return "Segfaults";
    if (startsWith(signal, "SIG") && signal.size() > 3) {
      std::string name = "Sig"; // SIGFPE → Sigfpe: one word, as `Segfaults` is
      for (size_t i = 3; i < signal.size(); ++i)
        name += static_cast<char>(std::tolower(static_cast<unsigned char>(signal[i])));
      return "CrashesWith" + name;
    }
    return "Crashes";
  }
  case FailureKind::Abort:
    return "Aborts";
  case FailureKind::Sanitizer: {
    std::string bug = sanitizerBugType(failure.detail);
    if (bug.empty())
      bug = sanitizerBugType(observed);
    if (bug.empty())
      return "TriggersSanitizer";
    if (bug == "SEGV")
      return "Segfaults";
    if (bug == "stack-overflow")
      return "OverflowsStack";
    return upperCamel(bug);
  }
  case FailureKind::Hang:
    return "Hangs";
  case FailureKind::OutOfMemory:
    return "RunsOutOfMemory";
  case FailureKind::NonStdException:
    return contractKind(failure) == ContractKind::ObserverThrow
               ? "Then" + upperCamel(contractMethod(failure)) + "ThrowsNonStdException"
               : "ThrowsNonStdException";
  case FailureKind::InvariantViolated:
    return "BreaksInvariant";
  case FailureKind::TheoryViolated:
    return "Breaks" + upperCamel(failure.theory.empty() ? std::string("theory") : failure.theory);
  case FailureKind::ContractViolated:
    switch (contractKind(failure)) {
    case ContractKind::SelfEquality:
      return "BreaksSelfEquality";
    case ContractKind::CopyEquality:
      return "BreaksCopyEquality";
    case ContractKind::ConstMethodState:
      return "ChangesState";
    case ContractKind::ObserverState:
      return "Then" + upperCamel(contractMethod(failure)) + "ChangesState";
    default:
      return "BreaksContract";
    }
  default:
    return "Fails";
  }
}

std::string sanitizerSummary(const std::string &line) {
  std::string text = firstLine(line);
  // `==12345==ERROR: ...`: the PID differs on every run.
  if (startsWith(text, "==")) {
    size_t end = text.find("==", 2);
    if (end != std::string::npos)
      text = text.substr(end + 2);
  }
  for (const char *cut : {" on address ", " on unknown address", " at pc ", " (pc "}) {
    size_t at = text.find(cut);
    if (at != std::string::npos)
      text = text.substr(0, at);
  }
  return firstLine(text);
}

std::string observedText(const TestCase &test) {
  const Failure &failure = test.failure;
  std::string text = firstLine(test.observed.empty() ? failure.detail : test.observed);
  if (failure.kind == FailureKind::Sanitizer)
    text = sanitizerSummary(text);
  if (!text.empty())
    return text;
  switch (failure.kind) {
  case FailureKind::Crash:
    return "a fatal signal";
  case FailureKind::Abort:
    return "SIGABRT (abort)";
  case FailureKind::Sanitizer:
    return "a sanitizer report";
  case FailureKind::Hang:
    return "a hang (the call did not return within the time limit)";
  case FailureKind::OutOfMemory:
    return "an allocation beyond the memory limit";
  case FailureKind::NonStdException:
    return "an exception not derived from std::exception";
  case FailureKind::InvariantViolated:
    return "the invariant is false";
  case FailureKind::TheoryViolated:
    return "a theory is false";
  case FailureKind::ContractViolated:
    return "a contract violation";
  default:
    return "a failure";
  }
}

} // namespace unitgen
