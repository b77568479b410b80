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

Expected<std::vector<HeapCallOutcome>>
callOnHeaps(const std::string &driverPath, const Finitization &finitization,
            const std::vector<std::vector<uint32_t>> &heaps, const std::vector<CallPlan> &plans,
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
  std::vector<HeapCallOutcome> outcomes;
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    HeapCallOutcome outcome;
    std::string kind;
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
    if (words >> word && word == "observed")
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
  return outcomes;
}

} // namespace unitgen
