// TestHarness: what the uninstrumented main() of a pass test program uses to start a symbolic
// execution, make inputs symbolic and hand the trace to the test (file $UNITGEN_TRACE_OUT).
#pragma once

#include "symbolic/SymRuntime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace harness {

inline void begin(bool floats = false, uint32_t maxExpressions = 200000) {
  unitgen_rt::SymbolicConfig config;
  config.floats = floats;
  config.maxExpressions = maxExpressions;
  unitgen_rt::symBegin(config);
  unitgen_rt::symStatement(0);
}

inline void statement(int index) { unitgen_rt::symStatement(index); }

template <typename T> void symbolic(T &value, int statement, int argument) {
  unitgen_rt::makeSymbolic(&value, sizeof value, statement, argument);
}

inline void symbolicString(std::string &s, int statement, int argument) {
  unitgen_rt::makeSymbolic(s.data(), s.size(), statement, argument);
}

inline void finish() {
  unitgen_rt::SymBytes payload;
  unitgen_rt::symFinish(payload, 1u << 24);
  if (const char *path = std::getenv("UNITGEN_TRACE_OUT")) {
    FILE *file = std::fopen(path, "wb");
    std::fwrite(payload.data(), 1, payload.size(), file);
    std::fclose(file);
  }
}

inline int intArg(char **argv, int index) { return std::atoi(argv[index]); }

} // namespace harness
