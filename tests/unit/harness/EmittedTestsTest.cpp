// EmittedTests: test sources compiled with the code under test's flags (errors placed on their
// lines), linked with its sources, and run sandboxed with each test's fate read back.
#include "harness/EmittedTests.h"
#include "support/ScratchDir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace unitgen {
namespace {

/// greeting.cpp as the code under test, compiled without exceptions.
ClassModel greetingModel() {
  const std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data";
  ClassModel model;
  model.sources = {{dir + "/greeting.cpp", dir, {"-std=c++17", "-I" + dir, "-fno-exceptions"}}};
  return model;
}

std::string written(const ScratchDir &dir, const std::string &name, const std::string &text) {
  std::ofstream(dir.file(name)) << text;
  return dir.file(name);
}

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(EmittedTestsTest, ErrorsArePlacedOnTheTestLinesThatCauseThem) {
  ScratchDir dir("unitgen-emitted-tests");
  const std::string source = written(dir, "a_test.cpp",
                                     "#include \"greeting.h\"\n"                  // 1
                                     "#include <gtest/gtest.h>\n"                 // 2
                                     "TEST(A, Fine) { greetingFor(1); }\n"        // 3
                                     "TEST(A, Broken) {\n"                        // 4
                                     "  greetingFor(\"x\");\n"                    // 5
                                     "}\n"                                        // 6
                                     "TEST(A, Throws) {\n"                        // 7
                                     "  try { greetingFor(1); } catch (...) {}\n" // 8
                                     "}\n");
  TestCompileResult result = compileTestSource(greetingModel(), source, "", findCompiler());
  EXPECT_FALSE(result.ok);
  ASSERT_EQ(result.errors.size(), 2u) << result.output;
  EXPECT_EQ(result.errors[0].line, 5);
  // The project's -fno-exceptions reaches the test: a try block does not compile.
  EXPECT_EQ(result.errors[1].line, 8);
  EXPECT_NE(result.errors[1].message.find("exceptions"), std::string::npos)
      << result.errors[1].message;
}

TEST(EmittedTestsTest, RunsTellPassedFailedAndTheTestThatDied) {
  ScratchDir dir("unitgen-emitted-tests");
  const std::string source =
      written(dir, "b_test.cpp",
              "#include \"greeting.h\"\n#include <gtest/gtest.h>\n#include <cstdlib>\n"
              "#include <fstream>\n"
              "TEST(B, Passes) { EXPECT_EQ(greetingFor(2), \"hihi\"); }\n"
              "TEST(B, Fails) { EXPECT_EQ(greetingFor(1), \"hello\"); }\n"
              "TEST(B, Writes) { EXPECT_TRUE(std::ofstream(\"here.txt\") << \"x\"); }\n"
              "TEST(B, Dies) { std::abort(); }\n");
  const ClassModel model = greetingModel();
  const std::string object = dir.file("b_test.o");
  TestCompileResult compiled = compileTestSource(model, source, object, findCompiler());
  ASSERT_TRUE(compiled.ok) << compiled.output;
  BuildOptions build;
  build.cacheDir = dir.file("cache");
  const std::string binary = dir.file("b_test");
  Expected<bool> linked = linkTestBinary(model, {object}, binary, dir.file("link"), build);
  ASSERT_TRUE(linked) << linked.error().message;

  std::filesystem::create_directories(dir.file("run"));
  TestBinaryRun first = runTestBinary(binary, dir.file("run"), {"MALLOC_PERTURB_=90"}, {}, 60);
  EXPECT_TRUE(contains(first.passed, "B.Passes"));
  EXPECT_TRUE(contains(first.failed, "B.Fails"));
  // In a folder of its own inside the run's (FolderPerTest.cpp), removed after it.
  EXPECT_TRUE(contains(first.passed, "B.Writes"));
  for (const auto &entry : std::filesystem::recursive_directory_iterator(dir.file("run")))
    EXPECT_NE(entry.path().filename(), "here.txt") << entry.path();
  EXPECT_EQ(first.died, "B.Dies");

  TestSelection healthy;
  healthy.skip = {"B.Dies", "B.Fails"};
  healthy.shuffleSeed = 7;
  TestBinaryRun second = runTestBinary(binary, dir.file("run"), {}, healthy, 60);
  EXPECT_EQ(second.died, "");
  EXPECT_TRUE(second.failed.empty());
  EXPECT_EQ(second.passed.size(), 2u);

  TestSelection alone;
  alone.only = {"B.Fails"};
  TestBinaryRun third = runTestBinary(binary, dir.file("run"), {}, alone, 60);
  EXPECT_EQ(third.failed, std::vector<std::string>{"B.Fails"});
  EXPECT_TRUE(third.passed.empty());
}

} // namespace
} // namespace unitgen
