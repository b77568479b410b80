// ExhaustiveSearch: the driver's input and output files, its counts on stdout, its failures.
#include "explore/ExhaustiveSearch.h"

#include "support/Hash.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace unitgen {

Expected<ExhaustiveResult> runExhaustiveSearch(const std::string &driverPath,
                                               const Finitization &finitization,
                                               double budgetSeconds, bool countOnly) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / fmt::format("unitgen-exhaustive-{}", getpid());
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string input = (dir / "finitization.txt").string();
  std::string output = (dir / "heaps.bin").string();
  writeFile(input, finitization.driverInput(budgetSeconds, countOnly));
  // The driver checks its deadline every 65536 candidates; the margin covers one invariant
  // that never returns.
  double limit = budgetSeconds > 0 ? budgetSeconds + 30 : 0;
  ProcessResult run = runProcess({driverPath, input, output}, "", limit);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{dir};
  if (run.timedOut)
    return Error{ExitCode::Input, "the exhaustive search did not stop: an invariant call hangs "
                                  "on some candidate heap (a cycle it does not guard against?)"};
  if (!run.ok()) {
    std::string how = run.signal ? fmt::format("was killed by signal {}", run.signal)
                                 : fmt::format("exited with status {}", run.exitCode);
    return Error{ExitCode::Input,
                 fmt::format("the exhaustive search {} — the invariant must not crash on a "
                             "candidate heap (check pointers for null before following them):\n{}",
                             how, run.output)};
  }
  ExhaustiveResult result;
  std::istringstream lines(run.output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("valid ", 0) == 0)
      result.valid = std::stoull(line.substr(6));
    else if (line.rfind("explored ", 0) == 0)
      result.explored = std::stoull(line.substr(9));
    else if (line.rfind("seconds ", 0) == 0)
      result.seconds = std::stod(line.substr(8));
    else if (line.rfind("stopped: ", 0) == 0)
      result.stopped = line.substr(9);
  }
  if (countOnly)
    return result;
  bool wide = false;
  for (const CandidateField &field : finitization.fields)
    wide |= field.domain.size(finitization.objects) > 256;
  bool ok = false;
  std::string bytes = readFile(output, &ok);
  size_t width = finitization.fields.size() * (wide ? 2 : 1);
  if (!ok || (width > 0 && bytes.size() != width * result.valid))
    return Error{ExitCode::Internal, "the exhaustive driver's heaps do not match its count"};
  result.structures.reserve(result.valid);
  for (size_t at = 0; at < bytes.size(); at += width) {
    std::vector<uint32_t> values(finitization.fields.size());
    for (size_t k = 0; k < values.size(); ++k)
      values[k] = wide ? static_cast<uint8_t>(bytes[at + 2 * k]) |
                             static_cast<uint32_t>(static_cast<uint8_t>(bytes[at + 2 * k + 1])) << 8
                       : static_cast<uint8_t>(bytes[at + k]);
    result.structures.push_back(std::move(values));
  }
  if (width == 0)
    result.structures.assign(result.valid, {});
  return result;
}

} // namespace unitgen
