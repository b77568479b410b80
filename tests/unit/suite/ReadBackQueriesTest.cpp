// Read-back queries: what a test asks its objects at the end about the values it stored.
#include "suite/ReadBackQueries.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

TypeDesc intType() {
  TypeDesc type;
  type.kind = TypeKind::Integer;
  type.bits = 32;
  type.isSigned = true;
  type.spelling = "int";
  return type;
}

TypeDesc boolType() {
  TypeDesc type;
  type.kind = TypeKind::Bool;
  type.spelling = "bool";
  return type;
}

/// `M m; m.put(key, value); m.get(key); m.has(key); m.erase(key)` and a copy `M n(m)`:
/// callables 0 (make), 1 (put), 2 (get), 3 (has), 4 (erase), 5 (copy).
struct Map {
  ClassModel model;
  Sequence sequence;
  Outcome outcome;

  Map() {
    auto add = [&](const char *name, CallableKind kind, std::vector<Parameter> params,
                   TypeDesc result, bool isConst) {
      Callable callable;
      callable.id = static_cast<int>(model.callables.size());
      callable.kind = kind;
      callable.owner = "M";
      callable.name = name;
      callable.params = std::move(params);
      callable.returnType = result;
      callable.isConst = isConst;
      model.callables.push_back(callable);
    };
    const Parameter key{"key", intType()}, value{"value", intType()};
    TypeDesc self;
    self.kind = TypeKind::Class;
    self.className = "M";
    self.passing = Passing::ConstReference;
    add("M", CallableKind::Constructor, {}, TypeDesc{}, false);
    add("put", CallableKind::Method, {key, value}, TypeDesc{}, false);
    add("get", CallableKind::Method, {key}, intType(), true);
    add("has", CallableKind::Method, {key}, boolType(), true);
    add("erase", CallableKind::Method, {key}, boolType(), false);
    add("M", CallableKind::Constructor, {{"other", self}}, TypeDesc{}, false);
    call(0, -1, {});
  }
  void call(int callable, int receiver, std::vector<Argument> args, bool changed = true) {
    sequence.statements.push_back({callable, receiver, std::move(args)});
    CallOutcome result;
    result.status = CallStatus::Returned;
    result.producedObject = receiver < 0;
    result.receiverChanged = receiver >= 0 && changed;
    outcome.calls.push_back(result);
  }
  void put(int receiver, int key, int value) {
    call(1, receiver, {Argument::of(Value::integer(key)), Argument::of(Value::integer(value))});
  }
  /// The appended queries as `get(5)@0`.
  std::vector<std::string> queries() const {
    Sequence asked = withReadBackQueries(model, sequence, outcome);
    std::vector<std::string> out;
    for (size_t i = sequence.size(); i < asked.size(); ++i) {
      const Statement &s = asked.statements[i];
      out.push_back(model.callables[s.callable].name + "(" + std::to_string(s.args[0].literal.i) +
                    ")@" + std::to_string(s.receiver));
    }
    return out;
  }
};

TEST(ReadBackQueriesTest, AsksAboutTheLatestKeysStoredOnePreferringTheValuedQuery) {
  Map map;
  for (int key : {1, 2, 3, 4})
    map.put(0, key, key * 10);
  map.put(0, 2, 99); // 2 again: the latest three distinct keys are 3, 4, 2
  // get(key) says what has(key) says and more; the values (10, 20, ...) are no keys.
  EXPECT_EQ(map.queries(), (std::vector<std::string>{"get(3)@0", "get(4)@0", "get(2)@0"}));
}

TEST(ReadBackQueriesTest, ACopyIsAskedAboutWhatItsSourceHeldAndARemovedKeyToo) {
  Map map;
  map.put(0, 7, 70);
  map.call(5, -1, {Argument::var(0)});               // M n(m)
  map.call(4, 2, {Argument::of(Value::integer(8))}); // n.erase(8)
  EXPECT_EQ(map.queries(), (std::vector<std::string>{"get(7)@0", "get(7)@2", "get(8)@2"}));
}

TEST(ReadBackQueriesTest, ACopyFilledAfterItWasMadeIsStillAskedAboutWhatItGot) {
  Map map;
  map.put(0, 7, 70);
  map.call(5, -1, {Argument::var(0)}); // M n(m)
  for (int key : {1, 2, 3})
    map.put(2, key, key);
  // The latest three keys of n are 1, 2, 3; the 7 it got from m checks the copy and takes
  // the place of the oldest.
  EXPECT_EQ(map.queries(),
            (std::vector<std::string>{"get(7)@0", "get(7)@2", "get(2)@2", "get(3)@2"}));
}

TEST(ReadBackQueriesTest, AQueryMadeSinceTheLastChangeAndConstCallsAddNothing) {
  Map map;
  map.put(0, 5, 50);
  map.call(2, 0, {Argument::of(Value::integer(5))}, false); // m.get(5): already asked
  map.call(3, 0, {Argument::of(Value::integer(6))}, false); // m.has(6): nothing stored
  EXPECT_TRUE(map.queries().empty());
  map.put(0, 5, 51); // changed since: ask again
  EXPECT_EQ(map.queries(), (std::vector<std::string>{"get(5)@0"}));
}

TEST(ReadBackQueriesTest, AConstructorsArgumentsAreNoContents) {
  // S(int capacity); push(int value); contains(int value) const; at(int where) const.
  Map stack;
  stack.model.callables.clear();
  stack.sequence.statements.clear();
  stack.outcome.calls.clear();
  auto add = [&](const char *name, CallableKind kind, const char *param, TypeDesc result,
                 bool isConst) {
    Callable callable;
    callable.id = static_cast<int>(stack.model.callables.size());
    callable.kind = kind;
    callable.owner = "M";
    callable.name = name;
    callable.params = {{param, intType()}};
    callable.returnType = result;
    callable.isConst = isConst;
    stack.model.callables.push_back(callable);
  };
  add("S", CallableKind::Constructor, "capacity", TypeDesc{}, false);
  add("push", CallableKind::Method, "value", boolType(), false);
  add("contains", CallableKind::Method, "value", boolType(), true);
  add("at", CallableKind::Method, "where", intType(), true);
  stack.call(0, -1, {Argument::of(Value::integer(9))});
  stack.call(1, 0, {Argument::of(Value::integer(4))});
  // contains(value) asks about what push(value) got; at(where), a name no method takes, about
  // any method's int: the 4, never the capacity 9.
  EXPECT_EQ(stack.queries(), (std::vector<std::string>{"contains(4)@0", "at(4)@0"}));
}

} // namespace
} // namespace unitgen
