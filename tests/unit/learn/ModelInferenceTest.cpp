// ModelInference: each object's calls a path from its class's root, the paths of a class merged;
// edges keep the distinct ways they were called (values; objects in their state; the receiver
// itself; their abstract object profiles); inherited methods map to the receiver's class; an
// accessor's result known as another class starts anew; paths stop growing past kMaxDepth; upcasts
// for objects passed as a base.
#include "learn/ModelInference.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

enum : int {
  kStore,     // kv::Store()
  kPut,       // kv::Store::put(std::string)
  kMerge,     // kv::Store::merge(const kv::Store &)
  kBaseSize,  // kv::Base::size() const
  kStoreSize, // kv::Store::size() const: the same code
  kAsBase,    // kv::Store::asBase(): kv::Base &
  kAdopt,     // kv::Store::adopt(kv::Base *)
};

ClassModel storeModel() {
  ClassModel model;
  model.target = "kv::Store";
  auto add = [&](CallableKind kind, const std::string &owner, const std::string &name,
                 std::vector<Parameter> params, std::string symbol) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = owner;
    c.name = name;
    c.qualifiedName = owner + "::" + name;
    c.params = std::move(params);
    c.symbols = {std::move(symbol)};
    model.callables.push_back(c);
  };
  TypeDesc text;
  text.kind = TypeKind::String;
  TypeDesc store;
  store.kind = TypeKind::Class;
  store.className = "kv::Store";
  store.passing = Passing::ConstReference;
  TypeDesc base = store;
  base.className = "kv::Base";
  base.passing = Passing::Pointer;
  add(CallableKind::Constructor, "kv::Store", "Store", {}, "store");
  add(CallableKind::Method, "kv::Store", "put", {{"name", text, false}}, "put");
  add(CallableKind::Method, "kv::Store", "merge", {{"other", store, false}}, "merge");
  add(CallableKind::Method, "kv::Base", "size", {}, "size");
  add(CallableKind::Method, "kv::Store", "size", {}, "size");
  add(CallableKind::Method, "kv::Store", "asBase", {}, "asBase");
  model.callables.back().returnType = base;
  model.callables.back().returnType.passing = Passing::Reference;
  add(CallableKind::Method, "kv::Store", "adopt", {{"child", base, false}}, "adopt");
  ClassInfo storeClass, baseClass;
  storeClass.qualifiedName = "kv::Store";
  baseClass.qualifiedName = "kv::Base";
  model.classes = {storeClass, baseClass};
  return model;
}

RecordedArgument value(Value v) { return {RecordedArgument::Kind::Value, std::move(v), -1, 0}; }
RecordedArgument object(int number, uint64_t profile = 0) {
  return {RecordedArgument::Kind::Object, {}, number, profile};
}

ArgumentConstraint valueConstraint(const char *text) {
  ArgumentConstraint c;
  c.kind = ArgumentConstraint::Kind::Value;
  c.value = Value::string(text);
  return c;
}

/// Two stores, both put("a"); the second also put("b"); then the first merged the second.
RecordedProcess twoStores() {
  RecordedProcess process;
  process.calls = {{kStore, -1, 0, {}},
                   {kPut, 0, -1, {value(Value::string("a"))}},
                   {kStore, -1, 1, {}},
                   {kPut, 1, -1, {value(Value::string("a"))}},
                   {kPut, 1, -1, {value(Value::string("b"))}},
                   {kMerge, 0, -1, {object(1)}},
                   {kMerge, 0, -1, {object(0)}},
                   {kPut, 7, -1, {value(Value::string("c"))}}};
  return process;
}

TEST(ModelInferenceTest, ObjectsPathsMergeIntoOneTreePerClass) {
  const CallSequenceModel model = inferCallSequenceModel(storeModel(), {twoStores()});
  ASSERT_EQ(model.classes.size(), 1u);
  const ClassCallModel &store = model.classes[0];
  EXPECT_EQ(store.className, "kv::Store");
  // root -Store-> 1 -put-> 2 -put-> 3 (the second store), 2 -merge-> 4 -merge-> 5
  ASSERT_EQ(store.nodes, 6);
  ASSERT_EQ(store.edges.size(), 5u);
  EXPECT_EQ(store.edges[0].callable, kStore);
  EXPECT_EQ(store.edges[0].count, 2) << "both stores were made there";
  EXPECT_EQ(store.edges[1].callable, kPut);
  EXPECT_EQ(store.edges[1].count, 2);
  ASSERT_EQ(store.edges[1].observations.size(), 1u) << "put(\"a\") twice is one way";
  EXPECT_EQ(store.edges[1].observations[0].arguments[0], valueConstraint("a"));
  EXPECT_EQ(store.edges[2].from, 2);
  EXPECT_EQ(store.edges[2].observations[0].arguments[0], valueConstraint("b"));
  // merge(second): the second store in the state it was passed in, node 3.
  const ArgumentConstraint &other = store.edges[3].observations[0].arguments[0];
  EXPECT_EQ(other.kind, ArgumentConstraint::Kind::State);
  EXPECT_EQ(other.model, 0);
  EXPECT_EQ(other.node, 3);
  EXPECT_FALSE(other.receiver);
  // merge(itself): the receiver passed to its own method.
  EXPECT_TRUE(store.edges[4].observations[0].arguments[0].receiver);
  EXPECT_EQ(model.callsRecorded, 8u);
  EXPECT_EQ(model.callsOnUnknownObjects, 1u) << "object 7 was made by no recorded call";
  EXPECT_EQ(model.objects, 2u);
  EXPECT_EQ(model.nodeCount(), 6);
  EXPECT_EQ(model.edgeCount(), 5);
  std::vector<const ModelEdge *> path = store.pathTo(5);
  ASSERT_EQ(path.size(), 4u);
  EXPECT_EQ(path[0]->callable, kStore);
  EXPECT_EQ(path[3]->to, 5);
  EXPECT_EQ(model.literals(), (std::vector<Value>{Value::string("a"), Value::string("b")}));
  EXPECT_EQ(model.coveredCallables(), (std::vector<int>{kStore, kPut, kMerge}));
}

// An object argument keeps the profile it was passed with: with its state when a recorded call
// made it, alone when none did (a copy, a fixture's member).
TEST(ModelInferenceTest, AnObjectArgumentKeepsItsProfileWithOrWithoutItsState) {
  RecordedProcess process;
  process.calls = {{kStore, -1, 0, {}},
                   {kStore, -1, 1, {}},
                   {kMerge, 0, -1, {object(1, 0xabc)}},
                   {kMerge, 0, -1, {object(9, 0xdef)}}};
  const CallSequenceModel model = inferCallSequenceModel(storeModel(), {process});
  const ClassCallModel &store = model.classes[0];
  ASSERT_EQ(store.edges.size(), 3u);
  const ArgumentConstraint &made = store.edges[1].observations[0].arguments[0];
  EXPECT_EQ(made.kind, ArgumentConstraint::Kind::State);
  EXPECT_EQ(made.node, 1);
  EXPECT_EQ(made.profile, 0xabcu);
  const ArgumentConstraint &unknown = store.edges[2].observations[0].arguments[0];
  EXPECT_EQ(unknown.kind, ArgumentConstraint::Kind::Free);
  EXPECT_EQ(unknown.profile, 0xdefu);
  EXPECT_EQ(model.argumentProfiles(), 2u);
}

TEST(ModelInferenceTest, AnInheritedMethodIsTheReceiversClasss) {
  RecordedProcess process;
  process.calls = {{kStore, -1, 0, {}}, {kBaseSize, 0, -1, {}}};
  const CallSequenceModel model = inferCallSequenceModel(storeModel(), {process});
  ASSERT_EQ(model.classes[0].edges.size(), 2u);
  EXPECT_EQ(model.classes[0].edges[1].callable, kStoreSize);
}

TEST(ModelInferenceTest, AnAccessorsResultKnownAsAnotherClassStartsAnew) {
  RecordedProcess process;
  // `Base &base = store.asBase();` is the store itself, now a kv::Base made by asBase().
  process.calls = {{kStore, -1, 0, {}}, {kAsBase, 0, 0, {}}, {kBaseSize, 0, -1, {}}};
  const CallSequenceModel model = inferCallSequenceModel(storeModel(), {process});
  ASSERT_EQ(model.classes.size(), 2u);
  const ClassCallModel &base = model.classes[1];
  EXPECT_EQ(base.className, "kv::Base");
  ASSERT_EQ(base.edges.size(), 2u);
  EXPECT_EQ(base.edges[0].callable, kAsBase);
  // Its root edge knows the store it came from: at node 2, after asBase().
  const ArgumentConstraint &from = base.edges[0].observations[0].receiver;
  EXPECT_EQ(from.kind, ArgumentConstraint::Kind::State);
  EXPECT_EQ(from.model, 0);
  EXPECT_EQ(from.node, 1);
  EXPECT_EQ(base.edges[1].callable, kBaseSize);
}

TEST(ModelInferenceTest, APathStopsGrowingPastTheDepthAndLoops) {
  RecordedProcess process;
  process.calls.push_back({kStore, -1, 0, {}});
  for (int i = 0; i < kMaxDepth + 10; ++i)
    process.calls.push_back({kPut, 0, -1, {value(Value::string(std::to_string(i % 20)))}});
  const CallSequenceModel model = inferCallSequenceModel(storeModel(), {process});
  const ClassCallModel &store = model.classes[0];
  EXPECT_EQ(store.nodes, kMaxDepth + 1);
  ASSERT_EQ(store.loops.size(), 1u);
  EXPECT_EQ(store.loops[0].from, store.loops[0].to);
  EXPECT_EQ(store.loops[0].count, 11);
  EXPECT_EQ(store.loops[0].observations.size(), kMaxObservations);
}

TEST(ModelInferenceTest, AnObjectPassedAsItsBaseGetsAnUpcastOnce) {
  RecordedProcess process;
  process.calls = {{kStore, -1, 0, {}},
                   {kStore, -1, 1, {}},
                   {kAdopt, 0, -1, {object(1)}},
                   {kAdopt, 1, -1, {object(0)}}};
  ClassModel classes = storeModel();
  const CallSequenceModel model = inferCallSequenceModel(classes, {process});
  const size_t before = classes.callables.size();
  EXPECT_EQ(addObservedUpcasts(classes, model), 1);
  ASSERT_EQ(classes.callables.size(), before + 1);
  const Callable &upcast = classes.callables.back();
  EXPECT_TRUE(upcast.isUpcast);
  EXPECT_TRUE(upcast.onlyGuided);
  EXPECT_EQ(upcast.owner, "kv::Store");
  EXPECT_EQ(upcast.returnType.className, "kv::Base");
  EXPECT_EQ(classes.classes[0].callables.back(), upcast.id);
  EXPECT_EQ(addObservedUpcasts(classes, model), 0) << "it is there now";
}

} // namespace
} // namespace unitgen
