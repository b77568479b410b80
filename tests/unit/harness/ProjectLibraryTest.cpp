// ProjectLibrary: the project's other TUs archived as the project compiles them — what the code
// under test calls comes from the archive, a TU that defines main or does not compile stays out.
#include "harness/ProjectLibrary.h"
#include "harness/DriverBuilder.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

SourceFile librarySource(const std::string &name) {
  const std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data";
  return {dir + "/" + name, dir, {"-std=c++17", "-I" + dir}};
}

bool mentions(const std::vector<std::string> &lines, const std::string &what) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string &line) { return line.find(what) != std::string::npos; });
}

TEST(ProjectLibraryTest, ArchivesTheTusWithoutMainAndLinksWhatIsCalled) {
  ScratchDir dir("unitgen-project-library");
  ClassModel model;
  model.librarySources = {librarySource("greeting.cpp"), librarySource("greeter_main.cpp"),
                          librarySource("broken.cpp")};
  RuntimeObjectCache cache(dir.file("cache"));
  Expected<ProjectLibrary> library =
      buildProjectLibrary(model, findCompiler(), dir.path(), cache, 2);
  ASSERT_TRUE(library) << library.error().message;
  ASSERT_FALSE(library->archive.empty());
  EXPECT_EQ(library->depFiles.size(), 1u) << "greeting.cpp only";
  EXPECT_TRUE(mentions(library->leftOut, "greeter_main.cpp (defines main)"));
  EXPECT_TRUE(mentions(library->leftOut, "broken.cpp (does not compile"));

  // A program that calls greetingFor links from the archive, and brings no second main.
  const std::string program = dir.file("uses.cpp"), binary = dir.file("uses");
  std::ofstream(program)
      << "#include \"greeting.h\"\nint main() { return greetingFor(3).size(); }\n";
  ProcessResult linked =
      runProcess({findCompiler(), "-std=c++17", "-I" + librarySource("").directory, program,
                  library->archive, "-o", binary});
  ASSERT_TRUE(linked.ok()) << linked.output;
  EXPECT_EQ(runProcess({binary}).exitCode, 6) << "hihihi";
}

TEST(ProjectLibraryTest, ASecondBuildReusesTheObjectsAndArchivesEachOfThem) {
  ScratchDir dir("unitgen-project-library");
  ClassModel model;
  model.librarySources = {librarySource("greeting.cpp"), librarySource("farewell.cpp"),
                          librarySource("greeter_main.cpp")};
  RuntimeObjectCache cache(dir.file("cache"));
  fs::create_directories(dir.file("first"));
  fs::create_directories(dir.file("second"));
  Expected<ProjectLibrary> first =
      buildProjectLibrary(model, findCompiler(), dir.file("first"), cache, 2);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first->objectsReused, 0);
  Expected<ProjectLibrary> again =
      buildProjectLibrary(model, findCompiler(), dir.file("second"), cache, 2);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->objectsReused, 3);
  ASSERT_EQ(again->members.size(), 2u);

  // The cached objects share a file name; each must still be its own member of the archive.
  const std::string program = dir.file("uses.cpp"), binary = dir.file("uses");
  std::ofstream(program) << "#include \"farewell.h\"\n#include \"greeting.h\"\n"
                            "int main() { return greetingFor(2).size() + farewellLength(); }\n";
  ProcessResult linked =
      runProcess({findCompiler(), "-std=c++17", "-I" + librarySource("").directory, program,
                  again->archive, "-o", binary});
  ASSERT_TRUE(linked.ok()) << linked.output;
  EXPECT_EQ(runProcess({binary}).exitCode, 7);
}

TEST(ProjectLibraryTest, NoOtherTusNoArchive) {
  ScratchDir dir("unitgen-project-library");
  RuntimeObjectCache cache(dir.file("cache"));
  Expected<ProjectLibrary> library =
      buildProjectLibrary(ClassModel{}, findCompiler(), dir.path(), cache, 2);
  ASSERT_TRUE(library) << library.error().message;
  EXPECT_TRUE(library->archive.empty());
  EXPECT_TRUE(library->leftOut.empty());
}

} // namespace
} // namespace unitgen
