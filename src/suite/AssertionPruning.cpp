// AssertionPruning: drops observer assertions that repeat, in a longer test, a check that a
// shorter test of the same suite already makes.
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
    if (call.hasValue || call.status == CallStatus::Threw)
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

// Shorter tests first, so that a check stays in the simplest test that makes it.
void dropRepeatedObserverAssertions(std::vector<TestCase> &tests) {
  std::vector<size_t> order(tests.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return tests[a].sequence.size() < tests[b].sequence.size();
  });
  std::set<std::string> seen;
  for (size_t index : order) {
    TestCase &test = tests[index];
    std::vector<ObserverValue> kept;
    for (const ObserverValue &observer : test.observers) {
      std::string key = lastTouch(test, observer.variable) + "/" +
                        std::to_string(observer.callable) + "/" +
                        std::to_string(observer.coverage) + "/" + observer.exceptionType + "/" +
                        valueKey(observer.value);
      if (observer.coverage == 0 || seen.insert(key).second)
        kept.push_back(observer);
    }
    if (kept.empty() && !test.observers.empty() && !assertsAnyCall(test))
      kept.push_back(test.observers.back());
    test.observers = std::move(kept);
  }
}

} // namespace unitgen
