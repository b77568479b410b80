// Sandbox: a scratch working directory and Landlock's write and network restrictions.
#include "support/Sandbox.h"

#include "runtime/sandbox/LandlockRules.h"

#include <unistd.h>

namespace unitgen {

int landlockAbi() { return unitgen_landlock::abiVersion(); }

bool enterSandbox(const SandboxPolicy &policy) {
  if (chdir(policy.workDir.c_str()) != 0)
    return false;
  // No allocation between fork and exec: the folders' names go in a fixed array.
  constexpr size_t kMostFolders = 16;
  const char *writable[kMostFolders] = {policy.workDir.c_str()};
  size_t count = policy.workDirReadOnly ? 0 : 1;
  for (const std::string &dir : policy.writable) {
    if (count == kMostFolders)
      return false;
    writable[count++] = dir.c_str();
  }
  return unitgen_landlock::restrictWrites(writable, count);
}

} // namespace unitgen
