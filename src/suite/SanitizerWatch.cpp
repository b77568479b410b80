// SanitizerWatch: the search's runs again on the sanitizer build, on the watch's own thread.
#include "suite/SanitizerWatch.h"

#include <algorithm>
#include <chrono>

namespace unitgen {

SanitizerWatch::SanitizerWatch(StartExecutor startExecutor, SanitizerWatchOptions options)
    : startExecutor_(std::move(startExecutor)), options_(options) {
  thread_ = std::thread([this] { watch(); });
}

SanitizerWatch::~SanitizerWatch() {
  if (thread_.joinable())
    finish();
}

void SanitizerWatch::recorded(const Sequence &sequence, const Outcome &outcome, bool kept) {
  if (outcome.failure.kind != FailureKind::None)
    return; // the exploration build saw it fail: the corpus has the failure already
  std::lock_guard<std::mutex> lock(mutex_);
  ++recorded_;
  if (stopping_ || !problem_.empty())
    return;
  bool sample = false;
  if (!kept && options_.repeatable)
    sample = recorded_ % options_.sampleEvery == 0 && samples_ < options_.maxSamples;
  else if (!kept && waiting_.empty()) { // the watch is about to idle
    std::chrono::duration<double> watched = std::chrono::steady_clock::now() - started_;
    sample = counts_.seconds < options_.share * watched.count();
  }
  if (!kept && !sample)
    return;
  samples_ += sample;
  waiting_.push_back({sequence, kept, recorded_});
  if (!options_.repeatable && waiting_.size() > options_.maxWaiting) {
    // The oldest sample goes first; kept runs only when nothing else waits.
    auto victim = std::find_if(waiting_.begin(), waiting_.end(),
                               [](const Waiting &waiting) { return !waiting.kept; });
    waiting_.erase(victim == waiting_.end() ? waiting_.begin() : victim);
    ++counts_.dropped;
  }
  changed_.notify_one();
}

void SanitizerWatch::watch() {
  Expected<std::unique_ptr<Executor>> executor = startExecutor_();
  if (!executor) {
    std::lock_guard<std::mutex> lock(mutex_);
    problem_ = executor.error().message;
    counts_.dropped += waiting_.size();
    waiting_.clear();
    return;
  }
  for (;;) {
    Waiting next;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
      if (waiting_.empty() || (stopping_ && !options_.repeatable))
        return;
      next = std::move(waiting_.front());
      waiting_.pop_front();
    }
    sanitize(**executor, next);
  }
}

void SanitizerWatch::sanitize(Executor &executor, const Waiting &waiting) {
  auto start = std::chrono::steady_clock::now();
  // The calls alone, as a failure test runs them: the driver's own checks at the end (observers
  // on every object, copies) would read views the calls left dangling.
  Outcome outcome = executor.run(waiting.sequence, RunFlags{});
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::lock_guard<std::mutex> lock(mutex_);
  counts_.seconds += took.count();
  ++(waiting.kept ? counts_.keptRuns : counts_.sampledRuns);
  if (outcome.illegalCall >= 0) {
    ++counts_.illegal;
    return;
  }
  const FailureKind kind = outcome.failure.kind;
  // A time-out or memory limit under the sanitizers' slowdown and shadow memory is theirs.
  if (kind == FailureKind::None || isResourceFailure(kind) || kind == FailureKind::DriverError)
    return;
  const int statement = outcome.failure.statement;
  if (options_.rejectedCalls && statement >= 0 &&
      static_cast<size_t>(statement) < waiting.sequence.size())
    options_.rejectedCalls->add(waiting.sequence.statements[statement]);
  if (findings_.size() >= options_.maxFindings ||
      !defects_.insert(defectKey(waiting.sequence, outcome.failure)).second)
    return;
  findings_.emplace_back(waiting.order, std::make_pair(waiting.sequence, std::move(outcome)));
}

std::vector<std::pair<Sequence, Outcome>> SanitizerWatch::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_one();
  if (thread_.joinable())
    thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  counts_.dropped += waiting_.size();
  waiting_.clear();
  std::sort(findings_.begin(), findings_.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  std::vector<std::pair<Sequence, Outcome>> findings;
  for (auto &[order, finding] : findings_)
    findings.push_back(std::move(finding));
  findings_.clear();
  return findings;
}

nlohmann::json SanitizerWatch::report() const {
  std::lock_guard<std::mutex> lock(mutex_);
  nlohmann::json report = {{"keptRuns", counts_.keptRuns}, {"sampledRuns", counts_.sampledRuns},
                           {"dropped", counts_.dropped},   {"illegalCalls", counts_.illegal},
                           {"seconds", counts_.seconds},   {"defects", defects_.size()}};
  if (!problem_.empty())
    report["unavailable"] = problem_;
  return report;
}

} // namespace unitgen
