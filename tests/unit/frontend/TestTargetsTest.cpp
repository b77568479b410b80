// TestTargets: --learn-from's files, target names and test executables as test sources.
#include "frontend/TestTargets.h"

#include "TempProject.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using Sources = std::vector<std::string>;

/// A build folder whose compile database builds the library `keys` (keys.cpp, the code under
/// test, and util.cpp), the test target `key_tests` (key_test.cpp, keys.cpp compiled in again,
/// helper.cpp; by `arguments`) and `tools/fuzz_keys` (a subfolder's target, by `output`).
class TestTargetsTest : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char *file : {"keys.cpp", "util.cpp", "key_test.cpp", "helper.cpp", "fuzz.cpp"})
      project_.write(file, "// " + std::string(file) + "\n");
    const std::string dir = project_.dir();
    auto command = [&](const std::string &file, const std::string &object) {
      return "{\"directory\": \"" + dir + "\", \"command\": \"clang++-14 -o " + object + " -c " +
             dir + "/" + file + "\", \"file\": \"" + file + "\"}";
    };
    auto arguments = [&](const std::string &file, const std::string &object) {
      return "{\"directory\": \"" + dir + "\", \"arguments\": [\"clang++-14\", \"-o" + object +
             "\", \"-c\", \"" + file + "\"], \"file\": \"" + file + "\"}";
    };
    project_.write("compile_commands.json",
                   "[" + command("keys.cpp", "CMakeFiles/keys.dir/keys.cpp.o") + ",\n" +
                       command("util.cpp", "CMakeFiles/keys.dir/util.cpp.o") + ",\n" +
                       arguments("key_test.cpp", "CMakeFiles/key_tests.dir/key_test.cpp.o") +
                       ",\n" + arguments("keys.cpp", "CMakeFiles/key_tests.dir/keys.cpp.o") +
                       ",\n" + arguments("helper.cpp", "CMakeFiles/key_tests.dir/helper.cpp.o") +
                       ",\n" + command("helper.cpp", "MyCMakeFiles/other.dir/helper.cpp.o") +
                       ",\n{\"directory\": \"" + dir + "\", \"command\": \"clang++-14 -c " + dir +
                       "/fuzz.cpp\", \"file\": \"fuzz.cpp\", \"output\": "
                       "\"tools/CMakeFiles/fuzz_keys.dir/fuzz.cpp.o\"}]\n");
    SourceFile keys;
    keys.path = project_.path("keys.cpp");
    model_.sources.push_back(keys);
  }

  Expected<Sources> resolve(const Sources &arguments) {
    return resolveTestSources(arguments, project_.dir(), model_);
  }

  test::TempProject project_;
  ClassModel model_;
};

TEST_F(TestTargetsTest, ASourceFileIsItselfOnce) {
  Expected<Sources> sources = resolve(
      {project_.path("key_test.cpp"), project_.path("helper.cpp"), project_.path("key_test.cpp")});
  ASSERT_TRUE(sources) << sources.error().message;
  EXPECT_EQ(*sources, (Sources{project_.path("key_test.cpp"), project_.path("helper.cpp")}));
}

TEST_F(TestTargetsTest, ATargetIsTheSourcesCompiledIntoItButTheCodeUnderTest) {
  Expected<Sources> sources = resolve({"key_tests"});
  ASSERT_TRUE(sources) << sources.error().message;
  EXPECT_EQ(*sources, (Sources{project_.path("key_test.cpp"), project_.path("helper.cpp")}));
  sources = resolve({"fuzz_keys"});
  ASSERT_TRUE(sources) << sources.error().message;
  EXPECT_EQ(*sources, Sources{project_.path("fuzz.cpp")}) << "a subfolder's target, by `output`";
}

TEST_F(TestTargetsTest, AnExecutableNamesItsTarget) {
  project_.write("key_tests", std::string("\x7f"
                                          "ELF\x02\x01\x01",
                                          7));
  Expected<Sources> sources = resolve({project_.path("key_tests"), project_.path("helper.cpp")});
  ASSERT_TRUE(sources) << sources.error().message;
  EXPECT_EQ(*sources, (Sources{project_.path("key_test.cpp"), project_.path("helper.cpp")}));
}

TEST_F(TestTargetsTest, NeitherFileNorTargetIsAUsageErrorThatListsTheTargets) {
  Expected<Sources> sources = resolve({"other"});
  ASSERT_FALSE(sources);
  EXPECT_EQ(sources.error().code, ExitCode::Usage);
  EXPECT_NE(sources.error().message.find("'other' is no file"), std::string::npos)
      << sources.error().message;
  EXPECT_NE(sources.error().message.find("its targets: fuzz_keys, key_tests, keys"),
            std::string::npos)
      << "`MyCMakeFiles/other.dir` is no target's folder: " << sources.error().message;
}

TEST_F(TestTargetsTest, TheLibrarysOwnTargetTeachesNothing) {
  Expected<Sources> sources = resolve({"keys"});
  ASSERT_TRUE(sources) << "util.cpp is no code under test";
  model_.sources.push_back({project_.path("util.cpp"), project_.dir(), {}});
  sources = resolve({"keys"});
  ASSERT_FALSE(sources);
  EXPECT_EQ(sources.error().code, ExitCode::Usage);
  EXPECT_NE(sources.error().message.find("compiles only the code under test"), std::string::npos)
      << sources.error().message;
}

} // namespace
} // namespace unitgen
