// Concolic drivers end to end: a driver built with BuildKind::Concolic for the executor tests'
// Counter class answers a symbolic request with a trace whose branch conditions range over the
// input bytes of the right statements' arguments, while calls, values and covered edges stay
// exactly those of the exploration build.
#include "TraceEvaluator.h"

#include "../exec/TestDrivers.h"
#include "../exec/TestModels.h"

#include "exec/Executor.h"
#include "exec/SymbolicInputs.h"
#include "exec/TraceDecoder.h"
#include "harness/DriverBuilder.h"
#include "runtime/driver/BoundaryOrder.h"

#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

namespace unitgen {
namespace {

using namespace testing;

std::string counterData() { return std::string(UNITGEN_SOURCE_DIR) + "/tests/unit/exec/data"; }

std::string traceText(const SymbolicTrace &trace) {
  std::string text;
  for (const BranchRecord &b : trace.branches)
    text += std::to_string(b.statement) + (b.taken ? " taken " : " not taken ") +
            formatExpression(trace, b.condition) + "\n";
  return text;
}

void expectSameBehaviour(const Outcome &a, const Outcome &b) {
  ASSERT_EQ(a.calls.size(), b.calls.size());
  for (size_t i = 0; i < a.calls.size(); ++i) {
    EXPECT_EQ(a.calls[i].status, b.calls[i].status) << i;
    EXPECT_EQ(a.calls[i].hasValue, b.calls[i].hasValue) << i;
    EXPECT_EQ(a.calls[i].value, b.calls[i].value) << i;
    EXPECT_EQ(a.calls[i].exceptionType, b.calls[i].exceptionType) << i;
    EXPECT_EQ(a.calls[i].exceptionMessage, b.calls[i].exceptionMessage) << i;
    EXPECT_EQ(a.calls[i].receiverState, b.calls[i].receiverState) << i;
  }
  EXPECT_EQ(a.failure.kind, b.failure.kind);
  EXPECT_EQ(a.edges, b.edges);           // SanitizerCoverage ran before the pass: the same edge ids
  EXPECT_EQ(a.boundaries, b.boundaries); // the probes went in before cloning: the same sites
  ASSERT_EQ(a.observers.size(), b.observers.size());
  for (size_t i = 0; i < a.observers.size(); ++i)
    EXPECT_EQ(a.observers[i].value, b.observers[i].value);
}

class ConcolicExecTest : public ::testing::TestWithParam<bool> {};

/// Hand-built model of data/account (independent of the frontend).
ClassModel accountModel() {
  std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data/account";
  ClassModel model;
  model.target = "Account";
  ClassInfo info;
  info.qualifiedName = "Account";
  info.header = dir + "/account.h";
  info.includeSpelling = "account.h";
  info.isApi = info.copyable = info.movable = true;
  info.fields = {
      {"balance_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}},
      {"owner_", "std::string", Access::Private, FieldShape::Value, "", false, "", "", {}}};
  TypeDesc voidType, boolType, stringValue, stringRef;
  voidType.kind = TypeKind::Void;
  voidType.spelling = "void";
  boolType.kind = TypeKind::Bool;
  boolType.spelling = boolType.valueSpelling = "bool";
  stringValue.kind = stringRef.kind = TypeKind::String;
  stringValue.spelling = stringValue.valueSpelling = stringRef.valueSpelling = "std::string";
  stringRef.spelling = "const std::string &";
  stringRef.passing = Passing::ConstReference;
  auto add = [&](CallableKind kind, std::string name, std::vector<Parameter> params, TypeDesc ret,
                 bool isConst) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Account";
    c.name = name;
    c.qualifiedName = "Account::" + name;
    c.params = std::move(params);
    c.returnType = std::move(ret);
    c.isConst = isConst;
    info.callables.push_back(c.id);
    model.callables.push_back(c);
  };
  add(CallableKind::Constructor, "Account", {}, voidType, false);
  add(CallableKind::Method, "deposit", {{"amount", intType()}}, voidType, false);
  add(CallableKind::Method, "withdraw", {{"amount", intType()}}, boolType, false);
  add(CallableKind::Method, "balance", {}, intType(), true);
  add(CallableKind::Method, "rename", {{"owner", stringValue}}, voidType, false);
  add(CallableKind::Method, "ownedBy", {{"name", stringRef}}, boolType, true);
  TypeDesc cString;
  cString.kind = TypeKind::CString;
  cString.spelling = "const char *";
  cString.valueSpelling = "char";
  cString.passing = Passing::ConstPointer;
  add(CallableKind::Method, "flagged", {{"strict", boolType}, {"tag", cString}}, boolType, true);
  TypeDesc doubleType;
  doubleType.kind = TypeKind::Floating;
  doubleType.spelling = doubleType.valueSpelling = "double";
  doubleType.bits = 64;
  add(CallableKind::Method, "affordable", {{"price", doubleType}}, boolType, true);
  model.callables[3].isObserver = true;
  model.classes.push_back(info);
  model.includeSpellings = {"account.h"};
  model.sources = {testing::dataSource(dir, "account")};
  return model;
}
/// Hand-built model of data/tally: one class in two translation units that share inline code.
ClassModel tallyModel() {
  const std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data/tally";
  ClassModel model;
  model.target = "Tally";
  ClassInfo info;
  info.qualifiedName = "Tally";
  info.header = dir + "/tally.h";
  info.includeSpelling = "tally.h";
  info.isApi = info.copyable = info.movable = true;
  info.fields = {{"total_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}}};
  TypeDesc voidType;
  voidType.kind = TypeKind::Void;
  voidType.spelling = "void";
  const std::vector<std::tuple<CallableKind, std::string, std::vector<Parameter>, TypeDesc>>
      callables = {{CallableKind::Constructor, "Tally", {}, voidType},
                   {CallableKind::Method, "add", {{"x", intType()}}, intType()},
                   {CallableKind::Method, "doubled", {}, intType()}};
  for (const auto &[kind, name, params, result] : callables) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Tally";
    c.name = name;
    c.qualifiedName = "Tally::" + name;
    c.params = params;
    c.returnType = result;
    c.isConst = c.isObserver = name == "doubled";
    info.callables.push_back(c.id);
    model.callables.push_back(c);
  }
  model.classes.push_back(info);
  model.includeSpellings = {"tally.h"};
  for (const char *stem : {"tally", "tally_report"})
    model.sources.push_back(testing::dataSource(dir, stem));
  return model;
}

enum AccountCallable {
  kNew,
  kDeposit,
  kWithdraw,
  kBalance,
  kRename,
  kOwnedBy,
  kFlagged,
  kAffordable
};

Sequence accountSequence(int deposit, int withdraw, const std::string &owner,
                         const std::string &asked) {
  Sequence s;
  s.statements.push_back({kNew, -1, {}});
  s.statements.push_back({kDeposit, 0, {Argument::of(Value::integer(deposit))}});
  s.statements.push_back({kWithdraw, 0, {Argument::of(Value::integer(withdraw))}});
  s.statements.push_back({kRename, 0, {Argument::of(Value::string(owner))}});
  s.statements.push_back({kOwnedBy, 0, {Argument::of(Value::string(asked))}});
  s.statements.push_back({kBalance, 0, {}});
  return s;
}

TEST_P(ConcolicExecTest, InlineCodeOfSeveralTranslationUnitsLinksOnce) {
  // clampToZero and std::max are in both objects, each copy in a COMDAT group with its coverage
  // guards; the linker keeps one group of each. The instrumented code's uninstrumented clone of
  // clampToZero, and std::max inlined into add and doubled, must not refer to the dropped one.
  auto concolic = startTestDriver(tallyModel(), BuildKind::Concolic, GetParam());
  auto exploration = startTestDriver(tallyModel(), BuildKind::Exploration, GetParam());
  ASSERT_TRUE(concolic && exploration);
  Sequence sequence;
  sequence.statements = {{0, -1, {}}, {1, 0, {Argument::of(Value::integer(4))}}, {2, 0, {}}};
  RunFlags symbolic{};
  symbolic.symbolic = true;
  Outcome traced = concolic->run(sequence, symbolic);
  expectSameBehaviour(traced, exploration->run(sequence, {}));
  EXPECT_EQ(traced.calls[2].value, Value::integer(8));
  EXPECT_FALSE(traced.symbolic.branches.empty());
}

TEST_P(ConcolicExecTest, SymbolicRequestReturnsTheTraceOfItsStatements) {
  auto concolic = startTestDriver(accountModel(), BuildKind::Concolic, GetParam());
  auto exploration = startTestDriver(accountModel(), BuildKind::Exploration, GetParam());
  ASSERT_TRUE(concolic && exploration);
  Sequence sequence = accountSequence(50, 80, "bob", "bob");
  RunFlags symbolic{true};
  symbolic.symbolic = true;
  Outcome traced = concolic->run(sequence, symbolic);
  Outcome plain = exploration->run(sequence, RunFlags{true});
  expectSameBehaviour(traced, plain);
  EXPECT_EQ(traced.calls[2].value, Value::boolean(false));
  EXPECT_EQ(traced.calls[4].value, Value::boolean(true));
  EXPECT_EQ(traced.calls[5].value, Value::integer(50));

  const SymbolicTrace &trace = traced.symbolic;
  // deposit(50), withdraw(80): 4 bytes each; rename("bob"), ownedBy("bob"): 3 bytes each.
  ASSERT_EQ(trace.inputs.size(), 14u);
  const int statementOf[] = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4};
  const uint8_t valueOf[] = {50, 0, 0, 0, 80, 0, 0, 0, 'b', 'o', 'b', 'b', 'o', 'b'};
  for (uint32_t i = 0; i < 14; ++i) {
    EXPECT_EQ(trace.inputs[i].statement, statementOf[i]) << i;
    EXPECT_EQ(trace.inputs[i].argument, 0) << i;
    EXPECT_EQ(trace.inputs[i].offset, i < 8 ? i % 4 : (i - 8) % 3) << i;
    EXPECT_EQ(trace.inputs[i].value, valueOf[i]) << i;
  }
  EXPECT_EQ(TraceEvaluator(trace).inconsistentBranches(), 0u);
  const std::string x = "(Concat (Concat (Concat in3 in2) in1) in0)";
  const std::string y = "(Concat (Concat (Concat in7 in6) in5) in4)";
  ASSERT_EQ(trace.branches.size(), 3u) << traceText(trace);
  // deposit: amount <= 0, over statement 1's argument.
  EXPECT_EQ(trace.branches[0].statement, 1);
  EXPECT_FALSE(trace.branches[0].taken);
  EXPECT_EQ(formatExpression(trace, trace.branches[0].condition), "(Sle " + x + " #x0:32)");
  // withdraw: amount > balance_, where balance_ came from statement 1 through the object.
  EXPECT_EQ(trace.branches[1].statement, 2);
  EXPECT_TRUE(trace.branches[1].taken);
  EXPECT_EQ(formatExpression(trace, trace.branches[1].condition),
            "(Sgt " + y + " (Add #x0:32 " + x + "))");
  // ownedBy: owner_ (statement 3's string, moved into the field) == name (statement 4's).
  EXPECT_EQ(trace.branches[2].statement, 4);
  EXPECT_TRUE(trace.branches[2].taken);
  EXPECT_EQ(formatExpression(trace, trace.branches[2].condition),
            "(BoolAnd (BoolAnd (Equal in8 in11) (Equal in9 in12)) (Equal in10 in13))");
  EXPECT_EQ(trace.expressionsDropped, 0u);

  // Closing the loop without a solver: input values that negate the withdraw branch
  // (amount 20 <= balance 50), put back into the sequence, take the other direction.
  std::map<uint32_t, uint8_t> model{{4, 20}, {5, 0}, {6, 0}, {7, 0}, {11, 'a'}};
  Sequence flipped = substituteInputs(sequence, trace, model);
  EXPECT_EQ(flipped.statements[2].args[0].literal, Value::integer(20));
  EXPECT_EQ(flipped.statements[4].args[0].literal, Value::string("aob"));
  Outcome rerun = concolic->run(flipped, symbolic);
  EXPECT_EQ(rerun.calls[2].value, Value::boolean(true));
  EXPECT_EQ(rerun.calls[4].value, Value::boolean(false));
  EXPECT_EQ(rerun.calls[5].value, Value::integer(30));
  ASSERT_EQ(rerun.symbolic.branches.size(), 3u);
  EXPECT_FALSE(rerun.symbolic.branches[1].taken);
  EXPECT_FALSE(rerun.symbolic.branches[2].taken);
  EXPECT_EQ(rerun.symbolic.branches[1].site, trace.branches[1].site);
  // Negative numbers come back sign-extended.
  Sequence negative =
      substituteInputs(sequence, trace, {{0, 0xfe}, {1, 0xff}, {2, 0xff}, {3, 0xff}});
  EXPECT_EQ(negative.statements[1].args[0].literal, Value::integer(-2));

  // The same driver without the flag: the same behaviour, no trace.
  Outcome untraced = concolic->run(sequence, RunFlags{true});
  expectSameBehaviour(untraced, plain);
  EXPECT_TRUE(untraced.symbolic.nodes.empty());
  EXPECT_TRUE(untraced.symbolic.branches.empty());
  EXPECT_TRUE(untraced.symbolic.inputs.empty());
  // Another symbolic request: a fresh trace (nothing left from the previous one).
  Outcome other = concolic->run(accountSequence(3, 1, "al", "bo"), symbolic);
  expectSameBehaviour(other, exploration->run(accountSequence(3, 1, "al", "bo"), RunFlags{true}));
  ASSERT_EQ(other.symbolic.inputs.size(), 12u);
  EXPECT_EQ(other.symbolic.inputs[0].value, 3);
  ASSERT_EQ(other.symbolic.branches.size(), 3u) << traceText(other.symbolic);
  EXPECT_FALSE(other.symbolic.branches[1].taken);
  EXPECT_FALSE(other.symbolic.branches[2].taken);
  EXPECT_EQ(TraceEvaluator(other.symbolic).inconsistentBranches(), 0u);
}

TEST_P(ConcolicExecTest, BoundariesAreTheSameInEveryBuildAndRequest) {
  auto concolic = startTestDriver(accountModel(), BuildKind::Concolic, GetParam());
  auto exploration = startTestDriver(accountModel(), BuildKind::Exploration, GetParam());
  ASSERT_TRUE(concolic && exploration);
  RunFlags symbolic{true};
  symbolic.symbolic = true;
  // withdraw(50) with a balance of 50: `amount > balance_` at its boundary.
  Sequence atBoundary = accountSequence(50, 50, "bob", "bob");
  Outcome plain = exploration->run(atBoundary, RunFlags{true});
  ASSERT_FALSE(plain.boundaries.empty());
  expectSameBehaviour(concolic->run(atBoundary, symbolic), plain);
  expectSameBehaviour(concolic->run(atBoundary, RunFlags{true}), plain);
  // withdraw(80): that comparison is off its boundary, its left operand greater.
  Outcome past = exploration->run(accountSequence(50, 80, "bob", "bob"), RunFlags{true});
  auto withOrder = [](const Outcome &outcome, uint8_t order) {
    std::set<uint64_t> sites;
    for (uint64_t key : outcome.boundaries)
      if (boundaryOrder(key) == order)
        sites.insert(key & ~(uint64_t{7} << 53));
    return sites;
  };
  std::set<uint64_t> equalBefore = withOrder(plain, kOrderEqual);
  std::set<uint64_t> equalPast = withOrder(past, kOrderEqual);
  for (uint64_t site : equalPast)
    EXPECT_TRUE(equalBefore.count(site));
  EXPECT_LT(equalPast.size(), equalBefore.size());
  for (uint64_t site : equalBefore)
    if (!equalPast.count(site))
      EXPECT_TRUE(withOrder(past, kOrderGreater).count(site));
}

TEST_P(ConcolicExecTest, BoolAndCStringInputsCarryTheirDomains) {
  auto concolic = startTestDriver(accountModel(), BuildKind::Concolic, GetParam());
  ASSERT_TRUE(concolic);
  Sequence sequence;
  sequence.statements.push_back({kNew, -1, {}});
  sequence.statements.push_back(
      {kFlagged, 0, {Argument::of(Value::boolean(false)), Argument::of(Value::string("xy"))}});
  RunFlags symbolic{};
  symbolic.symbolic = true;
  Outcome outcome = concolic->run(sequence, symbolic);
  EXPECT_EQ(outcome.calls[1].value, Value::boolean(true));
  const SymbolicTrace &trace = outcome.symbolic;
  ASSERT_EQ(trace.inputs.size(), 3u); // the bool's byte, then the tag's two bytes
  EXPECT_EQ(trace.inputs[0].argument, 0);
  EXPECT_EQ(trace.inputs[1].argument, 1);
  EXPECT_EQ(trace.inputs[2].value, 'y');
  ASSERT_EQ(trace.branches.size(), 4u) << traceText(trace);
  // Domains first (site 0, concretizations), then the two branches of flagged().
  EXPECT_EQ(formatExpression(trace, trace.branches[0].condition), "(Ule in0 #x1:8)");
  EXPECT_EQ(formatExpression(trace, trace.branches[1].condition),
            "(BoolAnd (Distinct in1 #x0:8) (Distinct in2 #x0:8))");
  for (int k : {0, 1}) {
    EXPECT_TRUE(trace.branches[k].concretization);
    EXPECT_EQ(trace.branches[k].site, 0u);
    EXPECT_EQ(trace.branches[k].statement, 1);
  }
  EXPECT_FALSE(trace.branches[2].taken); // strict
  EXPECT_EQ(formatExpression(trace, trace.branches[2].condition), "(BitsToBool (And in0 #x1:8))");
  EXPECT_TRUE(trace.branches[3].taken); // tag[0] == 'x'
  EXPECT_EQ(formatExpression(trace, trace.branches[3].condition),
            "(Equal (SignExtend:32 in1) #x78:32)");
  EXPECT_EQ(TraceEvaluator(trace).inconsistentBranches(), 0u);
  // A solver's answer for `strict`, within its domain, goes back as a bool.
  Sequence strict = substituteInputs(sequence, trace, {{0, 1}});
  EXPECT_EQ(strict.statements[1].args[0].literal, Value::boolean(true));
  EXPECT_EQ(concolic->run(strict, symbolic).calls[1].value, Value::boolean(false));
}

TEST_P(ConcolicExecTest, FloatArgumentsAreSymbolicOnlyWithTheFloatFlag) {
  auto concolic = startTestDriver(accountModel(), BuildKind::Concolic, GetParam());
  ASSERT_TRUE(concolic);
  Sequence sequence;
  sequence.statements.push_back({kNew, -1, {}});
  sequence.statements.push_back({kDeposit, 0, {Argument::of(Value::integer(10))}});
  sequence.statements.push_back({kAffordable, 0, {Argument::of(Value::floating(7.5))}});
  RunFlags flags{};
  flags.symbolic = true;
  Outcome concrete = concolic->run(sequence, flags);
  EXPECT_EQ(concrete.calls[2].value, Value::boolean(true));
  EXPECT_EQ(concrete.symbolic.inputs.size(), 4u); // deposit's int only
  ASSERT_EQ(concrete.symbolic.branches.size(), 1u) << traceText(concrete.symbolic);
  flags.symbolicFloat = true;
  Outcome floats = concolic->run(sequence, flags);
  EXPECT_EQ(floats.calls[2].value, Value::boolean(true));
  ASSERT_EQ(floats.symbolic.inputs.size(), 12u); // and the double's 8 bytes
  EXPECT_EQ(floats.symbolic.inputs[4].statement, 2);
  ASSERT_EQ(floats.symbolic.branches.size(), 2u) << traceText(floats.symbolic);
  std::string text = formatExpression(floats.symbolic, floats.symbolic.branches[1].condition);
  EXPECT_NE(text.find("FloatOrderedLess"), std::string::npos) << text;
  EXPECT_NE(text.find("FloatMul"), std::string::npos) << text;
  EXPECT_NE(text.find("SignedToFloat"), std::string::npos) << text; // balance_ as a double
  EXPECT_FALSE(floats.symbolic.branches[1].taken);
  EXPECT_EQ(TraceEvaluator(floats.symbolic).inconsistentBranches(), 0u);
  // 9.0 * 1.25 > 10: the other direction, through substituteInputs on the double's bytes.
  double nine = 9.0;
  uint64_t bits;
  std::memcpy(&bits, &nine, sizeof bits);
  std::map<uint32_t, uint8_t> model;
  for (uint32_t k = 0; k < 8; ++k)
    model[4 + k] = static_cast<uint8_t>(bits >> (8 * k));
  Sequence pricier = substituteInputs(sequence, floats.symbolic, model);
  EXPECT_EQ(pricier.statements[2].args[0].literal, Value::floating(9.0));
  Outcome rerun = concolic->run(pricier, flags);
  EXPECT_EQ(rerun.calls[2].value, Value::boolean(false));
  EXPECT_TRUE(rerun.symbolic.branches[1].taken);
}

TEST_P(ConcolicExecTest, ThrowsAndCrashesKeepTheirOutcomes) {
  auto concolic = startTestDriver(counterModel(counterData()), BuildKind::Concolic, GetParam());
  auto exploration =
      startTestDriver(counterModel(counterData()), BuildKind::Exploration, GetParam());
  ASSERT_TRUE(concolic && exploration);
  RunFlags symbolic{};
  symbolic.symbolic = true;
  // add(-1) throws from the code under test: recorded behaviour, and the branch that threw
  // is in the trace (taken).
  Sequence throwing = counterWith({{kAdd, -1}, {kAdd, 1}});
  Outcome traced = concolic->run(throwing, symbolic);
  expectSameBehaviour(traced, exploration->run(throwing, {}));
  EXPECT_EQ(traced.calls[1].exceptionType, "std::invalid_argument");
  ASSERT_FALSE(traced.symbolic.branches.empty());
  EXPECT_TRUE(traced.symbolic.branches[0].taken);
  EXPECT_EQ(traced.symbolic.branches[0].statement, 1);
  EXPECT_EQ(TraceEvaluator(traced.symbolic).inconsistentBranches(), 0u);
  // A crash ends the request as before; the next symbolic request works.
  Outcome crashed = concolic->run(counterWith({{kAdd, 1}, {kPoke, 3}}), symbolic);
  EXPECT_TRUE(crashed.failure.kind == FailureKind::Crash) << toString(crashed.failure.kind);
  Outcome after = concolic->run(counterWith({{kAdd, 7}}), symbolic);
  EXPECT_EQ(after.failure.kind, FailureKind::None);
  EXPECT_FALSE(after.symbolic.branches.empty());
}

TEST_P(ConcolicExecTest, InvariantChecksBetweenStatementsAreNoPartOfThePath) {
  auto concolic = startTestDriver(counterModel(counterData()), BuildKind::Concolic, GetParam());
  ASSERT_TRUE(concolic);
  RunFlags symbolic{};
  symbolic.symbolic = true;
  // add(5) decides `amount < 0` and `amount > 100`; repOK() after it compares the symbolic
  // value_ twice more, but runs suspended: only add()'s two decisions are recorded.
  Outcome traced = concolic->run(counterWith({{kAdd, 5}}), symbolic);
  ASSERT_EQ(traced.failure.kind, FailureKind::None);
  size_t decisions = 0;
  for (const BranchRecord &branch : traced.symbolic.branches)
    decisions += branch.statement == 1 && !branch.concretization && branch.site != 0;
  EXPECT_EQ(decisions, 2u);
}

TEST_P(ConcolicExecTest, SymbolicStateRequestsReportTheReceiversFields) {
  auto concolic = startTestDriver(counterModel(counterData()), BuildKind::Concolic, GetParam());
  ASSERT_TRUE(concolic);
  RunFlags flags{};
  flags.symbolic = flags.symbolicState = true;
  // value_ holds the symbolic amount after add(5): one slot, and the shape does not depend on
  // the concrete amount; before any add it is concrete (no slot).
  Outcome five = concolic->run(counterWith({{kAdd, 5}}), flags);
  Outcome seven = concolic->run(counterWith({{kAdd, 7}}), flags);
  Outcome fresh = concolic->run(counterWith({}), flags);
  ASSERT_TRUE(five.symbolic.hasState && seven.symbolic.hasState && fresh.symbolic.hasState);
  EXPECT_EQ(five.symbolic.stateSlots.size(), 1u);
  EXPECT_EQ(five.symbolic.stateShape, seven.symbolic.stateShape);
  EXPECT_TRUE(fresh.symbolic.stateSlots.empty());
  EXPECT_NE(fresh.symbolic.stateShape, five.symbolic.stateShape);
  EXPECT_FALSE(concolic->run(counterWith({{kAdd, 5}}), RunFlags{}).symbolic.hasState);
}

INSTANTIATE_TEST_SUITE_P(ProcessModels, ConcolicExecTest, ::testing::Values(false, true),
                         [](const auto &info) { return info.param ? "ForkServer" : "Persistent"; });

} // namespace
} // namespace unitgen
