// Emitted suites compile, link and pass: kit::Gadget, the shared subjects, CMake builds.
#include "EmitFixtures.h"

#include "emit/Emitter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

const char *const kCompiler = "clang++-14";

fs::path dataDir() { return fs::path(UNITGEN_TEST_DATA_DIR) / "data"; }
fs::path subjectsDir() { return fs::path(UNITGEN_SOURCE_DIR) / ".." / "shared" / "subjects"; }

std::string readFile(const fs::path &path) {
  std::ifstream stream(path, std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

/// A fresh folder under the temporary directory, removed at the end of the test.
class TempDir {
public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "unitgen-emit-XXXXXX").string();
    path_ = mkdtemp(pattern.data()) ? fs::path(pattern) : fs::path();
  }
  ~TempDir() {
    std::error_code ignored;
    if (!path_.empty())
      fs::remove_all(path_, ignored);
  }
  const fs::path &path() const { return path_; }

private:
  fs::path path_;
};

std::string quote(const fs::path &path) { return "'" + path.string() + "'"; }

/// Runs a shell command with its output in `log`; returns the exit status.
int run(const std::string &command, const fs::path &log) {
  int status = std::system(("(" + command + ") > " + quote(log) + " 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool haveCompiler() {
  return std::system((std::string("command -v ") + kCompiler + " > /dev/null").c_str()) == 0;
}

/// Compiles `testSource` with `sources` (include path `includeDir`), warnings as errors, and
/// links GoogleTest. Returns the binary, or an empty path after a test failure.
fs::path build(const fs::path &dir, const fs::path &testSource,
               const std::vector<fs::path> &sources, const fs::path &includeDir) {
  const fs::path binary = dir / (testSource.stem().string() + ".bin");
  // unitgen/theory.h for the theories a failure test calls.
  const fs::path unitgenInclude = fs::path(UNITGEN_SOURCE_DIR) / "include";
  std::string command = std::string(kCompiler) + " -std=c++17 -Wall -Wextra -Werror -O0 -I" +
                        quote(includeDir) + " -I" + quote(unitgenInclude) + " " + quote(testSource);
  for (const fs::path &source : sources)
    command += " " + quote(source);
  command += " -lgtest_main -lgmock -lgtest -pthread -o " + quote(binary);
  const fs::path log = dir / (testSource.stem().string() + ".build.log");
  if (run(command, log) != 0) {
    ADD_FAILURE() << "emitted " << testSource.filename() << " does not compile:\n"
                  << readFile(log) << "\n--- source ---\n"
                  << readFile(testSource);
    return {};
  }
  return binary;
}

EmitOptions optionsFor(const fixtures::Fixture &fixture, const fs::path &outDir, bool format) {
  EmitOptions options;
  options.outDir = outDir.string();
  options.seed = fixture.seed;
  options.commandLine = fixture.commandLine;
  options.clangFormat = format;
  options.linkTarget = fixture.linkTarget;
  options.theoryIncludeDir = fixture.theoryIncludeDir;
  return options;
}

TEST(CompileTest, GadgetSuiteCompilesAndPasses) {
  if (!haveCompiler())
    GTEST_SKIP() << kCompiler << " is not installed";
  TempDir temp;
  fs::create_directories(temp.path() / "src");
  for (const char *file : {"gadget.h", "gadget.cpp"})
    fs::copy_file(dataDir() / file, temp.path() / "src" / file);
  const fixtures::Fixture fixture = fixtures::gadgetFixture();
  // Through the whole entry point, clang-format included when it is installed.
  Expected<std::vector<std::string>> written =
      emitSuite(fixture.model, fixture.suite, optionsFor(fixture, temp.path() / "gen", true), {});
  ASSERT_TRUE(written) << written.error().message;
  ASSERT_EQ(written->size(), 4u);
  for (const std::string &path : *written)
    EXPECT_TRUE(fs::exists(path)) << path;

  const fs::path binary = build(temp.path(), temp.path() / "gen" / "Gadget_test.cpp",
                                {temp.path() / "src" / "gadget.cpp"}, temp.path() / "src");
  ASSERT_FALSE(binary.empty());
  const fs::path log = temp.path() / "run.log";
  EXPECT_EQ(run(quote(binary), log), 0) << readFile(log) << "\n--- source ---\n"
                                        << readFile(temp.path() / "gen" / "Gadget_test.cpp");
  // The empty failures file builds too (the CMake target must link).
  EXPECT_FALSE(build(temp.path(), temp.path() / "gen" / "Gadget_failures_test.cpp",
                     {temp.path() / "src" / "gadget.cpp"}, temp.path() / "src")
                   .empty());
}

TEST(CompileTest, FailureReproducersCompileAndFail) {
  if (!haveCompiler())
    GTEST_SKIP() << kCompiler << " is not installed";
  TempDir temp;
  const fixtures::Fixture fixture = fixtures::failureFixture();
  const std::vector<EmittedFile> files =
      renderSuite(fixture.model, fixture.suite, optionsFor(fixture, temp.path(), false), {});
  for (const EmittedFile &file : files)
    std::ofstream(temp.path() / file.name, std::ios::binary) << file.text;

  const fs::path regression =
      build(temp.path(), temp.path() / "Fragile_test.cpp", {dataDir() / "fragile.cpp"}, dataDir());
  ASSERT_FALSE(regression.empty());
  EXPECT_EQ(run(quote(regression), temp.path() / "regression.log"), 0)
      << readFile(temp.path() / "regression.log");

  const fs::path failures =
      build(temp.path(), temp.path() / "Fragile_failures_test.cpp",
            {dataDir() / "fragile.cpp", dataDir() / "fragile_theories.cpp"}, dataDir());
  ASSERT_FALSE(failures.empty());
  // Only reproducers that end without crashing or hanging are run here.
  for (const char *name : {"InsertBreaksInvariant", "InsertBreaksSelfEquality",
                           "FireThrowsNonStdException", "InsertBreaksSizeIsSmall"}) {
    const fs::path log = temp.path() / (std::string(name) + ".log");
    EXPECT_EQ(run(quote(failures) + " --gtest_filter=FragileFailureTest." + name, log), 1)
        << name << " should fail:\n"
        << readFile(log);
  }
  // The theory's own words: which assertion failed, and where.
  EXPECT_NE(readFile(temp.path() / "InsertBreaksSizeIsSmall.log")
                .find("SizeIsSmall: UNITGEN_ASSERT(fragile.size() < 1000) failed at "
                      "fragile_theories.cpp:8"),
            std::string::npos);
}

struct SubjectCase {
  fixtures::Fixture fixture;
  std::string folder;
  std::string source;
};

void PrintTo(const SubjectCase &subject, std::ostream *out) { *out << subject.folder; }

class SubjectCompileTest : public testing::TestWithParam<SubjectCase> {};

/// The golden fixtures mirror real subjects: their regression files pass against them.
TEST_P(SubjectCompileTest, RegressionFilePassesOnTheSubject) {
  const SubjectCase &subject = GetParam();
  const fs::path folder = subjectsDir() / subject.folder;
  if (!haveCompiler())
    GTEST_SKIP() << kCompiler << " is not installed";
  ASSERT_TRUE(fs::exists(folder / subject.source))
      << "the shared subjects are missing: no " << folder / subject.source
      << " (these tests need ../shared beside the checkout)";
  TempDir temp;
  const std::vector<EmittedFile> files =
      renderSuite(subject.fixture.model, subject.fixture.suite,
                  optionsFor(subject.fixture, temp.path(), false), {});
  std::ofstream(temp.path() / files[0].name, std::ios::binary) << files[0].text;
  const fs::path binary =
      build(temp.path(), temp.path() / files[0].name, {folder / subject.source}, folder);
  ASSERT_FALSE(binary.empty());
  const fs::path log = temp.path() / "run.log";
  EXPECT_EQ(run(quote(binary), log), 0) << readFile(log) << "\n--- source ---\n" << files[0].text;
}

INSTANTIATE_TEST_SUITE_P(
    Subjects, SubjectCompileTest,
    testing::Values(SubjectCase{fixtures::treeMapFixture(), "tree_map", "tree_map.cpp"},
                    SubjectCase{fixtures::miniSqlFixture(), "mini_sql", "mini_sql.cpp"},
                    SubjectCase{fixtures::bmiFixture(), "bmi", "bmi.cpp"},
                    SubjectCase{fixtures::sampleClassFixture(), "sample_class",
                                "sample_class.cpp"}),
    [](const testing::TestParamInfo<SubjectCase> &info) { return info.param.fixture.name; });

/// The output folder builds on its own: the CMakeLists.txt compiles the sources of the code
/// under test when no library target is given, and registers the tests with CTest.
TEST(CompileTest, OutputFolderBuildsStandaloneWithCMake) {
  if (std::system("command -v cmake > /dev/null && command -v ninja > /dev/null") != 0)
    GTEST_SKIP() << "needs cmake and ninja";
  TempDir temp;
  const fs::path src = temp.path() / "project" / "src";
  fs::create_directories(src);
  for (const char *file : {"gadget.h", "gadget.cpp"})
    fs::copy_file(dataDir() / file, src / file);
  fixtures::Fixture fixture = fixtures::gadgetFixture();
  fixture.model.sources[0].path = (src / "gadget.cpp").string();
  fixture.model.sources[0].directory = src.string();
  fixture.model.sources[0].arguments = {"-I" + src.string(), "-DGADGET_EXTRA=1"};
  fixture.model.classes[0].header = (src / "gadget.h").string();
  const fs::path gen = temp.path() / "project" / "tests" / "generated";
  Expected<std::vector<std::string>> written =
      emitSuite(fixture.model, fixture.suite, optionsFor(fixture, gen, false), {});
  ASSERT_TRUE(written) << written.error().message;
  const std::string cmakeLists = readFile(gen / "CMakeLists.txt");
  EXPECT_NE(cmakeLists.find("${CMAKE_CURRENT_SOURCE_DIR}/../../src/gadget.cpp"), std::string::npos)
      << cmakeLists;

  const fs::path build = temp.path() / "build";
  const fs::path log = temp.path() / "cmake.log";
  ASSERT_EQ(run("cmake -S " + quote(gen) + " -B " + quote(build) +
                    " -G Ninja -DCMAKE_CXX_COMPILER=" + kCompiler + " && cmake --build " +
                    quote(build) + " -j 2",
                log),
            0)
      << readFile(log) << "\n--- CMakeLists.txt ---\n"
      << cmakeLists;
  ASSERT_EQ(
      run("ctest --test-dir " + quote(build) + " --output-on-failure -LE unitgen-failures", log), 0)
      << readFile(log);
  EXPECT_NE(readFile(log).find("100% tests passed"), std::string::npos) << readFile(log);
}

/// As a subdirectory of the user's project, the tests link the library the user names.
TEST(CompileTest, OutputFolderBuildsAsSubdirectoryLinkingTheLibrary) {
  if (std::system("command -v cmake > /dev/null && command -v ninja > /dev/null") != 0)
    GTEST_SKIP() << "needs cmake and ninja";
  TempDir temp;
  const fs::path project = temp.path() / "project";
  fs::create_directories(project / "src");
  for (const char *file : {"gadget.h", "gadget.cpp"})
    fs::copy_file(dataDir() / file, project / "src" / file);
  std::ofstream(project / "CMakeLists.txt")
      << "cmake_minimum_required(VERSION 3.20)\n"
         "project(user_project LANGUAGES CXX)\n"
         "enable_testing()\n"
         "add_library(gadget_lib STATIC src/gadget.cpp)\n"
         "target_include_directories(gadget_lib PUBLIC src)\n"
         "target_compile_features(gadget_lib PUBLIC cxx_std_17)\n"
         "set(UNITGEN_TARGET_LIBRARY gadget_lib)\n"
         "add_subdirectory(tests/generated)\n";
  fixtures::Fixture fixture = fixtures::gadgetFixture();
  // Sources that do not exist: the build must not need them when a library is linked.
  fixture.model.sources[0].path = "/nonexistent/gadget.cpp";
  Expected<std::vector<std::string>> written = emitSuite(
      fixture.model, fixture.suite, optionsFor(fixture, project / "tests" / "generated", true), {});
  ASSERT_TRUE(written) << written.error().message;

  const fs::path build = temp.path() / "build";
  const fs::path log = temp.path() / "cmake.log";
  ASSERT_EQ(run("cmake -S " + quote(project) + " -B " + quote(build) +
                    " -G Ninja -DCMAKE_CXX_COMPILER=" + kCompiler + " && cmake --build " +
                    quote(build) + " -j 2",
                log),
            0)
      << readFile(log);
  ASSERT_EQ(run("ctest --test-dir " + quote(build) + " --output-on-failure", log), 0)
      << readFile(log);
  EXPECT_NE(readFile(log).find("100% tests passed"), std::string::npos) << readFile(log);
}

} // namespace
} // namespace unitgen
