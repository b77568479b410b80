// EmitFixtures: hand-built ClassModels and Suites for the emitter's golden and compile tests.
#pragma once

#include "FixtureBuilders.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace unitgen::fixtures {

struct Fixture {
  std::string name; ///< golden folder name
  ClassModel model;
  Suite suite;
  std::string outDir;
  uint64_t seed = 1;
  std::string commandLine;
  std::string linkTarget;
  std::string theoryIncludeDir; ///< EmitOptions::theoryIncludeDir
};

/// ds::TreeMap (put, remove, get → optional, firstKey throws, size observer), as the subject.
Fixture treeMapFixture();
/// minisql: Driver::connect → unique_ptr<Connection> → Statement → ResultSet by value.
Fixture miniSqlFixture();
/// bmi::weightCategory(double, double): doubles, limits, and an empty failures file.
Fixture bmiFixture();
/// SampleClass with 15 int parameters: argument wrapping.
Fixture sampleClassFixture();
/// A failures suite: segv, hang, abort, invariant, non-std exception, sanitizer, contracts.
Fixture failureFixture();
/// kit::Gadget (tests/unit/emit/data/gadget.h): every literal kind and passing mode, compiled.
Fixture gadgetFixture();

std::vector<Fixture> allFixtures();

/// GoogleTest prints a parameter in test listings (and so in ctest's test names): the name,
/// not the bytes.
void PrintTo(const Fixture &fixture, std::ostream *out);

} // namespace unitgen::fixtures
