// LegalSequences: the driver's `legal` mode in (the heaps as its targets) and its states out,
// matched to the heaps.
#include "exhaustive/LegalSequences.h"
#include "exhaustive/DriverInput.h"

#include "support/Hash.h"
#include "support/Sandbox.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <map>
#include <sstream>

namespace unitgen {

Expected<LegalSequences>
findLegalSequences(const std::string &driverPath, const Finitization &finitization,
                   const std::vector<std::vector<uint32_t>> &heaps,
                   const std::vector<CallPlan> &plans,
                   const std::vector<std::pair<long long, long long>> &constructorRanges,
                   int maxLength, double callTimeoutSeconds, double budgetSeconds) {
  ScratchDir dir("unitgen-legal");
  std::string input = dir.file("legal.txt"), output = dir.file("states.txt"),
              targetsFile = dir.file("targets.txt");
  // The heaps as the driver writes states, so it can steer towards them.
  HeapObjects objects(finitization);
  std::vector<std::set<FieldPair>> wanted;
  std::string targets;
  for (const std::vector<uint32_t> &heap : heaps) {
    wanted.push_back(fieldPairs(finitization, objects, heap));
    for (const auto &[where, value] : wanted.back())
      targets += fmt::format("pair {} {} {} {}\n", std::get<0>(where), std::get<1>(where),
                             std::get<2>(where), value);
    targets += "end\n";
  }
  writeFile(targetsFile, targets);
  std::string text = driverInput(finitization, budgetSeconds, false);
  text += legalLines(maxLength, targetsFile, callTimeoutSeconds);
  text += callLines(plans);
  text += constructLine(constructorRanges);
  writeFile(input, text);
  ProcessResult run = runSandboxed({driverPath, input, output}, {dir.path(), {}});
  if (!run.ok())
    return Error{ExitCode::Input, "the search for legal call sequences failed:\n" + run.output};
  bool ok = false;
  std::istringstream lines(readFile(output, &ok));
  std::map<std::set<FieldPair>, LegalSequence> reached; // the first found wins
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string kind;
    size_t count = 0;
    words >> kind >> count;
    if (kind != "state")
      continue;
    LegalSequence sequence; // the constructor's step (-1) first, then the calls
    for (size_t s = 0; s < count; ++s) {
      LegalStep step;
      size_t arguments = 0;
      words >> step.first >> arguments;
      step.second.resize(arguments);
      for (long long &argument : step.second)
        words >> argument;
      if (step.first < 0)
        sequence.constructorArguments = std::move(step.second);
      else
        sequence.calls.push_back(std::move(step));
    }
    std::set<FieldPair> pairs;
    while (std::getline(lines, line) && line != "end") {
      std::istringstream pairWords(line);
      std::string word, name;
      int cls = 0, id = 0;
      long long value = 0;
      pairWords >> word >> cls >> id >> name >> value;
      pairs.insert({{cls, id, name}, value});
    }
    reached.emplace(std::move(pairs), std::move(sequence));
  }
  LegalSequences result;
  for (const std::set<FieldPair> &pairs : wanted) {
    auto found = reached.find(pairs);
    result.perHeap.push_back(found == reached.end() ? std::nullopt : std::optional(found->second));
  }
  std::istringstream printed(run.output);
  while (std::getline(printed, line))
    if (line.rfind("sequences ", 0) == 0)
      result.sequencesRun = std::stoull(line.substr(10));
  return result;
}

} // namespace unitgen
