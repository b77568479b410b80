// The concolic strategy on a real concolic driver of data/lock: it reaches results guarded by
// exact values (one combination of three ints; a key armed before a later call), the first of
// which random generation with the same number of executions does not, and it is repeatable.
#include "explore/ConcolicStrategy.h"

#include "../exec/TestDrivers.h"
#include "../exec/TestModels.h"
#include "exec/Executor.h"
#include "explore/RandomStrategy.h"
#include "harness/DriverBuilder.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace unitgen {
namespace {

TypeDesc type(TypeKind kind, const char *spelling) {
  TypeDesc t;
  t.kind = kind;
  t.spelling = t.valueSpelling = spelling;
  if (kind == TypeKind::Integer) {
    t.bits = 32;
    t.isSigned = true;
  }
  return t;
}

/// Hand-built model of data/lock.h (independent of the frontend); no literals, so the value
/// pool cannot simply offer the magic numbers. grade() and say() only `withExtras`.
ClassModel lockModel(bool withExtras = false) {
  std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data";
  ClassModel model;
  model.target = "Lock";
  ClassInfo info;
  info.qualifiedName = "Lock";
  info.header = dir + "/lock.h";
  info.includeSpelling = "lock.h";
  info.isApi = info.copyable = info.movable = true;
  info.fields = {{"armed_", "bool", Access::Private, FieldShape::Value, "", false, "", "", {}}};
  auto add = [&](CallableKind kind, std::string name, std::vector<Parameter> params, TypeDesc ret,
                 bool isConst, std::vector<std::string> reads, std::vector<std::string> writes) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Lock";
    c.name = name;
    c.qualifiedName = "Lock::" + name;
    c.params = std::move(params);
    c.returnType = std::move(ret);
    c.isConst = isConst;
    c.effects.reads = std::move(reads);
    c.effects.writes = std::move(writes);
    info.callables.push_back(c.id);
    model.callables.push_back(c);
  };
  TypeDesc intType = type(TypeKind::Integer, "int");
  add(CallableKind::Constructor, "Lock", {}, type(TypeKind::Void, "void"), false, {},
      {"Lock::armed_"});
  add(CallableKind::Method, "arm", {{"key", intType}}, type(TypeKind::Void, "void"), false, {},
      {"Lock::armed_"});
  add(CallableKind::Method, "fire", {}, intType, true, {"Lock::armed_"}, {});
  add(CallableKind::Method, "open", {{"x", intType}, {"y", intType}, {"z", intType}},
      type(TypeKind::Bool, "bool"), true, {}, {});
  if (withExtras) {
    add(CallableKind::Method, "grade", {{"reading", intType}, {"scale", intType}}, intType, true,
        {}, {});
    TypeDesc stringRef = type(TypeKind::String, "const std::string &");
    stringRef.valueSpelling = "std::string";
    stringRef.passing = Passing::ConstReference;
    add(CallableKind::Method, "say", {{"word", stringRef}}, type(TypeKind::Bool, "bool"), true, {},
        {});
  }
  model.callables[2].isObserver = true;
  model.classes.push_back(info);
  model.includeSpellings = {"lock.h"};
  model.sources = {testing::dataSource(dir, "lock")};
  return model;
}
enum { kCtor, kArm, kFire, kOpen };

/// Whether some corpus sequence called `callable` and got `expected` back.
bool reached(const Corpus &corpus, int callable, const Value &expected) {
  for (const CorpusEntry &entry : corpus.entries())
    for (size_t i = 0; i < entry.sequence.size(); ++i)
      if (entry.sequence.statements[i].callable == callable &&
          entry.outcome.calls[i].status == CallStatus::Returned &&
          entry.outcome.calls[i].value == expected)
        return true;
  return false;
}

class ConcolicStrategyTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    model_ = new ClassModel(lockModel());
    concolic_ = testing::startTestDriver(*model_, BuildKind::Concolic).release();
  }
  static void TearDownTestSuite() {
    delete concolic_;
    delete model_;
  }
  static ClassModel *model_;
  static Executor *concolic_;
};
ClassModel *ConcolicStrategyTest::model_ = nullptr;
Executor *ConcolicStrategyTest::concolic_ = nullptr;

TEST_F(ConcolicStrategyTest, ReachesExactValuesThatRandomDoesNot) {
  ASSERT_TRUE(concolic_);
  Corpus corpus(*model_);
  ConcolicOptions options;
  options.seed = 3;
  auto strategy = makeConcolicStrategy(*model_, *concolic_, options);
  Budget budget;
  budget.maxExecutions = 300;
  strategy->run(budget, corpus);
  ConcolicStats stats = strategy->stats();
  EXPECT_LE(stats.executions, 300u);
  EXPECT_TRUE(reached(corpus, kOpen, Value::boolean(true)))
      << "open(x, y, z) with x == 123456789 && y * 3 == z + 7";
  // Candidate Sequence Search put arm() in front of fire(); the solver found the key.
  EXPECT_TRUE(reached(corpus, kFire, Value::integer(1)));
  EXPECT_GT(stats.followed, 0u);
  EXPECT_EQ(stats.importErrors, 0u);
  EXPECT_EQ(stats.solver.z3ModelMismatches, 0u);
  // Every direction is in one state; none was handed out twice (those still pending are the
  // ones the budget cut off).
  EXPECT_EQ(stats.followed + stats.diverged, stats.alternativeExecutions);
  EXPECT_EQ(stats.treeCounts.infeasible, stats.infeasible);
  EXPECT_LE(stats.solver.queries,
            stats.followed + stats.diverged + stats.infeasible + stats.timeouts);

  // Random generation with the same number of executions on the exploration build.
  auto exploration = testing::startTestDriver(*model_, BuildKind::Exploration);
  ASSERT_TRUE(exploration);
  Corpus randomCorpus(*model_);
  RandomOptions randomOptions;
  randomOptions.seed = 3;
  makeRandomStrategy(*model_, *exploration, randomOptions)->run(budget, randomCorpus);
  // (arm's key it may find: it learns the operands the code compared against; y * 3 == z + 7
  // relates two arguments, which no operand value gives away.)
  EXPECT_FALSE(reached(randomCorpus, kOpen, Value::boolean(true)));
}

TEST_F(ConcolicStrategyTest, SameSeedSameExecutions) {
  ASSERT_TRUE(concolic_);
  std::vector<size_t> goals;
  std::vector<nlohmann::json> reports;
  for (int run = 0; run < 2; ++run) {
    Corpus corpus(*model_);
    ConcolicOptions options;
    options.seed = 11;
    auto strategy = makeConcolicStrategy(*model_, *concolic_, options);
    Budget budget;
    budget.maxExecutions = 120;
    strategy->run(budget, corpus);
    goals.push_back(corpus.goalCount());
    reports.push_back(strategy->stats().toJson(false));
  }
  EXPECT_EQ(goals[0], goals[1]);
  EXPECT_EQ(reports[0].dump(), reports[1].dump());
}

TEST(ConcolicBoundaryTest, SolvesForEqualOperandsOfARelationalComparison) {
  ClassModel model = lockModel(true);
  const int kGrade = 4;
  auto concolic = testing::startTestDriver(model, BuildKind::Concolic);
  ASSERT_TRUE(concolic);
  Corpus corpus(model);
  ConcolicOptions options;
  options.seed = 5;
  Budget budget;
  budget.maxExecutions = 200;
  auto strategy = makeConcolicStrategy(model, *concolic, options);
  strategy->run(budget, corpus);
  ConcolicStats stats = strategy->stats();
  EXPECT_GT(stats.boundaryQueries, 0u);
  EXPECT_GT(stats.boundaryExecutions, 0u);
  // Some sequence calls grade(reading, scale) with reading * 3 == scale + 1000, and the probe
  // of that comparison said so.
  bool found = false;
  for (const CorpusEntry &entry : corpus.entries())
    for (size_t i = 0; i < entry.sequence.size(); ++i) {
      const Statement &statement = entry.sequence.statements[i];
      if (statement.callable != kGrade || statement.args.size() != 2)
        continue;
      int64_t reading = statement.args[0].literal.i, scale = statement.args[1].literal.i;
      if (static_cast<int32_t>(reading * 3) == static_cast<int32_t>(scale + 1000)) {
        found = true;
        EXPECT_FALSE(entry.outcome.boundaries.empty());
      }
    }
  EXPECT_TRUE(found) << "no grade() call at its boundary";
}

TEST(ConcolicSpliceTest, SplicesTextsOfAnotherLengthIntoStrings) {
  // say(word) is true only for "open sesame", a literal the hand-built model does not list:
  // a string of another length can only get there by a splice.
  ClassModel model = lockModel(true);
  const int kSay = 5;
  auto concolic = testing::startTestDriver(model, BuildKind::Concolic);
  ASSERT_TRUE(concolic);
  Corpus corpus(model);
  ConcolicOptions options;
  options.seed = 2;
  Budget budget;
  budget.maxExecutions = 200;
  auto strategy = makeConcolicStrategy(model, *concolic, options);
  strategy->run(budget, corpus);
  ConcolicStats stats = strategy->stats();
  EXPECT_GT(stats.splicesQueued, 0u);
  EXPECT_GT(stats.spliceExecutions, 0u);
  EXPECT_TRUE(reached(corpus, kSay, Value::boolean(true)));
}

} // namespace
} // namespace unitgen
