// AssertionPruning: drops observer assertions that repeat, in a longer test, a check that a
// shorter test of the same suite already makes, or that echo another observer's reading.
#include "suite/AssertionPruning.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace unitgen {
namespace {

std::string valueKey(const Value &value) {
  std::string key(1, static_cast<char>('0' + static_cast<int>(value.kind)));
  uint64_t bits;
  std::memcpy(&bits, &value.f, sizeof bits);
  return key + std::to_string(value.i) + ":" + std::to_string(value.u) + ":" +
         std::to_string(bits) + ":" + value.s;
}

bool assertsAnyCall(const TestCase &test) {
  for (const CallOutcome &call : test.calls)
    if (call.hasValue || !call.outputs.empty() || !call.callbacks.empty() ||
        call.status == CallStatus::Threw)
      return true;
  return false;
}

/// The last statement before `end` that made `variable` or called it; -1 when none did.
int lastMadeOrCalled(const Sequence &sequence, int variable, int end) {
  for (int i = end - 1; i >= 0; --i)
    if (i == variable || sequence.statements[i].receiver == variable)
      return i;
  return -1;
}

/// The last statement that made or called `variable` — its callable, and whether it changed
/// the object: what an observer on it checks. (`a = a` and `a = b` are different checks.) The
/// read-back queries at the end change nothing: `size() == 0` after `clear()` on a filled list
/// checks clear(), whatever `indexOf(v)` asked after it.
std::string lastTouch(const TestCase &test, int variable) {
  const int calls =
      static_cast<int>(test.sequence.size() - std::min(test.readBackQueries, test.sequence.size()));
  int i = lastMadeOrCalled(test.sequence, variable, calls);
  if (i < 0)
    return "-";
  bool changed = static_cast<size_t>(i) < test.calls.size() && test.calls[i].receiverChanged;
  return std::to_string(test.sequence.statements[i].callable) + (changed ? "+" : "=");
}

/// When `variable` was last touched, as 2 × the last statement that made it, called it or took
/// it as an argument, + 1 when that statement made or called it: in `d = c` or `C d(c)`, d is
/// touched after c.
int lastTouchRank(const Sequence &sequence, int variable) {
  const int made = lastMadeOrCalled(sequence, variable, static_cast<int>(sequence.size()));
  for (int i = static_cast<int>(sequence.size()) - 1; i > made; --i)
    for (const Argument &arg : sequence.statements[i].args)
      if (arg.kind == Argument::Kind::Variable && arg.variable == variable)
        return 2 * i;
  return made < 0 ? -1 : 2 * made + 1;
}

bool sameReading(const ObserverValue &a, const ObserverValue &b) {
  return a.callable == b.callable && a.status == b.status && a.value == b.value &&
         a.exceptionType == b.exceptionType;
}

std::string readingKey(const ObserverValue &observer) {
  return std::to_string(static_cast<int>(observer.status)) + "/" + observer.exceptionType + "/" +
         valueKey(observer.value);
}

/// For each observer, the observers whose reading determines its reading wherever the suite
/// asserts both on one object (`isEmpty()` from `size()`): a function from the other's readings
/// to its own, over at least one object. Only observers with two or more readings in the suite
/// count as determined (an invariant that is always true is the check of last resort, not an
/// echo), and of two observers that determine each other (readings one to one) only the later
/// callable is the echo.
std::map<int, std::set<int>> determiningObservers(const std::vector<TestCase> &tests) {
  // One reading per (test, object, observer).
  std::vector<std::map<int, std::string>> objects;
  std::map<int, std::set<std::string>> readingsOf;
  for (const TestCase &test : tests) {
    std::map<int, std::map<int, std::string>> byVariable;
    for (const ObserverValue &observer : test.observers) {
      byVariable[observer.variable][observer.callable] = readingKey(observer);
      readingsOf[observer.callable].insert(readingKey(observer));
    }
    for (auto &[variable, readings] : byVariable)
      objects.push_back(std::move(readings));
  }
  std::map<int, std::set<int>> determining;
  for (const auto &[echo, echoReadings] : readingsOf) {
    if (echoReadings.size() < 2)
      continue;
    for (const auto &[source, sourceReadings] : readingsOf) {
      if (source == echo || sourceReadings.size() < echoReadings.size() ||
          (sourceReadings.size() == echoReadings.size() && source > echo))
        continue;
      std::map<std::string, std::string> function;
      bool shared = false, consistent = true;
      for (const std::map<int, std::string> &readings : objects) {
        auto from = readings.find(source), to = readings.find(echo);
        if (from == readings.end() || to == readings.end())
          continue;
        shared = true;
        auto [it, inserted] = function.emplace(from->second, to->second);
        consistent &= inserted || it->second == to->second;
      }
      if (shared && consistent)
        determining[echo].insert(source);
    }
  }
  return determining;
}

} // namespace

void dropObserversRepeatedByALaterObject(TestCase &test) {
  std::map<int, std::vector<ObserverValue>> byVariable;
  for (const ObserverValue &observer : test.observers)
    byVariable[observer.variable].push_back(observer);
  std::set<int> repeated;
  for (const auto &[variable, readings] : byVariable)
    for (const auto &[other, otherReadings] : byVariable)
      if (other != variable && !repeated.count(other) &&
          lastTouchRank(test.sequence, other) > lastTouchRank(test.sequence, variable) &&
          std::equal(readings.begin(), readings.end(), otherReadings.begin(), otherReadings.end(),
                     sameReading)) {
        repeated.insert(variable);
        break;
      }
  test.observers.erase(std::remove_if(test.observers.begin(), test.observers.end(),
                                      [&](const ObserverValue &observer) {
                                        return repeated.count(observer.variable) > 0;
                                      }),
                       test.observers.end());
}

// Shorter tests first, so that a check stays in the simplest test that makes it. An observer
// whose reading another one asserted on the same object determines (`isEmpty()` beside
// `size()`) is checked once per code path and reading in the suite, whatever operation came
// last: the other observer already checks what that operation left.
void dropRepeatedObserverAssertions(std::vector<TestCase> &tests) {
  const std::map<int, std::set<int>> determining = determiningObservers(tests);
  std::vector<size_t> order(tests.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return tests[a].sequence.size() < tests[b].sequence.size();
  });
  std::set<std::string> seen, seenAnywhere;
  for (size_t index : order) {
    TestCase &test = tests[index];
    auto echoes = [&](const ObserverValue &observer) {
      auto sources = determining.find(observer.callable);
      if (sources == determining.end())
        return false;
      for (const ObserverValue &other : test.observers)
        if (other.variable == observer.variable && sources->second.count(other.callable))
          return true;
      return false;
    };
    std::vector<ObserverValue> kept;
    for (const ObserverValue &observer : test.observers) {
      std::string check = std::to_string(observer.callable) + "/" +
                          std::to_string(observer.coverage) + "/" + readingKey(observer);
      bool isNew = seen.insert(lastTouch(test, observer.variable) + "/" + check).second;
      bool isNewAnywhere = seenAnywhere.insert(check).second;
      if (observer.coverage == 0 || (echoes(observer) ? isNewAnywhere : isNew))
        kept.push_back(observer);
    }
    if (kept.empty() && !test.observers.empty() && !assertsAnyCall(test))
      kept.push_back(test.observers.back());
    test.observers = std::move(kept);
  }
}

} // namespace unitgen
