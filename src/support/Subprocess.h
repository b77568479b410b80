// Subprocess: run a command to completion with captured output and an optional time limit.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace unitgen {

struct SandboxPolicy;

struct ProcessResult {
  int exitCode = -1; ///< exit status, or -1 when killed by a signal
  int signal = 0;    ///< terminating signal, 0 if it exited
  bool timedOut = false;
  std::string output; ///< stdout and stderr interleaved
  bool ok() const { return exitCode == 0 && !timedOut; }
};

/// Runs `argv` (argv[0] looked up in PATH) in `workingDir` (empty: current). `timeoutSeconds`
/// <= 0 means no limit. `extraEnv` entries are `NAME=value`.
ProcessResult runProcess(const std::vector<std::string> &argv, const std::string &workingDir = "",
                         double timeoutSeconds = 0, const std::vector<std::string> &extraEnv = {});

/// Runs `argv` as runProcess does, confined by `sandbox` (support/Sandbox.h): for code under
/// test that runs outside an Executor (the exhaustive driver).
ProcessResult runSandboxed(const std::vector<std::string> &argv, const SandboxPolicy &sandbox,
                           double timeoutSeconds = 0,
                           const std::vector<std::string> &extraEnv = {});

/// Runs several commands, at most `jobs` at a time; results in the order of `commands`.
std::vector<ProcessResult> runProcesses(const std::vector<std::vector<std::string>> &commands,
                                        int jobs);

/// In a child just forked by `parent`: the child gets SIGKILL when the thread that forked it
/// ends, so a killed unitgen leaves no driver running until its own deadline. Every process
/// unitgen starts is waited for by the thread that started it.
void killWhenParentExits(pid_t parent);

/// Quotes an argument for display in a shell-like command line.
std::string shellQuote(const std::string &arg);
std::string joinCommand(const std::vector<std::string> &argv);

/// First existing executable among `candidates` (absolute or in PATH); empty if none.
std::string findProgram(const std::vector<std::string> &candidates);

} // namespace unitgen
