// CallSequenceModel: the learned model survives JSON whole (a recorded string that is no UTF-8
// as its bytes), and answers paths, literals and observed arguments.
#include "model/CallSequenceModel.h"

#include "model/ModelJson.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace unitgen {
namespace {

CallSequenceModel sampleModel() {
  CallSequenceModel model;
  ClassCallModel c{"kv::Store", 3, {}, {}, {}};
  ArgumentConstraint bytes;
  bytes.kind = ArgumentConstraint::Kind::Value;
  bytes.value = Value::string(std::string("\x80\xff key\0", 7));
  ArgumentConstraint state;
  state.kind = ArgumentConstraint::Kind::State;
  state.model = 0;
  state.node = 1;
  state.profile = 0xfedcba9876543211ull; // all 64 bits: no double in the JSON may round it
  ArgumentConstraint itself = state;
  itself.receiver = true;
  c.edges.push_back({0, 1, 0, 2, {{ArgumentConstraint{}, {}}}});
  c.edges.push_back({1, 2, 1, 1, {{state, {bytes, itself, ArgumentConstraint{}}}}});
  c.loops.push_back({2, 2, 1, 30, {{state, {bytes, state, ArgumentConstraint{}}}}});
  c.staticCalls.push_back({0, 0, 4, 1, {{ArgumentConstraint{}, {bytes}}}});
  model.classes.push_back(c);
  model.callsRecorded = 34;
  model.objects = 2;
  model.callsOnUnknownObjects = 1;
  model.processes = 1;
  return model;
}

TEST(CallSequenceModelTest, RoundTripsThroughJsonWithBytesThatAreNoText) {
  const CallSequenceModel model = sampleModel();
  const std::string text = nlohmann::json(model).dump(); // throws on text that is no UTF-8
  const CallSequenceModel back = nlohmann::json::parse(text).get<CallSequenceModel>();
  ASSERT_EQ(back.classes.size(), 1u);
  const ClassCallModel &c = back.classes[0];
  EXPECT_EQ(c.className, "kv::Store");
  EXPECT_EQ(c.nodes, 3);
  ASSERT_EQ(c.edges.size(), 2u);
  EXPECT_EQ(c.edges[1].observations, model.classes[0].edges[1].observations);
  EXPECT_EQ(c.loops[0].count, 30);
  EXPECT_EQ(c.staticCalls[0].callable, 4);
  EXPECT_EQ(back.callsRecorded, 34u);
  EXPECT_EQ(back.callsOnUnknownObjects, 1u);
  EXPECT_EQ(back.edgeCount(), 4);
  EXPECT_EQ(back.nodeCount(), 3);
  EXPECT_EQ(back.argumentProfiles(), 1u);
}

TEST(CallSequenceModelTest, PathsLiteralsAndObservedArguments) {
  const CallSequenceModel model = sampleModel();
  const std::vector<const ModelEdge *> path = model.classes[0].pathTo(2);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[0]->callable, 0);
  EXPECT_EQ(path[1]->callable, 1);
  EXPECT_TRUE(model.classes[0].pathTo(0).empty());
  EXPECT_EQ(model.classIndex("kv::Store"), 0);
  EXPECT_EQ(model.classIndex("kv::Other"), -1);
  EXPECT_EQ(model.literals().size(), 1u) << "one value, seen on three edges";
  const auto observed = model.observedArguments();
  ASSERT_EQ(observed.size(), 2u) << "(put, 0) and (the static call, 0)";
  EXPECT_EQ(std::get<0>(observed[0]), 1);
  EXPECT_EQ(std::get<1>(observed[0]), 0u);
  EXPECT_EQ(std::get<0>(observed[1]), 4);
  EXPECT_EQ(modelStatistics(model)["callablesCalled"], 3);
}

} // namespace
} // namespace unitgen
