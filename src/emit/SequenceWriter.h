// SequenceWriter: one test's statements as C++: named objects, calls, and assertions on results.
#pragma once

#include "emit/CodeLayout.h"
#include "emit/Identifiers.h"
#include "model/ClassModel.h"
#include "suite/TestCase.h"

#include <map>
#include <string>
#include <vector>

namespace unitgen {

/// How the test holds an object a statement produced; decides `.` or `->`, `x` or `*x`.
enum class Holder { Object, Reference, ConstReference, Pointer, UniquePtr, SharedPtr };

/// A local variable of the test holding an object.
struct ObjectVariable {
  std::string name;
  std::string className; ///< qualified
  Holder holder = Holder::Object;
};

/// Writes the statements of one TestCase into a test body. Objects get variables named after
/// their class (`treeMap`, `connection`); calls are written as a person writes them
/// (`treeMap.put(1, 2)`, `connection->createStatement()`, `bmi::weightCategory(70.0, 1.8)`,
/// `a == b`), passing objects the way each parameter takes them (`*connection`, `x.get()`).
class SequenceWriter {
public:
  enum class Mode {
    /// Assert every recorded result and exception: the test passes on the current code.
    Regression,
    /// Reproduce a failure: results unchecked, exceptions before the failure still expected,
    /// every object named so checks after the failing call can reach it.
    Failure,
  };

  /// Writes statements 0..`last` of `test` (NotRun statements are skipped) into `body`.
  SequenceWriter(const ClassModel &model, const TestCase &test, int last, Mode mode,
                 CodeBlock &body);

  void writeStatements();
  /// Assertions on TestCase::observers (regression tests).
  void writeObservers();

  /// The variable of statement `index`, or null when it has none.
  const ObjectVariable *variable(int index) const;
  /// Variables in declaration order.
  std::vector<int> variables() const;
  /// The object as an lvalue of its class: `treeMap`, `*connection`.
  std::string object(int index) const;
  /// The object followed by its member access: `treeMap.`, `connection->`.
  std::string member(int index) const;
  /// `member(index)`, or `std::as_const(x).` for the const one of a const/non-const pair.
  std::string memberFor(int index, const Callable &callable) const;
  /// The call of statement `index` for comments: `poke(3)`, `Statement(connection)`.
  std::string humanCall(int index) const;
  /// A fresh local name (for checks the caller adds after the statements).
  std::string declare(const std::string &base) { return scope_.declare(base); }

private:
  void writeStatement(int index);
  /// A run of statements that one loop writes: the same method on the same object with literal
  /// arguments that differ only at `varying`, and results that are either not asserted or all
  /// the same (asserted once, inside the loop).
  struct LoopRun {
    int end = 0;        ///< exclusive; `begin + 1` when the run is too short to be a loop
    size_t varying = 0; ///< the argument the loop variable passes
    bool assertResult = false;
  };
  LoopRun loopRun(int begin) const;
  /// +1 or -1 when the varying integer argument of statements [begin, end) counts up or down
  /// by one (a counting loop); 0 otherwise.
  int countingStep(int begin, int end, size_t varying) const;
  /// `for (int value : {3, 1, 2}) heap.insert(value);`, or for a run of consecutive integers
  /// `for (int value = 1; value <= 32; ++value)`, for statements begin..run.end-1.
  void writeLoop(int begin, const LoopRun &run);
  /// The end of a run of three or more identical calls (same method, object and arguments)
  /// whose asserted integer results differ, as `pop()` emptying a stack: one loop over the
  /// expected values. `begin + 1` when there is none.
  int resultRun(int begin) const;
  /// `for (int expected : {4, 3, 9}) EXPECT_EQ(stack.pop(), expected);`
  void writeResultLoop(int begin, int end);
  Code argument(const Statement &statement, size_t position, bool exact);
  // Locals around a call (emit/CallLocals.cpp).
  /// `int value = 0;` (`char buffer[16] = {};` for a buffer) before the call to `statement`;
  /// returns how the call passes parameter `position` (`&value`, `value`, `buffer`).
  Code outArgument(const Statement &statement, size_t position);
  /// `const uint8_t data[] = {1, 2};` (`uint8_t data[1] = {};` for none) before the call to
  /// `statement`, for its array parameter `position` (TypeKind::Array); returns its name. One
  /// the call may write is an out-parameter, its elements asserted after the call.
  Code arrayArgument(const Statement &statement, size_t position);
  /// `EXPECT_THAT(values, testing::ElementsAre(1, 2));` for an array the call may have written.
  Code arrayAssertion(const std::string &array, const TypeDesc &type, const Value &elements) const;
  /// `declaration` initialised with `value` as a person writes it: `std::string value;`,
  /// `std::vector<int> values = {1, 2};`, `int index = 3;`.
  void declareLocal(const std::string &declaration, const Value &value, const TypeDesc &type);
  /// `EXPECT_EQ(value, 7);` for each out-parameter of statement `index`, after its call, and
  /// `EXPECT_EQ(deleterCalls, 1);` for each callback it called.
  void writeOutputs(int index);
  /// The rest of statement `index`, whose call makes its object through a `T **`
  /// (Callable::madeThrough): the call, asserted as its result is; then the object, as the
  /// `T *` local the call filled, in a `std::unique_ptr` when the test owns it.
  void writeMadeObject(int index, const Code &call);
  /// The readings of statement `index`'s result (Callable::madeReturn) to assert
  /// (kFirstResultObservation), as (observer callable, value): its text and number observers',
  /// or its yes-or-no ones' when it has no other.
  std::vector<std::pair<int, Value>> resultObservations(int index) const;
  /// `EXPECT_STREQ(buffer, "12");`, or `EXPECT_EQ(std::string(buffer, 4), "abcd");` when all
  /// `length` chars were written without a terminator.
  void writeBufferText(const std::string &buffer, int64_t length, const Value &text);
  /// `ON_CALL(listener, wantsMore()).WillByDefault(testing::Return(true));` after the mock
  /// `mock` of class `owner` that `statement` declares, for each method result the strategies
  /// chose (MockMethod::resultParameter) that is not what a NiceMock returns anyway.
  void writeMockResults(const Statement &statement, int owner, const std::string &mock);
  /// `EXPECT_CALL(handler, Put(testing::_, testing::_)).Times(2);` before statement `index`, for
  /// each mock whose methods it called; one per distinct arguments where they were recorded
  /// (`EXPECT_CALL(handler, Delete(testing::Property(&leveldb::Slice::ToString, "k")));`).
  void writeExpectedCalls(int index);
  /// The `calls` calls of `counted` grouped by their arguments, in the order first made, with
  /// how many had each; empty when they are only counted (not all recorded, or read
  /// differently).
  static std::vector<std::pair<std::vector<std::optional<Value>>, int64_t>>
  callsByArguments(const CallbackCalls &counted, int64_t calls);
  /// The lambda the test passes for callback parameter `position` of `callable`, declared with
  /// its static call counter the first time: `auto deleter = [](...) { ++deleterCalls; };`.
  std::string countingLambda(int callable, size_t position);
  Code callExpression(int index, std::vector<Code> args) const;
  /// `EXPECT_EQ(call, value)`, `EXPECT_TRUE(call)`, ... for a call that returned `value`.
  Code assertion(const Code &call, const TypeDesc &type, const Value &value) const;
  bool overloaded(const Callable &callable) const;
  bool producesObject(int index) const;
  /// Whether the receiver and object arguments of `statement` exist (statements after a
  /// failure, or after a null result, never ran).
  bool objectsAvailable(const Statement &statement) const;
  CallOutcome outcome(int index) const;
  /// The number the driver gave the file or output stream argument `position` of statement
  /// `index`: they count in the order calls that ran were given them (kFirstHeldOutput).
  int heldNumber(int index, size_t position) const;

  const ClassModel &model_;
  const TestCase &test_;
  int last_;
  Mode mode_;
  CodeBlock &body_;
  NameScope scope_;
  std::vector<bool> needsVariable_;
  std::vector<ObjectVariable> variables_; ///< by statement index; empty name: none
  std::vector<int> order_;
  /// The locals the statement being written passes as out-parameters, by parameter index.
  std::vector<std::pair<int, std::string>> outLocals_;
  /// The `T *` local the statement being written passes for its object to be made in.
  std::string madeLocal_;
  /// The text of each TemporaryFile and std::ostringstream local declared so far
  /// (`file.text()`, `out.str()`), by its held output number (kFirstHeldOutput).
  std::map<int, std::string> heldLocals_;
  /// Per callback slot: the lambda and its counter, once declared.
  std::map<int, std::pair<std::string, std::string>> callbacks_;
  /// Per (slot, mock): the calls earlier EXPECT_CALLs account for.
  std::map<std::pair<int, int>, int64_t> mockCalls_;
};

/// The exception type to name in EXPECT_THROW: the recorded type, or std::exception when that
/// type cannot be named in a test (anonymous namespaces, local classes, not recorded).
std::string nameableException(const std::string &type);

} // namespace unitgen
