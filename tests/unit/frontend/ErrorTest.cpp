// Frontend input errors: build folder, database, lookup (unknown, ambiguous, template), parse.
#include "InputError.h"
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

const std::string kBad = std::string(UNITGEN_SOURCE_DIR) + "/tests/bad/";

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

TEST(FrontendErrorTest, BuildDirectoryMissing) {
  EXPECT_EQ(test::inputErrorOf({"/nonexistent/build", "", "", ""}, "X"),
            "build directory '/nonexistent/build' does not exist");
}

TEST(FrontendErrorTest, NoCompileDatabase) {
  test::TempProject project;
  std::string message = test::inputErrorOf(project.options(), "X");
  EXPECT_HAS(message, "no compile_commands.json in '" + project.dir() + "'");
  EXPECT_HAS(message, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
}

TEST(FrontendErrorTest, UnknownClassSuggestsCloseNames) {
  test::TempProject project;
  project.write("a.h", "namespace ds { class TreeMap { public: int size() const; }; }\n");
  project.write("a.cpp", "#include \"a.h\"\nint ds::TreeMap::size() const { return 0; }\n");
  project.addSource("a.cpp");
  project.writeDatabase();
  std::string missingNamespace = test::inputErrorOf(project.options(), "TreeMap");
  EXPECT_HAS(missingNamespace, "class 'TreeMap' not found");
  EXPECT_HAS(missingNamespace, "did you mean 'ds::TreeMap'?");
  EXPECT_HAS(test::inputErrorOf(project.options(), "ds::TreeMapp"), "did you mean 'ds::TreeMap'?");
  EXPECT_EQ(test::inputErrorOf(project.options(), "Unrelated").find("did you mean"),
            std::string::npos);
  EXPECT_HAS(test::inputErrorOf(project.options(), "ds::TreeMap", true),
             "is a class, not a free function");
}

TEST(FrontendErrorTest, AmbiguousClassNeedsSource) {
  test::TempProject project;
  project.addSource(kBad + "ambiguous/lib_a/widget.cpp", "-I" + kBad + "ambiguous/lib_a");
  project.addSource(kBad + "ambiguous/lib_b/widget.cpp", "-I" + kBad + "ambiguous/lib_b");
  project.writeDatabase();
  std::string message = test::inputErrorOf(project.options(), "Widget");
  EXPECT_HAS(message, "class 'Widget' is ambiguous");
  EXPECT_HAS(message, kBad + "ambiguous/lib_a/widget.h:4");
  EXPECT_HAS(message, kBad + "ambiguous/lib_b/widget.h:6");
  EXPECT_HAS(message, "--source");

  FrontendOptions options = project.options();
  options.sourceFilter = "lib_b/widget.h";
  Expected<ClassModel> model = buildModel(options, "Widget", false);
  ASSERT_TRUE(model) << model.error().message;
  EXPECT_EQ(model->classes[0].header, kBad + "ambiguous/lib_b/widget.h");
  ASSERT_EQ(model->sources.size(), 1u);
  EXPECT_EQ(model->sources[0].path, kBad + "ambiguous/lib_b/widget.cpp");

  options.sourceFilter = kBad + "ambiguous/lib_a/widget.cpp"; // a source file works as well
  model = buildModel(options, "Widget", false);
  ASSERT_TRUE(model) << model.error().message;
  EXPECT_EQ(model->classes[0].header, kBad + "ambiguous/lib_a/widget.h");
}

TEST(FrontendErrorTest, AClassTemplateNamesTheInstantiationsToTest) {
  test::TempProject project;
  project.addSource(kBad + "class_template/box.cpp", "-I" + kBad + "class_template");
  project.writeDatabase();
  std::string message = test::inputErrorOf(project.options(), "Box");
  EXPECT_HAS(message, "'Box'");
  EXPECT_HAS(message, "is a class template; name one of its instantiations");
  EXPECT_HAS(message, "the project uses 'Box<int>'");
}

TEST(FrontendErrorTest, NoPublicConstructorAndNoFactory) {
  test::TempProject project;
  project.addSource(kBad + "no_public_ctor/sealed.cpp", "-I" + kBad + "no_public_ctor");
  project.writeDatabase();
  std::string message = test::inputErrorOf(project.options(), "Sealed");
  EXPECT_HAS(message, "cannot test class 'Sealed'");
  EXPECT_HAS(message, "no public constructor");
  EXPECT_HAS(message, "factory");
}

TEST(FrontendErrorTest, HeaderThatDoesNotParse) {
  test::TempProject project;
  project.addSource(kBad + "parse_error/broken.cpp", "-I" + kBad + "parse_error");
  project.writeDatabase();
  std::string message = test::inputErrorOf(project.options(), "Broken");
  EXPECT_HAS(message, "does not compile");
  EXPECT_HAS(message, kBad + "parse_error/broken.h:7:22: error: expected ';'");
}

TEST(FrontendErrorTest, MissingInvariantAndUncallableFunction) {
  test::TempProject project;
  project.write("a.h", "#include <bitset>\nstruct Counter { int n = 0; bool repOK() const; };\n"
                       "int total(std::bitset<4> m);\n");
  project.write("a.cpp", "#include \"a.h\"\nbool Counter::repOK() const { return n >= 0; }\n"
                         "int total(std::bitset<4> m) { return m.count(); }\n");
  project.addSource("a.cpp");
  project.writeDatabase();
  FrontendOptions options = project.options();
  options.invariantName = "valid";
  EXPECT_HAS(test::inputErrorOf(options, "Counter"), "has no public method 'valid'");
  EXPECT_HAS(test::inputErrorOf(project.options(), "total", true),
             "parameter 1 has type std::bitset<4>: library type std::bitset is not supported yet");
  EXPECT_HAS(test::inputErrorOf(project.options(), "Counter", true),
             "is a class, not a free function");
  EXPECT_HAS(test::inputErrorOf(project.options(), "total"), "is a free function, not a class");
}

} // namespace
} // namespace unitgen
