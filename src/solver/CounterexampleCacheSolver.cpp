// CounterexampleCacheSolver: answers a query from earlier answers when logic allows (KLEE's
// counterexample cache): a model of a superset satisfies a subset, an unsat subset makes a
// superset unsat, and an old model may simply happen to satisfy a new query.
#include "solver/Evaluator.h"
#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <unordered_map>

namespace unitgen {
namespace {

/// A query as a set: sorted, unique ids of its constraints and goal. Conjunction does not care
/// which conjunct is the goal, so "x ∧ goal y" and "y ∧ goal x" share an entry.
using Key = std::vector<ExprId>;

Key keyOf(const Query &query) {
  Key key = query.constraints;
  key.push_back(query.goal);
  std::sort(key.begin(), key.end());
  key.erase(std::unique(key.begin(), key.end()), key.end());
  return key;
}

struct Entry {
  Key key;
  Validity validity;
  Model model; ///< Sat only: assigns exactly the bytes the key reads
};

/// How many models (subset models first, then recent ones) are evaluated against a query
/// before asking the inner solver: each costs one evaluation of the query's DAG.
constexpr size_t kMaxModelTrials = 16;
constexpr size_t kRecentModels = 8;
/// Subset search reads at most this many of the newest entries holding each constraint: a path
/// condition's early clauses are in nearly every query (the symbolic-state strategy asks tens
/// of thousands), and counting them all made each query cost as much as the cache was big. A
/// subset among older entries is missed — only a hit lost, never a wrong answer.
constexpr size_t kMaxPostingScan = 512;

class CounterexampleCacheSolver final : public Solver {
public:
  CounterexampleCacheSolver(std::unique_ptr<Solver> inner, const ExprPool &pool, SolverStats &stats)
      : inner_(std::move(inner)), pool_(pool), stats_(stats) {}

  SolverResult solve(const Query &query) override;

private:
  const Entry *findSatSuperset(const Key &key) const;
  /// An unsat subset of `key`, if any; collects sat subsets (newest first) into `satSubsets`.
  const Entry *findUnsatSubset(const Key &key, std::vector<uint32_t> &satSubsets) const;
  std::optional<Model> tryModel(const Model &candidate, const Key &key, const ByteSet &bytes);
  void insert(Key key, const SolverResult &result);

  std::unique_ptr<Solver> inner_;
  const ExprPool &pool_;
  SolverStats &stats_;
  std::vector<Entry> entries_;
  std::map<Key, uint32_t> exact_;
  /// Id → entries (Sat or Unsat only) whose key holds it, in insertion order.
  std::unordered_map<ExprId, std::vector<uint32_t>> postings_;
  std::deque<uint32_t> recentSat_;
};

/// The part of `model` a query reading `bytes` needs; bytes it lacks are 0, which is also what the
/// evaluation that accepted it assumed.
Model restrict(const Model &model, const ByteSet &bytes) {
  Model restricted;
  for (uint32_t byte : bytes) {
    auto it = model.find(byte);
    restricted[byte] = it == model.end() ? 0 : it->second;
  }
  return restricted;
}

SolverResult CounterexampleCacheSolver::solve(const Query &query) {
  Key key = keyOf(query);
  if (auto it = exact_.find(key); it != exact_.end()) {
    ++stats_.cacheExactHits;
    const Entry &entry = entries_[it->second];
    return {entry.validity, entry.model};
  }
  const ByteSet bytes = queryBytes(pool_, query);
  if (const Entry *superset = findSatSuperset(key)) {
    ++stats_.cacheSupersetHits;
    SolverResult result{Validity::Sat, restrict(superset->model, bytes)};
    insert(std::move(key), result);
    return result;
  }
  std::vector<uint32_t> satSubsets;
  if (findUnsatSubset(key, satSubsets)) {
    ++stats_.cacheSubsetUnsatHits;
    SolverResult result{Validity::Unsat, {}};
    insert(std::move(key), result);
    return result;
  }
  std::vector<uint32_t> trials = satSubsets;
  for (auto it = recentSat_.rbegin(); it != recentSat_.rend(); ++it)
    if (std::find(trials.begin(), trials.end(), *it) == trials.end())
      trials.push_back(*it);
  if (trials.size() > kMaxModelTrials)
    trials.resize(kMaxModelTrials);
  for (uint32_t index : trials) {
    if (std::optional<Model> model = tryModel(entries_[index].model, key, bytes)) {
      ++stats_.cacheModelHits;
      SolverResult result{Validity::Sat, std::move(*model)};
      insert(std::move(key), result);
      return result;
    }
  }
  SolverResult result = inner_->solve(query);
  insert(std::move(key), result);
  return result;
}

const Entry *CounterexampleCacheSolver::findSatSuperset(const Key &key) const {
  // A superset holds every id of the key: scan the shortest posting list.
  const std::vector<uint32_t> *shortest = nullptr;
  for (ExprId id : key) {
    auto it = postings_.find(id);
    if (it == postings_.end())
      return nullptr;
    if (!shortest || it->second.size() < shortest->size())
      shortest = &it->second;
  }
  for (auto it = shortest->rbegin(); it != shortest->rend(); ++it) {
    const Entry &entry = entries_[*it];
    if (entry.validity == Validity::Sat &&
        std::includes(entry.key.begin(), entry.key.end(), key.begin(), key.end()))
      return &entry;
  }
  return nullptr;
}

const Entry *CounterexampleCacheSolver::findUnsatSubset(const Key &key,
                                                        std::vector<uint32_t> &satSubsets) const {
  // An entry is a subset when every one of its ids occurs in the key: count occurrences.
  std::unordered_map<uint32_t, uint32_t> found;
  for (ExprId id : key) {
    auto it = postings_.find(id);
    if (it == postings_.end())
      continue;
    const std::vector<uint32_t> &posting = it->second;
    for (size_t i = posting.size() > kMaxPostingScan ? posting.size() - kMaxPostingScan : 0;
         i < posting.size(); ++i)
      ++found[posting[i]];
  }
  std::vector<uint32_t> subsets;
  for (const auto &[index, count] : found)
    if (count == entries_[index].key.size())
      subsets.push_back(index);
  std::sort(subsets.rbegin(), subsets.rend()); // newest first, independent of hashing order
  for (uint32_t index : subsets) {
    if (entries_[index].validity == Validity::Unsat)
      return &entries_[index];
    satSubsets.push_back(index);
  }
  return nullptr;
}

std::optional<Model> CounterexampleCacheSolver::tryModel(const Model &candidate, const Key &key,
                                                         const ByteSet &bytes) {
  Model model = restrict(candidate, bytes);
  Evaluator evaluator(pool_, model);
  if (!evaluator.allTrue(key))
    return std::nullopt;
  return model;
}

void CounterexampleCacheSolver::insert(Key key, const SolverResult &result) {
  const uint32_t index = static_cast<uint32_t>(entries_.size());
  // Unknown and Timeout are kept for exact repeats only: the same query would cost the same
  // timeout again, but they say nothing about subsets or supersets.
  const bool decided = result.validity == Validity::Sat || result.validity == Validity::Unsat;
  if (decided)
    for (ExprId id : key)
      postings_[id].push_back(index);
  if (result.validity == Validity::Sat) {
    recentSat_.push_back(index);
    if (recentSat_.size() > kRecentModels)
      recentSat_.pop_front();
  }
  exact_.emplace(key, index);
  entries_.push_back({std::move(key), result.validity, result.model});
}

} // namespace

std::unique_ptr<Solver> createCounterexampleCacheSolver(std::unique_ptr<Solver> inner,
                                                        const ExprPool &pool, SolverStats &stats) {
  return std::make_unique<CounterexampleCacheSolver>(std::move(inner), pool, stats);
}

} // namespace unitgen
