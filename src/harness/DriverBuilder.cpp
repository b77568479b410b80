// Builds drivers: compile each source with the build kind's flags, link with the generated
// driver TU and the runtime; reuse a cached binary when no input (incl. headers) changed.
#include "harness/DriverBuilder.h"

#include "harness/DriverGenerator.h"
#include "harness/ExhaustiveDriverGenerator.h"
#include "harness/ProjectLibrary.h"
#include "harness/RuntimeObjectCache.h"
#include "support/DependencyManifest.h"
#include "support/Hash.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// The runtime's parts, one folder of src/runtime each: every driver links `driver/`;
/// concolic drivers add the symbolic runtime and the hooks that plug it into the serve loop;
/// exhaustive drivers add the symbolic runtime and the search. The symbolic runtime includes
/// model/SymExpr.def from the folder above the runtime's.
std::vector<const char *> runtimeParts(BuildKind kind) {
  if (kind == BuildKind::Concolic)
    return {"driver", "symbolic", "concolic"};
  if (kind == BuildKind::Exhaustive)
    return {"driver", "symbolic", "exhaustive"};
  return {"driver"};
}

/// The files of the runtime's `parts` whose name ends in one of `extensions`, sorted, as paths
/// relative to the runtime folder: the build's source lists are the folders themselves.
std::vector<std::string> runtimeFiles(const std::string &runtimeDir,
                                      const std::vector<const char *> &parts,
                                      std::initializer_list<const char *> extensions) {
  std::vector<std::string> files;
  for (const char *part : parts) {
    std::vector<std::string> inPart;
    std::error_code error;
    for (const auto &entry : fs::directory_iterator(fs::path(runtimeDir) / part, error))
      for (const char *extension : extensions)
        if (entry.path().extension() == extension)
          inPart.push_back(std::string(part) + "/" + entry.path().filename().string());
    std::sort(inPart.begin(), inPart.end());
    files.insert(files.end(), inPart.begin(), inPart.end());
  }
  return files;
}

/// The flags of a build kind for the code under test (`codeUnderTest`) or unitgen's own code.
/// `withoutRtti`: the project compiles without RTTI, so UBSan's vptr check, which reads type
/// information the project's objects do not have, is left out.
std::vector<std::string> kindFlags(BuildKind kind, bool codeUnderTest, bool withoutRtti) {
  if (kind == BuildKind::Exhaustive && codeUnderTest)
    // The probes go in after the optimizer, on the loads that remain: every field the
    // invariant's result depends on is still read, in an order fixed by the candidate, which
    // is all the backtracking needs. -O1 runs BinarySearchTree's invariant 3x faster than -O0.
    return {"-O1", "-gline-tables-only"};
  if (kind == BuildKind::Replay && withoutRtti)
    return {"-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize=vptr",
            "-fno-sanitize-recover=all"};
  if (kind == BuildKind::Replay)
    return {"-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all"};
  if (codeUnderTest)
    // -O0 keeps every source-level branch as its own edge, so coverage feedback sees them all.
    // Line tables name the file each function comes from (the pass's scope test) and the
    // line of each boundary probe. The pass runs after SanitizerCoverage, so both builds have
    // the same edges.
    return {"-O0", "-gline-tables-only", "-fsanitize-coverage=trace-pc-guard,trace-cmp"};
  return {"-O2", "-g0"};
}

/// SanitizerCoverage's ignorelist for the code under test: the standard library's functions
/// (mangled `std::` and `__gnu_cxx::` names). Their instances are shared: the driver builds a
/// `std::vector<int>` argument with the very copy the code under test instantiated, so their
/// edges would count the driver's work, and vary with it, as the class's.
constexpr const char *kCoverageIgnorelist = "fun:_ZNSt*\n"
                                            "fun:_ZNKSt*\n"
                                            "fun:_ZSt*\n"
                                            "fun:_ZN9__gnu_cxx*\n"
                                            "fun:_ZNK9__gnu_cxx*\n";

/// The pass's scope (src/pass/Scope.h): the folders of the code under test's sources and of
/// its classes' headers, so template instantiations of the project's headers count and
/// libstdc++ does not.
std::string symbolicScope(const ClassModel &model) {
  std::vector<std::string> dirs;
  auto add = [&](const std::string &file) {
    if (file.empty() || file.rfind("/usr/", 0) == 0)
      return;
    std::string dir = fs::path(file).lexically_normal().parent_path().string();
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end())
      dirs.push_back(dir);
  };
  for (const SourceFile &source : model.sources)
    add(source.path);
  for (const ClassInfo &info : model.classes)
    add(info.header);
  std::sort(dirs.begin(), dirs.end());
  std::string text = "# unitgen: what the pass instruments\n";
  for (const std::string &dir : dirs)
    text += "dir " + dir + "\n";
  return text;
}

/// The callables whose actions or observers hold every error of a failed compile of `path` (the
/// generated `source`): callable id -> the first error in it. Empty when an error lies outside
/// them.
std::vector<std::pair<int, std::string>>
brokenActions(const std::string &output, const std::string &path, const std::string &source) {
  struct Action {
    int id, first, last; // the lines of `void action_<id>(...) {` and of its closing `}`
  };
  std::vector<Action> actions;
  std::istringstream lines(source);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.rfind("void action_", 0) == 0)
      actions.push_back({std::atoi(line.c_str() + 12), number, 0});
    else if (line.rfind("void observe_", 0) == 0)
      actions.push_back({std::atoi(line.c_str() + 13), number, 0});
    else if (line == "}" && !actions.empty() && actions.back().last == 0)
      actions.back().last = number;
  }
  std::vector<std::pair<int, std::string>> broken;
  const auto errors = compileErrorsIn(output, path);
  for (const auto &[line, message] : errors) {
    auto holder = std::find_if(actions.begin(), actions.end(), [&, at = line](const Action &a) {
      return a.first <= at && at <= a.last;
    });
    if (holder == actions.end())
      return {};
    if (std::none_of(broken.begin(), broken.end(),
                     [&](const auto &known) { return known.first == holder->id; }))
      broken.emplace_back(holder->id, message);
  }
  return broken;
}

/// The linker's messages without `--trace`'s list of inputs (a path a line, no message in it).
std::string withoutTrace(const std::string &output) {
  std::istringstream lines(output);
  std::string kept;
  for (std::string line; std::getline(lines, line);)
    if (line.find(": ") != std::string::npos && line.find(": mode ") == std::string::npos)
      kept += line + "\n";
  return kept;
}

/// The sources of the archive members a link with `-Wl,--trace,--trace` took: GNU ld names
/// each one as `(<archive>)<member>` on a line of its own.
std::vector<std::string> takenMembers(const std::string &trace, const ProjectLibrary &library) {
  std::vector<std::string> sources;
  if (library.archive.empty())
    return sources;
  for (const auto &[object, source] : library.members) {
    std::string member = "(" + library.archive + ")" + fs::path(object).filename().string() + "\n";
    if (("\n" + trace).find("\n" + member) != std::string::npos)
      sources.push_back(source);
  }
  return sources;
}

} // namespace

namespace {

/// $`variable`; else `installed` (relative to the folder above the executable's, an installed
/// layout) when `marker` exists inside it; else `builtIn`, the source or build tree unitgen was
/// configured from.
std::string locate(const char *variable, const fs::path &installed, const fs::path &marker,
                   const std::string &builtIn) {
  if (const char *env = std::getenv(variable))
    return env;
  std::error_code error;
  fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    fs::path candidate = exe.parent_path().parent_path() / installed;
    if (fs::exists(marker.empty() ? candidate : candidate / marker))
      return candidate.string();
  }
  return builtIn;
}

} // namespace

std::string findRuntimeDir() {
  return locate("UNITGEN_RUNTIME_DIR", fs::path("share") / "unitgen" / "runtime",
                fs::path("driver") / "DriverRuntime.cpp", UNITGEN_RUNTIME_DIR);
}

std::string findIncludeDir() {
  return locate("UNITGEN_INCLUDE_DIR", "include", fs::path("unitgen") / "theory.h",
                UNITGEN_INCLUDE_DIR);
}

std::string findPassPlugin() {
  return locate("UNITGEN_PASS_PLUGIN", fs::path("lib") / "libUnitgenPass.so", {},
                UNITGEN_PASS_PLUGIN);
}

std::string findCompiler() {
  if (const char *env = std::getenv("UNITGEN_CXX"))
    return env;
  std::string found = findProgram({UNITGEN_CLANGXX, "clang++-14", "clang++"});
  return found.empty() ? std::string(UNITGEN_CLANGXX) : found;
}

std::string findLlvmTool(const std::string &name) {
  std::string found = findProgram({std::string(UNITGEN_LLVM_BIN) + "/" + name, name + "-14", name});
  return found.empty() ? name : found;
}

std::vector<std::string> cleanCompileFlags(const SourceFile &source) {
  std::vector<std::string> flags;
  const std::vector<std::string> &args = source.arguments;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "-o" || arg == "-MF" || arg == "-MT" || arg == "-MQ") {
      ++i;
      continue;
    }
    if (arg == "-c" || arg == "-MD" || arg == "-MMD" || arg == "-M" || arg == "-MM" ||
        arg == source.path || arg.rfind("-o", 0) == 0 || arg.rfind("-Werror", 0) == 0)
      continue;
    // Relative include paths are relative to the compile command's directory.
    for (const char *prefix : {"-I", "-isystem", "-iquote"}) {
      std::string p = prefix;
      if (arg.rfind(p, 0) == 0 && arg.size() > p.size() && arg[p.size()] != '/') {
        flags.push_back(p + (fs::path(source.directory) / arg.substr(p.size())).string());
        goto next;
      }
      if (arg == p && i + 1 < args.size()) {
        std::string dir = args[++i];
        flags.push_back(p);
        flags.push_back(dir[0] == '/' ? dir : (fs::path(source.directory) / dir).string());
        goto next;
      }
    }
    flags.push_back(arg);
  next:;
  }
  return flags;
}

std::vector<std::string> includeFlags(const ClassModel &model) {
  std::vector<std::string> flags;
  bool hasStd = false;
  auto addUnique = [&](const std::string &flag) {
    for (const std::string &existing : flags)
      if (existing == flag)
        return;
    flags.push_back(flag);
  };
  for (const SourceFile &source : model.flagSources()) {
    std::vector<std::string> clean = cleanCompileFlags(source);
    for (size_t i = 0; i < clean.size(); ++i) {
      const std::string &arg = clean[i];
      if ((arg == "-isystem" || arg == "-iquote" || arg == "-I" || arg == "-include") &&
          i + 1 < clean.size()) {
        addUnique(arg + clean[i + 1]);
        ++i;
      } else if (arg.rfind("-I", 0) == 0 || arg.rfind("-D", 0) == 0 || arg.rfind("-U", 0) == 0 ||
                 arg.rfind("-isystem", 0) == 0 || arg.rfind("-iquote", 0) == 0) {
        addUnique(arg);
      } else if (arg.rfind("-std=", 0) == 0 && !hasStd) {
        hasStd = true;
        addUnique(arg);
      }
    }
  }
  // The driver includes headers as the project spells them, from a folder of its own.
  for (const std::string &root : model.includeRoots())
    addUnique("-I" + root);
  if (!hasStd)
    flags.push_back("-std=c++17");
  return flags;
}

std::string indentedFirstLines(const std::string &text, int count) {
  std::istringstream in(text);
  std::string line, result;
  for (int i = 0; i < count && std::getline(in, line); ++i)
    result += "\n  " + line;
  return result;
}

std::vector<std::pair<int, std::string>> compileErrorsIn(const std::string &output,
                                                         const std::string &path) {
  std::vector<std::pair<int, std::string>> errors;
  const std::regex located(R"(^(.*):(\d+):\d+: (error|note|warning): (.*)$)");
  std::istringstream lines(output);
  int lastLine = 0;
  // An error in another file (a header's template, instantiated by the file) belongs to the
  // line of the file its notes name next ("in instantiation of ... requested here"), else to
  // the file's line before it.
  std::optional<std::string> pending;
  auto settle = [&](int line) {
    if (pending)
      errors.emplace_back(line, *pending);
    pending.reset();
  };
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (!std::regex_match(line, match, located))
      continue;
    const bool inFile = match[1].str() == path;
    if (inFile) {
      lastLine = std::stoi(match[2].str());
      if (match[3].str() == "note")
        settle(lastLine);
    }
    if (match[3].str() != "error")
      continue;
    settle(lastLine);
    if (inFile)
      errors.emplace_back(lastLine, match[4].str());
    else
      pending = match[1].str() + ": " + match[4].str();
  }
  settle(lastLine);
  return errors;
}

std::vector<std::string> testCompileFlags(const ClassModel &model) {
  std::vector<std::string> flags = includeFlags(model);
  for (const std::string &flag : model.languageFlags())
    flags.push_back(flag);
  if (!model.theories.empty()) // a failure test calls a theory
    flags.push_back("-I" + findIncludeDir());
  return flags;
}

Expected<BuiltDriver> buildDriver(const ClassModel &model, BuildKind kind,
                                  const BuildOptions &options) {
  auto started = std::chrono::steady_clock::now();
  std::string compiler = options.compiler.empty() ? findCompiler() : options.compiler;
  std::string runtimeDir = options.runtimeDir.empty() ? findRuntimeDir() : options.runtimeDir;
  if (model.sources.empty() && model.callables.empty())
    return Error{ExitCode::Internal, "the model has no sources to build"};

  const bool concolic = kind == BuildKind::Concolic;
  // The pass instruments the code under test of exploration drivers too: its boundary probes
  // are goals, and both builds must report the same ones.
  const bool instrumented = kind != BuildKind::Replay;
  std::string driverSource, actionsSource, plugin, scope;
  if (concolic) {
    ConcolicDriverSources sources = generateConcolicDriverSources(model);
    driverSource = std::move(sources.main);
    actionsSource = std::move(sources.actions);
  } else if (kind == BuildKind::Exhaustive) {
    driverSource = generateExhaustiveDriverSource(model);
  } else {
    driverSource = generateDriverSource(model);
  }
  if (instrumented) {
    plugin = options.passPlugin.empty() ? findPassPlugin() : options.passPlugin;
    if (!fs::exists(plugin))
      return Error{ExitCode::Internal,
                   fmt::format("the unitgen pass plugin is missing: '{}' (build the UnitgenPass "
                               "target or set UNITGEN_PASS_PLUGIN)",
                               plugin)};
    scope = symbolicScope(model);
  }
  std::vector<std::string> driverFlags = includeFlags(model);

  const char *kindName = kind == BuildKind::Replay       ? "replay"
                         : kind == BuildKind::Exhaustive ? "exhaustive"
                         : concolic                      ? "concolic"
                                                         : "exploration";
  Hasher key;
  key.add(kindName).add(compiler).add(driverSource).add(kCoverageIgnorelist);
  const bool sourceCoverage = options.sourceCoverage && kind != BuildKind::Replay;
  if (sourceCoverage)
    key.add("source-coverage");
  if (instrumented)
    key.add(scope).add(readFile(plugin));
  const bool symbolic = concolic || kind == BuildKind::Exhaustive;
  if (concolic)
    key.add(actionsSource);
  for (const std::string &flag : driverFlags)
    key.add(flag);
  const std::vector<const char *> parts = runtimeParts(kind);
  const std::vector<std::string> runtimeSources = runtimeFiles(runtimeDir, parts, {".cpp"});
  if (runtimeSources.empty())
    return Error{ExitCode::Internal,
                 fmt::format("the driver runtime's sources are missing from '{}' (set "
                             "UNITGEN_RUNTIME_DIR)",
                             runtimeDir)};
  for (const std::string &file : runtimeFiles(runtimeDir, parts, {".cpp", ".h", ".def"}))
    key.add(file).add(readFile(runtimeDir + "/" + file));
  if (symbolic) // the symbolic runtime's headers from the engine's model/
    for (const char *file : {"SymExpr.def", "ExprSemantics.h"})
      key.add(readFile(runtimeDir + "/../model/" + file));
  for (const SourceFile &source : model.sources) {
    key.add(source.path).add(readFile(source.path));
    for (const std::string &arg : source.arguments)
      key.add(arg);
  }
  const std::string includeDir = findIncludeDir();
  if (!model.theories.empty())
    key.add(includeDir).add(readFile(includeDir + "/unitgen/theory.h"));
  for (const std::string &theories : model.theories)
    key.add(theories).add(readFile(theories));
  for (const SourceFile &source : model.librarySources) { // their content: the deps manifest
    key.add(source.path);
    for (const std::string &arg : source.arguments)
      key.add(arg);
  }
  fs::path entry = fs::path(options.cacheDir) / key.hex();
  fs::path binary = entry / "driver";
  fs::path manifest = entry / "deps.txt";
  BuiltDriver built;
  built.path = binary.string();
  bool manifestRead = false;
  std::string recorded = readFile(manifest.string(), &manifestRead);
  fs::path linkedList = entry / "linked-library.txt";
  if (fs::exists(binary) && manifestRead && dependenciesUnchanged(recorded)) {
    built.fromCache = true;
    std::istringstream linked(readFile(linkedList.string()));
    for (std::string source; std::getline(linked, source);)
      built.linkedLibrarySources.push_back(source);
    return built;
  }

  // Concurrent unitgen processes may build the same entry: each compiles in its own scratch
  // folder and only the final rename into the entry is shared (and atomic).
  std::error_code error;
  fs::path scratch = entry / fmt::format("scratch-{}", getpid());
  fs::create_directories(scratch, error);
  if (error)
    return Error{ExitCode::Internal, fmt::format("cannot create cache folder '{}': {}",
                                                 scratch.string(), error.message())};
  writeFile((entry / "driver.cpp").string(), driverSource);
  writeFile((scratch / "driver.cpp").string(), driverSource);
  std::string actionsPath = (scratch / "actions.cpp").string();
  std::string scopePath = (scratch / "scope.txt").string();
  if (concolic) {
    writeFile((entry / "actions.cpp").string(), actionsSource);
    writeFile(actionsPath, actionsSource);
    writeFile(scopePath, scope + "file " + actionsPath + "\n");
  } else if (instrumented) {
    writeFile(scopePath, scope);
  }
  const std::string ignorelistPath = (scratch / "coverage-ignorelist.txt").string();
  writeFile(ignorelistPath, kCoverageIgnorelist);

  const std::vector<std::string> languageFlags = model.languageFlags();
  const bool withoutRtti =
      std::find(languageFlags.begin(), languageFlags.end(), "-fno-rtti") != languageFlags.end();
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> objects, depFiles, what;
  // `passMode`: nullptr compiles without the pass, else the UNITGEN_PASS_MODE it runs in.
  auto addCompile = [&](const std::string &sourcePath, std::vector<std::string> flags,
                        const std::string &label, const char *passMode = nullptr) {
    std::string object = (scratch / fmt::format("obj{}.o", objects.size())).string();
    std::string depFile = object + ".d";
    std::vector<std::string> command{compiler};
    if (passMode) { // the pass reads its scope from the environment (see src/pass/Scope.h)
      command = {"env", "UNITGEN_SYM_SCOPE=" + scopePath,
                 std::string("UNITGEN_PASS_MODE=") + passMode, compiler, "-fpass-plugin=" + plugin};
      if (std::find(flags.begin(), flags.end(), "-gline-tables-only") == flags.end())
        flags.push_back("-gline-tables-only");
    }
    command.insert(command.end(), flags.begin(), flags.end());
    for (const char *extra : {"-Wno-unknown-warning-option", "-Wno-unused-command-line-argument"})
      command.push_back(extra);
    command.insert(command.end(), {"-MD", "-MF", depFile, "-c", sourcePath, "-o", object});
    commands.push_back(command);
    objects.push_back(object);
    depFiles.push_back(depFile);
    what.push_back(label);
  };
  for (const SourceFile &source : model.sources) {
    std::vector<std::string> flags = cleanCompileFlags(source);
    for (const std::string &flag : kindFlags(kind, true, withoutRtti))
      flags.push_back(flag);
    if (kind != BuildKind::Replay && kind != BuildKind::Exhaustive)
      flags.push_back("-fsanitize-coverage-ignorelist=" + ignorelistPath);
    if (sourceCoverage)
      flags.insert(flags.end(), {"-fprofile-instr-generate", "-fcoverage-mapping", "-mllvm",
                                 "-runtime-counter-relocation"});
    const char *passMode = concolic                        ? ""
                           : kind == BuildKind::Exhaustive ? "fields-symbolic"
                           : instrumented                  ? "probes"
                                                           : nullptr;
    addCompile(source.path, flags, "the code under test (" + source.path + ")", passMode);
  }
  std::vector<std::string> ownFlags = driverFlags;
  ownFlags.insert(ownFlags.end(), {"-I" + runtimeDir, "-fno-access-control", "-w"});
  // A mock subclasses a class of the project: without the project's RTTI, the base's type
  // information it would refer to does not exist.
  if (withoutRtti)
    ownFlags.push_back("-fno-rtti");
  if (concolic) { // before the driver: the linker keeps the instrumented inline functions
    std::vector<std::string> actionFlags = ownFlags;
    actionFlags.push_back("-O0");
    addCompile(actionsPath, actionFlags, "the generated actions", "symbolic");
  }
  for (const std::string &flag : kindFlags(kind, false, withoutRtti))
    ownFlags.push_back(flag);
  if (!model.theories.empty()) {
    ownFlags.push_back("-I" + includeDir);
    std::vector<std::string> theoryFlags = ownFlags;
    for (const std::string &flag : languageFlags)
      theoryFlags.push_back(flag);
    for (const std::string &theories : model.theories)
      addCompile(theories, theoryFlags, "the theories (" + theories + ")");
  }
  addCompile((scratch / "driver.cpp").string(), ownFlags, "the generated driver");
  std::vector<std::string> runtimeFlags{"-std=c++17", "-I" + runtimeDir};
  if (symbolic)
    runtimeFlags.push_back("-I" + runtimeDir + "/..");
  for (const std::string &flag : kindFlags(kind, false, withoutRtti))
    runtimeFlags.push_back(flag);
  // The runtime's sources depend on the kind's flags only, not on the class: compiled once per
  // cache, they are most of a driver's compile time (about 20 s of CPU for an exhaustive one).
  RuntimeObjectCache runtimeObjects(options.cacheDir);
  std::vector<std::pair<size_t, std::string>> toKeep; // (index in objects, cache key)
  auto addRuntimeCompile = [&](const std::string &file) {
    std::string source = runtimeDir + "/" + file;
    std::vector<std::string> command{compiler};
    command.insert(command.end(), runtimeFlags.begin(), runtimeFlags.end());
    std::string key = runtimeObjects.keyOf(command, source);
    if (std::optional<CachedObject> cached = runtimeObjects.find(key)) {
      objects.push_back(cached->object);
      depFiles.push_back(cached->depFile);
      ++built.runtimeObjectsReused;
      return;
    }
    toKeep.emplace_back(objects.size(), key);
    addCompile(source, runtimeFlags, "the runtime (" + file + ")");
  };
  for (const std::string &file : runtimeSources)
    addRuntimeCompile(file);

  // The rest of the project, as it compiles itself: what the code under test calls beyond its
  // own TUs (another class's constructor, a vtable, a helper), linked from an archive.
  Expected<ProjectLibrary> library =
      buildProjectLibrary(model, compiler, scratch.string(), runtimeObjects, options.jobs);
  if (!library) {
    fs::remove_all(scratch, error);
    return library.error();
  }
  built.projectObjectsReused = library->objectsReused;

  std::vector<ProcessResult> results = runProcesses(commands, options.jobs);
  for (size_t i = 0; i < results.size(); ++i) {
    if (!results[i].ok()) {
      // One callable's action that does not compile need not sink the driver (the caller may
      // drop it and build again).
      if (options.brokenCallables && commands[i].size() > 3) {
        const std::string &input = commands[i][commands[i].size() - 3]; // `-c <input> -o <obj>`
        const std::string &text = input == actionsPath ? actionsSource : driverSource;
        if (input == actionsPath || input == (scratch / "driver.cpp").string())
          *options.brokenCallables = brokenActions(results[i].output, input, text);
      }
      fs::remove_all(scratch, error);
      return buildError(fmt::format("cannot compile {}:{}\n  command: {}", what[i],
                                    indentedFirstLines(results[i].output, 20),
                                    joinCommand(commands[i])));
    }
  }
  for (const auto &[index, key] : toKeep)
    runtimeObjects.store(key, objects[index], depFiles[index]);
  std::vector<std::string> link{compiler};
  link.insert(link.end(), objects.begin(), objects.end());
  if (!library->archive.empty()) // --trace twice names the members the link takes
    link.insert(link.end(), {library->archive, "-Wl,--trace,--trace"});
  if (kind == BuildKind::Replay)
    link.insert(link.end(), {"-fsanitize=address,undefined"});
  if (sourceCoverage)
    link.push_back("-fprofile-instr-generate");
  std::string tmpBinary = (scratch / "driver").string();
  link.insert(link.end(), {"-pthread", "-o", tmpBinary});
  ProcessResult linked = runProcess(link);
  if (!linked.ok()) {
    fs::remove_all(scratch, error);
    return buildError(fmt::format("cannot link the driver:{}\n  command: {}",
                                  indentedFirstLines(withoutTrace(linked.output), 20),
                                  joinCommand(link)));
  }
  built.linkedLibrarySources = takenMembers(linked.output, *library);
  std::string linkedText;
  for (const std::string &source : built.linkedLibrarySources)
    linkedText += source + "\n";
  writeFile((scratch / "linked-library.txt").string(), linkedText);
  std::vector<std::string> deps;
  depFiles.insert(depFiles.end(), library->depFiles.begin(), library->depFiles.end());
  for (const std::string &depFile : depFiles)
    for (const std::string &dep : parseDepFile(readFile(depFile)))
      if (dep.find(scratch.string()) == std::string::npos)
        deps.push_back(dep);
  writeFile((scratch / "deps.txt").string(), dependencyManifest(deps));
  fs::rename(scratch / "linked-library.txt", linkedList, error);
  fs::rename(scratch / "deps.txt", manifest, error);
  fs::rename(tmpBinary, binary, error);
  fs::remove_all(scratch, error);
  built.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return built;
}

} // namespace unitgen
