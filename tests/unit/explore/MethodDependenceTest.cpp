// MethodDependence: tf-idf weights of the fields methods access, and which methods depend on which.
#include "explore/MethodDependence.h"

#include <gtest/gtest.h>

#include <cmath>

namespace unitgen {
namespace {

/// A stack: push writes items and size, pop reads and writes both, top reads items and size,
/// empty reads size, clear writes both, version reads the counter only `bump` writes.
class MethodDependenceTest : public testing::Test {
protected:
  void SetUp() override {
    constructor_ = add(CallableKind::Constructor, "Stack", {}, {"S::items", "S::size"});
    push_ = add(CallableKind::Method, "push", {}, {"S::items", "S::size"});
    pop_ = add(CallableKind::Method, "pop", {"S::items", "S::size"}, {"S::items", "S::size"});
    top_ = add(CallableKind::Method, "top", {"S::items", "S::size"}, {});
    empty_ = add(CallableKind::Method, "empty", {"S::size"}, {});
    clear_ = add(CallableKind::Method, "clear", {}, {"S::items", "S::size"});
    version_ = add(CallableKind::Method, "version", {"S::counter"}, {});
    bump_ = add(CallableKind::Method, "bump", {}, {"S::counter"});
  }
  int add(CallableKind kind, const std::string &name, std::vector<std::string> reads,
          std::vector<std::string> writes) {
    Callable callable;
    callable.id = static_cast<int>(model_.callables.size());
    callable.kind = kind;
    callable.owner = "S";
    callable.name = name;
    callable.qualifiedName = "S::" + name;
    callable.returnType.kind = TypeKind::Void;
    callable.effects.reads = std::move(reads);
    callable.effects.writes = std::move(writes);
    model_.callables.push_back(callable);
    return callable.id;
  }
  ClassModel model_;
  int constructor_ = -1, push_ = -1, pop_ = -1, top_ = -1, empty_ = -1, clear_ = -1, version_ = -1,
      bump_ = -1;
};

TEST_F(MethodDependenceTest, AFieldWeighsByHowOftenTheMethodAccessesItAndHowFewOthersDo) {
  const MethodDependence dependence(model_);
  // Seven methods (the constructor is no document); size is accessed by five, items by four,
  // counter by two.
  EXPECT_DOUBLE_EQ(dependence.weight(pop_, "S::size"), 2 * std::log(7.0 / 5.0));
  EXPECT_DOUBLE_EQ(dependence.weight(top_, "S::items"), std::log(7.0 / 4.0));
  EXPECT_DOUBLE_EQ(dependence.weight(version_, "S::counter"), std::log(7.0 / 2.0));
  EXPECT_EQ(dependence.weight(version_, "S::items"), 0);
  EXPECT_EQ(dependence.weight(constructor_, "S::items"), 0);
}

TEST_F(MethodDependenceTest, AMethodDependsOnWhatWritesOrAlsoReadsTheFieldsItReads) {
  const MethodDependence dependence(model_);
  // top reads items and size: push, pop and clear write them, pop and empty read them too.
  const double items = std::log(7.0 / 4.0), size = std::log(7.0 / 5.0);
  EXPECT_DOUBLE_EQ(dependence.relevance(top_, push_), items + size);
  EXPECT_DOUBLE_EQ(dependence.relevance(top_, empty_), size);
  EXPECT_EQ(dependence.relevance(top_, version_), 0);
  EXPECT_EQ(dependence.relevance(push_, top_), 0) << "push reads nothing";
  EXPECT_EQ(dependence.relevance(top_, top_), 0);
  EXPECT_DOUBLE_EQ(dependence.relevance(version_, bump_), std::log(7.0 / 2.0));
  // Most relevant first, ties in id order; a limit keeps the first.
  const auto ranked = dependence.dependencies(top_);
  ASSERT_EQ(ranked.size(), 4u);
  EXPECT_EQ(ranked[0].first, push_);
  EXPECT_EQ(ranked[1].first, pop_);
  EXPECT_EQ(ranked[2].first, clear_);
  EXPECT_EQ(ranked[3].first, empty_);
  EXPECT_EQ(dependence.dependencies(top_, 1).size(), 1u);
  EXPECT_TRUE(dependence.dependencies(bump_).empty()) << "bump reads nothing";
  // What depends on push: pop and top read both its fields, empty one; never push itself.
  const auto after = dependence.dependents(push_);
  ASSERT_EQ(after.size(), 3u);
  EXPECT_EQ(after[0].first, pop_);
  EXPECT_EQ(after[1].first, top_);
  EXPECT_EQ(after[2].first, empty_);
  EXPECT_DOUBLE_EQ(after[2].second, dependence.relevance(empty_, push_));
}

} // namespace
} // namespace unitgen
