// Calls per second through the executor on a subject class: persistent driver vs fork server.
// usage: UNITGEN_SUBJECTS_BUILD=<configured ../shared/subjects> exec_throughput [--benchmark_*]
#include "exec/Executor.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <random>

namespace {

using namespace unitgen;

struct Fixture {
  ClassModel model;
  std::string driver;
  std::vector<Sequence> sequences;
};

const Fixture *fixture() {
  static Fixture *instance = [] {
    const char *build = std::getenv("UNITGEN_SUBJECTS_BUILD");
    const char *cls = std::getenv("UNITGEN_BENCH_CLASS");
    if (!build) {
      std::fprintf(stderr, "set UNITGEN_SUBJECTS_BUILD to a configured ../shared/subjects\n");
      std::exit(2);
    }
    auto model = buildModel(FrontendOptions{build, "", "", ""}, cls ? cls : "IntStack", false);
    if (!model) {
      std::fprintf(stderr, "%s\n", model.error().message.c_str());
      std::exit(2);
    }
    BuildOptions options;
    options.cacheDir = "/tmp/unitgen-bench-cache";
    auto driver = buildDriver(*model, BuildKind::Exploration, options);
    if (!driver) {
      std::fprintf(stderr, "%s\n", driver.error().message.c_str());
      std::exit(2);
    }
    auto *f = new Fixture{*model, driver->path, {}};
    // Sequences of 8 calls: a constructor and seven one-int-argument or no-argument methods.
    std::mt19937_64 rng(1);
    int ctor = -1;
    std::vector<int> methods;
    for (const Callable &c : f->model.callables) {
      if (c.owner != f->model.target || !c.isSupported() || c.isInvariant)
        continue;
      if (c.kind == CallableKind::Constructor && c.params.empty())
        ctor = c.id;
      else if (c.kind == CallableKind::Method && c.params.size() <= 1)
        methods.push_back(c.id);
    }
    for (int s = 0; s < 1000; ++s) {
      Sequence sequence;
      sequence.statements.push_back({ctor, -1, {}});
      for (int i = 0; i < 7; ++i) {
        int m = methods[rng() % methods.size()];
        Statement st{m, 0, {}};
        if (!f->model.callables[m].params.empty())
          st.args.push_back(Argument::of(Value::integer(static_cast<int64_t>(rng() % 10))));
        sequence.statements.push_back(st);
      }
      f->sequences.push_back(sequence);
    }
    return f;
  }();
  return instance;
}

void runCalls(benchmark::State &state, bool fork, bool observers) {
  const Fixture *f = fixture();
  ExecOptions options;
  options.driverPath = f->driver;
  options.forkServer = fork;
  auto executor = Executor::start(options);
  if (!executor) {
    state.SkipWithError(executor.error().message.c_str());
    return;
  }
  size_t i = 0, calls = 0;
  for (auto _ : state) {
    const Sequence &sequence = f->sequences[i++ % f->sequences.size()];
    Outcome outcome = (*executor)->run(sequence, RunFlags{observers});
    benchmark::DoNotOptimize(outcome);
    calls += sequence.size();
  }
  state.counters["calls/s"] =
      benchmark::Counter(static_cast<double>(calls), benchmark::Counter::kIsRate);
}

void BM_Persistent(benchmark::State &state) { runCalls(state, false, false); }
void BM_PersistentWithChecks(benchmark::State &state) { runCalls(state, false, true); }
void BM_ForkServer(benchmark::State &state) { runCalls(state, true, false); }
void BM_ForkServerWithChecks(benchmark::State &state) { runCalls(state, true, true); }

BENCHMARK(BM_Persistent)->UseRealTime()->MinTime(2);
BENCHMARK(BM_PersistentWithChecks)->UseRealTime()->MinTime(2);
BENCHMARK(BM_ForkServer)->UseRealTime()->MinTime(2);
BENCHMARK(BM_ForkServerWithChecks)->UseRealTime()->MinTime(2);

} // namespace

BENCHMARK_MAIN();
