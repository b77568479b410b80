// Cost of concolic instrumentation per call, through the executor: the exploration driver
// (uninstrumented), the concolic driver on ordinary requests (its uninstrumented clones run),
// the concolic driver on symbolic requests with no symbolic input (instrumented code, nothing
// symbolic), and on symbolic requests (arguments symbolic, traces decoded), for IntStack and
// ds::TreeMap.
// usage: UNITGEN_SUBJECTS_BUILD=<configured ../shared/subjects> concolic_overhead [--benchmark_*]
#include "exec/Executor.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>

namespace {

using namespace unitgen;

struct Fixture {
  std::string exploration, concolic;
  std::vector<Sequence> withArguments; ///< constructor + 7 calls, int arguments 0..9
  std::vector<Sequence> noArguments;   ///< constructor + 7 calls of no-argument methods
};

const Fixture &fixture(const std::string &cls) {
  static std::map<std::string, Fixture> fixtures;
  auto found = fixtures.find(cls);
  if (found != fixtures.end())
    return found->second;
  const char *build = std::getenv("UNITGEN_SUBJECTS_BUILD");
  if (!build) {
    std::fprintf(stderr, "set UNITGEN_SUBJECTS_BUILD to a configured ../shared/subjects\n");
    std::exit(2);
  }
  auto model = buildModel(FrontendOptions{build, "", "", ""}, cls, false);
  if (!model) {
    std::fprintf(stderr, "%s\n", model.error().message.c_str());
    std::exit(2);
  }
  BuildOptions options;
  options.cacheDir = "/tmp/unitgen-bench-cache";
  auto exploration = buildDriver(*model, BuildKind::Exploration, options);
  auto concolic = buildDriver(*model, BuildKind::Concolic, options);
  if (!exploration || !concolic) {
    std::fprintf(stderr, "%s\n", (!exploration ? exploration : concolic).error().message.c_str());
    std::exit(2);
  }
  Fixture f{exploration->path, concolic->path, {}, {}};
  std::mt19937_64 rng(1);
  int ctor = -1;
  std::vector<int> methods, nullary;
  for (const Callable &c : model->callables) {
    if (c.owner != model->target || !c.isSupported() || c.isInvariant)
      continue;
    if (c.kind == CallableKind::Constructor && c.params.empty())
      ctor = c.id;
    else if (c.kind == CallableKind::Method && c.params.size() <= 2) {
      methods.push_back(c.id);
      if (c.params.empty())
        nullary.push_back(c.id);
    }
  }
  for (int s = 0; s < 1000; ++s) {
    Sequence with, without;
    with.statements.push_back({ctor, -1, {}});
    without.statements.push_back({ctor, -1, {}});
    for (int i = 0; i < 7; ++i) {
      int m = methods[rng() % methods.size()];
      Statement st{m, 0, {}};
      for (size_t k = 0; k < model->callables[m].params.size(); ++k)
        st.args.push_back(Argument::of(Value::integer(static_cast<int64_t>(rng() % 10))));
      with.statements.push_back(st);
      without.statements.push_back({nullary[rng() % nullary.size()], 0, {}});
    }
    f.withArguments.push_back(with);
    f.noArguments.push_back(without);
  }
  return fixtures.emplace(cls, std::move(f)).first->second;
}

enum class Mode { Exploration, ConcolicPlain, ConcolicNothingSymbolic, ConcolicSymbolic };

void runCalls(benchmark::State &state, const std::string &cls, Mode mode, bool arguments) {
  const Fixture &f = fixture(cls);
  ExecOptions options;
  options.driverPath = mode == Mode::Exploration ? f.exploration : f.concolic;
  auto executor = Executor::start(options);
  if (!executor) {
    state.SkipWithError(executor.error().message.c_str());
    return;
  }
  RunFlags flags;
  flags.symbolic = mode == Mode::ConcolicSymbolic || mode == Mode::ConcolicNothingSymbolic;
  const std::vector<Sequence> &sequences = arguments ? f.withArguments : f.noArguments;
  size_t i = 0, calls = 0, branches = 0, failures = 0;
  for (auto _ : state) {
    const Sequence &sequence = sequences[i++ % sequences.size()];
    Outcome outcome = (*executor)->run(sequence, flags);
    benchmark::DoNotOptimize(outcome);
    calls += sequence.size();
    branches += outcome.symbolic.branches.size();
    failures += outcome.failure.kind != FailureKind::None;
  }
  state.counters["failures"] = static_cast<double>(failures); // expected 0: correct subjects
  state.counters["calls/s"] =
      benchmark::Counter(static_cast<double>(calls), benchmark::Counter::kIsRate);
  state.counters["us/call"] = benchmark::Counter(
      static_cast<double>(calls), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["branches/seq"] =
      benchmark::Counter(static_cast<double>(branches) / static_cast<double>(i ? i : 1));
}

#define OVERHEAD(Name, Class)                                                                      \
  BENCHMARK_CAPTURE(runCalls, Name##_exploration, Class, Mode::Exploration, true)                  \
      ->UseRealTime()                                                                              \
      ->MinTime(0.5);                                                                                \
  BENCHMARK_CAPTURE(runCalls, Name##_concolic_plain, Class, Mode::ConcolicPlain, true)             \
      ->UseRealTime()                                                                              \
      ->MinTime(0.5);                                                                                \
  BENCHMARK_CAPTURE(runCalls, Name##_concolic_symbolic, Class, Mode::ConcolicSymbolic, true)       \
      ->UseRealTime()                                                                              \
      ->MinTime(0.5);                                                                                \
  BENCHMARK_CAPTURE(runCalls, Name##_noargs_exploration, Class, Mode::Exploration, false)          \
      ->UseRealTime()                                                                              \
      ->MinTime(0.5);                                                                                \
  BENCHMARK_CAPTURE(runCalls, Name##_noargs_concolic_nothing_symbolic, Class,                      \
                    Mode::ConcolicNothingSymbolic, false)                                          \
      ->UseRealTime()                                                                              \
      ->MinTime(0.5)

OVERHEAD(IntStack, std::string("IntStack"));
OVERHEAD(TreeMap, std::string("ds::TreeMap"));

} // namespace

BENCHMARK_MAIN();
