// SanitizerWatch: re-runs what the search records on the sanitizer build, on a thread of its
// own while the search goes on, and keeps the failures only the sanitizers see.
#pragma once

#include "exec/Executor.h"
#include "model/Error.h"
#include "suite/Corpus.h"
#include "suite/RejectedCalls.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace unitgen {

struct SanitizerWatchOptions {
  /// --max-executions: the same seed must give the same findings. Every kept run and every
  /// `sampleEvery`-th other one (at most `maxSamples`) is queued, none dropped, and finish()
  /// waits for them all. Otherwise the watch runs while the search runs and stops with it:
  /// every kept run is queued, another run whenever the watch is about to idle, and the oldest
  /// samples are dropped when more than `maxWaiting` wait.
  bool repeatable = false;
  /// Otherwise, samples are taken only while the watch has spent less than this share of the
  /// time since it started on runs: the search and the replay builds need the cores too.
  double share = 0.5;
  size_t sampleEvery = 8;
  size_t maxSamples = 1000;
  size_t maxWaiting = 64;
  /// Findings kept at most, one per defect (defectKey).
  size_t maxFindings = 16;
  /// Where a failing call with only literal inputs goes as it is found, for the search to stop
  /// making it (null: nowhere). Not for a repeatable watch: when a finding arrives depends on
  /// the machine, and the search's next candidates would with it.
  RejectedCalls *rejectedCalls = nullptr;
};

/// An out-of-bounds read that does not crash, a signed overflow, a use after free: the
/// exploration build (coverage only, for speed) sees nothing wrong and the corpus keeps such a
/// run only if it reached something new. The watch gives the sanitizers a share of the search:
/// every run the corpus keeps and as many others as its core has time for, on the replay build,
/// on the core the search leaves free (the search alternates with its one driver process).
class SanitizerWatch : public CorpusObserver {
public:
  /// `startExecutor` runs on the watch's thread: it may wait for the sanitizer build.
  using StartExecutor = std::function<Expected<std::unique_ptr<Executor>>()>;
  SanitizerWatch(StartExecutor startExecutor, SanitizerWatchOptions options);
  ~SanitizerWatch() override;
  SanitizerWatch(const SanitizerWatch &) = delete;
  SanitizerWatch &operator=(const SanitizerWatch &) = delete;

  void recorded(const Sequence &sequence, const Outcome &outcome, bool kept) override;
  /// Stops the watch (repeatable: once every queued run ran) and returns its findings: runs
  /// the sanitizer build failed and the exploration build did not, with the sanitizer build's
  /// outcome, one per defect, in the order the search recorded them.
  std::vector<std::pair<Sequence, Outcome>> finish();
  /// runs, kept and sampled runs sanitized, dropped, seconds, findings; why it could not run.
  nlohmann::json report() const;

private:
  struct Waiting {
    Sequence sequence;
    bool kept = false;
    uint64_t order = 0;
  };
  void watch();
  void sanitize(Executor &executor, const Waiting &waiting);

  StartExecutor startExecutor_;
  SanitizerWatchOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Waiting> waiting_;
  bool stopping_ = false;
  uint64_t recorded_ = 0;
  size_t samples_ = 0;
  std::vector<std::pair<uint64_t, std::pair<Sequence, Outcome>>> findings_;
  std::set<std::string> defects_;
  struct Counts {
    size_t keptRuns = 0, sampledRuns = 0, dropped = 0, illegal = 0;
    double seconds = 0;
  } counts_;
  std::string problem_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::thread thread_;
};

} // namespace unitgen
