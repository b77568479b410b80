// ProgressLine: generate's one status line on a terminal, rewritten in place as the run goes.
#pragma once

#include "explore/Strategy.h"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace unitgen {

/// Decimals for an executions-per-second rate: a slow class (each call allocating a gigabyte)
/// runs under one a second, which no decimals would print as 0/s.
inline int rateDecimals(double rate) { return rate < 10 ? 1 : 0; }

/// One status line on a terminal, rewritten in place; nothing when stderr is not a terminal.
class ProgressLine {
public:
  explicit ProgressLine(bool enabled) : enabled_(enabled && isatty(2)) {}
  void update(const Progress &p) {
    if (!enabled_)
      return;
    double rate = p.elapsed > 0 ? p.executions / p.elapsed : 0;
    bool concolic = std::string(p.phase) == "concolic";
    std::fprintf(
        stderr, "\r[%6.1fs] %s %llu execs (%.*f/s)  goals %zu  edges %zu  failures %zu  %s %zu",
        p.elapsed, p.phase, static_cast<unsigned long long>(p.executions), rateDecimals(rate), rate,
        p.goals, p.edges, p.failures, concolic ? "shapes" : "pool", p.poolSize);
    if (concolic)
      std::fprintf(stderr, "  queries %llu", static_cast<unsigned long long>(p.queries));
    std::fprintf(stderr, "   ");
    std::fflush(stderr);
    dirty_ = true;
  }
  void status(const std::string &text) {
    if (!enabled_)
      return;
    std::fprintf(stderr, "\r%-90s", text.c_str());
    std::fflush(stderr);
    dirty_ = true;
  }
  void finish() {
    if (enabled_ && dirty_)
      std::fprintf(stderr, "\r%-110s\r", "");
    dirty_ = false;
  }

private:
  bool enabled_;
  bool dirty_ = false;
};

} // namespace unitgen
