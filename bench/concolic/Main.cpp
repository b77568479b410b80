// Times runSequence (Shim.cpp) in-process: the cost of the code under test itself, without the
// executor's pipes. Modes: plain (whatever build this is, nothing symbolic) and symbolic (the
// arguments are symbolic inputs, a fresh trace per sequence, serialized at its end).
#include "symbolic/SymRuntime.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

int runSequence(const int *ops, const int *args);

int main(int argc, char **argv) {
  bool symbolic = argc > 1 && std::strcmp(argv[1], "symbolic") == 0;
  const int sequences = 200000;
  std::vector<int> ops(7 * 1000), args(7 * 1000);
  std::mt19937 rng(1);
  for (size_t i = 0; i < ops.size(); ++i) {
    ops[i] = static_cast<int>(rng() % 20);
    args[i] = static_cast<int>(rng() % 10);
  }
  unitgen_rt::SymBytes payload;
  long checksum = 0, branches = 0;
  auto start = std::chrono::steady_clock::now();
  for (int n = 0; n < sequences; ++n) {
    int base = 7 * (n % 1000);
    int a[7];
    std::memcpy(a, &args[base], sizeof a);
    if (symbolic) {
      unitgen_rt::symBegin(unitgen_rt::SymbolicConfig{});
      unitgen_rt::symStatement(0);
      for (int k = 0; k < 7; ++k)
        unitgen_rt::makeSymbolic(&a[k], sizeof a[k], k + 1, 0);
    }
    checksum += runSequence(&ops[base], a);
    if (symbolic) {
      payload.clear();
      unitgen_rt::symFinish(payload, 1 << 20);
      branches += static_cast<long>(payload.size());
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %.1f ns/call (%d sequences of 7 calls; checksum %ld; trace bytes %ld)\n",
              symbolic ? "symbolic" : "plain", seconds * 1e9 / (7.0 * sequences), sequences,
              checksum, branches);
}
