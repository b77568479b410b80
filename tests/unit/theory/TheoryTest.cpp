// unitgen/theory.h: what theoryViolation says of an object (a failure test's check) and what
// theoriesHold says (the driver's, after every call), for theories another TU registered.
#include <unitgen/theory.h>

#include "Counter.h"

#include <gtest/gtest.h>

namespace {

TEST(TheoryTest, AHoldingTheoryIsNoViolation) {
  Counter counter;
  counter.count = 3;
  EXPECT_EQ(unitgen::theoryViolation("CountWithinLimit", counter), "");
  std::string theory, violation;
  EXPECT_TRUE(unitgen::theoriesHold(counter, theory, violation));
  EXPECT_EQ(violation, "");
}

TEST(TheoryTest, AFailedAssertionNamesTheTheoryItsConditionAndLine) {
  Counter counter;
  counter.count = 11;
  EXPECT_EQ(unitgen::theoryViolation("CountWithinLimit", counter),
            "CountWithinLimit: UNITGEN_ASSERT(counter.count <= counter.limit) failed at "
            "CounterTheories.cpp:10");
  std::string theory, violation;
  EXPECT_FALSE(unitgen::theoriesHold(counter, theory, violation));
  EXPECT_EQ(theory, "CountWithinLimit");
  EXPECT_EQ(violation, unitgen::theoryViolation("CountWithinLimit", counter));
}

TEST(TheoryTest, AFailedAssumptionEndsTheTheorySilently) {
  Counter counter;
  counter.count = 11;
  counter.limit = -1;
  EXPECT_EQ(unitgen::theoryViolation("CountWithinLimit", counter), "");
  std::string theory, violation;
  EXPECT_TRUE(unitgen::theoriesHold(counter, theory, violation));
}

TEST(TheoryTest, EveryTheoryOfTheClassIsChecked) {
  Counter counter;
  counter.count = -2;
  std::string theory, violation;
  EXPECT_FALSE(unitgen::theoriesHold(counter, theory, violation));
  EXPECT_EQ(theory, "CountNotNegative");
  EXPECT_EQ(violation, "CountNotNegative: UNITGEN_ASSERT(counter.count >= 0) failed at "
                       "CounterTheories.cpp:14");
}

TEST(TheoryTest, ASubclassHasItsOwnTheoriesAndItsBasesAsTheBase) {
  NamedCounter counter;
  counter.count = 20;
  std::string theory, violation;
  // Its own class's theories only: the driver asks again for each base.
  EXPECT_FALSE(unitgen::theoriesHold(counter, theory, violation));
  EXPECT_EQ(theory, "NameGiven");
  counter.name = "hits";
  EXPECT_TRUE(unitgen::theoriesHold(counter, theory, violation));
  EXPECT_FALSE(unitgen::theoriesHold(static_cast<const Counter &>(counter), theory, violation));
  EXPECT_EQ(theory, "CountWithinLimit");
}

TEST(TheoryTest, ATheoryOfAnotherClassOrNoneOfThatNameSaysSo) {
  NamedCounter counter;
  EXPECT_EQ(unitgen::theoryViolation("CountWithinLimit", counter),
            "CountWithinLimit is a theory of Counter, not of this object");
  EXPECT_EQ(unitgen::theoryViolation("NoSuchTheory", Counter{}),
            "no theory named NoSuchTheory is linked in");
}

} // namespace
