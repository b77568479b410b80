// Golden-file tests: the emitted texts equal tests/golden/emit/<fixture>/*.golden.
#include "EmitFixtures.h"

#include "emit/ClangFormat.h"
#include "emit/Emitter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

fs::path goldenDir(const std::string &fixture) {
  return fs::path(UNITGEN_SOURCE_DIR) / "tests" / "golden" / "emit" / fixture;
}

std::string readFile(const fs::path &path) {
  std::ifstream stream(path, std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

/// UNITGEN_UPDATE_GOLDEN=1 rewrites the golden files instead of comparing (review the diff).
bool updating() {
  const char *value = std::getenv("UNITGEN_UPDATE_GOLDEN");
  return value && std::string(value) == "1";
}

nlohmann::json sampleReport(const fixtures::Fixture &fixture) {
  return {{"target", fixture.model.target},
          {"seed", fixture.seed},
          {"budget", {{"executions", 1000}}},
          {"coverage", {{"lines", 0.75}, {"branches", 0.5}}}};
}

std::vector<EmittedFile> render(const fixtures::Fixture &fixture) {
  EmitOptions options;
  options.outDir = fixture.outDir;
  options.seed = fixture.seed;
  options.commandLine = fixture.commandLine;
  options.clangFormat = false; // golden files must not depend on the clang-format version
  options.linkTarget = fixture.linkTarget;
  options.theoryIncludeDir = fixture.theoryIncludeDir;
  return renderSuite(fixture.model, fixture.suite, options, sampleReport(fixture));
}

class GoldenTest : public testing::TestWithParam<fixtures::Fixture> {};

TEST_P(GoldenTest, MatchesGoldenFiles) {
  const fixtures::Fixture &fixture = GetParam();
  const std::vector<EmittedFile> files = render(fixture);
  ASSERT_EQ(files.size(), 4u);
  for (const EmittedFile &file : files) {
    const fs::path golden = goldenDir(fixture.name) / (file.name + ".golden");
    if (updating()) {
      fs::create_directories(golden.parent_path());
      std::ofstream(golden, std::ios::binary) << file.text;
      continue;
    }
    ASSERT_TRUE(fs::exists(golden)) << golden << " is missing; run with UNITGEN_UPDATE_GOLDEN=1";
    EXPECT_EQ(file.text, readFile(golden)) << "emitted " << file.name << " differs from " << golden;
  }
}

TEST_P(GoldenTest, IsDeterministic) {
  const std::vector<EmittedFile> first = render(GetParam());
  const std::vector<EmittedFile> second = render(GetParam());
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i)
    EXPECT_EQ(first[i].text, second[i].text) << first[i].name;
}

TEST_P(GoldenTest, LinesFitTheColumnLimit) {
  for (const EmittedFile &file : render(GetParam())) {
    if (file.name.find(".cpp") == std::string::npos)
      continue;
    std::istringstream lines(file.text);
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
      ++number;
      if (line.size() > 100)
        ADD_FAILURE() << file.name << ":" << number << " has " << line.size()
                      << " columns: " << line;
    }
  }
}

/// The emitter's own layout is what clang-format-14 makes of it, so the output does not depend
/// on whether clang-format is installed. Other versions may differ: only 14 is checked.
TEST_P(GoldenTest, LayoutMatchesClangFormat14) {
  const std::string program = findClangFormat();
  if (program.size() < 15 || program.compare(program.size() - 15, 15, "clang-format-14") != 0)
    GTEST_SKIP() << "clang-format-14 is not on PATH";
  for (const EmittedFile &file : render(GetParam())) {
    if (file.name.find(".cpp") == std::string::npos)
      continue;
    std::optional<std::string> formatted = clangFormat(program, file.text, file.name);
    ASSERT_TRUE(formatted) << "clang-format failed on " << file.name;
    EXPECT_EQ(*formatted, file.text) << file.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, GoldenTest, testing::ValuesIn(fixtures::allFixtures()),
                         [](const testing::TestParamInfo<fixtures::Fixture> &info) {
                           return info.param.name;
                         });

} // namespace
} // namespace unitgen
