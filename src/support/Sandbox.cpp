// Sandbox: a scratch working directory and Landlock's write and network restrictions.
#include "support/Sandbox.h"

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>

namespace unitgen {
namespace {

// Rights of later Landlock ABIs than Debian 12's kernel headers describe; the values are the
// kernel's ABI and do not change.
constexpr uint64_t kAccessFsTruncate = 1ULL << 14;   // ABI 3
constexpr uint64_t kAccessNetBindTcp = 1ULL << 0;    // ABI 4
constexpr uint64_t kAccessNetConnectTcp = 1ULL << 1; // ABI 4

/// landlock_ruleset_attr as ABI 4 lays it out (the headers' has only the first field).
struct RulesetAttributes {
  uint64_t handledAccessFs = 0;
  uint64_t handledAccessNet = 0;
};

/// Every right that creates, changes or removes a file, as far as `abi` knows them.
uint64_t writeRights(int abi) {
  uint64_t rights = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                    LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                    LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                    LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
                    LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (abi >= 2)
    rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3)
    rights |= kAccessFsTruncate;
  return rights;
}

/// Allows `rights` beneath `path` (a folder) or on it (a file, which takes file rights only).
bool allow(int ruleset, const char *path, uint64_t rights) {
  int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0)
    return false;
  landlock_path_beneath_attr rule{rights, fd};
  long added = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
  close(fd);
  return added == 0;
}

} // namespace

int landlockAbi() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi > 0 ? static_cast<int>(abi) : 0;
}

bool enterSandbox(const SandboxPolicy &policy) {
  if (chdir(policy.workDir.c_str()) != 0)
    return false;
  const int abi = landlockAbi();
  if (abi == 0)
    return true; // nothing more this kernel can enforce
  RulesetAttributes attributes;
  attributes.handledAccessFs = writeRights(abi);
  if (abi >= 4) // no rule for TCP: every bind and connect is denied
    attributes.handledAccessNet = kAccessNetBindTcp | kAccessNetConnectTcp;
  size_t size = abi >= 4 ? sizeof attributes : sizeof attributes.handledAccessFs;
  int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attributes, size, 0));
  if (ruleset < 0)
    return false;
  bool ok = allow(ruleset, policy.workDir.c_str(), attributes.handledAccessFs);
  for (const std::string &dir : policy.writable)
    ok = ok && allow(ruleset, dir.c_str(), attributes.handledAccessFs);
  uint64_t fileRights = LANDLOCK_ACCESS_FS_WRITE_FILE | (abi >= 3 ? kAccessFsTruncate : 0);
  ok = ok && allow(ruleset, "/dev/null", fileRights);
  ok = ok && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
       syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
  close(ruleset);
  return ok;
}

} // namespace unitgen
