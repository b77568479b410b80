// ConcolicProgram: compiles the runtime once per test binary, then each program's parts.
#include "ConcolicProgram.h"

#include "exec/TraceDecoder.h"
#include "runtime/driver/BoundaryOrder.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen::testing {
namespace {

/// This process's scratch folder, removed when the test binary exits.
std::string root() {
  static ScratchDir scratch("unitgen-pass-test");
  return scratch.path();
}

void write(const std::string &path, const std::string &text) { std::ofstream(path) << text; }

std::vector<std::string> runtimeIncludes() {
  return {"-I" + std::string(UNITGEN_SOURCE_DIR) + "/src/runtime",
          "-I" + std::string(UNITGEN_SOURCE_DIR) + "/src",
          "-I" + std::string(UNITGEN_TEST_DATA_DIR) + "/data"};
}

/// The runtime's objects, compiled on first use.
const std::vector<std::string> &runtimeObjects(std::string &error) {
  static std::vector<std::string> objects;
  static std::string firstError;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::vector<std::string>> commands;
    std::vector<std::string> sources;
    // The whole symbolic runtime, as concolic drivers link it (src/runtime/symbolic/).
    for (const auto &entry :
         fs::directory_iterator(std::string(UNITGEN_SOURCE_DIR) + "/src/runtime/symbolic"))
      if (entry.path().extension() == ".cpp")
        sources.push_back(entry.path().string());
    std::sort(sources.begin(), sources.end());
    sources.push_back(std::string(UNITGEN_TEST_DATA_DIR) + "/data/BoundaryRecorder.cpp");
    for (const std::string &source : sources) {
      std::string object = root() + "/rt-" + fs::path(source).filename().string() + ".o";
      std::vector<std::string> command{UNITGEN_TEST_CXX, "-std=c++17", "-O2", "-c",
                                       source,           "-o",         object};
      for (const std::string &flag : runtimeIncludes())
        command.push_back(flag);
      commands.push_back(command);
      objects.push_back(object);
    }
    for (const ProcessResult &result : runProcesses(commands, 2))
      if (!result.ok())
        firstError = result.output;
  });
  error = firstError;
  return objects;
}

} // namespace

ConcolicProgram::ConcolicProgram(const std::string &name, const std::string &cutPath,
                                 const std::string &harness, bool isIR,
                                 const std::vector<std::string> &cutFlags,
                                 const std::string &passMode) {
  dir_ = root() + "/" + name;
  fs::create_directories(dir_);
  std::string harnessPath = dir_ + "/harness.cpp";
  write(harnessPath, harness);
  write(dir_ + "/scope.txt", "file " + cutPath + "\n");
  const std::vector<std::string> &runtime = runtimeObjects(error_);
  if (!error_.empty())
    return;
  std::vector<std::string> env{"UNITGEN_PASS_MODE=" + passMode};
  if (!isIR) // hand-written IR has no debug info: everything in it is in scope
    env.push_back("UNITGEN_SYM_SCOPE=" + dir_ + "/scope.txt");
  std::vector<std::string> compileCut{UNITGEN_TEST_CXX, "-O0", "-gline-tables-only",
                                      "-fpass-plugin=" + std::string(UNITGEN_PASS_PLUGIN),
                                      "-Wno-override-module"};
  if (!isIR)
    compileCut.push_back("-std=c++17");
  compileCut.insert(compileCut.end(), cutFlags.begin(), cutFlags.end());
  std::vector<std::string> emitIR = compileCut;
  compileCut.insert(compileCut.end(), {"-c", cutPath, "-o", dir_ + "/cut.o"});
  emitIR.insert(emitIR.end(), {"-S", "-emit-llvm", cutPath, "-o", dir_ + "/cut.instrumented.ll"});
  for (const auto &command : {compileCut, emitIR}) {
    ProcessResult result = runProcess(command, "", 120, env);
    if (!result.ok()) {
      error_ = "compiling the code under test failed:\n" + result.output;
      return;
    }
  }
  std::vector<std::string> compileHarness{
      UNITGEN_TEST_CXX, "-std=c++17", "-O1", "-c", harnessPath, "-o", dir_ + "/harness.o"};
  for (const std::string &flag : runtimeIncludes())
    compileHarness.push_back(flag);
  ProcessResult harnessResult = runProcess(compileHarness);
  if (!harnessResult.ok()) {
    error_ = "compiling the harness failed:\n" + harnessResult.output;
    return;
  }
  binary_ = dir_ + "/program";
  std::vector<std::string> link{UNITGEN_TEST_CXX, dir_ + "/cut.o", dir_ + "/harness.o"};
  link.insert(link.end(), runtime.begin(), runtime.end());
  link.insert(link.end(), {"-o", binary_});
  ProcessResult linked = runProcess(link);
  if (!linked.ok())
    error_ = "linking failed:\n" + linked.output;
}

ProgramRun ConcolicProgram::run(const std::vector<std::string> &args) const {
  ProgramRun run;
  std::string tracePath = dir_ + "/trace.bin";
  std::string boundaryPath = dir_ + "/boundaries.txt";
  fs::remove(tracePath);
  fs::remove(boundaryPath);
  std::vector<std::string> argv{binary_};
  argv.insert(argv.end(), args.begin(), args.end());
  ProcessResult result = runProcess(
      argv, dir_, 60, {"UNITGEN_TRACE_OUT=" + tracePath, "UNITGEN_BOUNDARY_OUT=" + boundaryPath});
  std::ifstream boundaries(boundaryPath);
  for (uint32_t line, site, order; boundaries >> line >> site >> order;)
    if (order == kOrderEqual)
      run.boundaries.emplace_back(line, site);
    else
      run.orders.push_back({line, site, order});
  run.exitCode = result.exitCode;
  run.output = result.output;
  std::ifstream in(tracePath, std::ios::binary);
  if (in) {
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    run.decoded = decodeSymbolicTrace(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size(),
                                      run.trace);
  }
  return run;
}

std::string describe(const SymbolicTrace &trace) {
  std::ostringstream out;
  for (const BranchRecord &branch : trace.branches)
    out << "stmt=" << branch.statement << " taken=" << branch.taken
        << (branch.concretization ? " concretization " : " ")
        << formatExpression(trace, branch.condition) << "\n";
  return out.str();
}

} // namespace unitgen::testing
