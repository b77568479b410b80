// Feedback-directed random generation: extend earlier successful sequences by one call whose
// receiver and object arguments come from the pool, keep the result only if it covered a new
// goal or reached a new canonical state, and never extend sequences that threw or failed. Now and
// then a stress candidate fills one object with many calls of one method.
#include "explore/RandomStrategy.h"

#include "exec/Executor.h"
#include "explore/ValuePool.h"
#include "model/Constness.h"
#include "model/Handles.h"
#include "model/ViewLifetimes.h"
#include "suite/RejectedCalls.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <unordered_set>

namespace unitgen {
namespace {

/// Share of candidates that are stress candidates (buildStressCandidate): each costs tens of
/// calls, so a few percent of candidates take a good part of the budget.
constexpr double kStressShare = 0.01;

struct PoolEntry {
  Sequence sequence;
  std::vector<int> objectTypes; ///< per statement: type id of the live object it produced, or -1
};

class RandomStrategy : public Strategy {
public:
  RandomStrategy(const ClassModel &model, Executor &executor, const RandomOptions &options)
      : model_(model), executor_(executor), options_(options), rng_(options.seed), values_(model) {
    for (const Callable &callable : model.callables) {
      if (!callable.isSupported() || callable.isInvariant || callable.onlyGuided)
        continue;
      bool underTest = model.isUnderTest(callable);
      (underTest ? targetCallables_ : helperCallables_).push_back(callable.id);
      int produced = producedType(callable);
      if (produced >= 0)
        producers_[produced].push_back(callable.id);
      if (underTest && fillsWithIntegers(callable))
        fillMethods_.push_back(callable.id);
    }
    poolByType_.resize(model.classes.size());
    for (const auto &[slot, value] : options.observedArguments)
      values_.learnObserved(value, slot);
  }

  void run(const Budget &budget, Corpus &corpus) override {
    adoptCorpus(corpus);
    BudgetClock clock(budget);
    uint64_t executions = 0;
    double nextReport = 0;
    // When every candidate is a repeat, the reachable space is exhausted (small classes).
    const uint64_t kMaxFruitless = 1000000;
    uint64_t fruitless = 0;
    uint64_t lastGoalAt = 0; // executions when the last new goal was found
    double lastGoalTime = 0;
    auto stalled = [&] {
      return (options_.stallExecutions > 0 &&
              executions - lastGoalAt >= options_.stallExecutions) ||
             (options_.stallSeconds > 0 && clock.elapsed() - lastGoalTime >= options_.stallSeconds);
    };
    while (!clock.exhausted(executions) && fruitless < kMaxFruitless && !stalled()) {
      if (targetCallables_.empty() && helperCallables_.empty())
        break;
      if (corpus.rejectedCalls().size() != rejectedSeen_)
        dropRejected(corpus.rejectedCalls());
      Sequence sequence;
      std::uniform_real_distribution<double> coin(0, 1);
      bool built = !fillMethods_.empty() && coin(rng_) < kStressShare
                       ? buildStressCandidate(sequence)
                       : buildCandidate(sequence);
      if (!built || repeatsCostlyFailure(sequence) || corpus.rejectedCalls().rejects(sequence) ||
          !seen_.insert(sequence.hash()).second) {
        ++fruitless;
        continue;
      }
      fruitless = 0;
      Outcome outcome = executor_.run(sequence, RunFlags{true});
      ++executions;
      values_.learnCompared(outcome.comparedValues);
      Corpus::AddResult added = corpus.add(sequence, outcome);
      if (added.newGoals > 0) {
        lastGoalAt = executions;
        if (options_.stallSeconds > 0)
          lastGoalTime = clock.elapsed();
      }
      penalizeCostlyFailures(sequence, outcome, added);
      bool extendable = outcome.failure.kind == FailureKind::None &&
                        outcome.calls.back().status == CallStatus::Returned;
      if (extendable && (added.newGoals > 0 || added.newStates > 0)) {
        remember(sequence, outcome);
        learnValues(sequence, outcome);
      } else if (added.newGoals > 0) {
        // A string that got further into a parser before it threw is worth growing further.
        learnStrings(sequence);
      }
      if (options_.progress && clock.elapsed() >= nextReport) {
        nextReport = clock.elapsed() + 0.1;
        reportProgress(clock, executions, corpus);
      }
    }
    if (options_.progress)
      reportProgress(clock, executions, corpus);
  }

private:
  /// Sequences another strategy added to the shared corpus since the last run (a query the
  /// concolic strategy solved, say) join the pool to be extended, and their strings the values.
  void adoptCorpus(const Corpus &corpus) {
    const std::vector<CorpusEntry> &entries = corpus.entries();
    for (; corpusSeen_ < entries.size(); ++corpusSeen_) {
      const CorpusEntry &entry = entries[corpusSeen_];
      if (!seen_.insert(entry.sequence.hash()).second)
        continue; // this strategy's own
      bool extendable = entry.outcome.failure.kind == FailureKind::None &&
                        entry.outcome.calls.size() == entry.sequence.size() &&
                        !entry.outcome.calls.empty() &&
                        entry.outcome.calls.back().status == CallStatus::Returned;
      if (extendable && !corpus.rejectedCalls().rejects(entry.sequence))
        remember(entry.sequence, entry.outcome);
      learnStrings(entry.sequence);
    }
  }

  int producedType(const Callable &callable) const {
    if (callable.kind == CallableKind::Constructor)
      return typeOf(callable.owner);
    if (callable.returnType.kind == TypeKind::Class)
      return typeOf(callable.returnType.className);
    return -1;
  }

  int typeOf(const std::string &name) const {
    for (size_t t = 0; t < model_.classes.size(); ++t)
      if (model_.classes[t].qualifiedName == name)
        return static_cast<int>(t);
    return -1;
  }

  void reportProgress(const BudgetClock &clock, uint64_t executions, const Corpus &corpus) {
    Progress progress;
    progress.elapsed = clock.elapsed();
    progress.executions = executions;
    progress.goals = corpus.goalCount();
    progress.edges = corpus.edgeCount();
    progress.failures = corpus.failureCount();
    progress.poolSize = pool_.size();
    options_.progress(progress);
  }

  int pickCallable() {
    std::uniform_real_distribution<double> coin(0, 1);
    const std::vector<int> &from =
        helperCallables_.empty() || (!targetCallables_.empty() && coin(rng_) < 0.7)
            ? targetCallables_
            : helperCallables_;
    double total = 0;
    for (int id : from)
      total += weight(id);
    if (total <= 0)
      return from[std::uniform_int_distribution<size_t>(0, from.size() - 1)(rng_)];
    double point = coin(rng_) * total;
    for (int id : from) {
      point -= weight(id);
      if (point <= 0)
        return id;
    }
    return from.back();
  }

  double weight(int callable) const {
    auto it = weights_.find(callable);
    return it == weights_.end() ? 1.0 : it->second;
  }

  /// A hang costs a whole time-out and a runaway allocation fills memory first: once such a
  /// failure is known, repeating it only burns the budget, so its callable is picked less.
  void penalizeCostlyFailures(const Sequence &sequence, const Outcome &outcome,
                              const Corpus::AddResult &added) {
    const Failure &failure = outcome.failure;
    if ((failure.kind != FailureKind::Hang && failure.kind != FailureKind::OutOfMemory) ||
        failure.statement < 0 || static_cast<size_t>(failure.statement) >= sequence.size())
      return;
    const Statement &failed = sequence.statements[failure.statement];
    ++costlyCalls_[failed.callable][literalSignature(failed)];
    if (added.newGoals > 0)
      return;
    // After eight repeats the callable is left alone: what remains of it keeps hanging.
    double &w =
        weights_.emplace(sequence.statements[failure.statement].callable, 1.0).first->second;
    w = w <= 1.0 / 128 ? 0 : w * 0.5;
  }

  /// A candidate that makes a call which hung or ran out of memory before mostly pays that
  /// failure again in full (a time-out or memory filled to the limit, then a driver restart),
  /// and finds nothing the first run did not: `grow(7)` that never returns, after any prefix.
  /// Once the call has failed k times, a candidate making it runs with probability 2^-k, so
  /// its repeats grow with the logarithm of the candidates that pick it. The per-callable
  /// weight (penalizeCostlyFailures) covers a method that fails whatever its arguments.
  bool repeatsCostlyFailure(const Sequence &sequence) {
    if (costlyCalls_.empty())
      return false;
    int failed = 0;
    for (const Statement &statement : sequence.statements) {
      // Every candidate passes here: the arguments are spelled out only for a callable that
      // failed.
      auto callable = costlyCalls_.find(statement.callable);
      if (callable == costlyCalls_.end())
        continue;
      auto it = callable->second.find(literalSignature(statement));
      if (it != callable->second.end())
        failed = std::max(failed, it->second);
    }
    return failed > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) >=
                             std::ldexp(1.0, -std::min(failed, 60));
  }

  /// A variable of `type` in `sequence`, appending a pool sequence that has one if needed;
  /// `changed`: the call may change it, so no object a call returned as const (model/Constness.h).
  /// Returns -1 when no such object exists yet.
  int objectOfType(int type, Sequence &sequence, std::vector<int> &types, bool preferExisting,
                   bool changed) {
    auto usable = [&](size_t i) {
      return types[i] == type &&
             !(changed && returnsConstObject(model_.callables[sequence.statements[i].callable]));
    };
    std::vector<int> existing;
    for (size_t i = 0; i < types.size(); ++i)
      if (usable(i))
        existing.push_back(static_cast<int>(i));
    std::uniform_real_distribution<double> coin(0, 1);
    if (!existing.empty() && (preferExisting || coin(rng_) < 0.5))
      return existing[std::uniform_int_distribution<size_t>(0, existing.size() - 1)(rng_)];
    const std::vector<size_t> &candidates = poolByType_[type];
    if (candidates.empty())
      return existing.empty() ? -1 : existing.front();
    const PoolEntry &entry =
        pool_[candidates[std::uniform_int_distribution<size_t>(0, candidates.size() - 1)(rng_)]];
    // A full pool replaces entries in place, so an index entry may name another type by now.
    bool hasType = std::find(entry.objectTypes.begin(), entry.objectTypes.end(), type) !=
                   entry.objectTypes.end();
    if (!hasType ||
        sequence.size() + entry.sequence.size() + 1 >
            options_.maxLength + stressAllowance(sequence) + stressAllowance(entry.sequence))
      return existing.empty() ? -1 : existing.front();
    int offset = sequence.append(entry.sequence);
    types.insert(types.end(), entry.objectTypes.begin(), entry.objectTypes.end());
    std::vector<int> appended;
    for (size_t i = 0; i < entry.objectTypes.size(); ++i)
      if (usable(offset + i))
        appended.push_back(offset + static_cast<int>(i));
    if (appended.empty())
      return existing.empty() ? -1 : existing.front();
    return appended[std::uniform_int_distribution<size_t>(0, appended.size() - 1)(rng_)];
  }

  bool buildCandidate(Sequence &sequence) {
    int id = pickCallable();
    const Callable *callable = &model_.callables[id];
    std::vector<int> types;
    // A method needs a receiver; when none exists yet, produce one first.
    if (callable->needsReceiver()) {
      int owner = typeOf(callable->owner);
      if (owner < 0)
        return false;
      if (poolByType_[owner].empty()) {
        auto producers = producers_.find(owner);
        if (producers == producers_.end() || producers->second.empty())
          return false;
        id = producers->second[std::uniform_int_distribution<size_t>(0, producers->second.size() -
                                                                            1)(rng_)];
        callable = &model_.callables[id];
      }
    }
    Statement statement;
    statement.callable = id;
    if (callable->needsReceiver()) {
      int owner = typeOf(callable->owner);
      statement.receiver =
          objectOfType(owner, sequence, types, false, changesObject(*callable, -1));
      if (statement.receiver < 0)
        return false;
    }
    std::uniform_real_distribution<double> coin(0, 1);
    for (size_t index = 0; index < callable->params.size(); ++index) {
      const Parameter &param = callable->params[index];
      if (param.type.kind == TypeKind::Class) {
        int type = typeOf(param.type.className);
        // A constructor keeps the object it is given (a comparator, a parent): it is built
        // from a real one, never a null it would call later.
        bool nullable =
            callable->kind != CallableKind::Constructor &&
            (param.type.passing == Passing::Pointer ||
             param.type.passing == Passing::ConstPointer ||
             param.type.passing == Passing::UniquePtr || param.type.passing == Passing::SharedPtr);
        int var = type < 0 ? -1
                           : objectOfType(type, sequence, types, true,
                                          changesObject(*callable, static_cast<int>(index)));
        if (var < 0 || (nullable && coin(rng_) < 0.05)) {
          if (!nullable)
            return false;
          statement.args.push_back(Argument::of(Value::null()));
        } else {
          statement.args.push_back(Argument::var(var));
        }
      } else {
        ParameterSlot slot{id, index};
        statement.args.push_back(Argument::of(values_.pick(param.type, rng_, &slot)));
      }
    }
    if (statement.receiver < 0 && !callable->needsReceiver() && sequence.size() == 0 &&
        coin(rng_) < 0.5 && !pool_.empty()) {
      // Constructors and free functions also extend existing sequences, so one test can hold
      // several objects (e.g. a second connection) and state-independent calls mix in.
      const PoolEntry &entry =
          pool_[std::uniform_int_distribution<size_t>(0, pool_.size() - 1)(rng_)];
      if (entry.sequence.size() + 1 <= options_.maxLength + stressAllowance(entry.sequence))
        sequence.append(entry.sequence);
    }
    if (sequence.size() + 1 > options_.maxLength + stressAllowance(sequence))
      return false;
    sequence.statements.push_back(std::move(statement));
    return respectsViewLifetimes(model_, sequence) && respectsHandleOwners(model_, sequence);
  }

  /// A method that fills its object: it changes state (writes fields) and takes only integers,
  /// so consecutive values can be passed (`push(1)` ... `push(64)`, `put(1, v)` ... `put(64, v)`).
  static bool fillsWithIntegers(const Callable &callable) {
    // Unknown effects (none recorded either way) may write.
    const bool writes = !callable.effects.writes.empty() || callable.effects.reads.empty();
    if (callable.kind != CallableKind::Method || !callable.needsReceiver() || callable.isConst ||
        callable.params.empty() || !writes)
      return false;
    return std::all_of(callable.params.begin(), callable.params.end(), [](const Parameter &p) {
      return p.type.kind == TypeKind::Integer &&
             (p.type.passing == Passing::Value || p.type.passing == Passing::ConstReference);
    });
  }

  /// The calls a stress run adds beyond maxLength: the longest run of one method on one object
  /// that is long enough to be one (a person reads it as one loop, not as many statements).
  static size_t stressAllowance(const Sequence &sequence) {
    size_t longest = 0;
    for (auto [begin, end] : sequence.repeatedCalls(kStressRunCalls))
      longest = std::max(longest, static_cast<size_t>(end - begin));
    return longest;
  }

  /// An object from the pool, then one fill method called 32, 64 or 128 times with consecutive
  /// integers, ascending from 1 or descending to 1 (other arguments fixed): a stress test that
  /// drives growth, rebalancing and copying past what maxLength calls reach, and makes edges
  /// run often enough for the Busy goals. Sequences of maxLength random calls rarely hold more
  /// than a dozen elements in one object.
  bool buildStressCandidate(Sequence &sequence) {
    int id = fillMethods_[std::uniform_int_distribution<size_t>(0, fillMethods_.size() - 1)(rng_)];
    const Callable &callable = model_.callables[id];
    int owner = typeOf(callable.owner);
    if (owner < 0 || poolByType_[owner].empty())
      return false;
    std::vector<int> types;
    int receiver = objectOfType(owner, sequence, types, false, changesObject(callable, -1));
    if (receiver < 0)
      return false;
    // 32, 64 or 128 calls (the Busy goals' levels 5 to 7); 64 at most for a byte-sized type.
    std::uniform_int_distribution<int> level(5, callable.params[0].type.bits <= 8 ? 6 : 7);
    const int count = 1 << level(rng_);
    const bool ascending = std::uniform_int_distribution<int>(0, 1)(rng_) == 1;
    Statement statement;
    statement.callable = id;
    statement.receiver = receiver;
    for (size_t index = 0; index < callable.params.size(); ++index) {
      ParameterSlot slot{id, index};
      statement.args.push_back(
          Argument::of(values_.pick(callable.params[index].type, rng_, &slot)));
    }
    for (int k = 0; k < count; ++k) {
      int64_t value = ascending ? k + 1 : count - k;
      statement.args[0] = Argument::of(callable.params[0].type.isSigned
                                           ? Value::integer(value)
                                           : Value::unsignedInteger(static_cast<uint64_t>(value)));
      sequence.statements.push_back(statement);
    }
    return respectsViewLifetimes(model_, sequence) && respectsHandleOwners(model_, sequence);
  }

  /// The pool without the sequences that make a call the sanitizer watch rejected since the
  /// last look: extending them would only fail where they already fail.
  void dropRejected(const RejectedCalls &rejected) {
    rejectedSeen_ = rejected.size();
    pool_.erase(
        std::remove_if(pool_.begin(), pool_.end(),
                       [&](const PoolEntry &entry) { return rejected.rejects(entry.sequence); }),
        pool_.end());
    for (std::vector<size_t> &indices : poolByType_)
      indices.clear();
    for (size_t index = 0; index < pool_.size(); ++index)
      indexPoolEntry(index);
  }

  void remember(const Sequence &sequence, const Outcome &outcome) {
    PoolEntry entry;
    entry.sequence = sequence;
    entry.objectTypes.assign(sequence.size(), -1);
    for (size_t i = 0; i < sequence.size(); ++i)
      if (outcome.calls[i].producedObject)
        entry.objectTypes[i] = producedType(model_.callables[sequence.statements[i].callable]);
    size_t index;
    if (pool_.size() < options_.maxPool) {
      index = pool_.size();
      pool_.push_back(std::move(entry));
    } else {
      // Replace a random older entry; stale type-index entries are skipped on selection.
      index = std::uniform_int_distribution<size_t>(0, pool_.size() - 1)(rng_);
      pool_[index] = std::move(entry);
    }
    indexPoolEntry(index);
  }

  void indexPoolEntry(size_t index) {
    const PoolEntry &stored = pool_[index];
    std::vector<bool> added(model_.classes.size(), false);
    for (int type : stored.objectTypes)
      if (type >= 0 && !added[type]) {
        added[type] = true;
        poolByType_[type].push_back(index);
      }
  }

  void learnValues(const Sequence &sequence, const Outcome &outcome) {
    for (size_t i = 0; i < sequence.size(); ++i) {
      if (outcome.calls[i].hasValue)
        values_.learn(outcome.calls[i].value);
      // What a call wrote (an encoded key, a formatted number) is input another call reads.
      for (const OutputValue &output : outcome.calls[i].outputs)
        values_.learn(output.value);
    }
    learnStrings(sequence);
  }

  void learnStrings(const Sequence &sequence) {
    for (const Statement &statement : sequence.statements)
      for (size_t i = 0; i < statement.args.size(); ++i) {
        const Argument &arg = statement.args[i];
        if (arg.kind == Argument::Kind::Literal && arg.literal.kind == Value::Kind::String)
          values_.learnArgument(arg.literal, {statement.callable, i});
      }
  }

  const ClassModel &model_;
  Executor &executor_;
  RandomOptions options_;
  std::mt19937_64 rng_;
  ValuePool values_;
  std::vector<int> targetCallables_, helperCallables_;
  std::vector<int> fillMethods_; ///< target methods stress candidates call (fillsWithIntegers)
  std::map<int, std::vector<int>> producers_;
  std::vector<PoolEntry> pool_;
  std::vector<std::vector<size_t>> poolByType_;
  std::unordered_set<uint64_t> seen_;
  std::map<int, double> weights_; ///< selection weight per callable (default 1)
  /// Per callable and literalSignature: the runs in which that call hung or ran out of memory.
  std::map<int, std::map<std::string, int>> costlyCalls_;
  size_t corpusSeen_ = 0;   ///< corpus entries adopted (adoptCorpus)
  size_t rejectedSeen_ = 0; ///< rejected calls the pool was last checked against (dropRejected)
};

} // namespace

std::unique_ptr<Strategy> makeRandomStrategy(const ClassModel &model, Executor &executor,
                                             const RandomOptions &options) {
  return std::make_unique<RandomStrategy>(model, executor, options);
}

} // namespace unitgen
