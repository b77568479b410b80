// Global operator new/delete for the exploration driver: refuses one request above the memory
// limit and remembers it, so a huge capacity argument is told apart from a runaway allocation.
// Blocks are zeroed and recorded (HeapBlocks). The ASan build keeps ASan's own operators
// (max_allocation_size_mb plays this part there).
#include "driver/DriverRuntime.h"
#include "driver/HeapBlocks.h"

#include <cstdlib>
#include <new>

namespace {
size_t gLimit = 0;
bool gHuge = false;
} // namespace

namespace unitgen_rt {
bool takeHugeAllocation() {
  bool huge = gHuge;
  gHuge = false;
  return huge;
}
void setAllocationLimit(size_t bytes) { gLimit = bytes; }
} // namespace unitgen_rt

#if !defined(__SANITIZE_ADDRESS__) && !(defined(__has_feature) && __has_feature(address_sanitizer))

namespace {
void *allocate(size_t size) {
  if (gLimit && size >= gLimit) {
    gHuge = true;
    throw std::bad_alloc();
  }
  // Zeroed, so a heap array the walker reads past the elements in use (a class without a
  // count field) hashes alike in every run.
  void *p = std::calloc(1, size ? size : 1);
  if (!p)
    throw std::bad_alloc();
  unitgen_rt::recordHeapBlock(p, size);
  return p;
}
void release(void *p) {
  if (p)
    unitgen_rt::forgetHeapBlock(p);
  std::free(p);
}
} // namespace

void *operator new(size_t size) { return allocate(size); }
void *operator new[](size_t size) { return allocate(size); }
void *operator new(size_t size, const std::nothrow_t &) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, size_t) noexcept { release(p); }
void operator delete[](void *p, size_t) noexcept { release(p); }

#endif
