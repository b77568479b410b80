// Gauge: its constructor converts a scaled double to an unsigned, which is undefined for a
// scale below 2 (only the sanitizer build notices). For the tests of rejected set-ups: a
// search that keeps building gauges so never has a test that replays cleanly.
#pragma once

class Gauge {
public:
  explicit Gauge(int scale);
  /// The level in steps: 0 while a step is under one unit.
  int read(int level) const;

private:
  unsigned steps_;
};
