// ModelInference: follows each object of each process through its class's tree.
#include "learn/ModelInference.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace unitgen {
namespace {

/// Builds the model one process at a time: where each object of the process stands.
class Inference {
public:
  Inference(const ClassModel &model, CallSequenceModel &out) : model_(model), out_(out) {
    for (const Callable &callable : model.callables)
      if (!callable.symbols.empty())
        siblings_[callable.symbols.front()].push_back(callable.id);
  }

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
      constraint.profile = argument.profile;
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
      } else {
        edge.to = c.nodes++;
        depth_[{index, edge.to}] = depth_[{index, from}] + 1;
        c.edges.push_back(edge);
      }
      found = children_.emplace(key, edge.to).first;
    }
    if (found->second == from) {
      observe(loops_[key], std::move(observation));
      return from;
    }
    observe(c.edges[found->second - 1], std::move(observation));
    return found->second;
  }

  /// The callable of the recorded function's code that has `className` as its owner: an
  /// inherited method is a callable per class that has it, all of one code (and symbol), and
  /// the recording names the first. -1 when the class has none.
  int ownedBy(int callable, const std::string &className) const {
    const Callable &recorded = model_.callables[callable];
    if (recorded.owner == className || recorded.symbols.empty())
      return recorded.owner == className ? callable : -1;
    auto found = siblings_.find(recorded.symbols.front());
    if (found != siblings_.end())
      for (int sibling : found->second)
        if (model_.callables[sibling].owner == className)
          return sibling;
    return -1;
  }

  void record(RecordedCall call) {
    if (call.callable < 0 || call.callable >= static_cast<int>(model_.callables.size()))
      return;
    ++out_.callsRecorded;
    auto receiver = call.receiver >= 0 ? objects_.find(call.receiver) : objects_.end();
    if (call.receiver >= 0) {
      if (receiver == objects_.end()) {
        ++out_.callsOnUnknownObjects;
        return;
      }
      call.callable = ownedBy(call.callable, out_.classes[receiver->second.model].className);
      if (call.callable < 0) { // through a type the object is not known as (a base's pointer)
        ++out_.callsOnUnknownObjects;
        return;
      }
    }
    const Callable &callable = model_.callables[call.callable];
    // Where everything stood before the call: its constraints.
    Observation observation;
    for (const RecordedArgument &argument : call.arguments) {
      observation.arguments.push_back(constraintOf(argument));
      observation.arguments.back().receiver =
          argument.kind == RecordedArgument::Kind::Object && argument.object == call.receiver;
    }
    if (call.receiver >= 0)
      observation.receiver = constraintOf({RecordedArgument::Kind::Object, {}, call.receiver});

    if (receiver != objects_.end()) {
      Place &place = receiver->second;
      place.node = follow(place.model, place.node, call.callable, observation);
    } else if (call.made < 0 && !callable.owner.empty()) {
      ClassCallModel &c = out_.classes[classModel(callable.owner)];
      auto same = std::find_if(c.staticCalls.begin(), c.staticCalls.end(),
                               [&](const ModelEdge &e) { return e.callable == call.callable; });
      if (same == c.staticCalls.end()) {
        c.staticCalls.push_back(ModelEdge{0, 0, call.callable, 0, {}});
        same = std::prev(c.staticCalls.end());
      }
      observe(*same, observation);
    }
    if (call.made < 0)
      return;
    const std::string &className =
        callable.kind == CallableKind::Constructor ? callable.owner : callable.returnType.className;
    if (className.empty())
      return;
    // An accessor's result the process knows as this class goes on as it was; one it knows as
    // another (`node->ToElement()`) starts anew, made by this call.
    auto known = objects_.find(call.made);
    if (known != objects_.end() && out_.classes[known->second.model].className == className)
      return;
    const int index = classModel(className);
    ++out_.objects;
    objects_[call.made] = {index, follow(index, 0, call.callable, std::move(observation))};
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
  std::map<std::string, std::vector<int>> siblings_; ///< callables by their first symbol
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

int addObservedUpcasts(ClassModel &model, const CallSequenceModel &sample) {
  std::set<std::pair<std::string, std::string>> have;
  for (const Callable &callable : model.callables)
    if (callable.isUpcast)
      have.insert({callable.owner, callable.returnType.className});
  int added = 0;
  auto consider = [&](const ModelEdge &edge) {
    const std::vector<Parameter> params = model.callables[edge.callable].params;
    for (const Observation &observation : edge.observations)
      for (size_t i = 0; i < observation.arguments.size() && i < params.size(); ++i) {
        const ArgumentConstraint &argument = observation.arguments[i];
        const TypeDesc &type = params[i].type;
        if (argument.kind != ArgumentConstraint::Kind::State || type.kind != TypeKind::Class ||
            type.passing == Passing::Value)
          continue;
        const std::string &derived = sample.classes[argument.model].className;
        const std::string &base = type.className;
        auto owner = std::find_if(model.classes.begin(), model.classes.end(),
                                  [&](const ClassInfo &c) { return c.qualifiedName == derived; });
        if (derived == base || owner == model.classes.end() || !have.insert({derived, base}).second)
          continue;
        Callable upcast;
        upcast.id = static_cast<int>(model.callables.size());
        upcast.kind = CallableKind::Method;
        upcast.owner = derived;
        upcast.name = "static_cast<" + base + " &>";
        upcast.qualifiedName = derived + "::" + upcast.name;
        upcast.isUpcast = true;
        upcast.onlyGuided = true;
        upcast.returnType.kind = TypeKind::Class;
        upcast.returnType.className = upcast.returnType.valueSpelling = base;
        upcast.returnType.passing = Passing::Reference;
        upcast.returnType.spelling = base + "&";
        owner->callables.push_back(upcast.id);
        model.callables.push_back(std::move(upcast));
        ++added;
      }
  };
  for (const ClassCallModel &c : sample.classes)
    for (const std::vector<ModelEdge> *edges : {&c.edges, &c.loops, &c.staticCalls})
      std::for_each(edges->begin(), edges->end(), consider);
  return added;
}

} // namespace unitgen
