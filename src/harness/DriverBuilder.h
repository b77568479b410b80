// DriverBuilder: compiles the driver with the code under test, cached by content hash.
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace unitgen {

enum class BuildKind {
  Exploration, ///< code under test with edge and comparison coverage; no sanitizers; fast
  Replay,      ///< everything under ASan + UBSan (-fno-sanitize-recover=all)
  /// Exploration's coverage (the same edge ids) plus the unitgen pass on the code under test
  /// and on the actions, and the symbolic runtime: answers symbolic requests with traces.
  Concolic,
  /// The bounded-exhaustive search driver (src/runtime/exhaustive/KoratSearch.h): the code under
  /// test with the pass's field-read probes only; no coverage.
  Exhaustive,
};

struct BuildOptions {
  /// When the generated driver does not compile only because of some callables' actions, their
  /// ids and the compiler's first error for each go here (the build still fails): the caller
  /// may mark them unsupported and build again. Null: not collected.
  std::vector<std::pair<int, std::string>> *brokenCallables = nullptr;
  std::string cacheDir;   ///< where built drivers are kept; created on demand
  std::string compiler;   ///< clang++ (version 14); empty: the one unitgen was configured with
  std::string runtimeDir; ///< src/runtime or its installed copy; empty: found automatically
  std::string passPlugin; ///< libUnitgenPass.so (Concolic); empty: found automatically
  int jobs = 2;
  /// Exploration and concolic builds: the code under test also gets llvm-cov's source-based
  /// coverage, in continuous mode (LLVM_PROFILE_FILE with `%c`), so the counts survive a killed
  /// driver.
  bool sourceCoverage = false;
};

struct BuiltDriver {
  std::string path;
  bool fromCache = false;
  double seconds = 0;
  /// Runtime sources whose objects came from the cache (RuntimeObjectCache) instead of a compile.
  int runtimeObjectsReused = 0;
  /// The project's other TUs whose objects came from the cache (harness/ProjectLibrary.h).
  int projectObjectsReused = 0;
  /// The project's other TUs the link took from its archive: what the code under test needs
  /// beyond its own sources, so a test of it must link them too.
  std::vector<std::string> linkedLibrarySources;
};

Expected<BuiltDriver> buildDriver(const ClassModel &model, BuildKind kind,
                                  const BuildOptions &options);

/// The runtime source folder: $UNITGEN_RUNTIME_DIR, next to the executable
/// (../share/unitgen/runtime), or the source tree unitgen was built from.
std::string findRuntimeDir();
/// The folder holding unitgen/theory.h: $UNITGEN_INCLUDE_DIR, next to the executable
/// (../include), or the source tree unitgen was built from.
std::string findIncludeDir();
/// The pass plugin: $UNITGEN_PASS_PLUGIN, next to the executable (../lib/libUnitgenPass.so),
/// or where the build tree unitgen was built from put it.
std::string findPassPlugin();
/// The clang++ used for drivers and suites: $UNITGEN_CXX, the configured one, or clang++-14.
std::string findCompiler();
/// An LLVM tool (`llvm-nm`, `llvm-cov`, ...): the one beside the clang unitgen was configured
/// with, else `<name>-14` or `<name>` on PATH.
std::string findLlvmTool(const std::string &name);
/// Compiler flags of `source` minus output, dependency and input-file arguments.
std::vector<std::string> cleanCompileFlags(const SourceFile &source);
/// Include, define and language-standard flags shared by the sources (for driver and tests).
std::vector<std::string> includeFlags(const ClassModel &model);
/// The first `count` lines of a tool's output, each on a new line indented by two spaces (for
/// error messages that quote a compiler or linker).
std::string indentedFirstLines(const std::string &text, int count);
/// The errors a compile of `path` reported, each placed on a line of `path`: its own, or for an
/// error in a header (a template the file instantiated), the line of `path` its notes name next
/// ("in instantiation of ... requested here"), else the last one the compiler named before it.
/// In the compiler's order; needs `-fno-caret-diagnostics` output or plain.
std::vector<std::pair<int, std::string>> compileErrorsIn(const std::string &output,
                                                         const std::string &path);
/// What a test of the model compiles with: includeFlags plus the code under test's language
/// flags (ClassModel::languageFlags), as the emitted CMakeLists.txt gives them, and with
/// theories, the folder of unitgen/theory.h.
std::vector<std::string> testCompileFlags(const ClassModel &model);

} // namespace unitgen
