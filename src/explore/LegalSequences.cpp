// LegalSequences: the driver's `legal` mode in and its states out, matched to the heaps.
#include "explore/LegalSequences.h"

#include "support/Hash.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <map>
#include <sstream>

namespace unitgen {

Expected<std::vector<std::optional<std::vector<LegalStep>>>>
findLegalSequences(const std::string &driverPath, const Finitization &finitization,
                   const std::vector<std::vector<uint32_t>> &heaps,
                   const std::vector<CallPlan> &plans, int maxLength, double callTimeoutSeconds,
                   double budgetSeconds) {
  ScratchDir dir("unitgen-legal");
  std::string input = dir.file("legal.txt"), output = dir.file("states.txt");
  std::string text = finitization.driverInput(budgetSeconds, false);
  text += fmt::format("legal {}\ncall-timeout {}\n", maxLength, callTimeoutSeconds);
  text += callLines(plans);
  writeFile(input, text);
  ProcessResult run = runProcess({driverPath, input, output});
  if (!run.ok())
    return Error{ExitCode::Input, "the search for legal call sequences failed:\n" + run.output};
  bool ok = false;
  std::istringstream lines(readFile(output, &ok));
  std::map<std::set<FieldPair>, std::vector<LegalStep>> reached; // first (shortest) wins
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string kind;
    size_t count = 0;
    words >> kind >> count;
    if (kind != "state")
      continue;
    std::vector<LegalStep> steps(count);
    for (LegalStep &step : steps) {
      size_t arguments = 0;
      words >> step.first >> arguments;
      step.second.resize(arguments);
      for (long long &argument : step.second)
        words >> argument;
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
    reached.emplace(std::move(pairs), std::move(steps));
  }
  std::vector<std::optional<std::vector<LegalStep>>> sequences;
  HeapObjects objects(finitization);
  for (const std::vector<uint32_t> &heap : heaps) {
    auto found = reached.find(fieldPairs(finitization, objects, heap));
    sequences.push_back(found == reached.end() ? std::nullopt : std::optional(found->second));
  }
  return sequences;
}

} // namespace unitgen
