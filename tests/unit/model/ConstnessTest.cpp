// Constness: objects returned as const are never changed by a later statement.
#include "model/Constness.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

TypeDesc classType(const std::string &name, Passing passing) {
  TypeDesc type;
  type.kind = TypeKind::Class;
  type.className = type.valueSpelling = name;
  type.passing = passing;
  return type;
}

/// Doc(), `const Node *first() const`, `Node *last()`, `void Node::rename()`,
/// `int Node::id() const`, `void Doc::adopt(Node *)`, `void Doc::show(const Node &)`.
ClassModel documentModel() {
  ClassModel model;
  auto add = [&](CallableKind kind, const std::string &owner, const std::string &name, bool isConst,
                 TypeDesc result, std::vector<Parameter> params = {}) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = owner;
    callable.name = name;
    callable.qualifiedName = owner + "::" + name;
    callable.isConst = isConst;
    callable.returnType = result;
    callable.params = std::move(params);
    model.callables.push_back(callable);
  };
  TypeDesc none;
  none.kind = TypeKind::Void;
  add(CallableKind::Constructor, "Doc", "Doc", false, none);
  add(CallableKind::Method, "Doc", "first", true, classType("Node", Passing::ConstPointer));
  add(CallableKind::Method, "Doc", "last", false, classType("Node", Passing::Pointer));
  add(CallableKind::Method, "Node", "rename", false, none);
  TypeDesc number;
  number.kind = TypeKind::Integer;
  add(CallableKind::Method, "Node", "id", true, number);
  add(CallableKind::Method, "Doc", "adopt", false, none,
      {{"node", classType("Node", Passing::Pointer)}});
  add(CallableKind::Method, "Doc", "show", false, none,
      {{"node", classType("Node", Passing::ConstReference)}});
  return model;
}

/// doc = Doc(); node = doc.<getter>(); then `call` on node (receiver) or with it (argument).
Sequence afterGetter(int getter, int call, bool asArgument) {
  Sequence sequence;
  sequence.statements.push_back({0, -1, {}});
  sequence.statements.push_back({getter, 0, {}});
  if (asArgument)
    sequence.statements.push_back({call, 0, {Argument::var(1)}});
  else
    sequence.statements.push_back({call, 1, {}});
  return sequence;
}

TEST(ConstnessTest, AConstResultIsOnlyRead) {
  const ClassModel model = documentModel();
  EXPECT_TRUE(respectsConstness(model, afterGetter(1, 4, false)));  // first()->id()
  EXPECT_FALSE(respectsConstness(model, afterGetter(1, 3, false))); // first()->rename()
  EXPECT_FALSE(respectsConstness(model, afterGetter(1, 5, true)));  // adopt(first())
  EXPECT_TRUE(respectsConstness(model, afterGetter(1, 6, true)));   // show(*first())
}

TEST(ConstnessTest, AMutableResultMayBeChanged) {
  const ClassModel model = documentModel();
  EXPECT_TRUE(respectsConstness(model, afterGetter(2, 3, false))); // last()->rename()
  EXPECT_TRUE(respectsConstness(model, afterGetter(2, 5, true)));  // adopt(last())
}

TEST(ConstnessTest, WhatChangesAnObject) {
  const ClassModel model = documentModel();
  EXPECT_TRUE(returnsConstObject(model.callables[1]));
  EXPECT_FALSE(returnsConstObject(model.callables[2]));
  EXPECT_TRUE(changesObject(model.callables[3], -1)); // non-const method: its receiver
  EXPECT_FALSE(changesObject(model.callables[4], -1));
  EXPECT_TRUE(changesObject(model.callables[5], 0));   // Node *
  EXPECT_FALSE(changesObject(model.callables[6], 0));  // const Node &
  EXPECT_FALSE(changesObject(model.callables[0], -1)); // a constructor has no receiver
}

} // namespace
} // namespace unitgen
