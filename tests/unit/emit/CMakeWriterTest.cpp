// CMakeWriter: the emitted tests compile with the code under test's language flags.
#include "emit/CMakeWriter.h"
#include "EmitFixtures.h"

#include <gtest/gtest.h>

namespace unitgen::fixtures {
namespace {

std::string cmakeFor(const ClassModel &model) {
  return writeCMakeLists(model, cmakeOptionsFor(model, ""), "/tmp/out", {1, ""});
}

TEST(CMakeWriterTest, TheProjectsLanguageFlagsReachTheTests) {
  Fixture fixture = treeMapFixture();
  ASSERT_FALSE(fixture.model.sources.empty());
  fixture.model.sources[0].arguments = {"-std=c++17", "-O2", "-fno-exceptions", "-fno-rtti",
                                        "-DNDEBUG"};
  const std::string text = cmakeFor(fixture.model);
  EXPECT_NE(text.find("_compile_options\n  \"-fno-exceptions\"\n  \"-fno-rtti\")"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("target_compile_options(${unitgen_test} PRIVATE"), std::string::npos);
  EXPECT_EQ(text.find("\"-O2\""), std::string::npos) << "optimisation is the user's choice";
}

TEST(CMakeWriterTest, WithoutLanguageFlagsNothingIsAdded) {
  const std::string text = cmakeFor(treeMapFixture().model);
  EXPECT_EQ(text.find("_unitgen_compile_options"), std::string::npos) << text;
}

} // namespace
} // namespace unitgen::fixtures
