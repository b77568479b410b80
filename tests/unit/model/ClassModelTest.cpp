// ClassModel: the flags a test compiles with, the folders its includes are relative to, and
// the (pointer, length) parameter pairs.
#include "model/ClassModel.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

ClassModel withFlags(std::vector<std::vector<std::string>> commands) {
  ClassModel model;
  for (auto &arguments : commands)
    model.sources.push_back({"/src/a.cpp", "/build", std::move(arguments)});
  return model;
}

TEST(ClassModelTest, LanguageFlagsComeFromTheSourcesOwnCommands) {
  ClassModel model = withFlags({{"-O2", "-Iinclude", "-fno-exceptions", "-fno-rtti", "-Wall"},
                                {"-fno-rtti", "-funsigned-char"}});
  EXPECT_EQ(model.languageFlags(),
            (std::vector<std::string>{"-fno-exceptions", "-fno-rtti", "-funsigned-char"}));
  EXPECT_FALSE(model.exceptionsEnabled());
}

TEST(ClassModelTest, TheLastExceptionFlagOfACommandWins) {
  EXPECT_TRUE(withFlags({{"-fno-exceptions", "-fexceptions"}}).exceptionsEnabled());
  EXPECT_FALSE(withFlags({{"-fexceptions", "-fno-exceptions"}}).exceptionsEnabled());
  EXPECT_TRUE(withFlags({{"-O0"}}).exceptionsEnabled());
  // One source without exceptions is enough: the tests link it.
  EXPECT_FALSE(withFlags({{"-O0"}, {"-fno-exceptions"}}).exceptionsEnabled());
}

TEST(ClassModelTest, HeaderOnlyCodeTakesTheFlagsOfTheTusThatCompileIt) {
  ClassModel model;
  model.librarySources = {{"/src/user.cpp", "/build", {"-I/src/include", "-fno-exceptions"}}};
  ASSERT_EQ(model.flagSources().size(), 1u);
  EXPECT_EQ(model.flagSources()[0].path, "/src/user.cpp");
  EXPECT_FALSE(model.exceptionsEnabled());
  model.sources = {{"/src/own.cpp", "/build", {"-I/src/include"}}};
  EXPECT_EQ(model.flagSources()[0].path, "/src/own.cpp"); // its own sources, when it has them
  EXPECT_TRUE(model.exceptionsEnabled());
}

Callable withParams(std::vector<std::pair<std::string, TypeKind>> params) {
  Callable callable;
  for (auto &[name, kind] : params) {
    Parameter param;
    param.name = name;
    param.type.kind = kind;
    callable.params.push_back(param);
  }
  return callable;
}

TEST(ClassModelTest, IncludeRootsAreWhereTheSpellingsStart) {
  ClassModel model;
  ClassInfo tree, node, beside, odd;
  tree.header = "/p/include/ds/tree.h"; // `#include "ds/tree.h"` with -I/p/include
  tree.includeSpelling = "ds/tree.h";
  node.header = "/p/include/ds/node.h";
  node.includeSpelling = "ds/node.h";
  beside.header = "/p/src/cached.h"; // found beside the including file, no -I at all
  beside.includeSpelling = "cached.h";
  odd.header = "/p/src/other.h"; // a spelling that is not a suffix says nothing
  odd.includeSpelling = "../src/other.h";
  model.classes = {tree, node, beside, odd};
  EXPECT_EQ(model.includeRoots(), (std::vector<std::string>{"/p/include", "/p/src"}));
}

TEST(ClassModelTest, ALengthNamedAsOneFollowsItsData) {
  for (const char *name : {"n", "len", "length", "size", "nBytes", "buffer_size", "count"})
    EXPECT_TRUE(
        isBufferLength(withParams({{"data", TypeKind::CString}, {name, TypeKind::Integer}}), 1))
        << name;
  // `SetAttribute(const char *name, int value)`: a value, not a length.
  EXPECT_FALSE(
      isBufferLength(withParams({{"name", TypeKind::CString}, {"value", TypeKind::Integer}}), 1));
  // A length must come right after a C string.
  EXPECT_FALSE(
      isBufferLength(withParams({{"text", TypeKind::String}, {"n", TypeKind::Integer}}), 1));
  EXPECT_FALSE(isBufferLength(withParams({{"n", TypeKind::Integer}}), 0));
}

} // namespace
} // namespace unitgen
