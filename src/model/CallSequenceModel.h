// CallSequenceModel: what the project's tests do with each class, learned from their recorded
// calls (Palus §3.1; learn/ModelInference.h infers it) — per class a tree of abstract object states
// whose edges are calls, each annotated with the arguments it was seen with.
//
// Every object's calls form a path from its class's root (the call that made it) — the model
// is object-sensitive — and the paths of all objects of a class are merged into one tree: a node
// is "an object after these calls". An edge keeps what its calls were passed: values, and for
// an object argument its own node when passed (Palus's direct state transition dependence: the
// generator builds the argument along that node's path) and its abstract object profile (Palus's
// other argument constraint: its fields' signs, nulls and emptiness, the same for an object no
// recorded call made).
#pragma once

#include "model/Sequence.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <tuple>
#include <vector>

namespace unitgen {

/// One argument as a call was seen with it.
struct ArgumentConstraint {
  enum class Kind { Value, State, Free };
  Kind kind = Kind::Free;
  Value value;    ///< Value
  int model = -1; ///< State: the argument's class, an index into CallSequenceModel::classes
  int node = -1;  ///< State: its node there
  /// State or Free: the object's abstract object profile when passed
  /// (runtime/driver/ObjectProfile.h); 0: none (a value, a null, a profile not read)
  uint64_t profile = 0;
  /// The object the call ran on: the tests passed an object to its own method.
  bool receiver = false;
  bool operator==(const ArgumentConstraint &other) const;
};

/// How one call was made: its receiver's state (a factory method's, for a root edge) and its
/// arguments.
struct Observation {
  ArgumentConstraint receiver;
  std::vector<ArgumentConstraint> arguments;
  bool operator==(const Observation &other) const;
};

struct ModelEdge {
  int from = 0;
  int to = 0;
  int callable = -1;
  int count = 0; ///< calls recorded along it
  /// Distinct ways it was called (at most kMaxObservations).
  std::vector<Observation> observations;
};

struct ClassCallModel {
  std::string className;
  int nodes = 1;                ///< node 0 is the root: no object yet
  std::vector<ModelEdge> edges; ///< edge `i` leads to node `i + 1`
  /// Calls past kMaxDepth, which leave the object at its node.
  std::vector<ModelEdge> loops;
  /// Calls that neither ran on an object nor made one (static methods), by callable.
  std::vector<ModelEdge> staticCalls;
  /// The edge into `node` (none for the root).
  const ModelEdge *edgeInto(int node) const;
  /// The edges into `node` from the root, in call order.
  std::vector<const ModelEdge *> pathTo(int node) const;
};

struct CallSequenceModel {
  std::vector<ClassCallModel> classes;
  size_t callsRecorded = 0;
  size_t objects = 0;
  /// Calls on objects no recorded call made (a copy, an object returned by value): not modelled.
  size_t callsOnUnknownObjects = 0;
  size_t processes = 0;

  int nodeCount() const;
  int edgeCount() const;
  /// The class model of `className`; -1 when no test made one.
  int classIndex(const std::string &className) const;
  /// The callables the tests called (model covered, Palus's CoveredMethods).
  std::vector<int> coveredCallables() const;
  /// Every value an argument was seen with, each once.
  std::vector<Value> literals() const;
  /// How many distinct abstract object profiles the object arguments were seen with.
  size_t argumentProfiles() const;
  /// Each (callable, parameter index, value) an argument was seen with, each once.
  std::vector<std::tuple<int, size_t, Value>> observedArguments() const;
};

/// At most this many distinct observations per edge.
constexpr size_t kMaxObservations = 8;
/// An object's path grows no deeper: later calls loop at its last node.
constexpr int kMaxDepth = 24;

void to_json(nlohmann::json &j, const CallSequenceModel &model);
void from_json(const nlohmann::json &j, CallSequenceModel &model);
/// nodes, edges, classes, calls recorded and the like, for `explore --json` and `--verbose`.
nlohmann::json modelStatistics(const CallSequenceModel &model);

} // namespace unitgen
