// PalusStrategy: the model-guided phase (Palus Figures 7 and 8), then the unguided one.
//
// A guided sequence either starts at a model root (a constructor or factory call as the tests
// made it) or extends a sequence that reached a node, along one of the node's edges. Each call
// takes its arguments from one way the tests made it (an observation): recorded values, mostly
// as they were, and objects in the state the tests' objects were in when passed — an object of
// the sequence already there, else one built along its node's path (GetSequenceByState), else
// one of the sequence with the abstract object profile the tests' object had
// (GetSequenceByProfile), else any object of the type the sequence has (GetSequenceByType), else
// the object of a legal sequence run before that ended in that profile, else one built from the
// type's root. Then a method depending on the call's (by tf-idf relevance) is called on the same
// object. Sequences that run to their end are kept at the node they reached, to be extended; the
// one extended is dropped (Palus keeps extending fresh ones).
#include "explore/PalusStrategy.h"

#include "exec/Executor.h"
#include "explore/MethodDependence.h"
#include "explore/ValuePool.h"
#include "model/Constness.h"
#include "model/Handles.h"
#include "model/ViewLifetimes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <unordered_set>

namespace unitgen {
namespace {

/// Where an object of a candidate stands in its class's model; node -1: off the model.
struct Position {
  int model = -1;
  int node = -1;
};

struct Candidate {
  Sequence sequence;
  std::vector<std::string> classes; ///< per statement: the class of the object it made, or ""
  std::vector<Position> positions;  ///< per statement: where that object stands
  /// Per statement: its object's abstract object profile as the last run of the sequence left
  /// it; 0 when not known (not run since, or changed by a call appended after that run).
  std::vector<uint64_t> profiles;
};

/// A legal sequence that left `object` at a model node: what extension starts from.
struct Reaching {
  Candidate candidate;
  int object = -1;
};

/// Objects an argument's path may build before the call needs them, nested this deep at most.
constexpr int kMaxNesting = 3;
/// Share of recorded values passed as another value of the pool (Palus mutates within the
/// observed values and the pools).
constexpr double kMutationShare = 0.1;
/// The guided phase ends once this many of its executions in a row found no new goal: the
/// model's sequences are spent (a class of static functions soon spends its few calls), and
/// the unguided phase gets the rest of the budget. Counted, so repeatable runs stay so.
constexpr uint64_t kGuidedStall = 2000;
/// Sequences kept per node; a full node replaces one at random.
constexpr size_t kMaxReachingPerNode = 32;
/// Sequences kept per (class, abstract object profile) an argument was seen with.
constexpr size_t kMaxPerProfile = 8;

/// Whether a recorded value can be passed for a parameter of `type`.
bool fits(const TypeDesc &type, const Value &value) {
  switch (type.kind) {
  case TypeKind::Bool:
    return value.kind == Value::Kind::Bool;
  case TypeKind::Char:
  case TypeKind::Integer:
  case TypeKind::Enum:
    return value.kind == Value::Kind::Int || value.kind == Value::Kind::UInt;
  case TypeKind::Floating:
    return value.kind == Value::Kind::Float;
  case TypeKind::String:
    return value.kind == Value::Kind::String;
  case TypeKind::CString:
    return value.kind == Value::Kind::String || value.kind == Value::Kind::Null;
  case TypeKind::Container:
  case TypeKind::Array:
    return value.kind == Value::Kind::List;
  default:
    return false;
  }
}

/// An integer as the parameter's signedness has it (the recorder encodes by the C++ type).
Value normalized(const TypeDesc &type, Value value) {
  if (type.kind != TypeKind::Integer && type.kind != TypeKind::Char)
    return value;
  if (!type.isSigned && value.kind == Value::Kind::Int && value.i >= 0)
    return Value::unsignedInteger(static_cast<uint64_t>(value.i));
  if (type.isSigned && value.kind == Value::Kind::UInt && value.u <= uint64_t(INT64_MAX))
    return Value::integer(static_cast<int64_t>(value.u));
  return value;
}

class Guided : public PalusStrategy {
public:
  Guided(const ClassModel &model, const CallSequenceModel &sample, Executor &executor,
         const PalusOptions &options, std::unique_ptr<Strategy> unguided)
      : model_(model), sample_(sample), executor_(executor), options_(options),
        unguided_(std::move(unguided)), dependence_(model), values_(model), rng_(options.seed) {
    for (const auto &[callable, index, value] : sample.observedArguments())
      values_.learnObserved(value, {callable, index});
    const std::string target = model.classes.empty() ? "" : model.classes.front().qualifiedName;
    for (size_t m = 0; m < sample.classes.size(); ++m) {
      const ClassCallModel &c = sample.classes[m];
      for (const ModelEdge &edge : c.edges)
        if (edge.from == 0 && usable(edge.callable))
          (c.className == target ? targetRoots_ : otherRoots_).push_back({int(m), &edge});
      // A class of static functions (`XMLUtil`) has no objects: its calls as the tests made them.
      for (const ModelEdge &edge : c.staticCalls)
        if (c.className == target && usable(edge.callable))
          targetStatics_.push_back({int(m), &edge});
      for (const std::vector<ModelEdge> *edges : {&c.edges, &c.loops, &c.staticCalls})
        for (const ModelEdge &edge : *edges)
          wantProfiles(edge);
    }
  }

  PalusStats stats() const override { return stats_; }

  void run(const Budget &budget, Corpus &corpus) override {
    Budget guided = budget;
    guided.seconds *= options_.guidedShare;
    if (guided.maxExecutions)
      guided.maxExecutions =
          std::max<uint64_t>(1, static_cast<uint64_t>(budget.maxExecutions * options_.guidedShare));
    BudgetClock clock(guided);
    uint64_t fruitless = 0;
    // Tests that never made nor called the class under test guide nothing of it.
    while (!clock.exhausted(stats_.guidedExecutions) && fruitless < 10000 &&
           stats_.guidedExecutions - lastGoalAt_ < kGuidedStall &&
           !(targetRoots_.empty() && targetStatics_.empty())) {
      if (!guidedCandidate(corpus))
        ++fruitless;
      else
        fruitless = 0;
      if (options_.progress && clock.elapsed() >= nextReport_) {
        nextReport_ = clock.elapsed() + 0.1;
        reportProgress(clock, corpus);
      }
    }
    stats_.guidedSeconds = clock.elapsed();
    if (!unguided_)
      return;
    Budget rest = budget;
    if (rest.seconds > 0)
      rest.seconds = std::max(0.001, budget.seconds - stats_.guidedSeconds);
    if (rest.maxExecutions) {
      if (stats_.guidedExecutions >= rest.maxExecutions)
        return;
      rest.maxExecutions -= stats_.guidedExecutions;
    }
    unguided_->run(rest, corpus);
  }

private:
  bool usable(int callable) const {
    return callable >= 0 && callable < static_cast<int>(model_.callables.size()) &&
           model_.callables[callable].isSupported() && !model_.callables[callable].isInvariant;
  }

  /// One guided sequence, run; false when none could be built or it was a repeat.
  bool guidedCandidate(Corpus &corpus) {
    std::uniform_real_distribution<double> coin(0, 1);
    Candidate candidate;
    int object = -1;
    std::pair<int, int> from{-1, -1};
    size_t extendedIndex = 0;
    if (reachingKeys_.empty() || coin(rng_) < 0.5) {
      const size_t targets = targetRoots_.size() + targetStatics_.size();
      const bool target = otherRoots_.empty() || coin(rng_) < 0.7;
      const size_t chosen = pick(target ? targets : otherRoots_.size());
      if (target && chosen >= targetRoots_.size()) {
        if (!applyEdge(candidate, *targetStatics_[chosen - targetRoots_.size()].second, -1, 0))
          return notBuilt();
      } else {
        const auto &[m, edge] = target ? targetRoots_[chosen] : otherRoots_[chosen];
        object = buildAlongPath(candidate, m, edge->to, 0);
        if (object < 0)
          return notBuilt();
      }
      ++stats_.fromRoots;
    } else {
      from = reachingKeys_[pick(reachingKeys_.size())];
      std::vector<Reaching> &entries = reaching_[from];
      extendedIndex = pick(entries.size());
      const Reaching &entry = entries[extendedIndex];
      std::vector<const ModelEdge *> out = outEdges(from.first, from.second);
      if (out.empty())
        return false;
      candidate = entry.candidate;
      object = entry.object;
      if (!applyEdge(candidate, *out[pick(out.size())], object, 0))
        return notBuilt();
      ++stats_.extended;
    }
    const int callable = candidate.sequence.statements.back().callable;
    if (options_.dependence && object >= 0)
      appendDependent(candidate, callable, object);
    Sequence &sequence = candidate.sequence;
    if (sequence.size() > options_.maxLength + kMaxDepth ||
        !respectsViewLifetimes(model_, sequence) || !respectsHandleOwners(model_, sequence))
      return false;
    if (corpus.rejectedCalls().rejects(sequence)) {
      // A set-up the sanitizer build fails in: what extends it fails there too.
      if (from.first >= 0)
        forget(from, extendedIndex);
      return notBuilt();
    }
    if (!seen_.insert(sequence.hash()).second) {
      // Run before: when it ran legal, a copy joins the node again, to be extended along
      // another edge or with other arguments (a root's sequence is always the same one).
      if (legal_.count(sequence.hash()) && object >= 0) {
        const Position at = candidate.positions[object];
        if (at.model >= 0 && at.node >= 0)
          keep(at, Reaching{std::move(candidate), object});
      }
      return false;
    }
    Outcome outcome = executor_.run(sequence, RunFlags{true});
    ++stats_.guidedExecutions;
    if (corpus.add(sequence, outcome).newGoals > 0)
      lastGoalAt_ = stats_.guidedExecutions;
    const bool legal = outcome.failure.kind == FailureKind::None &&
                       outcome.calls.size() == sequence.size() &&
                       std::all_of(outcome.calls.begin(), outcome.calls.end(),
                                   [](const auto &c) { return c.status == CallStatus::Returned; });
    if (!legal)
      return true;
    ++stats_.legal;
    legal_.insert(sequence.hash());
    rememberProfiles(candidate, outcome);
    for (const CallOutcome &call : outcome.calls)
      if (call.hasValue)
        values_.learn(call.value);
    if (from.first >= 0) // Palus extends each sequence once: the longer one takes its place
      forget(from, extendedIndex);
    if (object < 0)
      return true; // a static call: nothing to extend
    const Position at = candidate.positions[object];
    if (at.model >= 0 && at.node >= 0)
      keep(at, Reaching{std::move(candidate), object});
    return true;
  }

  /// Drops the `index`-th sequence kept at node `at`.
  void forget(std::pair<int, int> at, size_t index) {
    std::vector<Reaching> &entries = reaching_[at];
    entries.erase(entries.begin() + static_cast<long>(index));
    if (entries.empty()) {
      reaching_.erase(at);
      reachingKeys_.erase(std::find(reachingKeys_.begin(), reachingKeys_.end(), at));
    }
  }

  bool notBuilt() {
    ++stats_.notBuilt;
    return false;
  }

  void keep(Position at, Reaching entry) {
    std::pair<int, int> key{at.model, at.node};
    std::vector<Reaching> &entries = reaching_[key];
    if (entries.empty())
      reachingKeys_.push_back(key);
    if (entries.size() < kMaxReachingPerNode)
      entries.push_back(std::move(entry));
    else
      entries[pick(entries.size())] = std::move(entry);
  }

  size_t pick(size_t count) { return std::uniform_int_distribution<size_t>(0, count - 1)(rng_); }

  /// The edges out of `node` of class model `m`: the tree's and the loops past its depth.
  std::vector<const ModelEdge *> outEdges(int m, int node) const {
    std::vector<const ModelEdge *> out;
    const ClassCallModel &c = sample_.classes[m];
    for (const std::vector<ModelEdge> *edges : {&c.edges, &c.loops})
      for (const ModelEdge &edge : *edges)
        if (edge.from == node && usable(edge.callable))
          out.push_back(&edge);
    return out;
  }

  /// The class of the object `callable` makes, or "".
  std::string producedClass(const Callable &callable) const {
    if (callable.kind == CallableKind::Constructor)
      return callable.owner;
    return callable.returnType.kind == TypeKind::Class ? callable.returnType.className : "";
  }

  /// Appends `statement`, moving its receiver along the model edge of its call (a call off the
  /// model leaves it where it was, as Palus files an appended call) and placing the object it
  /// makes at the node its call leads to from the root.
  void append(Candidate &candidate, Statement statement) {
    const Callable &callable = model_.callables[statement.callable];
    if (statement.receiver >= 0) // the call may change them: their profiles are not known
      candidate.profiles[statement.receiver] = 0;
    for (const Argument &argument : statement.args)
      if (argument.kind == Argument::Kind::Variable)
        candidate.profiles[argument.variable] = 0;
    if (statement.receiver >= 0) {
      Position &at = candidate.positions[statement.receiver];
      if (at.model >= 0 && at.node >= 0)
        for (const ModelEdge *edge : outEdges(at.model, at.node))
          if (edge->callable == statement.callable) {
            at.node = edge->to;
            break;
          }
    }
    const std::string made = producedClass(callable);
    Position position;
    if (!made.empty()) {
      position.model = sample_.classIndex(made);
      if (position.model >= 0)
        for (const ModelEdge &edge : sample_.classes[position.model].edges)
          if (edge.from == 0 && edge.callable == statement.callable)
            position.node = edge.to;
    }
    candidate.sequence.statements.push_back(std::move(statement));
    candidate.classes.push_back(made);
    candidate.positions.push_back(position);
    candidate.profiles.push_back(0);
  }

  /// An object of class model `m` at `node`, built along the node's path; -1 when a call on
  /// the path cannot be made.
  int buildAlongPath(Candidate &candidate, int m, int node, int depth) {
    std::vector<const ModelEdge *> path = sample_.classes[m].pathTo(node);
    if (path.empty() || depth > kMaxNesting)
      return -1;
    if (!applyEdge(candidate, *path.front(), -1, depth))
      return -1;
    const int object = static_cast<int>(candidate.sequence.size()) - 1;
    if (candidate.classes[object] != sample_.classes[m].className)
      return -1;
    for (size_t i = 1; i < path.size(); ++i)
      if (!applyEdge(candidate, *path[i], object, depth))
        return -1;
    return object;
  }

  /// The call of `edge` as one of its observations made it, on `receiver` (-1: the one the
  /// observation says, for a root edge's factory method).
  bool applyEdge(Candidate &candidate, const ModelEdge &edge, int receiver, int depth) {
    if (!usable(edge.callable))
      return false;
    const Callable &callable = model_.callables[edge.callable];
    const Observation *observation = options_.argumentConstraints && !edge.observations.empty()
                                         ? &edge.observations[pick(edge.observations.size())]
                                         : nullptr;
    Statement statement;
    statement.callable = edge.callable;
    if (callable.needsReceiver()) {
      if (receiver >= 0 && candidate.classes[receiver] != callable.owner)
        return false;
      statement.receiver =
          receiver >= 0
              ? receiver
              : objectFor(candidate, observation ? observation->receiver : ArgumentConstraint{},
                          callable.owner, changesObject(callable, -1), depth, -1);
      if (statement.receiver < 0)
        return false;
    }
    for (size_t i = 0; i < callable.params.size(); ++i) {
      const ArgumentConstraint constraint = observation && i < observation->arguments.size()
                                                ? observation->arguments[i]
                                                : ArgumentConstraint{};
      std::optional<Argument> argument =
          argumentFor(candidate, callable, i, constraint, depth, statement.receiver);
      if (!argument)
        return false;
      statement.args.push_back(std::move(*argument));
    }
    fitBufferLengths(callable, statement);
    append(candidate, std::move(statement));
    return true;
  }

  std::optional<Argument> argumentFor(Candidate &candidate, const Callable &callable, size_t index,
                                      const ArgumentConstraint &constraint, int depth,
                                      int receiver) {
    const TypeDesc &type = callable.params[index].type;
    std::uniform_real_distribution<double> coin(0, 1);
    if (type.kind == TypeKind::Class) {
      // As random generation: a constructor keeps what it is given, never a null.
      const bool nullable =
          callable.kind != CallableKind::Constructor &&
          (type.passing == Passing::Pointer || type.passing == Passing::ConstPointer ||
           type.passing == Passing::UniquePtr || type.passing == Passing::SharedPtr);
      const int var = objectFor(candidate, constraint, type.className,
                                changesObject(callable, static_cast<int>(index)), depth, receiver);
      if (var >= 0)
        return Argument::var(var);
      if (nullable)
        return Argument::of(Value::null());
      return std::nullopt;
    }
    if (constraint.kind == ArgumentConstraint::Kind::Value && fits(type, constraint.value) &&
        coin(rng_) >= kMutationShare)
      return Argument::of(normalized(type, constraint.value));
    ParameterSlot slot{callable.id, index};
    return Argument::of(values_.pick(type, rng_, &slot));
  }

  /// An object of `className` for a receiver or argument: one of the candidate's in the state
  /// `constraint` names, else one built along that state's path, else one of the candidate's
  /// with the profile it names, else any of the candidate's of the class, else the object of a
  /// legal sequence that ended in that profile (storedObjectWithProfile: the candidate grows
  /// by that sequence only where it has no object of the class at all), else one built from a
  /// root of the class's model; -1 when none can be had.
  /// An object of a subclass is passed through its upcast. The call's `receiver` is passed only
  /// where the tests passed an object to its own method.
  int objectFor(Candidate &candidate, const ArgumentConstraint &constraint,
                const std::string &className, bool changed, int depth, int receiver) {
    if (constraint.receiver && receiver >= 0)
      return asClass(candidate, receiver, className);
    auto usableVar = [&](size_t i) {
      return static_cast<int>(i) != receiver && upcastOf(candidate.classes[i], className) != -2 &&
             !(changed &&
               returnsConstObject(model_.callables[candidate.sequence.statements[i].callable]));
    };
    if (constraint.kind == ArgumentConstraint::Kind::State) {
      for (size_t i = 0; i < candidate.sequence.size(); ++i)
        if (usableVar(i) && candidate.positions[i].model == constraint.model &&
            candidate.positions[i].node == constraint.node)
          return asClass(candidate, static_cast<int>(i), className);
      if (upcastOf(sample_.classes[constraint.model].className, className) != -2) {
        const size_t before = candidate.sequence.size();
        const int built = buildAlongPath(candidate, constraint.model, constraint.node, depth + 1);
        if (built >= 0)
          return asClass(candidate, built, className);
        truncate(candidate, before);
      }
    }
    if (constraint.profile) {
      std::vector<int> matching;
      for (size_t i = 0; i < candidate.sequence.size(); ++i)
        if (usableVar(i) && candidate.classes[i] == className &&
            candidate.profiles[i] == constraint.profile)
          matching.push_back(static_cast<int>(i));
      if (!matching.empty()) {
        ++stats_.byProfile;
        return matching[pick(matching.size())];
      }
    }
    std::vector<int> existing, subclassed;
    for (size_t i = 0; i < candidate.sequence.size(); ++i)
      if (usableVar(i))
        (candidate.classes[i] == className ? existing : subclassed).push_back(static_cast<int>(i));
    if (!existing.empty())
      return existing[pick(existing.size())];
    if (!subclassed.empty())
      return asClass(candidate, subclassed[pick(subclassed.size())], className);
    if (constraint.profile) {
      const int stored =
          storedObjectWithProfile(candidate, className, constraint.profile, usableVar);
      if (stored >= 0) {
        ++stats_.byProfile;
        return stored;
      }
    }
    const int m = sample_.classIndex(className);
    if (m < 0 || depth >= kMaxNesting)
      return -1;
    std::vector<const ModelEdge *> roots;
    for (const ModelEdge &edge : sample_.classes[m].edges)
      if (edge.from == 0 && usable(edge.callable))
        roots.push_back(&edge);
    if (roots.empty())
      return -1;
    const size_t before = candidate.sequence.size();
    const int built = buildAlongPath(candidate, m, roots[pick(roots.size())]->to, depth + 1);
    if (built < 0)
      truncate(candidate, before);
    return built;
  }

  /// An object of `className` whose abstract object profile is `profile`, that a legal guided
  /// sequence left so: that sequence appended; -1 when none did.
  template <typename Usable>
  int storedObjectWithProfile(Candidate &candidate, const std::string &className, uint64_t profile,
                              const Usable &usableVar) {
    auto stored = byProfile_.find({className, profile});
    if (stored == byProfile_.end())
      return -1;
    const Reaching &donor = stored->second[pick(stored->second.size())];
    const size_t before = candidate.sequence.size();
    const int offset = candidate.sequence.append(donor.candidate.sequence);
    candidate.classes.insert(candidate.classes.end(), donor.candidate.classes.begin(),
                             donor.candidate.classes.end());
    candidate.positions.insert(candidate.positions.end(), donor.candidate.positions.begin(),
                               donor.candidate.positions.end());
    candidate.profiles.insert(candidate.profiles.end(), donor.candidate.profiles.begin(),
                              donor.candidate.profiles.end());
    const int object = offset + donor.object;
    if (usableVar(static_cast<size_t>(object)))
      return object;
    truncate(candidate, before);
    return -1;
  }

  /// The (class, profile) pairs `edge`'s object arguments were seen with: the legal sequences
  /// that make such objects are kept for objectByProfile.
  void wantProfiles(const ModelEdge &edge) {
    if (!usable(edge.callable))
      return;
    const Callable &callable = model_.callables[edge.callable];
    for (const Observation &observation : edge.observations)
      for (size_t i = 0; i < observation.arguments.size() && i < callable.params.size(); ++i)
        if (observation.arguments[i].profile && callable.params[i].type.kind == TypeKind::Class)
          wantedProfiles_.insert(
              {callable.params[i].type.className, observation.arguments[i].profile});
  }

  /// Takes the profiles a legal run reported for the candidate's objects, and keeps the
  /// candidate for each object whose profile an argument was seen with.
  void rememberProfiles(Candidate &candidate, const Outcome &outcome) {
    for (const ObjectState &state : outcome.finalStates)
      if (state.variable >= 0 && static_cast<size_t>(state.variable) < candidate.profiles.size())
        candidate.profiles[state.variable] = state.profile;
    for (size_t i = 0; i < candidate.profiles.size(); ++i) {
      std::pair<std::string, uint64_t> key{candidate.classes[i], candidate.profiles[i]};
      if (!wantedProfiles_.count(key))
        continue;
      std::vector<Reaching> &kept = byProfile_[key];
      if (kept.size() < kMaxPerProfile)
        kept.push_back(Reaching{candidate, static_cast<int>(i)});
      else
        kept[pick(kept.size())] = Reaching{candidate, static_cast<int>(i)};
    }
  }

  /// The upcast callable from `from` to `to`: -1 when they are one class, -2 when there is none.
  int upcastOf(const std::string &from, const std::string &to) const {
    if (from.empty())
      return -2;
    if (from == to)
      return -1;
    for (const Callable &callable : model_.callables)
      if (callable.isUpcast && callable.owner == from && callable.returnType.className == to &&
          callable.isSupported())
        return callable.id;
    return -2;
  }

  /// Variable `var` as an object of `className`: itself, or its upcast appended.
  int asClass(Candidate &candidate, int var, const std::string &className) {
    const int upcast = upcastOf(candidate.classes[var], className);
    if (upcast == -2)
      return -1;
    if (upcast == -1)
      return var;
    Statement statement;
    statement.callable = upcast;
    statement.receiver = var;
    append(candidate, std::move(statement));
    return static_cast<int>(candidate.sequence.size()) - 1;
  }

  /// A text's length as recorded may exceed the text (the tests passed `(size_t)-1`, "up to
  /// the terminator"); a call whose length is longer than its text never runs (isBufferLength),
  /// so such a length becomes the text's.
  static void fitBufferLengths(const Callable &callable, Statement &statement) {
    for (size_t i = 1; i < statement.args.size(); ++i) {
      Argument &length = statement.args[i];
      const Argument &text = statement.args[i - 1];
      if (!isBufferLength(callable, i) || length.kind != Argument::Kind::Literal ||
          text.kind != Argument::Kind::Literal || text.literal.kind != Value::Kind::String)
        continue;
      const uint64_t size = text.literal.s.size();
      if (length.literal.kind == Value::Kind::UInt && length.literal.u > size)
        length.literal.u = size;
      else if (length.literal.kind == Value::Kind::Int &&
               (length.literal.i < 0 || static_cast<uint64_t>(length.literal.i) > size))
        length.literal.i = static_cast<int64_t>(size);
    }
  }

  /// Drops what a failed attempt appended (nothing refers to it).
  static void truncate(Candidate &candidate, size_t size) {
    candidate.sequence.statements.resize(size);
    candidate.classes.resize(size);
    candidate.positions.resize(size);
    candidate.profiles.resize(size);
  }

  /// GuidedSeqGen's dep_m: a method of the object's class that depends on `callable`, chosen
  /// with probability proportional to its relevance, called on the object with arguments of
  /// the pools and objects of the candidate.
  void appendDependent(Candidate &candidate, int callable, int object) {
    auto cached = dependents_.find(callable);
    if (cached == dependents_.end()) {
      std::vector<std::pair<int, double>> usableDependents;
      for (const auto &[dependent, relevance] : dependence_.dependents(callable))
        if (usable(dependent) && relevance > 0)
          usableDependents.push_back({dependent, relevance});
      cached = dependents_.emplace(callable, std::move(usableDependents)).first;
    }
    std::vector<std::pair<int, double>> ofClass;
    double total = 0;
    for (const auto &[dependent, relevance] : cached->second)
      if (model_.callables[dependent].owner == candidate.classes[object]) {
        ofClass.push_back({dependent, relevance});
        total += relevance;
      }
    if (ofClass.empty())
      return;
    double point = std::uniform_real_distribution<double>(0, total)(rng_);
    int chosen = ofClass.back().first;
    for (const auto &[dependent, relevance] : ofClass)
      if ((point -= relevance) <= 0) {
        chosen = dependent;
        break;
      }
    const Callable &dependent = model_.callables[chosen];
    if (changesObject(dependent, -1) &&
        returnsConstObject(model_.callables[candidate.sequence.statements[object].callable]))
      return;
    const size_t before = candidate.sequence.size();
    Statement statement;
    statement.callable = chosen;
    statement.receiver = object;
    for (size_t i = 0; i < dependent.params.size(); ++i) {
      std::optional<Argument> argument =
          argumentFor(candidate, dependent, i, ArgumentConstraint{}, kMaxNesting - 1, object);
      if (!argument) {
        truncate(candidate, before);
        return;
      }
      statement.args.push_back(std::move(*argument));
    }
    append(candidate, std::move(statement));
    ++stats_.dependentCalls;
  }

  void reportProgress(const BudgetClock &clock, const Corpus &corpus) {
    Progress progress;
    progress.phase = "palus";
    progress.elapsed = clock.elapsed();
    progress.executions = stats_.guidedExecutions;
    progress.goals = corpus.goalCount();
    progress.edges = corpus.edgeCount();
    progress.failures = corpus.failureCount();
    progress.poolSize = reachingKeys_.size();
    options_.progress(progress);
  }

  const ClassModel &model_;
  const CallSequenceModel &sample_;
  Executor &executor_;
  PalusOptions options_;
  std::unique_ptr<Strategy> unguided_;
  MethodDependence dependence_;
  ValuePool values_;
  std::mt19937_64 rng_;
  /// Root edges (class model, edge) of the target class's model and of the others'.
  std::vector<std::pair<int, const ModelEdge *>> targetRoots_, otherRoots_;
  std::vector<std::pair<int, const ModelEdge *>> targetStatics_; ///< the target's static calls
  std::map<std::pair<int, int>, std::vector<Reaching>> reaching_;
  std::vector<std::pair<int, int>> reachingKeys_;             ///< reaching_'s keys, to pick from
  std::set<std::pair<std::string, uint64_t>> wantedProfiles_; ///< (class, profile) of arguments
  std::map<std::pair<std::string, uint64_t>, std::vector<Reaching>> byProfile_;
  std::map<int, std::vector<std::pair<int, double>>> dependents_;
  std::unordered_set<uint64_t> seen_;
  std::unordered_set<uint64_t> legal_; ///< the sequences of seen_ that ran to their end
  PalusStats stats_;
  uint64_t lastGoalAt_ = 0; ///< guided executions when the last new goal was found
  double nextReport_ = 0;
};

} // namespace

nlohmann::json PalusStats::toJson(bool timings) const {
  nlohmann::json report{{"guidedExecutions", guidedExecutions},
                        {"fromRoots", fromRoots},
                        {"extended", extended},
                        {"dependentCalls", dependentCalls},
                        {"legal", legal},
                        {"notBuilt", notBuilt},
                        {"byProfile", byProfile}};
  if (timings)
    report["guidedSeconds"] = guidedSeconds;
  return report;
}

std::unique_ptr<PalusStrategy> makePalusStrategy(const ClassModel &model,
                                                 const CallSequenceModel &sample,
                                                 Executor &executor, const PalusOptions &options,
                                                 std::unique_ptr<Strategy> unguided) {
  return std::make_unique<Guided>(model, sample, executor, options, std::move(unguided));
}

} // namespace unitgen
