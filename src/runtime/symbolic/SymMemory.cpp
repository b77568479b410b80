// SymMemory: page-granular allocation outside the malloc heap.
#include "symbolic/SymMemory.h"

#include <sys/mman.h>

namespace unitgen_rt {
namespace sym {
namespace {

size_t roundToPages(size_t bytes) {
  const size_t page = 4096;
  return (bytes + page - 1) / page * page;
}

} // namespace

void *mapMemory(size_t bytes) {
  if (bytes == 0)
    bytes = 1;
  void *p = mmap(nullptr, roundToPages(bytes), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    throw std::bad_alloc(); // the runtime's containers report it like any allocator
  return p;
}

void unmapMemory(void *p, size_t bytes) {
  if (p)
    munmap(p, roundToPages(bytes == 0 ? 1 : bytes));
}

} // namespace sym
} // namespace unitgen_rt
