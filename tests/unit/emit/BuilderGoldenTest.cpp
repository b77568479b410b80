// BuilderTestWriter: the builder, failure and legal tests of a hand-built list and its
// recorded calls equal tests/golden/emit/builder_list/*.golden (UNITGEN_UPDATE_GOLDEN=1
// rewrites them).
#include "emit/BuilderTestWriter.h"
#include "exhaustive/Finitization.h"

#include "FixtureBuilders.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

/// A field of `type`; a pointer to `record` when one is named.
Field field(const char *name, FieldShape shape, TypeDesc type, const char *record = "") {
  Field f;
  f.name = name;
  f.shape = shape;
  f.type = std::move(type);
  f.recordName = record;
  f.isPointer = shape == FieldShape::Ref;
  return f;
}

Callable method(int id, const char *name, TypeDesc result, bool takesInt) {
  Callable c;
  c.id = id;
  c.owner = "List";
  c.name = name;
  c.qualifiedName = std::string("List::") + name;
  c.returnType = result;
  if (takesInt)
    c.params.push_back(fixtures::param("value", fixtures::intType()));
  return c;
}

/// List {Node *head_; int size_;}, Node {int value; Mark mark; Node *next;}, scope 2.
ClassModel listModel() {
  ClassModel model;
  model.target = "List";
  model.includeSpellings = {"list.h"};
  ClassInfo list;
  list.qualifiedName = "List";
  list.header = "/project/list.h";
  list.isApi = true;
  list.invariant = "repOK";
  list.fields = {field("head_", FieldShape::Ref, {}, "List::Node"),
                 field("size_", FieldShape::Value, fixtures::intType())};
  list.callables = {0, 1, 2};
  ClassInfo node;
  node.qualifiedName = "List::Node";
  node.fields = {
      field("value", FieldShape::Value, fixtures::intType()),
      field("mark", FieldShape::Value,
            fixtures::enumType("Mark", {{"List::Mark::kPlain", 0}, {"List::Mark::kStarred", 1}})),
      field("next", FieldShape::Ref, {}, "List::Node")};
  model.classes = {list, node};
  model.callables = {method(0, "insert", fixtures::boolType(), true),
                     method(1, "size", fixtures::intType(), false),
                     method(2, "clear", fixtures::voidType(), false)};
  model.callables[1].isConst = model.callables[1].isObserver = true;
  return model;
}

HeapCallOutcome outcome(size_t heap, size_t plan, std::vector<long long> arguments,
                        HeapCallOutcome::Kind kind, long long value = 0, bool holds = true,
                        std::vector<std::optional<long long>> observed = {}) {
  HeapCallOutcome o;
  o.heap = heap;
  o.plan = plan;
  o.arguments = std::move(arguments);
  o.kind = kind;
  o.value = value;
  o.invariantHolds = holds;
  o.observed = std::move(observed);
  o.signal = kind == HeapCallOutcome::Kind::Crashed ? 11 : 0;
  return o;
}

std::string readFile(const fs::path &path) {
  std::ifstream stream(path, std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

/// `text` equals tests/golden/emit/<folder>/<name>.golden, or rewrites it with
/// UNITGEN_UPDATE_GOLDEN=1.
void expectGolden(const std::string &folder, const std::string &name, const std::string &text) {
  fs::path dir = fs::path(UNITGEN_SOURCE_DIR) / "tests" / "golden" / "emit" / folder;
  fs::path golden = dir / (name + ".golden");
  const char *update = std::getenv("UNITGEN_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    fs::create_directories(dir);
    std::ofstream(golden, std::ios::binary) << text;
    return;
  }
  EXPECT_EQ(text, readFile(golden)) << "differs from " << golden;
}

/// The list model's finitization at scope 2.
Finitization listFinitization(const ClassModel &model) {
  FinitizationOptions options;
  options.scope = 2;
  Expected<Finitization> finitization = finitize(model, options);
  EXPECT_TRUE(finitization) << finitization.error().message;
  return finitization ? *finitization : Finitization{};
}

/// Two heaps of the list, the empty one and one of two nodes (head_, size_, node0 {value,
/// mark, next}, node1 {value, mark, next}), with insert(0..1), size() and clear() planned.
BuilderSuite listSuite(const Finitization &finitization) {
  BuilderSuite suite;
  suite.finitization = &finitization;
  suite.heaps = {{0, 0, 0, 0, 0, 0, 0, 0}, {1, 2, 1, 1, 2, 0, 0, 0}};
  suite.methods = {0, 1, 2};
  suite.plans = {{0, {{0, 1}}}, {1, {}}, {2, {}}};
  suite.description = "the fet suite at scope 2";
  return suite;
}

TEST(BuilderGoldenTest, ListHeapsAndRecordedCalls) {
  ClassModel model = listModel();
  Finitization finitization = listFinitization(model);
  BuilderSuite suite = listSuite(finitization);
  // size() is read after every call; the test asserts it after insert and clear (not after
  // size() itself, a const method), and not where its reading threw (nullopt).
  suite.observers = {1};
  using Kind = HeapCallOutcome::Kind;
  suite.outcomes = {outcome(0, 0, {0}, Kind::Returned, 1, true, {1}),
                    outcome(0, 0, {1}, Kind::Returned, 1, true, {std::nullopt}),
                    outcome(0, 1, {}, Kind::Returned, 0, true, {0}),
                    outcome(0, 2, {}, Kind::Void, 0, true, {0}),
                    outcome(1, 0, {0}, Kind::Returned, 1, true, {2}),
                    outcome(1, 0, {1}, Kind::Crashed),
                    outcome(1, 1, {}, Kind::Threw, 0, true, {1}),
                    outcome(1, 2, {}, Kind::Hung),
                    outcome(1, 2, {}, Kind::Void, 0, false)};
  // Heap 2 is reached by public calls: insert(0), insert(1) (plan 0).
  suite.legal = {std::nullopt, LegalSequence{{}, {{0, {1}}, {0, {0}}}}};
  BuilderFiles files = writeBuilderTests(model, suite, {1, "unitgen generate --class List"});
  EXPECT_EQ(files.regressionName, "List_builder_test.cpp");
  EXPECT_EQ(files.failuresName, "List_builder_failures_test.cpp");
  EXPECT_EQ(files.legalName, "List_legal_test.cpp");
  for (const auto &[name, text] :
       {std::pair{files.regressionName, files.regression},
        std::pair{files.failuresName, files.failures}, std::pair{files.legalName, files.legal}})
    expectGolden("builder_list", name, text);
}

TEST(BuilderGoldenTest, TheoriesBrokenByAHeapAsBuiltAndByACall) {
  ClassModel model = listModel();
  model.theories = {"/project/list_theories.cpp"};
  Finitization finitization = listFinitization(model);
  BuilderSuite suite = listSuite(finitization);
  using Kind = HeapCallOutcome::Kind;
  // Heap 1: insert(1) breaks the theory NoOnes, clear() the invariant.
  HeapCallOutcome broken = outcome(0, 0, {1}, Kind::Returned, 1);
  broken.theory = {"NoOnes", "NoOnes: UNITGEN_ASSERT(!contains(1)) failed at list_theories.cpp:7"};
  suite.outcomes = {outcome(0, 0, {0}, Kind::Returned, 1), broken,
                    outcome(0, 2, {}, Kind::Void, 0, false), outcome(1, 1, {}, Kind::Returned, 2)};
  // Heap 2 breaks Short as built: one test of the heap alone; its calls stay regression tests.
  suite.heapTheories = {{},
                        {"Short", "Short: UNITGEN_ASSERT(size() < 2) failed at "
                                  "list_theories.cpp:3"}};
  BuilderFiles files = writeBuilderTests(
      model, suite, {1, "unitgen generate --class List --theories list_theories.cpp"});
  expectGolden("builder_list_theories", files.failuresName, files.failures);
  EXPECT_NE(files.regression.find("TEST(ListBuilderTest, Heap2)"), std::string::npos);
  EXPECT_EQ(files.regression.find("theoryViolation"), std::string::npos);
}

} // namespace
} // namespace unitgen
