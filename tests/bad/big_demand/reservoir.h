#pragma once
// Reservoir: keeps its last two fills of 120 MB and takes the fresh one before it lets the
// oldest go, so a third fill() needs 360 MB: past a 320 MB limit, well within twice that — a
// demand of the calls, not a runaway allocation (and no single allocation is half the limit).

#include <cstddef>
#include <memory>

class Reservoir {
public:
  static constexpr std::size_t kSize = 120u << 20;

  Reservoir() = default;
  Reservoir(const Reservoir &) = delete; // no copy: only the calls allocate
  Reservoir &operator=(const Reservoir &) = delete;

  void fill(char value);
  char level() const;

private:
  std::unique_ptr<char[]> current_, previous_; // only their first bytes are written
};
