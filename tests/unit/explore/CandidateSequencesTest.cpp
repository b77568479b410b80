// Candidate Sequence Search on hand-built models: only influencing callables are prepended,
// partial-order reduction keeps one order of independent setters, the data-flow check drops
// calls that cannot reach the method under test, bindings, and the length bound.
#include "explore/CandidateSequences.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace unitgen {
namespace {

TypeDesc primitive(TypeKind kind, const char *spelling) {
  TypeDesc type;
  type.kind = kind;
  type.spelling = type.valueSpelling = spelling;
  if (kind == TypeKind::Integer) {
    type.bits = 32;
    type.isSigned = true;
  }
  return type;
}

TypeDesc classType(const std::string &name, Passing passing = Passing::Reference) {
  TypeDesc type;
  type.kind = TypeKind::Class;
  type.className = name;
  type.spelling = type.valueSpelling = name;
  type.passing = passing;
  return type;
}

/// A model under construction: classes and callables with their static effects.
struct ModelBuilder {
  ClassModel model;

  explicit ModelBuilder(const std::string &target) {
    model.target = target;
    addClass(target);
  }
  void addClass(const std::string &name) {
    ClassInfo info;
    info.qualifiedName = name;
    info.isApi = true;
    model.classes.push_back(info);
  }
  int add(const std::string &owner, CallableKind kind, const std::string &name,
          std::vector<TypeDesc> params, TypeDesc result, std::vector<std::string> reads,
          std::vector<std::string> writes) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = owner;
    callable.name = name;
    callable.qualifiedName = owner + "::" + name;
    for (size_t i = 0; i < params.size(); ++i)
      callable.params.push_back({"p" + std::to_string(i), params[i]});
    callable.returnType = result;
    for (const std::string &field : reads)
      callable.effects.reads.push_back(owner + "::" + field);
    for (const std::string &field : writes)
      callable.effects.writes.push_back(field.find("::") == std::string::npos ? owner + "::" + field
                                                                              : field);
    model.callables.push_back(callable);
    return callable.id;
  }
};

TypeDesc voidType() { return primitive(TypeKind::Void, "void"); }

/// The JTestCraft TemperatureMonitor (table 4.3), plus a setter nobody reads.
struct Monitor {
  ModelBuilder b{"TM"};
  int ctor, setEnabled, update, getTemperature, warning, setUnused;
  Monitor() {
    ctor = b.add("TM", CallableKind::Constructor, "TM", {}, voidType(), {},
                 {"enabled", "temperature"});
    setEnabled = b.add("TM", CallableKind::Method, "setEnabled",
                       {primitive(TypeKind::Bool, "bool")}, voidType(), {}, {"enabled"});
    update = b.add("TM", CallableKind::Method, "updateTemperature",
                   {primitive(TypeKind::Integer, "int")}, voidType(), {"enabled"}, {"temperature"});
    getTemperature = b.add("TM", CallableKind::Method, "getTemperature", {},
                           primitive(TypeKind::Integer, "int"), {"temperature"}, {});
    warning = b.add("TM", CallableKind::Method, "warning", {}, primitive(TypeKind::Bool, "bool"),
                    {"temperature"}, {});
    setUnused = b.add("TM", CallableKind::Method, "setUnused",
                      {primitive(TypeKind::Integer, "int")}, voidType(), {}, {"unused"});
  }
};

std::vector<std::vector<int>> allCandidates(const ClassModel &model, size_t maxLength,
                                            CandidateStats *stats = nullptr) {
  CandidateSequences candidates(model, CandidateOptions{maxLength});
  std::vector<std::vector<int>> all;
  while (std::optional<Candidate> candidate = candidates.next()) {
    std::vector<int> callables;
    for (const Statement &statement : candidate->skeleton.statements)
      callables.push_back(statement.callable);
    EXPECT_EQ(candidate->methodUnderTest, callables.back());
    all.push_back(callables);
  }
  if (stats)
    *stats = candidates.stats();
  return all;
}

bool contains(const std::vector<std::vector<int>> &all, const std::vector<int> &sequence) {
  return std::find(all.begin(), all.end(), sequence) != all.end();
}

TEST(CandidateSequencesTest, FindsTheTemperatureMonitorWarningSequence) {
  Monitor m;
  auto all = allCandidates(m.b.model, 4);
  EXPECT_TRUE(contains(all, {m.ctor, m.setEnabled, m.update, m.warning}));
  EXPECT_TRUE(contains(all, {m.ctor, m.warning}));
  EXPECT_TRUE(contains(all, {m.ctor, m.update, m.warning}));
  // Shortest first.
  for (size_t i = 1; i < all.size(); ++i)
    EXPECT_LE(all[i - 1].size(), all[i].size());
}

TEST(CandidateSequencesTest, OnlyCallablesThatCanInfluenceTheRestArePrepended) {
  Monitor m;
  auto all = allCandidates(m.b.model, 5);
  ASSERT_FALSE(all.empty());
  for (const std::vector<int> &sequence : all) {
    for (size_t i = 0; i + 1 < sequence.size(); ++i) {
      // Getters write nothing and produce no object: never in front of anything.
      EXPECT_NE(sequence[i], m.getTemperature);
      EXPECT_NE(sequence[i], m.warning);
      // Nobody reads what setUnused writes.
      EXPECT_NE(sequence[i], m.setUnused);
    }
    // setEnabled only matters through updateTemperature, which reads `enabled`.
    auto enabled = std::find(sequence.begin(), sequence.end(), m.setEnabled);
    if (enabled != sequence.end() && sequence.back() != m.setEnabled)
      EXPECT_NE(std::find(enabled, sequence.end(), m.update), sequence.end());
  }
  CandidateSequences candidates(m.b.model, CandidateOptions{});
  EXPECT_TRUE(candidates.influences(m.ctor, {m.warning}));   // object and `temperature`
  EXPECT_TRUE(candidates.influences(m.update, {m.warning})); // `temperature`
  EXPECT_FALSE(candidates.influences(m.setEnabled, {m.warning}));
  EXPECT_TRUE(candidates.influences(m.setEnabled, {m.update, m.warning}));
  EXPECT_FALSE(candidates.influences(m.getTemperature, {m.update, m.warning}));
}

TEST(CandidateSequencesTest, PartialOrderReductionKeepsOneOrderOfIndependentSetters) {
  ModelBuilder b("FlagSetter");
  TypeDesc boolean = primitive(TypeKind::Bool, "bool");
  int ctor = b.add("FlagSetter", CallableKind::Constructor, "FlagSetter", {}, voidType(), {},
                   {"a", "b", "c"});
  int setA = b.add("FlagSetter", CallableKind::Method, "setA", {boolean}, voidType(), {}, {"a"});
  int setB = b.add("FlagSetter", CallableKind::Method, "setB", {boolean}, voidType(), {}, {"b"});
  int setC = b.add("FlagSetter", CallableKind::Method, "setC", {boolean}, voidType(), {}, {"c"});
  int calculate = b.add("FlagSetter", CallableKind::Method, "calculate", {},
                        primitive(TypeKind::Integer, "int"), {"a", "b", "c"}, {});
  CandidateStats stats;
  auto all = allCandidates(b.model, 5, &stats);
  std::set<std::vector<int>> withAllSetters;
  auto has = [](const std::vector<int> &sequence, int callable) {
    return std::find(sequence.begin(), sequence.end(), callable) != sequence.end();
  };
  for (const std::vector<int> &sequence : all)
    if (sequence.back() == calculate && has(sequence, setA) && has(sequence, setB) &&
        has(sequence, setC))
      withAllSetters.insert(sequence);
  // The six orders of the three setters reduce to the canonical one.
  EXPECT_EQ(withAllSetters, (std::set<std::vector<int>>{{ctor, setA, setB, setC, calculate}}));
  EXPECT_GT(stats.prunedByOrder, 0u);
  EXPECT_TRUE(contains(all, {ctor, setA, setC, calculate}));
  EXPECT_FALSE(contains(all, {ctor, setC, setA, calculate}));
}

TEST(CandidateSequencesTest, LengthIsBounded) {
  Monitor m;
  for (size_t maxLength : {1u, 2u, 3u, 6u}) {
    CandidateStats stats;
    auto all = allCandidates(m.b.model, maxLength, &stats);
    for (const std::vector<int> &sequence : all)
      EXPECT_LE(sequence.size(), maxLength);
    EXPECT_LE(stats.length, maxLength);
  }
  // Length 1: nothing is executable without an object but the constructor itself.
  auto single = allCandidates(m.b.model, 1);
  EXPECT_EQ(single, (std::vector<std::vector<int>>{{m.ctor}}));
}

TEST(CandidateSequencesTest, DataFlowCheckDropsCallsThatReachNothing) {
  Monitor m;
  CandidateSequences candidates(m.b.model, CandidateOptions{});
  // Two monitors, the method under test uses the second: the first is dead.
  std::optional<Sequence> dead = candidates.bind({m.ctor, m.ctor, m.warning});
  ASSERT_TRUE(dead);
  EXPECT_EQ(dead->statements[2].receiver, 1); // the nearest producer
  EXPECT_FALSE(candidates.dataFlows(*dead));
  std::optional<Sequence> live = candidates.bind({m.ctor, m.setEnabled, m.update, m.warning});
  ASSERT_TRUE(live);
  EXPECT_TRUE(candidates.dataFlows(*live));
  // A monitor set up and then replaced by a new one before the warning.
  std::optional<Sequence> replaced = candidates.bind({m.ctor, m.update, m.ctor, m.warning});
  ASSERT_TRUE(replaced);
  EXPECT_FALSE(candidates.dataFlows(*replaced));
  auto all = allCandidates(m.b.model, 4);
  EXPECT_FALSE(contains(all, {m.ctor, m.ctor, m.warning}));
  EXPECT_FALSE(contains(all, {m.ctor, m.update, m.ctor, m.warning}));
}

TEST(CandidateSequencesTest, ProducersBindReceiversAndArgumentsAcrossClasses) {
  // A connection produced by a driver, a statement constructed over the connection; closing
  // the connection (a field of Connection) influences the query; closing another connection
  // does not.
  ModelBuilder b("Statement");
  b.addClass("Driver");
  b.addClass("Connection");
  int driver = b.add("Driver", CallableKind::Constructor, "Driver", {}, voidType(), {}, {});
  int connect = b.add(
      "Driver", CallableKind::Method, "connect", {primitive(TypeKind::String, "std::string")},
      classType("Connection", Passing::UniquePtr), {}, {"Connection::closed", "Connection::url"});
  int close = b.add("Connection", CallableKind::Method, "close", {}, voidType(), {}, {"closed"});
  int statement = b.add("Statement", CallableKind::Constructor, "Statement",
                        {classType("Connection")}, voidType(), {}, {"Statement::connection"});
  int query = b.add("Statement", CallableKind::Method, "executeQuery",
                    {primitive(TypeKind::String, "std::string")}, primitive(TypeKind::Bool, "bool"),
                    {"connection"}, {});
  b.model.callables[query].effects.reads.push_back("Connection::closed");
  CandidateStats stats;
  auto all = allCandidates(b.model, 5, &stats);
  EXPECT_TRUE(contains(all, {driver, connect, statement, query}));
  // Constructing the statement and closing the connection are independent: one order only.
  EXPECT_NE(contains(all, {driver, connect, close, statement, query}),
            contains(all, {driver, connect, statement, close, query}));
  // A second connection whose only effect is on itself.
  EXPECT_FALSE(contains(all, {driver, connect, connect, statement, query}));
  CandidateSequences candidates(b.model, CandidateOptions{});
  std::optional<Sequence> bound = candidates.bind({driver, connect, statement, query});
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->statements[1].receiver, 0);
  EXPECT_EQ(bound->statements[2].args[0].kind, Argument::Kind::Variable);
  EXPECT_EQ(bound->statements[2].args[0].variable, 1);
  EXPECT_EQ(bound->statements[3].receiver, 2);
  EXPECT_EQ(bound->statements[3].args[0].kind, Argument::Kind::Literal); // left to the strategy
  EXPECT_FALSE(candidates.bind({connect, statement, query})); // no driver to connect with
  EXPECT_GT(stats.notExecutable, 0u);
}

} // namespace
} // namespace unitgen
