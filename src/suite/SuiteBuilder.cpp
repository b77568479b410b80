// Test selection (greedy set cover over goals), delta minimization by statement removal,
// double replay under sanitizers for deterministic assertions, and failure labelling.
#include "suite/SuiteBuilder.h"

#include "exec/Executor.h"
#include "suite/ArgumentRepair.h"
#include "suite/AssertionPruning.h"
#include "suite/ReadBackQueries.h"
#include "suite/SlowCalls.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <queue>
#include <set>

namespace unitgen {
namespace {

struct Candidate {
  Sequence sequence;
  std::vector<Goal> goals; ///< all goals its latest run covered
  std::vector<Goal> owned; ///< goals it must keep while being minimized
  uint64_t order = 0;
};

bool coversAll(const std::vector<Goal> &goals, const std::vector<Goal> &required) {
  return std::includes(goals.begin(), goals.end(), required.begin(), required.end());
}

/// Greedy set cover: repeatedly the candidate adding most uncovered goals (ties: shorter,
/// older). Lazy (Minoux): a candidate's gain only shrinks as goals get covered, so its stale
/// gain in the queue is an upper bound and only the top needs recounting. (Weighing the gain by
/// the statements, tried on linked_list and int_stack, picked more tests with more statements
/// in all: many short tests of one goal each.)
std::vector<Candidate> setCover(std::vector<Candidate> candidates, const std::set<Goal> &wanted) {
  std::set<Goal> uncovered = wanted;
  auto gainOf = [&](const Candidate &c) {
    size_t gain = 0;
    for (Goal goal : c.goals)
      gain += uncovered.count(goal);
    return gain;
  };
  struct Entry {
    size_t gain, size;
    uint64_t order;
    size_t index;
  };
  // Lower priority first in std::priority_queue: a < b when b is the better pick.
  auto worse = [](const Entry &a, const Entry &b) {
    if (a.gain != b.gain)
      return a.gain < b.gain;
    if (a.size != b.size)
      return a.size > b.size;
    return a.order > b.order;
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(worse)> queue(worse);
  for (size_t i = 0; i < candidates.size(); ++i)
    if (size_t gain = gainOf(candidates[i]))
      queue.push({gain, candidates[i].sequence.size(), candidates[i].order, i});
  std::vector<Candidate> chosen;
  while (!uncovered.empty() && !queue.empty()) {
    Entry top = queue.top();
    queue.pop();
    top.gain = gainOf(candidates[top.index]);
    if (top.gain == 0)
      continue;
    if (!queue.empty() && worse(top, queue.top())) {
      queue.push(top); // its gain went down: let the next one be recounted first
      continue;
    }
    Candidate c = std::move(candidates[top.index]);
    c.owned.clear();
    for (Goal goal : c.goals)
      if (uncovered.erase(goal))
        c.owned.push_back(goal);
    chosen.push_back(std::move(c));
  }
  return chosen;
}

/// Gives each goal to the shortest chosen candidate that covers it (ties: the older), and drops
/// candidates left with no goal. Set cover may hand the goals a long test shares with short
/// ones to the long test, which then keeps, through minimization, objects and calls only those
/// goals needed (an empty copy beside a stress test, for a boundary every empty stack hits).
std::vector<Candidate> ownByShortest(std::vector<Candidate> chosen, const std::set<Goal> &wanted) {
  for (Candidate &candidate : chosen)
    candidate.owned.clear();
  for (Goal goal : wanted) {
    Candidate *owner = nullptr;
    for (Candidate &candidate : chosen) {
      if (!std::binary_search(candidate.goals.begin(), candidate.goals.end(), goal))
        continue;
      if (!owner || candidate.sequence.size() < owner->sequence.size() ||
          (candidate.sequence.size() == owner->sequence.size() && candidate.order < owner->order))
        owner = &candidate;
    }
    if (owner)
      owner->owned.push_back(goal);
  }
  chosen.erase(std::remove_if(chosen.begin(), chosen.end(),
                              [](const Candidate &c) { return c.owned.empty(); }),
               chosen.end());
  return chosen;
}

/// Statements `begin`..`end`-1 removed (with what depends on them).
Sequence withoutRange(const Sequence &sequence, int begin, int end) {
  Sequence shorter = sequence;
  for (int i = end - 1; i >= begin; --i)
    if (i < static_cast<int>(shorter.size()))
      shorter = shorter.without(i);
  return shorter;
}

/// Removes statements while the run still covers `owned` and does not fail differently, in
/// three passes that spend the `maxRuns` executions where they remove most: whole objects
/// (a constructor, with every statement that uses its object), the bounds of each stress run
/// (the fewest first calls that keep the goals, then the fewest last calls, each a binary
/// search: a failure needs its count of calls, or only the last call, not the 64 generation
/// made), then single statements (last first; calls inside a stress run are left alone, or
/// its 64 calls would use up the tries). Returns the goals of the final run.
std::vector<Goal> minimize(const ClassModel &model, Candidate &candidate, Executor &executor,
                           bool keepFailure, size_t &removed, size_t maxRuns) {
  std::vector<Goal> goals = candidate.goals;
  size_t runs = 0;
  auto tryShorter = [&](Sequence shorter) {
    if (shorter.size() == 0 || shorter.size() == candidate.sequence.size() || runs >= maxRuns)
      return false;
    Outcome outcome = executor.run(shorter, RunFlags{true});
    ++runs;
    if (!keepFailure && outcome.failure.kind != FailureKind::None)
      return false;
    std::vector<Goal> shorterGoals = goalsOf(model, shorter, outcome);
    if (!coversAll(shorterGoals, candidate.owned))
      return false;
    removed += candidate.sequence.size() - shorter.size();
    candidate.sequence = std::move(shorter);
    goals = std::move(shorterGoals);
    return true;
  };
  auto makesObject = [&](int index) {
    return model.callables[candidate.sequence.statements[index].callable].kind ==
           CallableKind::Constructor;
  };
  for (int i = static_cast<int>(candidate.sequence.size()) - 1; i >= 0; --i)
    if (i < static_cast<int>(candidate.sequence.size()) && makesObject(i))
      tryShorter(candidate.sequence.without(i));
  // The last run first: shrinking it moves no earlier run. Each search assumes that keeping
  // more calls keeps the goals when fewer do.
  std::vector<std::pair<int, int>> stressRuns = candidate.sequence.repeatedCalls(kStressRunCalls);
  for (auto run = stressRuns.rbegin(); run != stressRuns.rend(); ++run) {
    const int begin = run->first;
    int works = run->second - begin, fails = 0;   // calls kept: known to keep the goals / not
    while (works - fails > 1 && runs < maxRuns) { // the first `mid` calls alone
      const int mid = (works + fails) / 2;
      if (tryShorter(withoutRange(candidate.sequence, begin + mid, begin + works)))
        works = mid;
      else
        fails = mid;
    }
    fails = 0;
    while (works - fails > 1 && runs < maxRuns) { // the last `mid` calls alone
      const int mid = (works + fails) / 2;
      if (tryShorter(withoutRange(candidate.sequence, begin, begin + works - mid)))
        works = mid;
      else
        fails = mid;
    }
  }
  for (int i = static_cast<int>(candidate.sequence.size()) - 1; i >= 0 && runs < maxRuns; --i) {
    if (i >= static_cast<int>(candidate.sequence.size()))
      continue;
    bool inRun = false;
    for (auto [begin, end] : candidate.sequence.repeatedCalls(kStressRunCalls))
      inRun |= i >= begin && i < end;
    if (!inRun)
      tryShorter(candidate.sequence.without(i));
  }
  return goals;
}

std::vector<std::string> wordsOf(const std::string &text) {
  std::vector<std::string> words;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos)
      end = text.size();
    words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

std::string joinWords(const std::vector<std::string> &words) {
  std::string text;
  for (size_t i = 0; i < words.size(); ++i)
    text += (i ? " " : "") + words[i];
  return text;
}

/// The goals of `shorter` when it still covers every goal the candidate owns (and, unless
/// `keepFailure`, does not fail); none otherwise.
std::optional<std::vector<Goal>> goalsIfKept(const ClassModel &model, const Candidate &candidate,
                                             Executor &executor, bool keepFailure,
                                             const Sequence &shorter) {
  Outcome outcome = executor.run(shorter, RunFlags{true});
  if (!keepFailure && outcome.failure.kind != FailureKind::None)
    return std::nullopt;
  std::vector<Goal> goals = goalsOf(model, shorter, outcome);
  if (!coversAll(goals, candidate.owned))
    return std::nullopt;
  return goals;
}

/// Drops space-separated words from string arguments (the last first) while the run still
/// covers `owned` and does not fail differently: the search grows strings token by token and
/// leaves tokens that did nothing (a URL that only had to start right), which a reader would
/// take for meaningful. Returns the goals of the final run, `goals` if nothing changed.
std::vector<Goal> simplifyStrings(const ClassModel &model, Candidate &candidate, Executor &executor,
                                  bool keepFailure, std::vector<Goal> goals, size_t &removed,
                                  size_t maxRuns) {
  size_t runs = 0;
  for (size_t s = 0; s < candidate.sequence.size(); ++s)
    for (size_t a = 0; a < candidate.sequence.statements[s].args.size(); ++a) {
      const Argument &arg = candidate.sequence.statements[s].args[a];
      if (arg.kind != Argument::Kind::Literal || arg.literal.kind != Value::Kind::String)
        continue;
      std::vector<std::string> words = wordsOf(arg.literal.s);
      for (int w = static_cast<int>(words.size()) - 1; w >= 0 && words.size() > 1; --w) {
        if (runs++ >= maxRuns)
          return goals;
        std::vector<std::string> fewer = words;
        fewer.erase(fewer.begin() + w);
        Sequence shorter = candidate.sequence;
        shorter.statements[s].args[a].literal.s = joinWords(fewer);
        std::optional<std::vector<Goal>> kept =
            goalsIfKept(model, candidate, executor, keepFailure, shorter);
        if (!kept)
          continue;
        ++removed;
        words = std::move(fewer);
        candidate.sequence = std::move(shorter);
        goals = std::move(*kept);
      }
    }
  return goals;
}

/// The list at `path` inside `value` (each step an element index); null when there is none.
Value *listAt(Value &value, const std::vector<size_t> &path) {
  Value *at = &value;
  for (size_t step : path) {
    if (at->kind != Value::Kind::List || step >= at->items.size())
      return nullptr;
    at = &at->items[step];
  }
  return at->kind == Value::Kind::List ? at : nullptr;
}

/// Drops elements from container and array arguments (halves, then smaller runs, the last first;
/// then inside the elements that are containers themselves) while the run still covers the goals
/// the candidate owns, as simplifyStrings does for words: random generation fills containers
/// with elements that did nothing. Returns the goals of the final run.
std::vector<Goal> simplifyContainers(const ClassModel &model, Candidate &candidate,
                                     Executor &executor, bool keepFailure, std::vector<Goal> goals,
                                     size_t &removed, size_t maxRuns) {
  size_t runs = 0;
  // A list still to shrink: where it is in the literal (each step an element index) and the
  // container type it is a value of. A map's entries and pairs keep their two values.
  struct Shrinkable {
    size_t statement, argument;
    std::vector<size_t> path;
    TypeDesc type;
  };
  std::vector<Shrinkable> lists;
  for (size_t s = 0; s < candidate.sequence.size(); ++s) {
    const Statement &statement = candidate.sequence.statements[s];
    const Callable &callable = model.callables[statement.callable];
    for (size_t a = 0; a < statement.args.size() && a < callable.params.size(); ++a)
      if (statement.args[a].kind == Argument::Kind::Literal &&
          statement.args[a].literal.kind == Value::Kind::List &&
          ((callable.params[a].type.kind == TypeKind::Container &&
            !callable.params[a].type.isProduct() && !callable.params[a].type.isFixedArray() &&
            !callable.params[a].type.isVariant()) ||
           callable.params[a].type.kind == TypeKind::Array))
        lists.push_back({s, a, {}, callable.params[a].type});
  }
  for (size_t next = 0; next < lists.size(); ++next) {
    const Shrinkable shrinking = lists[next]; // a copy: `lists` grows below
    auto list = [&](Sequence &sequence) {
      return listAt(sequence.statements[shrinking.statement].args[shrinking.argument].literal,
                    shrinking.path);
    };
    if (!list(candidate.sequence))
      continue;
    for (long chunk =
             std::max<long>(1, static_cast<long>(list(candidate.sequence)->items.size()) / 2);
         chunk > 0; chunk /= 2) {
      // Windows of `chunk` elements from the back; a kept removal shifts nothing before it.
      for (long end = static_cast<long>(list(candidate.sequence)->items.size()); end >= chunk;
           end -= chunk) {
        if (runs++ >= maxRuns)
          return goals;
        Sequence shorter = candidate.sequence;
        std::vector<Value> &items = list(shorter)->items;
        items.erase(items.begin() + (end - chunk), items.begin() + end);
        std::optional<std::vector<Goal>> kept =
            goalsIfKept(model, candidate, executor, keepFailure, shorter);
        if (!kept)
          continue;
        removed += static_cast<size_t>(chunk);
        candidate.sequence = std::move(shorter);
        goals = std::move(*kept);
      }
    }
    // Then the elements that are containers: a map entry's key or value, or the element.
    const Value *kept = list(candidate.sequence);
    const std::vector<TypeDesc> &elements = shrinking.type.elements;
    for (size_t k = 0; k < kept->items.size(); ++k)
      for (size_t part = 0; part < elements.size(); ++part) {
        // A std::array keeps its elements, as a pair its two.
        if (elements[part].kind != TypeKind::Container || elements[part].isProduct() ||
            elements[part].isFixedArray())
          continue;
        std::vector<size_t> inner = shrinking.path;
        inner.push_back(k);
        if (elements.size() == 2)
          inner.push_back(part);
        lists.push_back(
            {shrinking.statement, shrinking.argument, std::move(inner), elements[part]});
      }
  }
  return goals;
}

/// One test per group of objects that never meet (`a.insert(1)` beside `b.insert(2)`), when the
/// groups run apart still cover the test's goals and do not fail: a reader follows one scenario
/// per test, and each object's end-of-test checks stay with the calls that explain them. Random
/// generation interleaves objects freely and minimization keeps every object that owns a goal.
/// Busy goals may be lost: hit counts add up over the whole test, and the sum over objects that
/// never meet is no stress of any of them. Returns `candidate` alone when it has one group or
/// the groups need each other (shared static state).
std::vector<Candidate> splitIndependentParts(const ClassModel &model, Candidate candidate,
                                             Executor &executor) {
  std::vector<std::vector<int>> parts = candidate.sequence.independentParts();
  if (parts.size() < 2)
    return {std::move(candidate)};
  std::vector<Candidate> split;
  std::set<Goal> covered;

  for (const std::vector<int> &part : parts) {
    Sequence sequence = candidate.sequence.only(part);
    Outcome outcome = executor.run(sequence, RunFlags{true});
    if (outcome.failure.kind != FailureKind::None)
      return {std::move(candidate)};
    std::vector<Goal> goals = goalsOf(model, sequence, outcome);
    Candidate piece{std::move(sequence), std::move(goals), {}, candidate.order};
    for (Goal goal : candidate.owned)
      if (std::binary_search(piece.goals.begin(), piece.goals.end(), goal)) {
        piece.owned.push_back(goal);
        covered.insert(goal);
      }
    if (!piece.owned.empty())
      split.push_back(std::move(piece));
  }
  for (Goal goal : candidate.owned)
    if (!covered.count(goal) && goalKind(goal) != GoalKind::Busy)
      return {std::move(candidate)};
  return split;
}

/// Fills in, from one more exploration run, which code each asserted observer call ran.
void attachObserverCoverage(TestCase &test, Executor &exploration) {
  RunFlags flags;
  flags.observers = flags.observerCoverage = true;
  Outcome outcome = exploration.run(test.sequence, flags);
  for (ObserverValue &asserted : test.observers)
    for (const ObserverValue &run : outcome.observers)
      if (run.variable == asserted.variable && run.callable == asserted.callable)
        asserted.coverage = run.coverage;
}

/// Keeps of `callbacks` what a second run (`again`) repeated: the counts when they are the same,
/// each mock method's arguments only where they are too; nothing otherwise.
void keepRepeatedCallbacks(std::vector<CallbackCalls> &callbacks,
                           const std::vector<CallbackCalls> &again) {
  if (callbacks.size() != again.size()) {
    callbacks.clear();
    return;
  }
  for (size_t k = 0; k < callbacks.size(); ++k) {
    if (callbacks[k].slot != again[k].slot || callbacks[k].object != again[k].object ||
        callbacks[k].calls != again[k].calls) {
      callbacks.clear();
      return;
    }
    if (callbacks[k].arguments != again[k].arguments)
      callbacks[k].arguments.clear(); // counted only
  }
}

bool sameStatuses(const Outcome &a, const Outcome &b) {
  if (a.calls.size() != b.calls.size() || a.failure.kind != b.failure.kind)
    return false;
  for (size_t i = 0; i < a.calls.size(); ++i)
    if (a.calls[i].status != b.calls[i].status ||
        a.calls[i].exceptionType != b.calls[i].exceptionType)
      return false;
  return true;
}

} // namespace

Suite buildSuite(const Corpus &corpus, Executor &exploration, Executor &replay,
                 const SuiteOptions &options, SuiteStats &stats) {
  auto started = std::chrono::steady_clock::now();
  const ClassModel &model = corpus.model();
  Suite suite;

  // Regression goals and the corpus entries that are best for them.
  std::set<Goal> wanted;
  std::set<size_t> entryIndices;
  std::vector<std::pair<Goal, size_t>> failureGoals;
  for (const auto &[goal, index] : corpus.best()) {
    if (goalKind(goal) == GoalKind::Failure) {
      failureGoals.emplace_back(goal, index);
      continue;
    }
    if (corpus.entries()[index].outcome.failure.kind != FailureKind::None)
      continue;
    if (goalKind(goal) == GoalKind::EdgeRepeated) // see kMinBusyLevel
      continue;
    wanted.insert(goal);
    entryIndices.insert(index);
  }
  std::vector<Candidate> candidates;
  for (size_t index : entryIndices) {
    const CorpusEntry &entry = corpus.entries()[index];
    candidates.push_back({entry.sequence, entry.goals, {}, entry.order});
  }
  stats.candidates = candidates.size();
  std::vector<Candidate> chosen = ownByShortest(setCover(candidates, wanted), wanted);
  if (options.minimize) {
    std::vector<Candidate> minimized;
    for (Candidate &candidate : chosen) {
      candidate.goals =
          simplifyContainers(model, candidate, exploration, false,
                             simplifyStrings(model, candidate, exploration, false,
                                             minimize(model, candidate, exploration, false,
                                                      stats.statementsRemoved, 64),
                                             stats.wordsRemoved, 64),
                             stats.elementsRemoved, 64);
      std::vector<Candidate> parts =
          splitIndependentParts(model, std::move(candidate), exploration);
      stats.testsSplit += parts.size() > 1;
      for (Candidate &part : parts)
        minimized.push_back(std::move(part));
    }
    // Minimized tests may now make others redundant.
    chosen = ownByShortest(setCover(std::move(minimized), wanted), wanted);
  }
  std::set<Goal> kept;
  for (const Candidate &candidate : chosen)
    kept.insert(candidate.owned.begin(), candidate.owned.end());
  stats.goalsCovered = kept.size();

  std::vector<std::pair<Sequence, Outcome>> replayFailures;
  for (Candidate &candidate : chosen) {
    size_t queries = 0;
    if (options.readBackQueries) {
      // Only where the queries run cleanly: a query that crashes on what the test built is
      // for the failures file, which exploration fills.
      Sequence asked = withReadBackQueries(model, candidate.sequence,
                                           exploration.run(candidate.sequence, RunFlags{true}));
      // A query that breaks its precondition (`slice[n]` past the end) is no query either.
      const Outcome answered = asked.size() > candidate.sequence.size()
                                   ? exploration.run(asked, RunFlags{true})
                                   : Outcome{};
      if (asked.size() > candidate.sequence.size() && answered.failure.kind == FailureKind::None &&
          answered.illegalCall < 0) {
        queries = asked.size() - candidate.sequence.size();
        stats.readBackQueries += queries;
        candidate.sequence = std::move(asked);
      }
    }
    Outcome first = replay.run(candidate.sequence, RunFlags{true});
    if (first.illegalCall >= 0) { // only the sanitizers saw a call break its precondition
      ++stats.nondeterministic;
      continue;
    }
    if (first.failure.kind != FailureKind::None) {
      ++stats.movedToFailures;
      replayFailures.emplace_back(candidate.sequence, first);
      // The goals it covers stay, as far as a plain argument where it failed still reaches them.
      auto repaired = repairArguments(model, candidate.sequence, candidate.owned,
                                      first.failure.statement, exploration, replay);
      if (!repaired)
        continue;
      ++stats.repairedArguments;
      candidate.sequence = std::move(repaired->sequence);
      candidate.owned = std::move(repaired->owned);
      first = std::move(repaired->replayed);
    }
    Executor &again = options.freshReplay ? *options.freshReplay : replay;
    Outcome second = again.run(candidate.sequence, RunFlags{true});
    if (!sameStatuses(first, second)) {
      ++stats.nondeterministic;
      continue;
    }
    TestCase test;
    test.sequence = candidate.sequence;
    test.readBackQueries = queries;
    test.calls = first.calls;
    for (size_t i = 0; i < test.calls.size(); ++i) {
      CallOutcome &call = test.calls[i];
      call.hasValue =
          call.hasValue && second.calls[i].hasValue && call.value == second.calls[i].value;
      // An out-parameter is asserted only when a second run left the same value in it.
      const std::vector<OutputValue> &again = second.calls[i].outputs;
      call.outputs.erase(std::remove_if(call.outputs.begin(), call.outputs.end(),
                                        [&](const OutputValue &output) {
                                          return std::find(again.begin(), again.end(), output) ==
                                                 again.end();
                                        }),
                         call.outputs.end());
      keepRepeatedCallbacks(call.callbacks, second.calls[i].callbacks);
    }
    // The read-back queries after it are const: the observers see the state it left.
    const Statement &last = test.sequence.statements[test.sequence.size() - 1 - queries];
    // Every object the test holds at the end is asserted, so a copy or a second object that a
    // call changed is checked too.
    for (const ObserverValue &observer : first.observers) {
      if (!first.holds(observer.variable))
        continue;
      // `EXPECT_EQ(s.size(), 2)` right after the statement `s.size()` says nothing new.
      if (last.callable == observer.callable && last.receiver == observer.variable)
        continue;
      for (const ObserverValue &again : second.observers)
        if (again.variable == observer.variable && again.callable == observer.callable &&
            again.status == observer.status && again.value == observer.value &&
            again.exceptionType == observer.exceptionType) {
          test.observers.push_back(observer);
          break;
        }
    }
    for (Goal goal : candidate.owned) {
      test.goals.push_back(describeGoal(model, candidate.sequence, first, goal));
      test.goalKeys.push_back(goal);
    }
    if (options.pruneAssertions) {
      dropObserversRepeatedByALaterObject(test);
      attachObserverCoverage(test, exploration);
    }
    suite.regression.push_back(std::move(test));
  }
  if (options.pruneAssertions)
    dropRepeatedObserverAssertions(suite.regression);
  stats.selected = suite.regression.size();

  // Failures: one test per failure goal, minimized while the same failure reproduces.
  std::set<std::string> seenFailures;
  // What the arguments asked for (one allocation of half the memory limit) and the driver's
  // own errors are never the code's failures.
  auto neverATest = [](FailureKind kind) {
    return kind == FailureKind::ResourceLimit || kind == FailureKind::DriverError;
  };
  auto addFailure = [&](Sequence sequence, Outcome outcome, Executor &executor) {
    if (suite.failures.size() >= options.maxFailureTests || neverATest(outcome.failure.kind))
      return;
    Candidate candidate{sequence, goalsOf(model, sequence, outcome), {}, 0};
    for (Goal goal : candidate.goals)
      if (goalKind(goal) == GoalKind::Failure)
        candidate.owned.push_back(goal);
    if (options.minimize) {
      // A hang costs a full time-out per try; bound the tries.
      size_t maxRuns = outcome.failure.kind == FailureKind::Hang ? 6 : 64;
      std::vector<Goal> goals =
          minimize(model, candidate, executor, true, stats.statementsRemoved, maxRuns);
      goals = simplifyStrings(model, candidate, executor, true, goals, stats.wordsRemoved, maxRuns);
      simplifyContainers(model, candidate, executor, true, goals, stats.elementsRemoved, maxRuns);
    }
    auto reproduce = [&](RunFlags flags) {
      Outcome outcome = replay.run(candidate.sequence, flags);
      // A call the sanitizers show outside its precondition is no test in any build.
      if (outcome.failure.kind == FailureKind::None && outcome.illegalCall < 0)
        outcome = executor.run(candidate.sequence, flags);
      return outcome;
    };
    // Confirmed the way the failure test runs it: the calls, and only for a broken contract
    // the check. unitgen's own checks (observers, copies) are not in the test, so anything else
    // they alone reach is not the code's failure: a hang or a memory limit (copying objects
    // that just fit), or a read through a view the calls left dangling (the driver asking a
    // `Slice` whose buffer a later `Finish()` freed).
    RunFlags flags;
    Outcome confirmed = reproduce(flags);
    if (confirmed.failure.kind == FailureKind::None) {
      flags = RunFlags{true};
      confirmed = reproduce(flags);
      if (confirmed.failure.kind != FailureKind::ContractViolated)
        return; // only with unitgen's checks: not the code's failure
    }
    if (confirmed.failure.kind == FailureKind::None || neverATest(confirmed.failure.kind))
      return; // not reproducible, or not the code's: no test
    // Only a run that completes with twice the memory shows a bounded demand: one that runs
    // out again, or spends the call time-out filling the larger limit, is a runaway.
    if (confirmed.failure.kind == FailureKind::Hang && options.runWithLongerTimeout) {
      if (options.runWithLongerTimeout(candidate.sequence, flags).failure.kind ==
          FailureKind::None) {
        ++stats.slowCalls;
        return; // it returns, given the time: slow, not stuck
      }
      if (options.callTimeoutSeconds > 0 &&
          hangGrowsWithArgument(
              candidate.sequence, confirmed.failure.statement, options.longerTimeoutSeconds,
              options.callTimeoutSeconds,
              [&](const Sequence &sequence) { return executor.run(sequence, flags); })) {
        ++stats.argumentBoundHangs;
        return; // slow because of what it was asked, beyond any time-out
      }
    }
    if (confirmed.failure.kind == FailureKind::OutOfMemory && options.runWithTwiceTheMemory &&
        options.runWithTwiceTheMemory(candidate.sequence, flags).failure.kind ==
            FailureKind::None) {
      ++stats.boundedMemoryDemands;
      return; // it fits in twice the limit: the calls' demand, not a runaway
    }
    if (!seenFailures.insert(defectKey(candidate.sequence, confirmed.failure)).second)
      return;
    TestCase test;
    test.sequence = candidate.sequence;
    test.calls = confirmed.calls;
    for (CallOutcome &call : test.calls) {
      call.hasValue = false;
      call.outputs.clear();
      call.callbacks.clear();
    }
    test.failure = confirmed.failure;
    test.observed = confirmed.failure.detail;
    test.goals.push_back(failureSlug(confirmed.failure));
    suite.failures.push_back(std::move(test));
  };
  for (const auto &[goal, index] : failureGoals) {
    const CorpusEntry &entry = corpus.entries()[index];
    addFailure(entry.sequence, entry.outcome, exploration);
  }
  for (auto &[sequence, outcome] : replayFailures)
    addFailure(sequence, outcome, replay);
  for (const auto &[sequence, outcome] : options.sanitizerFindings) {
    const size_t before = suite.failures.size();
    addFailure(sequence, outcome, replay);
    stats.fromSanitizerWatch += suite.failures.size() - before;
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return suite;
}

} // namespace unitgen
