// The random strategy on a real driver of data/tally: stress candidates fill one object past
// what sequences of --max-length calls reach (the 40th add() of a Tally).
#include "explore/RandomStrategy.h"

#include "../exec/TestDrivers.h"
#include "BagModel.h"
#include "exec/Executor.h"
#include "suite/Corpus.h"
#include "suite/Goals.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace unitgen {
namespace {

using testing::type;

/// Hand-built model of data/tally.h (independent of the frontend).
ClassModel tallyModel() {
  std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data";
  ClassModel model;
  model.target = "Tally";
  ClassInfo info;
  info.qualifiedName = "Tally";
  info.header = dir + "/tally.h";
  info.includeSpelling = "tally.h";
  info.isApi = true;
  info.fields = {{"count_", "int", Access::Private, FieldShape::Value, "", false, "", ""},
                 {"milestone_", "bool", Access::Private, FieldShape::Value, "", false, "", ""}};
  auto add = [&](CallableKind kind, std::string name, std::vector<Parameter> params, TypeDesc ret,
                 bool isConst) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Tally";
    c.name = name;
    c.qualifiedName = "Tally::" + name;
    c.params = std::move(params);
    c.returnType = std::move(ret);
    c.isConst = isConst;
    c.isObserver = isConst;
    info.callables.push_back(c.id);
    model.callables.push_back(c);
  };
  const TypeDesc intType = type(TypeKind::Integer, "int");
  add(CallableKind::Constructor, "Tally", {}, type(TypeKind::Void, "void"), false);
  add(CallableKind::Method, "add", {{"value", intType}}, type(TypeKind::Void, "void"), false);
  add(CallableKind::Method, "milestone", {}, type(TypeKind::Bool, "bool"), true);
  add(CallableKind::Method, "count", {}, intType, true);
  model.classes.push_back(info);
  model.includeSpellings = {"tally.h"};
  SourceFile source;
  source.path = dir + "/tally.cpp";
  source.directory = dir;
  source.arguments = {"-std=c++17", "-I" + dir};
  model.sources = {source};
  return model;
}

/// `Tally tally;` and `adds` calls of add().
Sequence adds(int count) {
  Sequence sequence;
  sequence.statements.push_back(Statement{0, -1, {}});
  for (int i = 0; i < count; ++i)
    sequence.statements.push_back(Statement{1, 0, {Argument::of(Value::integer(i))}});
  return sequence;
}

TEST(RandomStrategyTest, StressCandidatesReachWhatMaxLengthCallsCannot) {
  ClassModel model = tallyModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  // The edges only the 40th add() runs.
  auto goalsAfter = [&](int count) {
    Sequence sequence = adds(count);
    return goalsOf(model, sequence, executor->run(sequence, RunFlags{true}));
  };
  std::vector<Goal> before = goalsAfter(39), after = goalsAfter(40), milestone;
  std::set_difference(after.begin(), after.end(), before.begin(), before.end(),
                      std::back_inserter(milestone));
  milestone.erase(std::remove_if(milestone.begin(), milestone.end(),
                                 [](Goal g) { return goalKind(g) != GoalKind::Edge; }),
                  milestone.end());
  ASSERT_FALSE(milestone.empty()) << "the milestone branch is an edge of its own";

  RandomOptions options;
  options.seed = 1;
  options.maxLength = 16;
  Corpus corpus(model);
  makeRandomStrategy(model, *executor, options)->run(Budget{0, 4000}, corpus);
  for (Goal goal : milestone) {
    auto best = corpus.best().find(goal);
    ASSERT_NE(best, corpus.best().end()) << describeGoal(model, adds(40), {}, goal);
    const Sequence &reached = corpus.entries()[best->second].sequence;
    EXPECT_GE(reached.size(), 41u);
    EXPECT_LE(reached.size(), 16u + 128u) << "a stress run is 32, 64 or 128 calls";
  }
}

} // namespace
} // namespace unitgen
