// Tests of dependency manifests: unchanged files match; an edit, a deletion or a new byte does not.
#include "support/DependencyManifest.h"
#include "support/Hash.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace unitgen {
namespace {

TEST(DependencyManifestTest, MatchesUntilAFileChangesOrGoes) {
  std::string base =
      (std::filesystem::temp_directory_path() / ("unitgen-manifest-" + std::to_string(getpid())))
          .string();
  std::filesystem::create_directories(base);
  std::string header = base + "/a.h", source = base + "/a.cpp";
  ASSERT_TRUE(writeFile(header, "int f();\n"));
  ASSERT_TRUE(writeFile(source, "#include \"a.h\"\nint f() { return 1; }\n"));
  std::string manifest = dependencyManifest({header, source});
  EXPECT_TRUE(dependenciesUnchanged(manifest));
  ASSERT_TRUE(writeFile(header, "int f();\n")); // rewritten with the same bytes
  EXPECT_TRUE(dependenciesUnchanged(manifest));
  ASSERT_TRUE(writeFile(header, "int f();\n\n"));
  EXPECT_FALSE(dependenciesUnchanged(manifest));
  ASSERT_TRUE(writeFile(header, "int f();\n"));
  std::remove(source.c_str());
  EXPECT_FALSE(dependenciesUnchanged(manifest));
  // A file that could not be read when the manifest was written never matches.
  EXPECT_FALSE(dependenciesUnchanged(dependencyManifest({base + "/missing.h"})));
  std::filesystem::remove_all(base);
}

TEST(DependencyManifestTest, DepFilesListTheirPrerequisites) {
  // clang's -MD output: continuation lines, and a space in a path escaped with a backslash.
  std::string text = "obj0.o: /src/a.cpp /usr/include/c++/v1/vector \\\n  /src/my\\ dir/b.h\n";
  EXPECT_EQ(
      parseDepFile(text),
      (std::vector<std::string>{"/src/a.cpp", "/usr/include/c++/v1/vector", "/src/my dir/b.h"}));
  EXPECT_TRUE(parseDepFile("").empty());
}

} // namespace
} // namespace unitgen
