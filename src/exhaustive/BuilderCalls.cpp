// BuilderCalls: the heaps file and the call lines in, one outcome line per call out.
#include "exhaustive/BuilderCalls.h"
#include "exhaustive/DriverInput.h"

#include "support/Hash.h"
#include "support/Sandbox.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <sstream>

namespace unitgen {
namespace {

/// A word of HeapReplay's hexWord back as text.
std::string fromHex(const std::string &word) {
  std::string text;
  for (size_t i = 0; word != "-" && i + 1 < word.size(); i += 2)
    text += static_cast<char>(std::stoi(word.substr(i, 2), nullptr, 16));
  return text;
}

/// The rest of a line after ` theories`: true with `violation` set (or left unbroken for
/// ` held`); false when the theory ended the child (crashed or hung), `how` saying so.
bool readTheories(std::istringstream &words, TheoryViolation &violation, std::string &how) {
  std::string verdict;
  words >> verdict;
  if (verdict == "held")
    return true;
  if (verdict == "violated") {
    std::string name, message;
    words >> name >> message;
    violation = {fromHex(name), fromHex(message)};
    return true;
  }
  how = verdict == "crashed" ? "crashed" : verdict == "hung" ? "hung" : "ended its process";
  return false;
}

Error theoryDied(const std::string &how, const std::string &where) {
  return {ExitCode::Input, "a theory (--theories) " + how + " " + where +
                               ": a theory must return, whatever the object; fix the theory"};
}

} // namespace

Expected<HeapCalls> callOnHeaps(const std::string &driverPath, const Finitization &finitization,
                                const std::vector<std::vector<uint32_t>> &heaps,
                                const std::vector<CallPlan> &plans,
                                const std::vector<int> &observers, double callTimeoutSeconds) {
  ScratchDir dir("unitgen-builder-calls");
  bool wide = false;
  for (const CandidateField &field : finitization.fields)
    wide |= field.domain.size(finitization.objects) > 256;
  std::string records;
  for (const std::vector<uint32_t> &heap : heaps)
    for (uint32_t value : heap) {
      records += static_cast<char>(value & 0xff);
      if (wide)
        records += static_cast<char>(value >> 8);
    }
  std::string heapsFile = dir.file("heaps.bin"), input = dir.file("calls.txt"),
              output = dir.file("outcomes.txt");
  writeFile(heapsFile, records);
  std::string text = driverInput(finitization, 0, false);
  text += replayLines(heapsFile, callTimeoutSeconds);
  text += callLines(plans);
  text += observeLine(observers);
  writeFile(input, text);
  ProcessResult run = runSandboxed({driverPath, input, output}, {dir.path(), {}});
  if (!run.ok())
    return Error{ExitCode::Internal, "the exhaustive driver could not call the methods on the "
                                     "heaps:\n" +
                                         run.output};
  bool ok = false;
  std::istringstream lines(readFile(output, &ok));
  HeapCalls calls;
  calls.heapTheories.resize(heaps.size());
  std::vector<HeapCallOutcome> &outcomes = calls.outcomes;
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    HeapCallOutcome outcome;
    std::string kind, how;
    if (line.compare(0, 5, "heap ") == 0) { // the theories on a heap as built
      size_t heap = 0;
      words >> kind >> heap >> kind;
      if (heap >= heaps.size() || kind != "theories" ||
          !readTheories(words, calls.heapTheories[heap], how))
        return theoryDied(how.empty() ? "ended its process" : how,
                          "on heap " + std::to_string(heap + 1) + " of the suite, as built");
      continue;
    }
    size_t count = 0;
    words >> outcome.heap >> outcome.plan >> count;
    outcome.arguments.resize(count);
    for (long long &argument : outcome.arguments)
      words >> argument;
    words >> kind;
    int holds = 0;
    if (kind == "returned") {
      outcome.kind = HeapCallOutcome::Kind::Returned;
      words >> outcome.value >> holds;
    } else if (kind == "void") {
      outcome.kind = HeapCallOutcome::Kind::Void;
      words >> holds;
    } else if (kind == "threw") {
      outcome.kind = HeapCallOutcome::Kind::Threw;
      words >> holds;
    } else if (kind == "crashed") {
      outcome.kind = HeapCallOutcome::Kind::Crashed;
      words >> outcome.signal;
    } else {
      outcome.kind = HeapCallOutcome::Kind::Hung;
    }
    outcome.invariantHolds = holds != 0;
    std::string word;
    if (words >> word && word == "theories") {
      if (!readTheories(words, outcome.theory, how))
        return theoryDied(
            how, fmt::format("on heap {} of the suite after a call on it", outcome.heap + 1));
      // A heap that broke a theory as built: the heap's failure, not this call's.
      if (outcome.heap < calls.heapTheories.size() && calls.heapTheories[outcome.heap].broken())
        outcome.theory = {};
      words >> word;
    }
    if (word == "observed")
      while (outcome.observed.size() < observers.size() && words >> word) {
        long long value = 0;
        if (word == "-")
          outcome.observed.push_back(std::nullopt);
        else if (std::istringstream(word) >> value)
          outcome.observed.push_back(value);
        else
          break;
      }
    outcomes.push_back(outcome);
  }
  return calls;
}

} // namespace unitgen
