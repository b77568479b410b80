// What the sandbox costs: a process started confined (support/Sandbox: scratch working
// directory, Landlock write and TCP rules) against one started plain; the emitted tests' wrapper
// (runtime/sandbox/TestSandbox.cpp: a temporary folder made, entered and removed per test)
// around a program; and the per-sequence emptying of a driver's scratch folder.
// usage: sandbox_cost [--benchmark_*]
#include "support/Sandbox.h"
#include "support/ScratchDir.h"

#include <benchmark/benchmark.h>

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

namespace {

using namespace unitgen;

/// Forks, lets the child confine itself when `policy` is given, execs /bin/true and waits.
void runTrue(benchmark::State &state, const SandboxPolicy *policy, const char *wrapper) {
  for (auto _ : state) {
    const pid_t child = fork();
    if (child == 0) {
      if (policy && !enterSandbox(*policy))
        _exit(126);
      if (wrapper)
        execl(wrapper, wrapper, "/bin/true", static_cast<char *>(nullptr));
      else
        execl("/bin/true", "/bin/true", static_cast<char *>(nullptr));
      _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      state.SkipWithError("the child did not run /bin/true");
      return;
    }
  }
}

void BM_ProcessPlain(benchmark::State &state) { runTrue(state, nullptr, nullptr); }

void BM_ProcessSandboxed(benchmark::State &state) {
  ScratchDir scratch("unitgen-sandbox-bench");
  SandboxPolicy policy{scratch.path(), {}};
  runTrue(state, &policy, nullptr);
}

void BM_ProcessInTestSandbox(benchmark::State &state) {
  runTrue(state, nullptr, UNITGEN_TEST_SANDBOX);
}

/// Executor::run empties the driver's scratch folder before every sequence: the usual case is
/// a folder nothing was written to; `state.range(0)` files left by the code under test
/// otherwise.
void BM_ClearScratchFolder(benchmark::State &state) {
  ScratchDir scratch("unitgen-sandbox-bench");
  for (auto _ : state) {
    if (state.range(0) > 0) {
      state.PauseTiming();
      for (int64_t i = 0; i < state.range(0); ++i)
        std::ofstream(scratch.path() + "/file" + std::to_string(i)) << "x";
      state.ResumeTiming();
    }
    scratch.clear();
  }
}

} // namespace

BENCHMARK(BM_ProcessPlain)->UseRealTime();
BENCHMARK(BM_ProcessSandboxed)->UseRealTime();
BENCHMARK(BM_ProcessInTestSandbox)->UseRealTime();
BENCHMARK(BM_ClearScratchFolder)->Arg(0)->Arg(1)->Arg(16)->UseRealTime();

BENCHMARK_MAIN();
