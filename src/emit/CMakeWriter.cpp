// CMake snippet writing: test executables, the library or sources under test, ctest registration.
#include "emit/CMakeWriter.h"

#include "emit/Identifiers.h"
#include "emit/TestNamer.h"

#include <algorithm>
#include <filesystem>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

void addUnique(std::vector<std::string> &list, const std::string &item) {
  if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end())
    list.push_back(item);
}

std::string absoluteIn(const std::string &directory, const std::string &path) {
  fs::path p(path);
  if (p.is_relative() && !directory.empty())
    p = fs::path(directory) / p;
  return p.lexically_normal().string();
}

/// A CMake argument: quoted, with what CMake would expand escaped.
std::string cmakeQuoted(const std::string &text) {
  std::string result = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\' || c == '$' || c == ';')
      result += '\\';
    result += c;
  }
  return result + "\"";
}

/// `path` for the CMakeLists.txt in `outDir`: relative to the folder when both lie in the same
/// top-level directory (so a checked-in folder keeps working after the project moves).
std::string cmakePath(const std::string &path, const std::string &outDir) {
  fs::path target(path), folder = fs::path(outDir).lexically_normal();
  if (target.is_absolute() && folder.is_absolute()) {
    auto t = target.begin(), f = folder.begin();
    bool sameTop = std::distance(target.begin(), target.end()) > 1 &&
                   std::distance(folder.begin(), folder.end()) > 1 && *++t == *++f;
    if (sameTop) {
      std::string relative = target.lexically_relative(folder).generic_string();
      if (!relative.empty())
        return "\"${CMAKE_CURRENT_SOURCE_DIR}/" + cmakeQuoted(relative).substr(1);
    }
  }
  return cmakeQuoted(path);
}

void writeList(std::string &text, const std::string &variable,
               const std::vector<std::string> &items) {
  text += "set(" + variable;
  for (const std::string &item : items)
    text += "\n  " + item;
  text += ")\n";
}

} // namespace

CMakeOptions cmakeOptionsFor(const ClassModel &model, const std::string &linkTarget,
                             const std::vector<SourceFile> &librarySources) {
  CMakeOptions options;
  options.linkTarget = linkTarget;
  std::vector<SourceFile> sources = model.sources;
  sources.insert(sources.end(), librarySources.begin(), librarySources.end());
  // Code defined in headers only compiles with the flags of the TUs that include it.
  const size_t compiled = sources.size();
  if (model.sources.empty())
    sources.insert(sources.end(), model.librarySources.begin(), model.librarySources.end());
  for (size_t index = 0; index < sources.size(); ++index) {
    const SourceFile &source = sources[index];
    if (index < compiled)
      addUnique(options.sources, absoluteIn(source.directory, source.path));
    const std::vector<std::string> &args = source.arguments;
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string &arg = args[i];
      for (const char *flag : {"-I", "-isystem", "-iquote"}) {
        const std::string prefix = flag;
        if (arg == prefix && i + 1 < args.size())
          addUnique(options.includeDirs, absoluteIn(source.directory, args[++i]));
        else if (arg.size() > prefix.size() && arg.compare(0, prefix.size(), prefix) == 0 &&
                 (prefix == "-I" || arg[prefix.size()] == '/'))
          addUnique(options.includeDirs, absoluteIn(source.directory, arg.substr(prefix.size())));
        else
          continue;
        break;
      }
      if (arg == "-D" && i + 1 < args.size())
        addUnique(options.definitions, args[++i]);
      else if (arg.size() > 2 && arg.compare(0, 2, "-D") == 0)
        addUnique(options.definitions, arg.substr(2));
    }
  }
  options.compileOptions = model.languageFlags();
  options.theories = model.theories;
  // The tests include headers as the project spells them (`tree_map.h`).
  for (const std::string &root : model.includeRoots())
    addUnique(options.includeDirs, root);
  return options;
}

std::string writeCMakeLists(const ClassModel &model, const CMakeOptions &options,
                            const std::string &outDir, const Provenance &provenance) {
  const std::string kind = options.testKind.empty() ? "" : "_" + options.testKind;
  const std::string stem = snakeCase(subjectName(model)) + "_unitgen" + kind;
  const std::string test = stem + "_test", failures = stem + "_failures_test";
  const std::string regressionFile =
      kind.empty() ? regressionFileName(model) : subjectName(model) + kind + "_test.cpp";
  const std::string failureFile =
      kind.empty() ? failureFileName(model) : subjectName(model) + kind + "_failures_test.cpp";

  std::string text;
  text += "# " + generatedByNote(model, provenance) + "\n";
  text += "# " + regenerateNote(model, provenance) + "\n";
  text += "#\n";
  text += "# Builds the generated tests and registers them with CTest:\n";
  text += "#   " + test + ": " + regressionFile + ", regression tests that pass today\n";
  text += "#   " + failures + ": " + failureFile + ", failure reproducers, labelled\n";
  text += "#     unitgen-failures (leave them out with `ctest -LE unitgen-failures`)\n";
  text += "# In your project, name the library under test before adding this folder:\n";
  text += "#   set(UNITGEN_TARGET_LIBRARY my_lib)\n";
  text += "#   add_subdirectory(" + fs::path(outDir).filename().string() + ")\n";
  text +=
      "# Without a library (or standalone: cmake -S <this folder> -B <build folder>), the tests\n";
  text += "# compile the sources of the code under test themselves.\n";
  text += "cmake_minimum_required(VERSION 3.20)\n";
  text += "if(CMAKE_SOURCE_DIR STREQUAL CMAKE_CURRENT_SOURCE_DIR)\n";
  text += "  project(" + stem + "_tests LANGUAGES CXX)\n";
  text += "  enable_testing()\n";
  text += "endif()\n\n";
  // A project that builds GoogleTest itself (FetchContent) already has the target.
  text += "if(NOT TARGET GTest::gtest_main)\n";
  text += "  find_package(GTest REQUIRED)\n";
  text += "endif()\n";
  text += "include(GoogleTest)\n\n";
  if (!options.linkTarget.empty()) {
    text += "if(NOT DEFINED UNITGEN_TARGET_LIBRARY AND TARGET " + options.linkTarget + ")\n";
    text += "  set(UNITGEN_TARGET_LIBRARY " + options.linkTarget + ")\n";
    text += "endif()\n";
  }
  text += "option(UNITGEN_SANITIZE_FAILURES\n";
  text += "  \"Build the failure reproducers with AddressSanitizer and UBSan, as unitgen replayed "
          "them\" ON)\n\n";

  std::vector<std::string> sources, includeDirs, definitions;
  for (const std::string &source : options.sources)
    sources.push_back(cmakePath(source, outDir));
  for (const std::string &dir : options.includeDirs)
    includeDirs.push_back(cmakePath(dir, outDir));
  for (const std::string &definition : options.definitions)
    definitions.push_back(cmakeQuoted(definition));
  writeList(text, stem + "_sources", sources);
  writeList(text, stem + "_include_dirs", includeDirs);
  writeList(text, stem + "_definitions", definitions);
  std::vector<std::string> compileOptions;
  for (const std::string &option : options.compileOptions)
    compileOptions.push_back(cmakeQuoted(option));
  if (!compileOptions.empty())
    writeList(text, stem + "_compile_options", compileOptions);
  text += "\n";

  std::string extra;
  for (const std::string &file : options.extraTestFiles)
    extra += " " + file;
  const std::string sandbox = stem + "_sandbox";
  if (options.testSandbox) {
    text +=
        "# Every test runs through " + sandbox + " (unitgen_sandbox/TestSandbox.cpp): in a fresh\n";
    text += "# temporary working directory, removed afterwards, with writes anywhere else denied\n";
    text += "# (Landlock), so a test neither litters the tree nor sees another test's files.\n";
    text += "add_executable(" + sandbox + " unitgen_sandbox/TestSandbox.cpp)\n";
    text += "target_compile_features(" + sandbox + " PRIVATE cxx_std_17)\n";
  }
  // Each test in an empty folder of its own (unitgen_sandbox/FolderPerTest.cpp), whole binary
  // or one test at a time.
  const std::string folderPerTest = options.testSandbox ? " unitgen_sandbox/FolderPerTest.cpp" : "";
  text += "add_executable(" + test + " " + regressionFile + extra + folderPerTest + ")\n";
  text += "add_executable(" + failures + " " + failureFile + folderPerTest + ")\n";
  text += "foreach(unitgen_test IN ITEMS " + test + " " + failures + ")\n";
  text += "  target_compile_features(${unitgen_test} PRIVATE cxx_std_17)\n";
  // gMock for the mocks a test may declare (GTest::gmock since CMake 3.23; the project's own
  // GoogleTest build may name it gmock).
  text += "  target_link_libraries(${unitgen_test} PRIVATE GTest::gtest_main\n";
  text += "    $<IF:$<TARGET_EXISTS:GTest::gmock>,GTest::gmock,gmock>)\n";
  if (options.testSandbox) {
    text += "  add_dependencies(${unitgen_test} " + sandbox + ")\n";
    text += "  set_target_properties(${unitgen_test} PROPERTIES\n";
    text += "    CROSSCOMPILING_EMULATOR $<TARGET_FILE:" + sandbox + ">)\n";
  }
  if (!options.compileOptions.empty()) // the project compiles its own tests this way too
    text += "  target_compile_options(${unitgen_test} PRIVATE ${" + stem + "_compile_options})\n";
  text += "  if(UNITGEN_TARGET_LIBRARY)\n";
  text += "    target_link_libraries(${unitgen_test} PRIVATE ${UNITGEN_TARGET_LIBRARY})\n";
  text += "  else()\n";
  text += "    target_sources(${unitgen_test} PRIVATE ${" + stem + "_sources})\n";
  text += "    target_include_directories(${unitgen_test} PRIVATE ${" + stem + "_include_dirs})\n";
  text += "    target_compile_definitions(${unitgen_test} PRIVATE ${" + stem + "_definitions})\n";
  text += "  endif()\n";
  text += "endforeach()\n";
  if (!options.theories.empty()) {
    text += "# The theories (unitgen generate --theories) a failure test may call, and the\n";
    text += "# unitgen/theory.h they include.\n";
    text += "target_sources(" + failures + " PRIVATE";
    for (const std::string &file : options.theories)
      text += "\n  " + cmakePath(file, outDir);
    text += ")\n";
    if (!options.theoryIncludeDir.empty())
      text += "target_include_directories(" + failures + " PRIVATE " +
              cmakePath(options.theoryIncludeDir, outDir) + ")\n";
  }
  text += "if(UNITGEN_SANITIZE_FAILURES AND CMAKE_CXX_COMPILER_ID MATCHES \"Clang|GNU\")\n";
  // UBSan's vptr check needs the type information a -fno-rtti project does not have.
  const bool withoutRtti = std::find(options.compileOptions.begin(), options.compileOptions.end(),
                                     "-fno-rtti") != options.compileOptions.end();
  text += "  target_compile_options(" + failures +
          " PRIVATE\n    -fsanitize=address,undefined -fno-sanitize-recover=all " +
          (withoutRtti ? "-fno-sanitize=vptr " : "") + "-fno-omit-frame-pointer)\n";
  text += "  target_link_options(" + failures + " PRIVATE -fsanitize=address,undefined)\n";
  text += "endif()\n\n";
  text += "# TIMEOUT ends a test that hangs (see the failure reproducers' comments).\n";
  text += "gtest_discover_tests(" + test + " PROPERTIES TIMEOUT 10)\n";
  text += "gtest_discover_tests(" + failures + " PROPERTIES TIMEOUT 10 LABELS unitgen-failures)\n";
  return text;
}

} // namespace unitgen
