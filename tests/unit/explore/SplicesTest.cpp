// SpliceFinder on hand-built traces: which compared texts become new sequences, and when a
// repeated substitution is a new sequence (another context) or a repeat (the same text).
#include "explore/Splices.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

/// One statement whose argument 0 is `text`; every byte of it is a symbolic input.
struct OneString {
  Sequence sequence;
  SymbolicTrace trace;

  explicit OneString(const std::string &text, int callable = 3) {
    Statement statement;
    statement.callable = callable;
    statement.args.push_back(Argument::of(Value::string(text)));
    sequence.statements.push_back(statement);
    for (size_t i = 0; i < text.size(); ++i)
      trace.inputs.push_back({0, 0, static_cast<uint32_t>(i), static_cast<uint8_t>(text[i])});
  }
  OneString &compared(uint32_t offset, uint32_t length, std::string with) {
    trace.splices.push_back({offset, length, std::move(with)});
    return *this;
  }
};

std::vector<std::string> textsOf(const std::vector<Sequence> &sequences) {
  std::vector<std::string> texts;
  for (const Sequence &sequence : sequences)
    texts.push_back(sequence.statements[0].args[0].literal.s);
  return texts;
}

TEST(SplicesTest, TheComparedTextReplacesTheComparedBytes) {
  SpliceFinder finder;
  OneString run("select id from u");
  run.compared(15, 1, "users").compared(15, 1, "orders").compared(0, 6, "from");
  EXPECT_EQ(textsOf(finder.newSplices(run.sequence, run.trace)),
            (std::vector<std::string>{"select id from users", "select id from orders",
                                      "from id from u"}));
}

TEST(SplicesTest, TheSameSubstitutionInAnotherContextIsANewSplice) {
  // `u` → `users` was tried in a query without a where clause; the query that has one needs
  // it again (the subject mini_sql's line 252 sat behind exactly this).
  SpliceFinder finder;
  OneString first("select id from u");
  first.compared(15, 1, "users");
  ASSERT_EQ(finder.newSplices(first.sequence, first.trace).size(), 1u);
  OneString later("select id from u where age = 1");
  later.compared(15, 1, "users");
  EXPECT_EQ(textsOf(finder.newSplices(later.sequence, later.trace)),
            (std::vector<std::string>{"select id from users where age = 1"}));
  EXPECT_EQ(finder.repeats(), 0u);
}

TEST(SplicesTest, AResultProducedBeforeIsARepeat) {
  SpliceFinder finder;
  OneString first("from x");
  first.compared(5, 1, "users");
  ASSERT_EQ(finder.newSplices(first.sequence, first.trace).size(), 1u);
  // Another comparison whose splice gives the same text: nothing new to run.
  OneString second("from x");
  second.compared(5, 1, "users");
  EXPECT_TRUE(finder.newSplices(second.sequence, second.trace).empty());
  EXPECT_EQ(finder.repeats(), 1u);
  // The same text as another callable's argument is new.
  OneString otherCallable("from x", 4);
  otherCallable.compared(5, 1, "users");
  EXPECT_EQ(finder.newSplices(otherCallable.sequence, otherCallable.trace).size(), 1u);
}

TEST(SplicesTest, BytesNotInOrderOrOutsideTheStringAreNoSplice) {
  SpliceFinder finder;
  OneString shuffled("abcd");
  std::swap(shuffled.trace.inputs[1], shuffled.trace.inputs[2]);
  shuffled.compared(0, 3, "xy");
  EXPECT_TRUE(finder.newSplices(shuffled.sequence, shuffled.trace).empty());
  OneString tooLong("ab");
  tooLong.compared(1, 2, "xyz"); // input bytes 1 and 2: there is no byte 2
  EXPECT_TRUE(finder.newSplices(tooLong.sequence, tooLong.trace).empty());
}

TEST(SplicesTest, AppendsAWordOfTheVocabularyToTheLastCallsStrings) {
  SpliceFinder finder;
  OneString run("select id from users");
  Statement earlier = run.sequence.statements[0];
  run.sequence.statements.insert(run.sequence.statements.begin(), earlier);
  std::vector<Sequence> grown = finder.newAppends(run.sequence, {"where", "="});
  ASSERT_EQ(grown.size(), 2u);
  std::vector<std::string> texts;
  for (const Sequence &sequence : grown) {
    EXPECT_EQ(sequence.statements[0].args[0].literal.s, "select id from users")
        << "an earlier call's string is left alone";
    texts.push_back(sequence.statements[1].args[0].literal.s);
  }
  EXPECT_EQ(texts,
            (std::vector<std::string>{"select id from users where", "select id from users ="}));
  EXPECT_TRUE(finder.newAppends(run.sequence, {"where"}).empty()) << "each resulting text once";
  OneString spaced("a ");
  EXPECT_EQ(textsOf(finder.newAppends(spaced.sequence, {"b"})), std::vector<std::string>{"a b"});
}

} // namespace
} // namespace unitgen
