// CallSequenceModel: queries of the learned model, and the model as JSON.
#include "model/CallSequenceModel.h"

#include "model/ModelJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace unitgen {

bool ArgumentConstraint::operator==(const ArgumentConstraint &other) const {
  return kind == other.kind && value == other.value && model == other.model && node == other.node &&
         profile == other.profile && receiver == other.receiver;
}

bool Observation::operator==(const Observation &other) const {
  return receiver == other.receiver && arguments == other.arguments;
}

const ModelEdge *ClassCallModel::edgeInto(int node) const {
  return node >= 1 && node <= static_cast<int>(edges.size()) ? &edges[node - 1] : nullptr;
}

std::vector<const ModelEdge *> ClassCallModel::pathTo(int node) const {
  std::vector<const ModelEdge *> path;
  for (const ModelEdge *edge = edgeInto(node); edge; edge = edgeInto(edge->from))
    path.push_back(edge);
  std::reverse(path.begin(), path.end());
  return path;
}

int CallSequenceModel::nodeCount() const {
  int total = 0;
  for (const ClassCallModel &c : classes)
    total += c.nodes;
  return total;
}

int CallSequenceModel::edgeCount() const {
  int total = 0;
  for (const ClassCallModel &c : classes)
    total += static_cast<int>(c.edges.size() + c.loops.size() + c.staticCalls.size());
  return total;
}

int CallSequenceModel::classIndex(const std::string &className) const {
  for (size_t i = 0; i < classes.size(); ++i)
    if (classes[i].className == className)
      return static_cast<int>(i);
  return -1;
}

std::vector<int> CallSequenceModel::coveredCallables() const {
  std::set<int> covered;
  for (const ClassCallModel &c : classes) {
    for (const ModelEdge &edge : c.edges)
      covered.insert(edge.callable);
    for (const ModelEdge &edge : c.loops)
      covered.insert(edge.callable);
    for (const ModelEdge &edge : c.staticCalls)
      covered.insert(edge.callable);
  }
  return {covered.begin(), covered.end()};
}

std::vector<Value> CallSequenceModel::literals() const {
  std::set<Value> seen;
  std::vector<Value> values;
  for (const auto &[callable, index, value] : observedArguments())
    if (seen.insert(value).second)
      values.push_back(value);
  return values;
}

std::vector<std::tuple<int, size_t, Value>> CallSequenceModel::observedArguments() const {
  std::set<std::tuple<int, size_t, Value>> seen;
  std::vector<std::tuple<int, size_t, Value>> observed;
  auto add = [&](const ModelEdge &edge) {
    for (const Observation &observation : edge.observations)
      for (size_t i = 0; i < observation.arguments.size(); ++i)
        if (observation.arguments[i].kind == ArgumentConstraint::Kind::Value) {
          auto entry = std::make_tuple(edge.callable, i, observation.arguments[i].value);
          if (seen.insert(entry).second)
            observed.push_back(std::move(entry));
        }
  };
  for (const ClassCallModel &c : classes) {
    std::for_each(c.edges.begin(), c.edges.end(), add);
    std::for_each(c.loops.begin(), c.loops.end(), add);
    std::for_each(c.staticCalls.begin(), c.staticCalls.end(), add);
  }
  return observed;
}

size_t CallSequenceModel::argumentProfiles() const {
  std::set<uint64_t> profiles;
  for (const ClassCallModel &c : classes)
    for (const std::vector<ModelEdge> *edges : {&c.edges, &c.loops, &c.staticCalls})
      for (const ModelEdge &edge : *edges)
        for (const Observation &observation : edge.observations)
          for (const ArgumentConstraint &argument : observation.arguments)
            if (argument.profile)
              profiles.insert(argument.profile);
  return profiles.size();
}

namespace {

const char *kindName(ArgumentConstraint::Kind kind) {
  switch (kind) {
  case ArgumentConstraint::Kind::Value:
    return "value";
  case ArgumentConstraint::Kind::State:
    return "state";
  default:
    return "free";
  }
}

nlohmann::json constraintJson(const ArgumentConstraint &c) {
  nlohmann::json j{{"kind", kindName(c.kind)}};
  if (c.kind == ArgumentConstraint::Kind::Value)
    j["value"] = c.value;
  if (c.kind == ArgumentConstraint::Kind::State)
    j["class"] = c.model, j["node"] = c.node;
  if (c.profile)
    j["profile"] = c.profile;
  if (c.receiver)
    j["receiver"] = true;
  return j;
}

ArgumentConstraint constraintFrom(const nlohmann::json &j) {
  ArgumentConstraint c;
  const std::string kind = j.at("kind").get<std::string>();
  if (kind == "value") {
    c.kind = ArgumentConstraint::Kind::Value;
    c.value = j.at("value").get<Value>();
  } else if (kind == "state") {
    c.kind = ArgumentConstraint::Kind::State;
    c.model = j.at("class").get<int>();
    c.node = j.at("node").get<int>();
  }
  c.profile = j.value("profile", uint64_t{0});
  c.receiver = j.value("receiver", false);
  return c;
}

nlohmann::json edgesJson(const std::vector<ModelEdge> &edges) {
  nlohmann::json list = nlohmann::json::array();
  for (const ModelEdge &edge : edges) {
    nlohmann::json observations = nlohmann::json::array();
    for (const Observation &observation : edge.observations) {
      nlohmann::json arguments = nlohmann::json::array();
      for (const ArgumentConstraint &argument : observation.arguments)
        arguments.push_back(constraintJson(argument));
      observations.push_back(
          {{"receiver", constraintJson(observation.receiver)}, {"arguments", arguments}});
    }
    list.push_back({{"from", edge.from},
                    {"to", edge.to},
                    {"callable", edge.callable},
                    {"count", edge.count},
                    {"observations", observations}});
  }
  return list;
}

std::vector<ModelEdge> edgesFrom(const nlohmann::json &list) {
  std::vector<ModelEdge> edges;
  for (const nlohmann::json &j : list) {
    ModelEdge edge;
    edge.from = j.at("from").get<int>();
    edge.to = j.at("to").get<int>();
    edge.callable = j.at("callable").get<int>();
    edge.count = j.at("count").get<int>();
    for (const nlohmann::json &o : j.at("observations")) {
      Observation observation;
      observation.receiver = constraintFrom(o.at("receiver"));
      for (const nlohmann::json &a : o.at("arguments"))
        observation.arguments.push_back(constraintFrom(a));
      edge.observations.push_back(std::move(observation));
    }
    edges.push_back(std::move(edge));
  }
  return edges;
}

} // namespace

void to_json(nlohmann::json &j, const CallSequenceModel &model) {
  nlohmann::json classes = nlohmann::json::array();
  for (const ClassCallModel &c : model.classes)
    classes.push_back({{"class", c.className},
                       {"nodes", c.nodes},
                       {"edges", edgesJson(c.edges)},
                       {"loops", edgesJson(c.loops)},
                       {"staticCalls", edgesJson(c.staticCalls)}});
  j = {{"classes", classes},
       {"callsRecorded", model.callsRecorded},
       {"objects", model.objects},
       {"callsOnUnknownObjects", model.callsOnUnknownObjects},
       {"processes", model.processes}};
}

void from_json(const nlohmann::json &j, CallSequenceModel &model) {
  model = CallSequenceModel{};
  for (const nlohmann::json &c : j.at("classes"))
    model.classes.push_back(ClassCallModel{
        c.at("class").get<std::string>(), c.at("nodes").get<int>(), edgesFrom(c.at("edges")),
        edgesFrom(c.at("loops")), edgesFrom(c.at("staticCalls"))});
  model.callsRecorded = j.at("callsRecorded").get<size_t>();
  model.objects = j.at("objects").get<size_t>();
  model.callsOnUnknownObjects = j.at("callsOnUnknownObjects").get<size_t>();
  model.processes = j.at("processes").get<size_t>();
}

nlohmann::json modelStatistics(const CallSequenceModel &model) {
  nlohmann::json classes = nlohmann::json::array();
  for (const ClassCallModel &c : model.classes)
    classes.push_back({{"class", c.className},
                       {"nodes", c.nodes},
                       {"edges", c.edges.size() + c.loops.size()},
                       {"staticCalls", c.staticCalls.size()}});
  return {{"classes", model.classes.size()},
          {"nodes", model.nodeCount()},
          {"edges", model.edgeCount()},
          {"callsRecorded", model.callsRecorded},
          {"objects", model.objects},
          {"callsOnUnknownObjects", model.callsOnUnknownObjects},
          {"processes", model.processes},
          {"callablesCalled", model.coveredCallables().size()},
          {"literals", model.literals().size()},
          {"argumentProfiles", model.argumentProfiles()},
          {"perClass", classes}};
}

} // namespace unitgen
