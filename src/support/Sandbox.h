// Sandbox: confines a process about to run the code under test — its working directory a
// scratch folder, writes anywhere else and TCP connections denied by Landlock — so code that
// writes, removes or connects touches nothing of the user's.
#pragma once

#include <string>
#include <vector>

namespace unitgen {

struct SandboxPolicy {
  std::string workDir; ///< the working directory, writable unless workDirReadOnly
  /// More folders the process may write beneath (an llvm-cov profile folder).
  std::vector<std::string> writable;
  /// The process runs where its data is (a project's tests beside their files) but writes
  /// only to `writable`.
  bool workDirReadOnly = false;
};

/// The Landlock ABI version this kernel enforces; 0 when it enforces none (then a sandboxed
/// process only gets its working directory).
int landlockAbi();

/// For a child between fork and exec (async-signal-safe calls only): changes into
/// `policy.workDir` and restricts the process and its children to writing beneath it, the
/// `writable` folders and /dev/null, with TCP bind and connect denied where the kernel can. False
/// when the working directory cannot be entered or a restriction the kernel offers fails.
bool enterSandbox(const SandboxPolicy &policy);

} // namespace unitgen
