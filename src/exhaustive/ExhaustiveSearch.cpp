// ExhaustiveSearch: the driver's input and output files, its counts on stdout, its failures;
// the heaps read back after it exits, or while it runs for a sink that may stop it.
#include "exhaustive/ExhaustiveSearch.h"
#include "exhaustive/DriverInput.h"

#include "support/Hash.h"
#include "support/Sandbox.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace unitgen {
namespace {

/// Decodes records of `width` bytes (one or two per field) into value-index vectors.
class HeapDecoder {
public:
  HeapDecoder(size_t fields, bool wide) : fields_(fields), wide_(wide) {}
  size_t width() const { return fields_ * (wide_ ? 2 : 1); }
  std::vector<uint32_t> decode(const char *record) const {
    std::vector<uint32_t> values(fields_);
    decodeInto(record, values);
    return values;
  }
  /// The same into `values` (sized for the fields), to reuse its storage.
  void decodeInto(const char *record, std::vector<uint32_t> &values) const {
    for (size_t k = 0; k < fields_; ++k)
      values[k] = wide_ ? static_cast<uint8_t>(record[2 * k]) |
                              static_cast<uint32_t>(static_cast<uint8_t>(record[2 * k + 1])) << 8
                        : static_cast<uint8_t>(record[k]);
  }

private:
  size_t fields_;
  bool wide_;
};

/// Follows the driver's output file while it grows; hands complete records to the sink until
/// the sink has enough, then creates the stop file the driver polls. The heaps are not kept:
/// there can be hundreds of millions.
class HeapFollower {
public:
  HeapFollower(const std::string &output, std::string stopFile, const HeapDecoder &decoder,
               const HeapSink &sink, unsigned long long &streamed, size_t fields)
      : output_(output), stopFile_(std::move(stopFile)), decoder_(decoder), sink_(sink),
        streamed_(streamed), heap_(fields) {}
  ~HeapFollower() {
    if (fd_ >= 0)
      close(fd_);
  }
  bool stopped() const { return stopped_; }
  void poll() {
    if (fd_ < 0 && (fd_ = open(output_.c_str(), O_RDONLY)) < 0)
      return; // the driver has not created it yet
    char chunk[1 << 16];
    ssize_t got;
    while ((got = read(fd_, chunk, sizeof chunk)) > 0) {
      pending_.append(chunk, static_cast<size_t>(got));
      size_t width = decoder_.width(), at = 0;
      for (; width > 0 && at + width <= pending_.size(); at += width) {
        if (stopped_)
          continue;
        decoder_.decodeInto(pending_.data() + at, heap_);
        ++streamed_;
        if (!sink_(heap_)) {
          stopped_ = true;
          writeFile(stopFile_, "");
        }
      }
      pending_.erase(0, at);
    }
  }

private:
  std::string output_, stopFile_;
  const HeapDecoder &decoder_;
  const HeapSink &sink_;
  unsigned long long &streamed_;
  std::vector<uint32_t> heap_;
  int fd_ = -1;
  std::string pending_;
  bool stopped_ = false;
};

/// The driver's message without its "unitgen exhaustive driver: " prefix and final newline.
std::string trimDriverPrefix(std::string text) {
  const std::string prefix = "unitgen exhaustive driver: ";
  size_t at = text.find(prefix);
  if (at != std::string::npos)
    text = text.substr(at + prefix.size());
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

} // namespace

Expected<ExhaustiveResult> runExhaustiveSearch(const std::string &driverPath,
                                               const Finitization &finitization,
                                               double budgetSeconds, bool countOnly,
                                               const HeapSink &sink) {
  ScratchDir dir("unitgen-exhaustive");
  std::string input = dir.file("finitization.txt");
  std::string output = dir.file("heaps.bin");
  std::string stopFile = dir.file("stop");
  std::string text = driverInput(finitization, budgetSeconds, countOnly);
  if (sink)
    text += stopFileLine(stopFile);
  writeFile(input, text);
  bool wide = false;
  for (const CandidateField &field : finitization.fields)
    wide |= field.domain.size(finitization.objects) > 256;
  HeapDecoder decoder(finitization.fields.size(), wide);
  ExhaustiveResult result;
  // The driver checks its deadline every 4096 candidates; the margin covers one invariant
  // that never returns.
  double limit = budgetSeconds > 0 ? budgetSeconds + 30 : 0;
  ProcessResult run;
  bool sinkStopped = false;
  if (sink && !countOnly) {
    std::atomic<bool> done{false};
    std::thread driver([&] {
      run = runSandboxed({driverPath, input, output}, {dir.path(), {}}, limit);
      done = true;
    });
    HeapFollower follower(output, stopFile, decoder, sink, result.streamed,
                          finitization.fields.size());
    while (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      follower.poll();
    }
    driver.join();
    follower.poll();
    sinkStopped = follower.stopped();
  } else {
    run = runSandboxed({driverPath, input, output}, {dir.path(), {}}, limit);
  }
  if (run.timedOut)
    return Error{ExitCode::Input, "the exhaustive search did not stop: an invariant call hangs "
                                  "on some candidate heap (a cycle it does not guard against?)"};
  if (!run.ok() && !run.signal && run.exitCode == 3)
    return Error{ExitCode::Input,
                 fmt::format("the exhaustive search stopped: {}", trimDriverPrefix(run.output))};
  if (!run.ok()) {
    std::string how = run.signal ? fmt::format("was killed by signal {}", run.signal)
                                 : fmt::format("exited with status {}", run.exitCode);
    return Error{ExitCode::Input,
                 fmt::format("the exhaustive search {} — the invariant must not crash on a "
                             "candidate heap (check pointers for null before following them):\n{}",
                             how, run.output)};
  }
  std::istringstream lines(run.output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("valid ", 0) == 0)
      result.valid = std::stoull(line.substr(6));
    else if (line.rfind("explored ", 0) == 0)
      result.explored = std::stoull(line.substr(9));
    else if (line.rfind("work ", 0) == 0)
      result.work = std::stoull(line.substr(5));
    else if (line.rfind("seconds ", 0) == 0)
      result.seconds = std::stod(line.substr(8));
    else if (line.rfind("stopped: ", 0) == 0)
      result.stopped = line.substr(9);
    else if (line.rfind("note: ", 0) == 0)
      std::fprintf(stderr, "unitgen: note: symbolic numbers: %s\n", line.substr(6).c_str());
  }
  if (sinkStopped && result.stopped.empty())
    result.stopped = "the engine read enough heaps"; // before the driver looked
  if (sink && !sinkStopped && decoder.width() > 0 && result.streamed != result.valid)
    return Error{ExitCode::Internal, "the exhaustive driver's heaps do not match its count"};
  if (countOnly || sink)
    return result;
  bool ok = false;
  std::string bytes = readFile(output, &ok);
  size_t width = decoder.width();
  if (!ok || (width > 0 && bytes.size() != width * result.valid))
    return Error{ExitCode::Internal, "the exhaustive driver's heaps do not match its count"};
  result.structures.reserve(result.valid);
  for (size_t at = 0; width > 0 && at < bytes.size(); at += width)
    result.structures.push_back(decoder.decode(bytes.data() + at));
  if (width == 0)
    result.structures.assign(result.valid, {});
  return result;
}

} // namespace unitgen
