// Sequence: the calls of one test (`v3 = v1.insert(5)`), the unit every strategy builds and runs.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// A literal argument or result. Integers travel as int64/uint64, floats as double (exact); a
/// container's elements as a List (a map's entries as Lists of key and value).
struct Value {
  enum class Kind { Null, Bool, Int, UInt, Float, String, List };
  Kind kind = Kind::Null;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  std::string s;
  std::vector<Value> items; ///< List

  static Value null() { return {}; }
  static Value boolean(bool b) {
    Value v;
    v.kind = Kind::Bool;
    v.i = b;
    return v;
  }
  static Value integer(int64_t x) {
    Value v;
    v.kind = Kind::Int;
    v.i = x;
    return v;
  }
  static Value unsignedInteger(uint64_t x) {
    Value v;
    v.kind = Kind::UInt;
    v.u = x;
    return v;
  }
  static Value floating(double x) {
    Value v;
    v.kind = Kind::Float;
    v.f = x;
    return v;
  }
  static Value string(std::string x) {
    Value v;
    v.kind = Kind::String;
    v.s = std::move(x);
    return v;
  }
  static Value list(std::vector<Value> elements) {
    Value v;
    v.kind = Kind::List;
    v.items = std::move(elements);
    return v;
  }

  /// Bitwise equality for floats (NaN == NaN, -0 != +0): what a regression assertion needs.
  bool operator==(const Value &other) const;
  bool operator!=(const Value &other) const { return !(*this == other); }
  bool operator<(const Value &other) const;
  /// Short debugging form (`5`, `"abc"`, `null`); the emitter has its own literal printer.
  std::string debugString() const;
};

struct Argument {
  enum class Kind { Literal, Variable };
  Kind kind = Kind::Literal;
  Value literal;     ///< Literal (Null for nullptr / std::nullopt)
  int variable = -1; ///< Variable: index of the statement that produced the object

  static Argument of(Value v) {
    Argument a;
    a.literal = std::move(v);
    return a;
  }
  static Argument var(int statement) {
    Argument a;
    a.kind = Kind::Variable;
    a.variable = statement;
    return a;
  }
  bool operator==(const Argument &other) const;
};

/// One call. Its result (an object, when the callable produces one) is variable `index`.
struct Statement {
  int callable = -1;
  int receiver = -1; ///< statement index of the receiver object; -1 for constructors/statics
  std::vector<Argument> args;
  bool operator==(const Statement &other) const;
};

struct Sequence {
  std::vector<Statement> statements;

  size_t size() const { return statements.size(); }
  bool operator==(const Sequence &other) const { return statements == other.statements; }
  /// Statement indices `index` depends on (receiver and variable arguments), transitively.
  std::vector<int> dependencies(int index) const;
  /// A copy without statement `index` and every statement that uses its result (transitively),
  /// with variable references renumbered.
  Sequence without(int index) const;
  /// The statements split into groups that share no object: two statements are in one group
  /// when one is the other's receiver or argument, transitively. Each group in statement order;
  /// groups ordered by their first statement.
  std::vector<std::vector<int>> independentParts() const;
  /// A copy with only the statements in `indices` (ascending, closed under dependencies), with
  /// variable references renumbered.
  Sequence only(const std::vector<int> &indices) const;
  /// Appends `other`, renumbering its variables; returns the offset of its first statement.
  int append(const Sequence &other);
  uint64_t hash() const;
  /// Runs of `minLength` or more consecutive calls of one method on one object, as [begin, end)
  /// statement ranges (stress runs with kStressRunCalls).
  std::vector<std::pair<int, int>> repeatedCalls(int minLength) const;
};

/// A run of this many calls of one method on one object is a stress run: random generation lets
/// it exceed --max-length, minimization searches its bounds rather than try each call, and the
/// emitter writes it as one loop even when its results differ.
constexpr int kStressRunCalls = 16;

} // namespace unitgen
