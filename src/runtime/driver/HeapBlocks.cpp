// HeapBlocks: an open-addressing table of live heap blocks (start → bytes) that allocates with
// malloc only, since operator new itself fills it; or ASan's allocator in the ASan build.
#include "driver/HeapBlocks.h"

#include <cstdint>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__) || (defined(__has_feature) && __has_feature(address_sanitizer))
#include <sanitizer/allocator_interface.h>

namespace unitgen_rt {
size_t heapBlockBytes(const void *p) {
  return p && __sanitizer_get_ownership(p) ? __sanitizer_get_allocated_size(p) : 0;
}
void recordHeapBlock(const void *, size_t) {}
void forgetHeapBlock(const void *) {}
} // namespace unitgen_rt

#else

namespace {

/// Linear probing over power-of-two slots; erased slots become tombstones until the next
/// rehash. The driver runs the code under test on one thread.
class BlockTable {
public:
  void insert(uintptr_t key, size_t bytes) {
    if ((used_ + 1) * 2 > capacity_ && !rehash())
      return; // out of memory: the block stays unknown, its array unread
    size_t i = slotOf(key);
    while (slots_[i].key > kTombstone && slots_[i].key != key)
      i = (i + 1) & (capacity_ - 1);
    if (slots_[i].key == kEmpty)
      ++used_;
    slots_[i] = {key, bytes};
  }
  void erase(uintptr_t key) {
    if (Slot *slot = find(key))
      slot->key = kTombstone;
  }
  size_t bytes(uintptr_t key) const {
    const Slot *slot = const_cast<BlockTable *>(this)->find(key);
    return slot ? slot->bytes : 0;
  }

private:
  struct Slot {
    uintptr_t key;
    size_t bytes;
  };
  static constexpr uintptr_t kEmpty = 0, kTombstone = 1;

  size_t slotOf(uintptr_t key) const {
    return static_cast<size_t>((key >> 4) * 0x9e3779b97f4a7c15ull) & (capacity_ - 1);
  }
  Slot *find(uintptr_t key) {
    if (!capacity_ || key <= kTombstone)
      return nullptr;
    for (size_t i = slotOf(key);; i = (i + 1) & (capacity_ - 1)) {
      if (slots_[i].key == key)
        return &slots_[i];
      if (slots_[i].key == kEmpty)
        return nullptr;
    }
  }
  /// Rebuilds the table with the live blocks only, at most a quarter full (so the inserts
  /// here never rehash again); a table full of tombstones keeps its size.
  bool rehash() {
    size_t live = 0;
    for (size_t i = 0; i < capacity_; ++i)
      live += slots_[i].key > kTombstone;
    size_t capacity = 1024;
    while (capacity < 4 * (live + 1))
      capacity *= 2;
    Slot *fresh = static_cast<Slot *>(std::calloc(capacity, sizeof(Slot)));
    if (!fresh)
      return false;
    Slot *old = slots_;
    size_t oldCapacity = capacity_;
    slots_ = fresh;
    capacity_ = capacity;
    used_ = 0;
    for (size_t i = 0; i < oldCapacity; ++i)
      if (old[i].key > kTombstone)
        insert(old[i].key, old[i].bytes);
    std::free(old);
    return true;
  }

  Slot *slots_ = nullptr;
  size_t capacity_ = 0;
  size_t used_ = 0; ///< live slots and tombstones
};

BlockTable gBlocks;

} // namespace

namespace unitgen_rt {
size_t heapBlockBytes(const void *p) { return gBlocks.bytes(reinterpret_cast<uintptr_t>(p)); }
void recordHeapBlock(const void *p, size_t bytes) {
  gBlocks.insert(reinterpret_cast<uintptr_t>(p), bytes);
}
void forgetHeapBlock(const void *p) { gBlocks.erase(reinterpret_cast<uintptr_t>(p)); }
} // namespace unitgen_rt

#endif
