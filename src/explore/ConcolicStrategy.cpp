// Concolic exploration of candidate sequences: run a shape with symbolic arguments, add the path
// to the trees of its prefixes, solve the next unexplored direction, substitute, run again.
#include "explore/ConcolicStrategy.h"

#include "exec/Executor.h"
#include "exec/SymbolicInputs.h"
#include "explore/InputSearch.h"
#include "explore/Splices.h"
#include "explore/ValuePool.h"
#include "solver/SolverChain.h"

#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace unitgen {
namespace {

/// What later alternatives need of one execution: its sequence, where its input bytes came
/// from, and its path condition.
struct ExecutionRecord {
  Sequence sequence;
  std::vector<InputOrigin> inputs;
  /// Per branch record (concretizations and input domains included): the condition as it held.
  std::vector<ExprId> constraints;
  std::vector<uint32_t> decisionAt; ///< per decision (flippable branch): index in constraints
  uint32_t generation = 0;
  /// Statements 0..returnedThrough all returned: a prefix that far can feed later calls.
  int32_t returnedThrough = -1;
};

/// A boundary to solve for: the operands of the relational condition at `at` of `origin`'s
/// constraints made equal, after the constraints before it.
struct BoundaryQuery {
  uint64_t origin = 0;
  uint32_t at = 0;
  int32_t statement = -1;
  uint32_t generation = 0;
};

struct ShapeState {
  Candidate candidate;
  std::deque<BoundaryQuery> boundaries; ///< opened by this shape's executions
  std::deque<Sequence> splices;         ///< instances with a compared text spliced in
  std::vector<uint64_t> prefixKeys;     ///< per statement k: the key of the shape's first k + 1
  Sequence current;                     ///< the last instance run (its literals)
  std::optional<Sequence> start;        ///< a known instance to begin with (from the corpus)
  size_t randomSeeds = 0;               ///< runs from fresh values
  size_t restarts = 0;                  ///< runs from fresh values between alternatives
  size_t witnessCursor = 0;             ///< next of the prefix's witnesses to consider
  size_t witnessesUsed = 0;             ///< runs from the explored paths of the prefix
  uint64_t visits = 0;
  uint64_t lastVisitGoals = 0;
  uint64_t order = 0;
  size_t costlyFailures = 0; ///< runs that hung or ran out of memory
};

/// A hang costs a whole call time-out and a runaway allocation fills memory first: a shape that
/// did either twice is given up, and so is every shape with a callable that did it this often.
constexpr size_t kCostlyPerShape = 2;
constexpr size_t kCostlyPerCallable = 8;
/// Splices waiting per shape (each a whole sequence).
constexpr size_t kMaxQueuedSplices = 1 << 14;

class Concolic : public ConcolicStrategy {
public:
  Concolic(const ClassModel &model, Executor &executor, const ConcolicOptions &options)
      : model_(model), executor_(executor), options_(options), rng_(options.seed), values_(model),
        candidates_(model, CandidateOptions{options.maxLength}) {
    SolverOptions solverOptions;
    solverOptions.timeoutMs = options.solverTimeoutMs;
    solverOptions.floatingPoint = options.floatingPoint;
    solver_ = createSolverChain(solverOptions, pool_, solverStats_);
    flags_.observers = true;
    flags_.symbolic = true;
    flags_.symbolicFloat = options.floatingPoint;
    novel_ = [this](uint32_t site, bool taken) {
      return !covered_.count(uint64_t(site) << 1 | taken);
    };
  }

  void run(const Budget &budget, Corpus &corpus) override {
    BudgetClock clock(budget);
    corpus_ = &corpus;
    uint64_t start = stats_.executions;
    auto exhausted = [&] { return clock.exhausted(stats_.executions - start); };
    std::deque<Sequence> fromCorpus = corpusSequences(corpus);
    for (auto it = fromCorpus.rbegin(); it != fromCorpus.rend(); ++it)
      learnArguments(*it);
    bool generatorDone = false;
    uint64_t step = 0;
    double nextReport = 0;
    // Three sources take turns: the corpus's sequences (what an earlier strategy reached,
    // newest first: the frontier), new candidates of Candidate Sequence Search, and revisits
    // of shapes with work left — so short shapes get deeper exploration while the search
    // still widens to longer ones.
    auto fromSource = [&](int source) -> std::optional<size_t> {
      if (source == 0) {
        while (!fromCorpus.empty()) {
          std::optional<size_t> admitted = admitSequence(fromCorpus.front());
          fromCorpus.pop_front();
          if (admitted)
            return admitted;
        }
      } else if (source == 1) {
        while (!generatorDone) {
          std::optional<Candidate> candidate = candidates_.next();
          if (!candidate)
            generatorDone = true;
          else if (std::optional<size_t> admitted = admit(std::move(*candidate)))
            return admitted;
        }
      } else if (!revisit_.empty()) {
        size_t index = std::get<3>(*revisit_.begin());
        revisit_.erase(revisit_.begin());
        return index;
      }
      return std::nullopt;
    };
    while (!exhausted()) {
      std::optional<size_t> chosen;
      for (int tries = 0; tries < 3 && !chosen; ++tries)
        chosen = fromSource(static_cast<int>((step + tries) % 3));
      ++step;
      if (!chosen)
        break;
      size_t index = *chosen;
      visit(index, exhausted, clock, nextReport, start);
      if (hasWork(index)) {
        const ShapeState &shape = shapes_[index];
        revisit_.insert({shape.lastVisitGoals > 0 ? 0 : 1, shape.visits, shape.order, index});
      } else {
        ++stats_.shapesExhausted;
      }
    }
    if (options_.progress)
      reportProgress(clock, start);
  }

  ConcolicStats stats() const override {
    ConcolicStats stats = stats_;
    stats.trees = trees_.size();
    for (const auto &[key, tree] : trees_)
      stats.treeCounts += tree.counts();
    stats.candidates = candidates_.stats();
    stats.solver = solverStats_;
    return stats;
  }

private:
  /// The corpus's sequences that ran without a failure, newest first. Sequences holding a
  /// stress run (random generation's 32 to 128 calls of one method) are left out: negating the
  /// branches of hundreds of calls, each query over all their constraints, costs far more than
  /// what it can find, which shorter shapes reach too.
  std::deque<Sequence> corpusSequences(const Corpus &corpus) const {
    std::deque<Sequence> sequences;
    const std::vector<CorpusEntry> &entries = corpus.entries();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
      if (it->outcome.failure.kind == FailureKind::None && it->sequence.size() > 0 &&
          it->sequence.repeatedCalls(kStressRunCalls).empty())
        sequences.push_back(it->sequence);
    return sequences;
  }

  /// A sequence as a shape: its literal primitive arguments become the skeleton's nulls, and
  /// the sequence itself is the shape's first run.
  std::optional<size_t> admitSequence(const Sequence &sequence) {
    Candidate candidate;
    candidate.skeleton = sequence;
    for (Statement &statement : candidate.skeleton.statements) {
      const Callable &callable = model_.callables[statement.callable];
      for (size_t i = 0; i < statement.args.size() && i < callable.params.size(); ++i)
        if (callable.params[i].type.kind != TypeKind::Class)
          statement.args[i] = Argument::of(Value::null());
    }
    candidate.methodUnderTest = sequence.statements.back().callable;
    candidate.key = candidate.skeleton.hash();
    std::optional<size_t> index = admit(std::move(candidate));
    if (index)
      shapes_[*index].start = sequence;
    return index;
  }

  /// A new shape, or nullopt when one with the same key was admitted before.
  std::optional<size_t> admit(Candidate candidate) {
    if (!shapeKeys_.insert(candidate.key).second)
      return std::nullopt;
    ShapeState shape;
    Sequence prefix;
    for (const Statement &statement : candidate.skeleton.statements) {
      prefix.statements.push_back(statement);
      shape.prefixKeys.push_back(prefix.hash());
    }
    shape.current = randomInstance(candidate.skeleton);
    shape.candidate = std::move(candidate);
    shape.order = shapes_.size();
    shapes_.push_back(std::move(shape));
    ++stats_.shapesVisited;
    return shapes_.size() - 1;
  }

  ConstraintTree *findTree(uint64_t key) {
    auto it = trees_.find(key);
    return it == trees_.end() ? nullptr : &it->second;
  }

  ConstraintTree &treeFor(uint64_t key, int32_t statement) {
    return trees_.try_emplace(key, statement).first->second;
  }

  /// The next explored path of the shape's prefix (all but its last call) to start from: the
  /// execution that found it, if the prefix returned normally there (JTestCraft's exploration
  /// criterion: a prefix that threw cannot influence the call after it).
  const ExecutionRecord *nextWitness(ShapeState &shape) {
    size_t n = shape.prefixKeys.size();
    if (n < 2)
      return nullptr;
    ConstraintTree *prefix = findTree(shape.prefixKeys[n - 2]);
    if (!prefix)
      return nullptr;
    const std::vector<uint64_t> &witnesses = prefix->witnesses();
    for (; shape.witnessCursor < witnesses.size(); ++shape.witnessCursor) {
      const ExecutionRecord &witness = executions_[witnesses[shape.witnessCursor]];
      if (witness.returnedThrough >= static_cast<int32_t>(n) - 2)
        return &witness;
    }
    return nullptr;
  }

  bool givenUp(const ShapeState &shape) const {
    if (shape.costlyFailures >= kCostlyPerShape)
      return true;
    for (const Statement &statement : shape.candidate.skeleton.statements) {
      auto costly = costlyByCallable_.find(statement.callable);
      if (costly != costlyByCallable_.end() && costly->second >= kCostlyPerCallable)
        return true;
    }
    return false;
  }

  bool hasWork(size_t index) {
    ShapeState &shape = shapes_[index];
    if (givenUp(shape))
      return false;
    if (shape.randomSeeds < options_.seedsPerShape || nextWitness(shape) ||
        !shape.boundaries.empty() || !shape.splices.empty())
      return true;
    for (uint64_t key : shape.prefixKeys)
      if (ConstraintTree *tree = findTree(key); tree && tree->hasAlternative())
        return true;
    return false;
  }

  template <typename Exhausted>
  void visit(size_t index, const Exhausted &exhausted, const BudgetClock &clock, double &nextReport,
             uint64_t start) {
    ShapeState &shape = shapes_[index];
    ++shape.visits;
    ++stats_.shapeVisits;
    size_t quota = options_.executionsPerVisit << std::min<uint64_t>(shape.visits - 1, 10);
    size_t queryLimit = 4 * quota + 16; // infeasible alternatives cost no execution
    size_t goalsBefore = corpus_->goalCount();
    size_t n = shape.prefixKeys.size();
    size_t used = 0, queries = 0;
    while (used < quota && queries < queryLimit && !exhausted() && !givenUp(shape)) {
      if (options_.progress && clock.elapsed() >= nextReport) {
        nextReport = clock.elapsed() + 0.1;
        reportProgress(clock, start);
      }
      if (shape.start) {
        Sequence start = std::move(*shape.start);
        shape.start.reset();
        used += runSeed(shape, start);
        continue;
      }
      if (shape.randomSeeds == 0) {
        ++shape.randomSeeds;
        used += runSeed(shape, randomInstance(shape.candidate.skeleton));
        continue;
      }
      // JTestCraft explores each call after every explored path of the calls before it: start
      // from the inputs that reached each path of the prefix (shared with every shape that has
      // this prefix), a few more on every visit.
      const ExecutionRecord *witness = shape.witnessesUsed < options_.seedsPerShape * shape.visits
                                           ? nextWitness(shape)
                                           : nullptr;
      if (witness) {
        Sequence sequence = randomInstance(shape.candidate.skeleton);
        for (size_t i = 0; i + 1 < n; ++i)
          sequence.statements[i] = witness->sequence.statements[i];
        ++shape.witnessCursor;
        ++shape.witnessesUsed;
        used += runSeed(shape, sequence); // may add executions_: `witness` is not used after
        continue;
      }
      // Every fourth run restarts from fresh values: a string's length, a float's magnitude
      // or a choice the constraints left concrete can only change that way.
      if (shape.restarts < options_.seedsPerShape * shape.visits && used % 4 == 3) {
        ++shape.restarts;
        used += runSeed(shape, randomInstance(shape.candidate.skeleton));
        continue;
      }
      // A splice changes a string's length, which no solved alternative can: a parser's
      // keywords and names come this way.
      if (!shape.splices.empty()) {
        Sequence spliced = std::move(shape.splices.front());
        shape.splices.pop_front();
        if (runSeed(shape, spliced)) {
          ++used;
          ++stats_.spliceExecutions;
        }
        continue;
      }
      auto [tree, statement] = pickTree(shape);
      // A boundary comes after the alternatives that reach a direction no execution took, and
      // before those that only find new paths.
      if (!shape.boundaries.empty() && (!tree || !tree->nextRank(novel_)->novel)) {
        ++queries;
        BoundaryQuery boundary = shape.boundaries.front();
        shape.boundaries.pop_front();
        used += tryBoundary(shape, boundary);
        continue;
      }
      if (tree) {
        ++queries;
        used += tryAlternative(shape, statement, *tree, *tree->next(novel_));
        continue;
      }
      if (shape.randomSeeds < options_.seedsPerShape) {
        ++shape.randomSeeds;
        used += runSeed(shape, randomInstance(shape.candidate.skeleton));
        continue;
      }
      break;
    }
    shape.lastVisitGoals = corpus_->goalCount() - goalsBefore;
  }

  /// The tree of this shape whose next alternative ranks best (ConstraintTree::next); on a tie
  /// the later statement's (the method under test's before its prefix's).
  std::pair<ConstraintTree *, int32_t> pickTree(const ShapeState &shape) {
    ConstraintTree *best = nullptr;
    int32_t bestStatement = -1;
    ConstraintTree::Rank bestRank;
    for (int32_t k = static_cast<int32_t>(shape.prefixKeys.size()) - 1; k >= 0; --k) {
      ConstraintTree *tree = findTree(shape.prefixKeys[k]);
      if (!tree)
        continue;
      std::optional<ConstraintTree::Rank> rank = tree->nextRank(novel_);
      if (rank && (!best || *rank < bestRank)) {
        best = tree;
        bestStatement = k;
        bestRank = *rank;
      }
    }
    return {best, bestStatement};
  }

  /// Solves the alternative and runs the input; true when it ran.
  bool tryAlternative(ShapeState &shape, int32_t statement, ConstraintTree &tree,
                      const Alternative &alternative) {
    const ExecutionRecord &origin = executions_[alternative.origin];
    uint32_t at = origin.decisionAt[alternative.index];
    Attempt attempt = solveAndRun(shape, statement, alternative.origin, at,
                                  pool_.negate(origin.constraints[at]), alternative.generation);
    if (attempt.validity == Validity::Unsat) {
      tree.resolve(alternative, EdgeState::Infeasible);
      ++stats_.infeasible;
      return false;
    }
    if (attempt.validity != Validity::Sat) {
      tree.resolve(alternative, EdgeState::Timeout);
      ++stats_.timeouts;
      return false;
    }
    if (!attempt.ran) {
      // Run before, so it cannot take the direction (an imprecise condition): not again.
      tree.resolve(alternative, EdgeState::Diverged);
      ++stats_.diverged;
      return false;
    }
    ++stats_.alternativeExecutions;
    if (tree.stateOf(alternative) == EdgeState::Explored) {
      ++stats_.followed;
    } else {
      tree.resolve(alternative, EdgeState::Diverged);
      ++stats_.diverged;
    }
    return true;
  }

  /// Solves for a boundary and runs the input; true when it ran. Whether the run covered the
  /// boundary is the corpus's to tell (the probes report it).
  bool tryBoundary(ShapeState &shape, const BoundaryQuery &boundary) {
    std::optional<ExprId> equal = boundaryOf(executions_[boundary.origin].constraints[boundary.at]);
    if (!equal)
      return false;
    ++stats_.boundaryQueries;
    Attempt attempt = solveAndRun(shape, boundary.statement, boundary.origin, boundary.at, *equal,
                                  boundary.generation + 1);
    stats_.boundaryInfeasible += attempt.validity == Validity::Unsat;
    stats_.boundaryExecutions += attempt.ran;
    return attempt.ran;
  }

  /// The comparison under a relational condition `a < b` (<=, >, >=; signed, unsigned or
  /// float, negated or not), or nullopt.
  std::optional<PoolNode> relationalOf(ExprId condition) const {
    while (pool_.node(condition).kind == ExprKind::BoolNot)
      condition = pool_.node(condition).operands[0];
    const PoolNode &node = pool_.node(condition);
    if (isIntegerOrder(node.kind) || node.kind == ExprKind::FloatOrderedLess ||
        node.kind == ExprKind::FloatOrderedLessEqual)
      return node; // a copy: make() may move the pool's nodes
    return std::nullopt;
  }

  /// `a == b` for a relational condition on a and b, or nullopt.
  std::optional<ExprId> boundaryOf(ExprId condition) {
    std::optional<PoolNode> node = relationalOf(condition);
    if (!node)
      return std::nullopt;
    bool floats =
        node->kind == ExprKind::FloatOrderedLess || node->kind == ExprKind::FloatOrderedLessEqual;
    return pool_.make(floats ? ExprKind::FloatOrderedEqual : ExprKind::Equal, 1,
                      {node->operands[0], node->operands[1]});
  }

  struct Attempt {
    Validity validity = Validity::Unknown;
    bool ran = false; ///< false also when the input ran before (it is not run again)
  };
  /// Solves `goal` after the first `at` constraints of execution `originId` and runs the
  /// input: the origin's statements up to `statement` (the origin may be another shape with
  /// the same prefix; the model rewrites only bytes of the prefix), this shape's after it.
  Attempt solveAndRun(ShapeState &shape, int32_t statement, uint64_t originId, uint32_t at,
                      ExprId goal, uint32_t generation) {
    const ExecutionRecord &origin = executions_[originId];
    Query query;
    query.constraints.assign(origin.constraints.begin(), origin.constraints.begin() + at);
    query.goal = goal;
    // Z3 decides floating-point arithmetic slowly (a division often takes longer than any
    // sensible time-out), so float queries try the search first; others fall back to it.
    bool floats = readsFloats(query);
    SolverResult result;
    if (!floats || !search(origin, query, result))
      result = solver_->solve(query);
    if (!floats && (result.validity == Validity::Timeout || result.validity == Validity::Unknown))
      search(origin, query, result);
    Attempt attempt;
    attempt.validity = result.validity;
    if (result.validity != Validity::Sat)
      return attempt;
    Sequence base = shape.current;
    for (int32_t i = 0; i <= statement; ++i)
      base.statements[i] = origin.sequence.statements[i];
    SymbolicTrace prefixInputs;
    prefixInputs.inputs = origin.inputs;
    for (InputOrigin &input : prefixInputs.inputs)
      if (input.statement > statement)
        input.statement = -1; // not this sequence's: substituteInputs skips it
    Sequence sequence = substituteInputs(base, prefixInputs, result.model);
    if (!ran_.insert(sequence.hash()).second) {
      ++stats_.duplicatesSkipped;
      return attempt;
    }
    execute(shape, sequence, generation); // may add executions_: `origin` is not used after
    attempt.ran = true;
    return attempt;
  }

  /// Looks for a model by trying values (InputSearch); on success `result` is Sat.
  bool search(const ExecutionRecord &origin, const Query &query, SolverResult &result) {
    std::vector<uint8_t> defaults;
    for (const InputOrigin &input : origin.inputs)
      defaults.push_back(input.value);
    std::optional<Model> model = searchInputs(
        pool_, query, defaults, searchArguments(model_, origin.sequence, origin.inputs),
        [this](const TypeDesc &type) { return values_.pick(type, rng_); }, rng_);
    if (!model) {
      ++stats_.searchFailed;
      return false;
    }
    ++stats_.searchSolved;
    result.validity = Validity::Sat;
    result.model = std::move(*model);
    return true;
  }

  /// Whether the goal's expression computes with floats (memoized per goal).
  bool readsFloats(const Query &query) {
    auto [memo, fresh] = floats_.try_emplace(query.goal, false);
    if (!fresh)
      return memo->second;
    std::vector<ExprId> work{query.goal};
    std::unordered_set<ExprId> seen{query.goal};
    while (!work.empty()) {
      const PoolNode &node = pool_.node(work.back());
      work.pop_back();
      if (node.sort == ExprSort::Float)
        return memo->second = true;
      for (int i = 0; i < arity(node.kind); ++i)
        if (seen.insert(node.operands[i]).second)
          work.push_back(node.operands[i]);
    }
    return false;
  }

  /// Runs a seed unless exactly this sequence ran before; true when it ran.
  bool runSeed(ShapeState &shape, const Sequence &sequence) {
    if (!ran_.insert(sequence.hash()).second) {
      ++stats_.duplicatesSkipped;
      return false;
    }
    execute(shape, sequence, 0);
    ++stats_.seedExecutions;
    return true;
  }

  /// The skeleton with values for its primitive arguments: half the time one that this
  /// parameter had in a run that covered something new (a query that parsed, a URL that was
  /// accepted: what random search or an earlier shape found), else from the value pool.
  Sequence randomInstance(const Sequence &skeleton) {
    Sequence sequence = skeleton;
    std::uniform_real_distribution<double> coin(0, 1);
    for (Statement &statement : sequence.statements) {
      const Callable &callable = model_.callables[statement.callable];
      for (size_t i = 0; i < callable.params.size(); ++i) {
        if (callable.params[i].type.kind == TypeKind::Class)
          continue;
        auto known = argumentValues_.find({statement.callable, i});
        if (known != argumentValues_.end() && coin(rng_) < 0.5) {
          const std::vector<Value> &values = known->second;
          statement.args[i] = Argument::of(
              values[std::uniform_int_distribution<size_t>(0, values.size() - 1)(rng_)]);
        } else {
          ParameterSlot slot{statement.callable, i};
          statement.args[i] = Argument::of(values_.pick(callable.params[i].type, rng_, &slot));
        }
      }
    }
    return sequence;
  }

  /// Remembers the literal arguments of a sequence that covered something new, per parameter.
  void learnArguments(const Sequence &sequence) {
    const size_t kMaxPerParameter = 64;
    for (const Statement &statement : sequence.statements)
      for (size_t i = 0; i < statement.args.size(); ++i) {
        const Argument &arg = statement.args[i];
        if (arg.kind != Argument::Kind::Literal || arg.literal.kind == Value::Kind::Null)
          continue;
        std::vector<Value> &values = argumentValues_[{statement.callable, i}];
        if (std::find(values.begin(), values.end(), arg.literal) != values.end())
          continue;
        if (values.size() >= kMaxPerParameter)
          values.erase(values.begin()); // the oldest goes: newer values got further
        values.push_back(arg.literal);
      }
  }

  /// Runs an instance of `shape`, records the outcome in the corpus and the path in the trees
  /// of the shape's prefixes.
  void execute(ShapeState &shape, const Sequence &sequence, uint32_t generation) {
    Outcome outcome = executor_.run(sequence, flags_);
    ++stats_.executions;
    const Failure &failure = outcome.failure;
    if ((failure.kind == FailureKind::Hang || failure.kind == FailureKind::OutOfMemory) &&
        failure.statement >= 0 && static_cast<size_t>(failure.statement) < sequence.size()) {
      ++stats_.costlyFailures;
      ++shape.costlyFailures;
      ++costlyByCallable_[sequence.statements[failure.statement].callable];
    }
    SymbolicTrace trace = std::move(outcome.symbolic);
    outcome.symbolic = SymbolicTrace{};
    values_.learnCompared(outcome.comparedValues);
    Corpus::AddResult added = corpus_->add(sequence, outcome);
    stats_.newGoals += added.newGoals;
    if (added.newGoals > 0) {
      learnArguments(sequence);
      for (const Statement &statement : sequence.statements)
        for (size_t i = 0; i < statement.args.size(); ++i) // strings that got somewhere grow
          if (statement.args[i].kind == Argument::Kind::Literal &&
              statement.args[i].literal.kind == Value::Kind::String)
            values_.learnArgument(statement.args[i].literal, {statement.callable, i});
      if (added.newEdges > 0)
        queueAppends(shape, sequence);
    }
    shape.current = sequence;

    stats_.expressionsDropped += trace.expressionsDropped;
    stats_.branchRecords += trace.branches.size();
    Expected<std::vector<ExprId>> ids = pool_.import(trace);
    if (!ids) {
      ++stats_.importErrors;
      return;
    }
    queueSplices(shape, sequence, trace, added.newEdges > 0);
    ExecutionRecord record;
    record.sequence = sequence;
    while (record.returnedThrough + 1 < static_cast<int32_t>(outcome.calls.size()) &&
           outcome.calls[record.returnedThrough + 1].status == CallStatus::Returned)
      ++record.returnedThrough;
    record.inputs = std::move(trace.inputs);
    record.generation = generation;
    std::vector<Decision> decisions;
    int32_t n = static_cast<int32_t>(sequence.size());
    for (const BranchRecord &branch : trace.branches) {
      if (branch.statement < 0 || branch.statement >= n)
        continue;
      ExprId condition = (*ids)[branch.condition];
      ExprId held = branch.taken ? condition : pool_.negate(condition);
      if (pool_.isConstant(held))
        continue; // nothing to flip, nothing to constrain
      if (!branch.concretization) {
        if (decisions.size() == options_.maxDecisions) {
          ++stats_.pathsCut; // a long loop: the tree keeps the path up to here
          break;
        }
        decisions.push_back({branch.site, branch.statement, branch.taken});
        record.decisionAt.push_back(static_cast<uint32_t>(record.constraints.size()));
        // The first execution to reach a site opens its boundary (one query per site).
        if (boundarySites_.insert(branch.site).second && relationalOf(held))
          shape.boundaries.push_back({executions_.size(),
                                      static_cast<uint32_t>(record.constraints.size()),
                                      branch.statement, generation});
      }
      record.constraints.push_back(held);
    }
    uint64_t origin = executions_.size();
    executions_.push_back(std::move(record));
    for (const Decision &decision : decisions)
      covered_.insert(uint64_t(decision.site) << 1 | decision.taken);
    // Decisions come in statement order: those of statements 0..k are a prefix.
    size_t end = 0;
    std::vector<Decision> path;
    for (int32_t k = 0; k < n; ++k) {
      while (end < decisions.size() && decisions[end].statement <= k)
        path.push_back(decisions[end++]);
      treeFor(shape.prefixKeys[k], k).addPath(path, origin, generation, added.newGoals > 0, novel_);
    }
  }

  /// The trace's splices as instances of the shape, each resulting text once. Those of a run
  /// that reached new code (a new edge: more loop trips or operand orders are no progress of
  /// a parser) go first: a parser's input is mended along the runs that get
  /// further (a table name spliced into the query that just parsed). The queue is bounded and
  /// drops the oldest of the others first.
  void queueSplices(ShapeState &shape, const Sequence &sequence, const SymbolicTrace &trace,
                    bool progressed) {
    enqueue(shape, splices_.newSplices(sequence, trace), progressed);
  }

  /// A run that reached new code, with a word of the code's vocabulary appended to a
  /// string of its last call: no comparison touches the end of an input (a parser checks a
  /// concrete end-of-input token), so this is how a clause that could follow gets there.
  void queueAppends(ShapeState &shape, const Sequence &sequence) {
    if (vocabulary_.empty())
      return;
    std::vector<Sequence> appended = splices_.newAppends(sequence, vocabulary_);
    stats_.appendsQueued += appended.size();
    enqueue(shape, std::move(appended), true);
  }

  void enqueue(ShapeState &shape, std::vector<Sequence> sequences, bool first) {
    stats_.splicesQueued += sequences.size();
    if (first) {
      for (auto it = sequences.rbegin(); it != sequences.rend(); ++it)
        shape.splices.push_front(std::move(*it));
      while (shape.splices.size() > kMaxQueuedSplices) {
        shape.splices.pop_back();
        ++stats_.splicesDropped;
      }
      return;
    }
    for (Sequence &sequence : sequences) {
      if (shape.splices.size() >= kMaxQueuedSplices) {
        ++stats_.splicesDropped;
        continue;
      }
      shape.splices.push_back(std::move(sequence));
    }
  }

  void reportProgress(const BudgetClock &clock, uint64_t start) {
    Progress progress;
    progress.phase = "concolic";
    progress.elapsed = clock.elapsed();
    progress.executions = stats_.executions - start;
    progress.goals = corpus_->goalCount();
    progress.edges = corpus_->edgeCount();
    progress.failures = corpus_->failureCount();
    progress.poolSize = shapes_.size();
    progress.queries = solverStats_.queries;
    options_.progress(progress);
  }

  const ClassModel &model_;
  Executor &executor_;
  ConcolicOptions options_;
  std::mt19937_64 rng_;
  ValuePool values_;
  CandidateSequences candidates_;
  ExprPool pool_;
  SolverStats solverStats_;
  std::unique_ptr<Solver> solver_;
  RunFlags flags_;
  Corpus *corpus_ = nullptr;
  /// Per (callable, parameter): values of runs that covered new goals, oldest first.
  std::map<std::pair<int, size_t>, std::vector<Value>> argumentValues_;
  std::vector<ShapeState> shapes_;
  std::unordered_set<uint64_t> shapeKeys_;
  std::unordered_set<uint64_t> ran_;       ///< hashes of the sequences run: none runs twice
  std::map<int, size_t> costlyByCallable_; ///< hangs and runaway allocations per callable
  /// Shapes with work left: those whose last visit found goals first, then fewer visits.
  std::set<std::tuple<int, uint64_t, uint64_t, size_t>> revisit_;
  std::unordered_map<uint64_t, ConstraintTree> trees_;
  std::vector<ExecutionRecord> executions_;
  /// Branch directions (site << 1 | taken) some execution took.
  std::unordered_set<uint64_t> covered_;
  /// Branch sites whose boundary query was opened.
  std::unordered_set<uint32_t> boundarySites_;
  SpliceFinder splices_;
  std::vector<std::string> vocabulary_ = values_.vocabulary();
  NoveltyFn novel_;
  /// Goals known to compute with floats (true) or not (false).
  std::unordered_map<ExprId, bool> floats_;
  ConcolicStats stats_;
};

} // namespace

std::unique_ptr<ConcolicStrategy> makeConcolicStrategy(const ClassModel &model, Executor &executor,
                                                       const ConcolicOptions &options) {
  return std::make_unique<Concolic>(model, executor, options);
}

bool hasFloatingPointParameters(const ClassModel &model) {
  for (const Callable &callable : model.callables)
    if (callable.isSupported())
      for (const Parameter &param : callable.params)
        if (param.type.kind == TypeKind::Floating ||
            (param.type.kind == TypeKind::Optional && !param.type.elements.empty() &&
             param.type.elements.front().kind == TypeKind::Floating))
          return true;
  return false;
}

} // namespace unitgen
