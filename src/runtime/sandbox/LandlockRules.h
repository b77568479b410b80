// LandlockRules: restricts the calling process, and every process it starts, to writing beneath
// a few folders, with TCP bind and connect denied where the kernel can. Header-only and made of
// system calls alone (safe between fork and exec): unitgen's drivers use it, and so does the
// test sandbox it writes beside the tests it generates (TestSandbox.cpp).
#pragma once

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>

namespace unitgen_landlock {

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

/// The Landlock ABI version this kernel enforces; 0 when it enforces none.
inline int abiVersion() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi > 0 ? static_cast<int>(abi) : 0;
}

/// Every right that creates, changes or removes a file, as far as `abi` knows them.
inline uint64_t writeRights(int abi) {
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
inline bool allow(int ruleset, const char *path, uint64_t rights) {
  int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0)
    return false;
  landlock_path_beneath_attr rule{rights, fd};
  long added = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
  close(fd);
  return added == 0;
}

/// Allows writes beneath the `count` folders of `writable` and to /dev/null only, and no TCP.
/// True when the kernel enforces it or enforces no Landlock at all (nothing more can be done);
/// false when a restriction it offers failed.
inline bool restrictWrites(const char *const *writable, size_t count) {
  const int abi = abiVersion();
  if (abi == 0)
    return true;
  RulesetAttributes attributes;
  attributes.handledAccessFs = writeRights(abi);
  if (abi >= 4) // no rule for TCP: every bind and connect is denied
    attributes.handledAccessNet = kAccessNetBindTcp | kAccessNetConnectTcp;
  size_t size = abi >= 4 ? sizeof attributes : sizeof attributes.handledAccessFs;
  int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attributes, size, 0));
  if (ruleset < 0)
    return false;
  bool ok = true;
  for (size_t i = 0; i < count; ++i)
    ok = ok && allow(ruleset, writable[i], attributes.handledAccessFs);
  uint64_t fileRights = LANDLOCK_ACCESS_FS_WRITE_FILE | (abi >= 3 ? kAccessFsTruncate : 0);
  ok = ok && allow(ruleset, "/dev/null", fileRights);
  ok = ok && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
       syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
  close(ruleset);
  return ok;
}

} // namespace unitgen_landlock
