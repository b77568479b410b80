// The driver's checks at the end of a run pass over the objects the sequence left stale: on the
// sanitizer build, reading a Span of data/ledger after an append() moved the ledger's text is a
// use after free in unitgen's own checks, which made a passing test a failure.
#include "../exec/TestDrivers.h"
#include "../exec/TestModels.h"

#include "model/ViewLifetimes.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

constexpr int kLedger = 0, kAppend = 1, kFinish = 2, kText = 3;

TypeDesc typeOf(TypeKind kind, const std::string &spelling) {
  TypeDesc type;
  type.kind = kind;
  type.spelling = type.valueSpelling = spelling;
  return type;
}

/// Ledger(), `void Ledger::append(const std::string &)`, `Span Ledger::finish() const`,
/// `std::string Span::text() const` (an observer).
ClassModel ledgerModel() {
  const std::string dir = std::string(UNITGEN_SOURCE_DIR) + "/tests/unit/exec/data";
  ClassModel model;
  model.target = "Ledger";
  ClassInfo ledger, span;
  ledger.qualifiedName = "Ledger";
  ledger.fields = {
      {"text_", "std::string", Access::Private, FieldShape::Value, "", false, "", "", {}}};
  span.qualifiedName = "Span";
  span.fields = {
      {"data_", "const char *", Access::Private, FieldShape::Opaque, "", false, "pointer", "", {}},
      {"size_", "size_t", Access::Private, FieldShape::Value, "", false, "", "", {}}};
  for (ClassInfo *info : {&ledger, &span}) {
    info->includeSpelling = "ledger.h";
    info->isApi = true;
    info->copyable = info->movable = true;
  }
  auto add = [&](ClassInfo &owner, CallableKind kind, const std::string &name,
                 std::vector<Parameter> params, TypeDesc result, bool isConst) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = owner.qualifiedName;
    callable.name = name;
    callable.qualifiedName = owner.qualifiedName + "::" + name;
    callable.params = std::move(params);
    callable.returnType = std::move(result);
    callable.isConst = isConst;
    // An observer takes nothing and returns a value the test can assert: not finish().
    callable.isObserver = isConst && callable.returnType.kind != TypeKind::Class;
    owner.callables.push_back(callable.id);
    model.callables.push_back(callable);
  };
  TypeDesc entry = typeOf(TypeKind::String, "const std::string &");
  entry.valueSpelling = "std::string";
  entry.passing = Passing::ConstReference;
  TypeDesc spanType = typeOf(TypeKind::Class, "Span");
  spanType.className = "Span";
  add(ledger, CallableKind::Constructor, "Ledger", {}, typeOf(TypeKind::Void, "void"), false);
  add(ledger, CallableKind::Method, "append", {{"entry", entry}}, typeOf(TypeKind::Void, "void"),
      false);
  add(ledger, CallableKind::Method, "finish", {}, spanType, true);
  add(span, CallableKind::Method, "text", {}, typeOf(TypeKind::String, "std::string"), true);
  model.classes = {ledger, span};
  model.includeSpellings = {"ledger.h"};
  model.sources = {testing::dataSource(dir, "ledger")};
  return model;
}

/// `Ledger ledger; Span span = ledger.finish(); ledger.append(<a long entry>);`
Sequence finishedThenAppended() {
  Sequence sequence;
  sequence.statements.push_back({kLedger, -1, {}});
  sequence.statements.push_back({kFinish, 0, {}});
  sequence.statements.push_back({kAppend, 0, {Argument::of(Value::string(std::string(200, 'x')))}});
  return sequence;
}

TEST(StaleViewsTest, TheChecksAtTheEndPassOverAStaleView) {
  const ClassModel model = ledgerModel();
  const Sequence sequence = finishedThenAppended();
  ASSERT_TRUE(respectsViewLifetimes(model, sequence)) << "the stale span is never used";
  EXPECT_EQ(staleAtEnd(model, sequence), std::vector<int>{1});
  std::unique_ptr<Executor> replay = testing::startTestDriver(model, BuildKind::Replay);
  ASSERT_TRUE(replay);
  // Without the list, the span's observer reads the freed text.
  const Outcome unguarded = replay->run(sequence, RunFlags{true});
  EXPECT_EQ(unguarded.failure.kind, FailureKind::Sanitizer) << unguarded.failure.detail;
  EXPECT_NE(unguarded.failure.detail.find("heap-use-after-free"), std::string::npos)
      << unguarded.failure.detail;
  // Told which objects are stale, the driver checks the ledger alone.
  std::unique_ptr<Executor> guarded =
      testing::startTestDriver(model, BuildKind::Replay, false, 0, [&](ExecOptions &exec) {
        exec.staleAtEnd = [&](const Sequence &run) { return staleAtEnd(model, run); };
      });
  ASSERT_TRUE(guarded);
  const Outcome outcome = guarded->run(sequence, RunFlags{true});
  EXPECT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  bool spanObserved = false;
  for (const ObserverValue &observer : outcome.observers)
    spanObserved = spanObserved || observer.variable == 1;
  EXPECT_FALSE(spanObserved);
  ASSERT_EQ(outcome.finalStates.size(), 1u) << "the ledger's state, not the span's";
  EXPECT_EQ(outcome.finalStates[0].variable, 0);
}

} // namespace
} // namespace unitgen
