// ConcolicProgram: builds a small program whose code under test is compiled with the unitgen
// pass and whose main() (the "harness", uninstrumented) drives the symbolic runtime, runs it,
// and decodes the trace it recorded.
#pragma once

#include "model/SymbolicTrace.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace unitgen::testing {

struct ProgramRun {
  int exitCode = -1;
  std::string output;   ///< stdout and stderr
  bool decoded = false; ///< a trace was written and decoded
  SymbolicTrace trace;
  /// (line, site) of each boundary probe call that saw equal operands, in call order.
  std::vector<std::pair<uint32_t, uint32_t>> boundaries;
  /// (line, site, order: kOrderLess or kOrderGreater) of each probe call that saw unequal
  /// operands, in call order.
  std::vector<std::tuple<uint32_t, uint32_t, uint8_t>> orders;
};

class ConcolicProgram {
public:
  /// The file `cutPath` is C++ (or LLVM IR when `isIR`): instrumented, with only itself in
  /// scope, in the pass's `passMode` (UNITGEN_PASS_MODE; empty: probes and symbolic);
  /// `harness` is the text of the uninstrumented main().
  ConcolicProgram(const std::string &name, const std::string &cutPath, const std::string &harness,
                  bool isIR = false, const std::vector<std::string> &cutFlags = {},
                  const std::string &passMode = "");
  bool ok() const { return error_.empty(); }
  const std::string &error() const { return error_; }
  ProgramRun run(const std::vector<std::string> &args = {}) const;
  /// The build folder; cut.instrumented.ll in it is the instrumented module as text.
  const std::string &dir() const { return dir_; }

private:
  std::string dir_;
  std::string binary_;
  std::string error_;
};

/// Every expression of a trace as text, one branch a line: `site taken=1 <expression>`.
std::string describe(const SymbolicTrace &trace);

} // namespace unitgen::testing
