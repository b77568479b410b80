// The palus strategy on a real driver of data/vault: the project's tests opened the vault with
// its word and withdrew; following their call-sequence model with its argument constraints pays
// out within a few executions, which random generation without the tests' values never does;
// and on data/gauge, a set-up the sanitizer watch rejected is no longer followed.
#include "explore/PalusStrategy.h"

#include "../exec/TestDrivers.h"
#include "HandModels.h"
#include "driver/ObjectProfile.h"
#include "exec/Executor.h"
#include "suite/Corpus.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

constexpr int kConstructor = 0, kOpen = 1, kWithdraw = 2, kMerge = 3;

/// The model of one test: `Vault vault; vault.open("sesame"); vault.withdraw(100);`.
CallSequenceModel vaultTests() {
  CallSequenceModel sample;
  ClassCallModel vault{"Vault", 4, {}, {}, {}};
  auto edge = [](int from, int callable, std::vector<ArgumentConstraint> arguments) {
    ModelEdge e{from, from + 1, callable, 1, {}};
    e.observations.push_back({ArgumentConstraint{}, std::move(arguments)});
    return e;
  };
  auto value = [](Value v) {
    ArgumentConstraint c;
    c.kind = ArgumentConstraint::Kind::Value;
    c.value = std::move(v);
    return c;
  };
  vault.edges = {edge(0, kConstructor, {}), edge(1, kOpen, {value(Value::string("sesame"))}),
                 edge(2, kWithdraw, {value(Value::integer(100))})};
  sample.classes.push_back(vault);
  sample.callsRecorded = 3;
  sample.objects = 1;
  sample.processes = 1;
  return sample;
}

/// Whether a call of `callable` in the corpus returned more than 0.
bool returnedPositive(const Corpus &corpus, int callable) {
  for (const CorpusEntry &entry : corpus.entries())
    for (size_t i = 0; i < entry.sequence.size() && i < entry.outcome.calls.size(); ++i)
      if (entry.sequence.statements[i].callable == callable && entry.outcome.calls[i].hasValue &&
          entry.outcome.calls[i].value.i > 0)
        return true;
  return false;
}

/// Whether a run of the corpus was paid out: a withdraw() that returned more than 0.
bool paidOut(const Corpus &corpus) { return returnedPositive(corpus, kWithdraw); }

struct PalusRun {
  bool paid = false;
  PalusStats stats;
};

PalusRun runPalus(Executor &executor, const ClassModel &model, uint64_t executions) {
  const CallSequenceModel sample = vaultTests();
  PalusOptions options;
  options.seed = 3;
  options.guidedShare = 1; // the guided phase alone
  Corpus corpus(model);
  auto palus = makePalusStrategy(model, sample, executor, options, nullptr);
  palus->run(Budget{0, executions}, corpus);
  return {paidOut(corpus), palus->stats()};
}

TEST(PalusStrategyTest, TheTestsArgumentsOpenWhatRandomArgumentsDoNot) {
  const ClassModel model = testing::vaultModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  const PalusRun guided = runPalus(*executor, model, 40);
  EXPECT_TRUE(guided.paid) << "the model's path with its recorded word and amount pays out";
  EXPECT_GT(guided.stats.fromRoots, 0u);
  EXPECT_GT(guided.stats.extended, 0u) << "legal sequences are extended along the model";
  EXPECT_GT(guided.stats.legal, 0u);
  // The model's few sequences are soon all run: the guided phase then ends before its budget.
  EXPECT_LE(guided.stats.guidedExecutions, 40u);

  // The model's calls with arguments from the value pool (`--guidance model`) may open it too:
  // the pool holds the tests' values, as every strategy's does. Random generation without them
  // does not.
  RandomOptions random;
  random.seed = 3;
  Corpus corpus(model);
  makeRandomStrategy(model, *executor, random)->run(Budget{0, 400}, corpus);
  EXPECT_FALSE(paidOut(corpus)) << "random generation never opens the vault either";
}

// The guided phase ends at its share, or earlier once the model has no sequence it did not run
// (each legal one is extended once, a root's is always the same): random takes the rest.
TEST(PalusStrategyTest, TheUnguidedPhaseTakesTheRestOfTheBudgetAndTheGuidedObjects) {
  const ClassModel model = testing::vaultModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  const CallSequenceModel sample = vaultTests();
  PalusOptions options;
  options.seed = 5;
  options.guidedShare = 0.25;
  RandomOptions random;
  random.seed = 5;
  Corpus corpus(model);
  auto palus = makePalusStrategy(model, sample, *executor, options,
                                 makeRandomStrategy(model, *executor, random));
  palus->run(Budget{0, 200}, corpus);
  EXPECT_GT(palus->stats().guidedExecutions, 0u);
  EXPECT_LE(palus->stats().guidedExecutions, 50u) << "a quarter of the executions at most";
  EXPECT_EQ(executor->stats().executions, 200u) << "random took the rest";
  EXPECT_TRUE(paidOut(corpus));
}

/// Two tests: `Vault a; a.open("sesame");` and `Vault b; b.merge(x)` with an `x` no recorded
/// call made (a vault of a fixture, say) that was open with its balance: an argument with no
/// state to build it along, only its abstract object profile (`profile`; 0: not recorded).
CallSequenceModel mergeTests(uint64_t profile) {
  CallSequenceModel sample;
  ClassCallModel vault{"Vault", 4, {}, {}, {}};
  ArgumentConstraint sesame;
  sesame.kind = ArgumentConstraint::Kind::Value;
  sesame.value = Value::string("sesame");
  ArgumentConstraint other;
  other.profile = profile;
  vault.edges = {ModelEdge{0, 1, kConstructor, 2, {{ArgumentConstraint{}, {}}}},
                 ModelEdge{1, 2, kOpen, 1, {{ArgumentConstraint{}, {sesame}}}},
                 ModelEdge{1, 3, kMerge, 1, {{ArgumentConstraint{}, {other}}}}};
  sample.classes.push_back(vault);
  return sample;
}

/// Whether a merge() of the corpus took a balance: its argument was an open vault.
bool merged(const Corpus &corpus) { return returnedPositive(corpus, kMerge); }

// Palus's abstract object profile constraint: when no state says how the tests' argument was
// made, an object whose fields abstract alike (open, a positive balance) is passed — one a legal
// guided sequence left in that profile, as the driver reported it.
TEST(PalusStrategyTest, AnArgumentNoRecordedCallMadeIsPassedByItsProfile) {
  const ClassModel model = testing::vaultModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  unitgen_rt::ObjectProfile open; // Vault's fields in declaration order: open_, balance_
  open.field(true);
  open.field(1000);
  for (const uint64_t profile : {open.hash(), uint64_t{0}}) {
    const CallSequenceModel sample = mergeTests(profile);
    PalusOptions options;
    options.seed = 7;
    options.guidedShare = 1;
    Corpus corpus(model);
    auto palus = makePalusStrategy(model, sample, *executor, options, nullptr);
    palus->run(Budget{0, 60}, corpus);
    if (profile) {
      EXPECT_TRUE(merged(corpus)) << "an open vault, as the tests' argument was, is merged";
      EXPECT_GT(palus->stats().byProfile, 0u);
    } else {
      EXPECT_FALSE(merged(corpus)) << "without the profile, a fresh (closed) vault is passed";
      EXPECT_EQ(palus->stats().byProfile, 0u);
    }
  }
}

// The tests made `Gauge gauge(0); gauge.read(7);`, a set-up the sanitizer build fails in (its
// float conversion): once the watch rejects it, the guided phase no longer runs it as the tests
// made it, only with the other scales its mutation draws.
TEST(PalusStrategyTest, ASetUpTheSanitizerWatchRejectedIsNoLongerFollowed) {
  const ClassModel model = testing::gaugeModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  CallSequenceModel sample;
  ClassCallModel gauge{"Gauge", 2, {}, {}, {}};
  auto value = [](int64_t v) {
    ArgumentConstraint c;
    c.kind = ArgumentConstraint::Kind::Value;
    c.value = Value::integer(v);
    return c;
  };
  gauge.edges = {ModelEdge{0, 1, 0, 1, {{ArgumentConstraint{}, {value(0)}}}},
                 ModelEdge{1, 2, 1, 1, {{ArgumentConstraint{}, {value(7)}}}}};
  sample.classes.push_back(gauge);
  for (const bool rejected : {false, true}) {
    PalusOptions options;
    options.seed = 11;
    options.guidedShare = 1;
    Corpus corpus(model);
    if (rejected)
      ASSERT_TRUE(corpus.rejectedCalls().add(Statement{0, -1, {Argument::of(Value::integer(0))}}));
    auto palus = makePalusStrategy(model, sample, *executor, options, nullptr);
    palus->run(Budget{0, 60}, corpus);
    size_t withZero = 0;
    for (const CorpusEntry &entry : corpus.entries())
      withZero += entry.sequence.statements[0].args[0].literal == Value::integer(0);
    if (rejected) {
      EXPECT_EQ(withZero, 0u);
      EXPECT_GT(palus->stats().notBuilt, 0u);
    } else {
      EXPECT_GT(withZero, 0u) << "the tests' own scale is followed while nothing rejects it";
    }
  }
}

} // namespace
} // namespace unitgen
