// ModelInference: follows each object of each process through its class's tree.
#include "learn/ModelInference.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace unitgen {
namespace {

/// Builds the model one process at a time: where each object of the process stands.
class Inference {
public:
  Inference(const ClassModel &model, CallSequenceModel &out) : model_(model), out_(out) {}

  void process(const RecordedProcess &process) {
    objects_.clear();
    for (const RecordedCall &call : process.calls)
      record(call);
  }

private:
  struct Place {
    int model = -1;
    int node = 0;
  };

  int classModel(const std::string &className) {
    int index = out_.classIndex(className);
    if (index >= 0)
      return index;
    out_.classes.push_back(ClassCallModel{className, 1, {}, {}, {}});
    return static_cast<int>(out_.classes.size() - 1);
  }

  ArgumentConstraint constraintOf(const RecordedArgument &argument) const {
    ArgumentConstraint constraint;
    if (argument.kind == RecordedArgument::Kind::Value) {
      constraint.kind = ArgumentConstraint::Kind::Value;
      constraint.value = argument.value;
    } else if (argument.kind == RecordedArgument::Kind::Object) {
      auto found = objects_.find(argument.object);
      if (found != objects_.end()) {
        constraint.kind = ArgumentConstraint::Kind::State;
        constraint.model = found->second.model;
        constraint.node = found->second.node;
      }
    }
    return constraint;
  }

  static void observe(ModelEdge &edge, Observation observation) {
    ++edge.count;
    if (edge.observations.size() < kMaxObservations &&
        std::find(edge.observations.begin(), edge.observations.end(), observation) ==
            edge.observations.end())
      edge.observations.push_back(std::move(observation));
  }

  /// The node after `callable` from `from` in class model `index` (a new one when no object
  /// went that way before).
  int follow(int index, int from, int callable, Observation observation) {
    ClassCallModel &c = out_.classes[index];
    auto key = std::make_tuple(index, from, callable);
    auto found = children_.find(key);
    if (found == children_.end()) {
      ModelEdge edge;
      edge.from = from;
      edge.callable = callable;
      if (depth_[{index, from}] >= kMaxDepth) {
        edge.to = from; // a loop: kept apart from the tree's edges
        loops_[key] = edge;
        observe(loops_[key], std::move(observation));
        return from;
      }
      edge.to = c.nodes++;
      depth_[{index, edge.to}] = depth_[{index, from}] + 1;
      c.edges.push_back(edge);
      found = children_.emplace(key, edge.to).first;
    }
    if (found->second == from) {
      observe(loops_[key], std::move(observation));
      return from;
    }
    observe(c.edges[found->second - 1], std::move(observation));
    return found->second;
  }

  void record(const RecordedCall &call) {
    if (call.callable < 0 || call.callable >= static_cast<int>(model_.callables.size()))
      return;
    const Callable &callable = model_.callables[call.callable];
    ++out_.callsRecorded;
    Observation observation;
    for (const RecordedArgument &argument : call.arguments)
      observation.arguments.push_back(constraintOf(argument));
    if (call.receiver >= 0)
      observation.receiver = constraintOf({RecordedArgument::Kind::Object, {}, call.receiver});

    // An accessor's result the process already knows goes on as it was.
    if (call.made >= 0 && !objects_.count(call.made)) {
      const std::string &className = callable.kind == CallableKind::Constructor
                                         ? callable.owner
                                         : callable.returnType.className;
      if (!className.empty()) {
        const int index = classModel(className);
        ++out_.objects;
        objects_[call.made] = {index, follow(index, 0, call.callable, observation)};
      }
    }
    if (call.receiver >= 0) {
      auto found = objects_.find(call.receiver);
      if (found == objects_.end()) {
        ++out_.callsOnUnknownObjects;
        return;
      }
      Place &place = found->second;
      place.node = follow(place.model, place.node, call.callable, std::move(observation));
      return;
    }
    if (call.made < 0 && !callable.owner.empty()) {
      ClassCallModel &c = out_.classes[classModel(callable.owner)];
      auto same = std::find_if(c.staticCalls.begin(), c.staticCalls.end(),
                               [&](const ModelEdge &e) { return e.callable == call.callable; });
      if (same == c.staticCalls.end()) {
        c.staticCalls.push_back(ModelEdge{0, 0, call.callable, 0, {}});
        same = std::prev(c.staticCalls.end());
      }
      observe(*same, std::move(observation));
    }
  }

public:
  void finish() {
    for (auto &[key, edge] : loops_)
      out_.classes[std::get<0>(key)].loops.push_back(edge);
  }

private:
  const ClassModel &model_;
  CallSequenceModel &out_;
  std::unordered_map<int, Place> objects_;
  std::map<std::tuple<int, int, int>, int> children_;
  std::map<std::tuple<int, int, int>, ModelEdge> loops_;
  std::map<std::pair<int, int>, int> depth_;
};

} // namespace

CallSequenceModel inferCallSequenceModel(const ClassModel &model,
                                         const std::vector<RecordedProcess> &processes) {
  CallSequenceModel out;
  Inference inference(model, out);
  for (const RecordedProcess &process : processes)
    inference.process(process);
  inference.finish();
  out.processes = processes.size();
  return out;
}

} // namespace unitgen
