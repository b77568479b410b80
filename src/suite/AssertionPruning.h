// AssertionPruning: drops observer assertions that repeat a check another test already makes.
#pragma once

#include "suite/TestCase.h"

#include <vector>

namespace unitgen {

/// An observer assertion that checks an object the same way as one a shorter test of the suite
/// already makes — after the same last operation on the object, the same observer running the
/// same code (ObserverValue::coverage, with hit-count levels) to the same result — adds lines but
/// little power to catch a fault, so it is dropped. (`isEmpty()` is false after every push;
/// `repOK()` on a grown array runs its loop more often and stays; `top()` after `a = b` checks
/// the assignment, not the push before it.) An observer whose reading, wherever the suite
/// asserts both on one object, follows from another's (`isEmpty()` from `size()`; it needs two
/// or more readings in the suite, so an invariant that is always true is never an echo) is,
/// beside that other observer, checked once per code path and result in the whole suite.
/// Assertions without coverage information (0) stay. A test keeps at least one assertion, so
/// that it can fail.
void dropRepeatedObserverAssertions(std::vector<TestCase> &tests);

/// Within one test: an object whose observers all read exactly as those of an object the test
/// touched later (a copy, an assignment's target, a second stack emptied the same way) is not
/// asserted; the later object is. On correct code the two blocks of assertions are the same
/// lines with another name, and a fault in how the first object got there shows in the later
/// one that was derived from it.
void dropObserversRepeatedByALaterObject(TestCase &test);

} // namespace unitgen
