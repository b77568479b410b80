// Threads: the process's thread count, read only once the process has started a thread.
#include "driver/Threads.h"

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#endif

namespace unitgen_rt {

bool singleThreaded() {
#if __has_include(<sys/single_threaded.h>)
  return __libc_single_threaded; // true until the process first starts a thread
#else
  return false;
#endif
}

int threadCount() {
  // /proc/self/stat: `pid (comm) state ...`, num_threads the 18th field after the comm, which
  // may itself hold spaces and parentheses.
  char text[1024];
  const int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  const ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  if (length <= 0)
    return 0;
  text[length] = '\0';
  const char *field = std::strrchr(text, ')');
  for (int skipped = 0; field && skipped < 18; ++skipped)
    field = std::strchr(field + 1, ' ');
  return field ? std::atoi(field + 1) : 0;
}

} // namespace unitgen_rt
