// Finitization: the default domains of a hand-built tree model, the flags' and the JSON file's
// overrides, the driver's input text, and the errors for what cannot be finitized.
#include "exhaustive/DriverInput.h"
#include "exhaustive/Finitization.h"

#include "ListFinitization.h"

#include "support/Hash.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace unitgen::testing {
namespace {

Field valueField(const std::string &name, TypeKind kind) {
  Field field;
  field.name = name;
  field.typeSpelling = kind == TypeKind::Bool ? "bool" : kind == TypeKind::Enum ? "Color" : "int";
  field.shape = FieldShape::Value;
  field.type.kind = kind;
  if (kind == TypeKind::Enum)
    field.type.enumerators = {{"Color::kRed", 0}, {"Color::kBlack", 1}};
  return field;
}

Field refField(const std::string &name, const std::string &record) {
  Field field;
  field.name = name;
  field.typeSpelling = record + " *";
  field.shape = FieldShape::Ref;
  field.recordName = record;
  field.isPointer = true;
  return field;
}

/// Tree {Node *root_; int size_;} with Node {int key; Color color; bool marked; Node *left;}.
ClassModel treeModel() {
  ClassModel model;
  model.target = "Tree";
  ClassInfo tree;
  tree.qualifiedName = "Tree";
  tree.invariant = "repOK";
  tree.fields = {refField("root_", "Tree::Node"), valueField("size_", TypeKind::Integer)};
  ClassInfo node;
  node.qualifiedName = "Tree::Node";
  node.fields = {valueField("key", TypeKind::Integer), valueField("color", TypeKind::Enum),
                 valueField("marked", TypeKind::Bool), refField("left", "Tree::Node")};
  model.classes = {tree, node};
  return model;
}

TEST(FinitizationTest, DefaultsGiveOneReceiverScopeNodesAndRangesFromTheScope) {
  FinitizationOptions options;
  options.scope = 2;
  Expected<Finitization> f = finitize(treeModel(), options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->objects, (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}}));
  ASSERT_EQ(f->fields.size(), 2u + 2 * 4);
  EXPECT_EQ(f->fields[0].name, "Tree::root_");
  EXPECT_TRUE(f->fields[0].domain.objects);
  EXPECT_EQ(f->fields[0].domain.size(f->objects), 3u); // null and two nodes
  EXPECT_EQ(f->fields[1].name, "Tree::size_");         // a size field: 0..scope
  EXPECT_EQ(std::pair(f->fields[1].domain.low, f->fields[1].domain.high), std::pair(0LL, 2LL));
  const CandidateField &key = f->fields[2];
  EXPECT_EQ(key.object, 1);
  EXPECT_EQ(key.finitizableIndex, 0);
  EXPECT_EQ(std::pair(key.domain.low, key.domain.high), std::pair(0LL, 1LL)); // 0..scope-1
  EXPECT_EQ(std::pair(f->fields[3].domain.low, f->fields[3].domain.high), std::pair(0LL, 1LL));
  EXPECT_EQ(std::pair(f->fields[4].domain.low, f->fields[4].domain.high), std::pair(0LL, 1LL));
  EXPECT_EQ(f->fields[9].object, 2); // the second node's `left`
  EXPECT_EQ(driverInput(*f, 5, true), "objects 0 1\nobjects 1 2\nfield 0 0 objects 1\n"
                                     "field 0 1 numbers 0 2\nfield 1 0 numbers 0 1\n"
                                     "field 1 1 numbers 0 1\nfield 1 2 numbers 0 1\n"
                                     "field 1 3 objects 1\nfield 2 0 numbers 0 1\n"
                                     "field 2 1 numbers 0 1\nfield 2 2 numbers 0 1\n"
                                     "field 2 3 objects 1\ndeadline 5\ncount-only\n"
                                     "symbolic-numbers\n");
  FinitizationOptions concrete;
  concrete.scope = 2;
  concrete.symbolicNumbers = false;
  f = finitize(treeModel(), concrete);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(driverInput(*f, 0, false).find("symbolic-numbers"), std::string::npos);
}

TEST(FinitizationTest, HeapOrdersBecomeObjectLimitsAndTurns) {
  FinitizationOptions options;
  options.scope = 3;
  Expected<Finitization> f = finitize(treeModel(), options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(parseHeapOrder("korat"), HeapOrder::Korat);
  EXPECT_EQ(parseHeapOrder("smaller-first"), HeapOrder::SmallerFirst);
  EXPECT_EQ(parseHeapOrder("interleaved"), HeapOrder::Interleaved);
  EXPECT_FALSE(parseHeapOrder("largest-first"));
  // auto: a search that may stop early takes turns; one that visits every heap, Korat's order.
  EXPECT_EQ(parseHeapOrder("auto", true), HeapOrder::Interleaved);
  EXPECT_EQ(parseHeapOrder("auto", false), HeapOrder::Korat);
  auto driverLines = [&](HeapOrder order) {
    Finitization ordered = *f;
    orderHeaps(ordered, order);
    std::string input = driverInput(ordered, 0, false);
    return input.substr(input.find("symbolic-numbers\n") + 17);
  };
  // One pass per number of nodes below the pool's three; the last lets every node in.
  EXPECT_EQ(driverLines(HeapOrder::Korat), "");
  EXPECT_EQ(driverLines(HeapOrder::SmallerFirst), "object-limits 0 1 2\n");
  EXPECT_EQ(driverLines(HeapOrder::Interleaved), "object-limits 0 1 2\ninterleave-passes\n");
  Finitization back = *f;
  orderHeaps(back, HeapOrder::Interleaved);
  orderHeaps(back, HeapOrder::Korat);
  EXPECT_TRUE(back.objectLimits.empty());
  EXPECT_FALSE(back.interleavePasses);
  // A work limit (the time criteria's work clock) is a line of its own, kept by any order.
  back.workLimit = 12345;
  orderHeaps(back, HeapOrder::Interleaved);
  std::string input = driverInput(back, 0, false);
  EXPECT_EQ(input.substr(input.find("symbolic-numbers\n") + 17),
            "object-limits 0 1 2\ninterleave-passes\nwork-limit 12345\n");
}

TEST(FinitizationTest, FlagsAndTheFileOverrideTheDomains) {
  FinitizationOptions options;
  options.scope = 3;
  options.sizes = std::pair{3LL, 3LL};
  options.values = std::pair{-1LL, 4LL};
  options.file = ::testing::TempDir() + "/finitization.json";
  ASSERT_TRUE(writeFile(options.file, R"({"objects": {"Tree::Node": 1},
                                          "fields": {"Tree::Node::key": [7, 9]}})"));
  Expected<Finitization> f = finitize(treeModel(), options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->objects[1], std::pair(1, 1));
  EXPECT_EQ(std::pair(f->fields[1].domain.low, f->fields[1].domain.high), std::pair(3LL, 3LL));
  EXPECT_EQ(std::pair(f->fields[2].domain.low, f->fields[2].domain.high), std::pair(7LL, 9LL));
  // An enum keeps its enumerators' range whatever --values says.
  EXPECT_EQ(std::pair(f->fields[3].domain.low, f->fields[3].domain.high), std::pair(0LL, 1LL));
}

TEST(FinitizationTest, TheFileDeclaresWhichNodeClassesMayBeShared) {
  FinitizationOptions options;
  options.scope = 1;
  options.file = ::testing::TempDir() + "/sharing.json";
  ASSERT_TRUE(writeFile(options.file, R"({"sharing": {"Tree::Node": false}})"));
  Expected<Finitization> f = finitize(treeModel(), options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->unshared, std::vector<int>{1});
  EXPECT_EQ(f->declaredSharing, (std::map<int, bool>{{1, false}}));
  EXPECT_NE(driverInput(*f, 0, false).find("objects 1 1\nunshared 1\nfield"), std::string::npos);
  ASSERT_TRUE(writeFile(options.file, R"({"sharing": {"Tree::Node": true}})"));
  f = finitize(treeModel(), options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_TRUE(f->unshared.empty());
  EXPECT_EQ(f->declaredSharing, (std::map<int, bool>{{1, true}}));
  // The receiver is the root, not a node class; a class the heap lacks is a typo.
  for (const char *name : {"Tree", "Forest"}) {
    ASSERT_TRUE(writeFile(options.file, fmt::format(R"({{"sharing": {{"{}": false}}}})", name)));
    f = finitize(treeModel(), options);
    ASSERT_FALSE(f) << name;
    EXPECT_NE(f.error().message.find(std::string("\"sharing\" names ") + name), std::string::npos)
        << f.error().message;
  }
}

TEST(FinitizationTest, WhatCannotBeFinitizedIsAnErrorThatNamesIt) {
  ClassModel model = treeModel();
  Field items;
  items.name = "items_";
  items.typeSpelling = "std::vector<int>";
  items.shape = FieldShape::Value;
  items.type.kind = TypeKind::Unsupported;
  model.classes[1].fields.push_back(items);
  Expected<Finitization> f = finitize(model, {});
  ASSERT_FALSE(f);
  EXPECT_NE(f.error().message.find("the field Tree::Node::items_ (std::vector<int>) cannot be "
                                   "finitized"),
            std::string::npos)
      << f.error().message;

  model = treeModel();
  model.classes[0].invariant.clear();
  f = finitize(model, {});
  ASSERT_FALSE(f);
  EXPECT_NE(f.error().message.find("needs the invariant of Tree"), std::string::npos);
}

TEST(FinitizationTest, AnArrayBehindAPointerGetsAsManyElementsAsTheLargestSize) {
  ClassModel model = bagModel();
  FinitizationOptions options;
  options.scope = 2;
  Expected<Finitization> f = finitize(model, options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->arrays, std::vector<int>{2});
  ASSERT_EQ(f->fields.size(), 4u);
  EXPECT_EQ(f->fields[0].domain.size(f->objects), 2u); // null or the array
  EXPECT_EQ(f->fields[2].name, "Bag::items_[0]");
  EXPECT_EQ(f->fields[3].countField, 1); // counted by size_
  EXPECT_EQ(driverInput(*f, 0, false), "objects 0 1\nblock 2\nfield 0 0 block 0\n"
                                      "field 0 1 numbers 0 2\nelement 0 0 0 1 1\n"
                                      "element 0 1 0 1 1\nsymbolic-numbers\n");

  options.file = ::testing::TempDir() + "/typo.json";
  ASSERT_TRUE(writeFile(options.file, R"({"fields": {"Bag::count_": [0, 1]}})"));
  f = finitize(model, options);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().message, "--finitization: the heap of Bag has no field Bag::count_");
  ASSERT_TRUE(writeFile(options.file, R"({"fields": {"Bag::items_[]": [5, 6]}})"));
  f = finitize(model, options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(std::pair(f->fields[2].domain.low, f->fields[2].domain.high), std::pair(5LL, 6LL));

  // The array's capacity field (the model's) stretches it to the largest capacity it may
  // claim, so a heap that says capacity_ 5 has room for five elements; another integer of
  // the class does not.
  model.classes[0].fields.push_back(valueField("capacity_", TypeKind::Integer));
  model.classes[0].fields[0].capacityField = "capacity_";
  ASSERT_TRUE(writeFile(options.file, R"({"fields": {"Bag::capacity_": [5, 5]}})"));
  f = finitize(model, options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->arrays, std::vector<int>{5});
  model.classes[0].fields[0].capacityField.clear();
  f = finitize(model, options);
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->arrays, std::vector<int>{2});
}

TEST(FinitizationTest, RangesParse) {
  EXPECT_EQ(*parseRange("--sizes", "0..10"), std::pair(0LL, 10LL));
  EXPECT_EQ(*parseRange("--values", "-3..-1"), std::pair(-3LL, -1LL));
  EXPECT_EQ(*parseRange("--sizes", "4"), std::pair(4LL, 4LL));
  EXPECT_FALSE(parseRange("--sizes", "5..2"));
  EXPECT_FALSE(parseRange("--sizes", "1..x"));
  EXPECT_FALSE(parseRange("--sizes", ""));
}

} // namespace
} // namespace unitgen::testing
