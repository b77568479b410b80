// SymShadowMemory: which expression each byte of program memory holds, by 4 KiB page, bounded.
#pragma once

#include "symbolic/SymExprArena.h"

#include <cstddef>
#include <cstdint>

namespace unitgen_rt {
namespace sym {

/// Byte i of memory holds byte `pos` (0 = least significant) of node `node`; a byte without an
/// entry is concrete. Memory written by uninstrumented code (libstdc++, the driver) is not
/// seen here, so every load checks each entry against the byte actually in memory and drops
/// the entries that disagree (a stale expression is worse than none).
class ShadowMemory {
public:
  static constexpr unsigned kPageBits = 12;
  static constexpr size_t kPageSize = size_t(1) << kPageBits;

  ShadowMemory() { forgetCache(); }
  ~ShadowMemory();
  ShadowMemory(const ShadowMemory &) = delete;
  ShadowMemory &operator=(const ShadowMemory &) = delete;

  /// Forgets every entry; at most `maxPages` pages may exist until the next reset.
  void reset(size_t maxPages);
  bool empty() const { return count_ == 0; }
  size_t pages() const { return count_; }
  /// Symbolic stores that found no room (their bytes became concrete).
  uint64_t droppedStores() const { return droppedStores_; }

  /// The expression of `size` (1..8) bytes at `addr`, little-endian; 0 when all are concrete.
  Handle load(ExprArena &arena, const unsigned char *addr, unsigned size);
  /// Records that the `size` bytes at `addr` now hold `value` (0: concrete).
  void store(const unsigned char *addr, unsigned size, Handle value);
  /// Every byte of [addr, addr + size) holds the 8-bit `byte` expression (0: concrete).
  void fill(const unsigned char *addr, size_t size, Handle byte);
  /// The entries of [src, src + size) move to [dst, dst + size) (memmove semantics).
  void copy(const unsigned char *dst, const unsigned char *src, size_t size);
  void clear(const unsigned char *addr, size_t size) { fill(addr, size, 0); }
  /// The expression of the byte at `addr` (an 8-bit node), or 0. Checked like load().
  Handle byteAt(ExprArena &arena, const unsigned char *addr);

private:
  struct Page {
    uint32_t entries[kPageSize]; ///< node << 3 | byte position; 0 = concrete
    /// [dirtyLow, dirtyHigh): where nonzero entries may be, so a reset clears only that.
    uint32_t dirtyLow;
    uint32_t dirtyHigh;
    void markDirty(size_t offset, size_t count) {
      if (offset < dirtyLow)
        dirtyLow = static_cast<uint32_t>(offset);
      if (offset + count > dirtyHigh)
        dirtyHigh = static_cast<uint32_t>(offset + count);
    }
  };

  void forgetCache() {
    for (uintptr_t &key : cacheKey_)
      key = kEmpty;
  }
  static uintptr_t pageOf(const unsigned char *addr) {
    return reinterpret_cast<uintptr_t>(addr) >> kPageBits;
  }
  static size_t offsetIn(const unsigned char *addr) {
    return reinterpret_cast<uintptr_t>(addr) & (kPageSize - 1);
  }
  /// The page holding `addr`, or null; with `create`, allocates it (null when over the cap).
  Page *page(const unsigned char *addr, bool create);
  /// The entry for `addr` after the staleness check (clears it when stale).
  uint32_t checkedEntry(ExprArena &arena, const unsigned char *addr);

  struct Slot {
    uintptr_t key; ///< page number; kEmpty when the slot is free
    Page *page;
  };
  static constexpr uintptr_t kEmpty = ~uintptr_t(0);
  Page *find(uintptr_t key) const;
  /// Adds a page for `key`; null when over the cap or out of memory.
  Page *insert(uintptr_t key);

  SymVector<Slot> slots_;     ///< open addressing over page numbers (power-of-two size)
  size_t count_ = 0;          ///< pages in use
  SymVector<Page *> spare_;   ///< zeroed pages kept from earlier executions
  SymVector<uint32_t> moved_; ///< copy()'s scratch
  /// Recently used pages, direct-mapped by page number (a call alternates between its stack
  /// frame's page and the heap's).
  static constexpr size_t kCacheSize = 16;
  uintptr_t cacheKey_[kCacheSize];
  Page *cachePage_[kCacheSize] = {};
  size_t maxPages_ = 0;
  uint64_t droppedStores_ = 0;
};

} // namespace sym
} // namespace unitgen_rt
