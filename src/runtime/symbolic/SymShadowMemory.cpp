// SymShadowMemory: page table, byte entries, and the checks that keep entries honest.
#include "symbolic/SymShadowMemory.h"

#include <algorithm>
#include <cstring>

namespace unitgen_rt {
namespace sym {
namespace {

constexpr size_t kMaxSparePages = 64;

uint32_t entryOf(Handle node, unsigned position) { return node << 3 | position; }

} // namespace

ShadowMemory::~ShadowMemory() {
  reset(0);
  for (Page *p : spare_)
    unmapMemory(p, sizeof(Page));
}

void ShadowMemory::reset(size_t maxPages) {
  for (Slot &slot : slots_) {
    if (slot.key == kEmpty)
      continue;
    if (spare_.size() < kMaxSparePages) {
      Page *p = slot.page;
      if (p->dirtyHigh > p->dirtyLow)
        std::memset(p->entries + p->dirtyLow, 0, (p->dirtyHigh - p->dirtyLow) * sizeof(uint32_t));
      spare_.push_back(p); // capacity reserved in insert(): cannot fail
    } else {
      unmapMemory(slot.page, sizeof(Page));
    }
    slot = Slot{kEmpty, nullptr};
  }
  count_ = 0;
  forgetCache();
  maxPages_ = maxPages;
  droppedStores_ = 0;
}

ShadowMemory::Page *ShadowMemory::find(uintptr_t key) const {
  if (slots_.empty())
    return nullptr;
  size_t mask = slots_.size() - 1;
  for (size_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & mask;; i = (i + 1) & mask) {
    if (slots_[i].key == key)
      return slots_[i].page;
    if (slots_[i].key == kEmpty)
      return nullptr;
  }
}

ShadowMemory::Page *ShadowMemory::insert(uintptr_t key) {
  if (count_ >= maxPages_)
    return nullptr;
  try {
    if (spare_.capacity() < kMaxSparePages)
      spare_.reserve(kMaxSparePages);
    if ((count_ + 1) * 2 > slots_.size()) { // keep the table at most half full
      SymVector<Slot> bigger(slots_.empty() ? 64 : slots_.size() * 2, Slot{kEmpty, nullptr});
      size_t mask = bigger.size() - 1;
      for (const Slot &slot : slots_) {
        if (slot.key == kEmpty)
          continue;
        size_t i = (slot.key * 0x9e3779b97f4a7c15ull) >> 20 & mask;
        while (bigger[i].key != kEmpty)
          i = (i + 1) & mask;
        bigger[i] = slot;
      }
      slots_.swap(bigger);
    }
    Page *p;
    if (!spare_.empty()) {
      p = spare_.back();
      spare_.pop_back();
    } else {
      p = static_cast<Page *>(mapMemory(sizeof(Page))); // zero-filled
    }
    p->dirtyLow = kPageSize;
    p->dirtyHigh = 0;
    size_t mask = slots_.size() - 1;
    size_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & mask;
    while (slots_[i].key != kEmpty)
      i = (i + 1) & mask;
    slots_[i] = Slot{key, p};
    ++count_;
    return p;
  } catch (const std::bad_alloc &) {
    return nullptr;
  }
}

ShadowMemory::Page *ShadowMemory::page(const unsigned char *addr, bool create) {
  uintptr_t key = pageOf(addr);
  size_t line = key & (kCacheSize - 1);
  if (cacheKey_[line] == key)
    return cachePage_[line];
  Page *p = find(key);
  if (!p && create)
    p = insert(key);
  if (p) { // only existing pages are cached: a miss must not hide a page created later
    cacheKey_[line] = key;
    cachePage_[line] = p;
  }
  return p;
}

uint32_t ShadowMemory::checkedEntry(ExprArena &arena, const unsigned char *addr) {
  Page *p = page(addr, false);
  if (!p)
    return 0;
  uint32_t &entry = p->entries[offsetIn(addr)];
  if (!entry)
    return 0;
  Handle node = entry >> 3;
  unsigned position = entry & 7;
  if (!arena.valid(node) || ((arena.node(node).concrete >> (8 * position)) & 0xff) != *addr) {
    entry = 0; // written behind our back by uninstrumented code
    return 0;
  }
  return entry;
}

Handle ShadowMemory::load(ExprArena &arena, const unsigned char *addr, unsigned size) {
  if (empty() || size == 0 || size > 8)
    return 0;
  uint32_t e[8];
  size_t offset = offsetIn(addr);
  if (offset + size <= kPageSize) { // the usual case: one page, and usually all concrete
    Page *p = page(addr, false);
    if (!p)
      return 0;
    uint32_t any = 0;
    for (unsigned i = 0; i < size; ++i)
      any |= e[i] = p->entries[offset + i];
    if (!any)
      return 0;
    for (unsigned i = 0; i < size; ++i)
      if (e[i])
        e[i] = checkedEntry(arena, addr + i);
  } else {
    for (unsigned i = 0; i < size; ++i)
      e[i] = checkedEntry(arena, addr + i);
  }
  bool any = false;
  for (unsigned i = 0; i < size; ++i)
    any |= e[i] != 0;
  if (!any)
    return 0;
  // The common case: the value was stored whole and is loaded whole.
  Handle first = e[0] >> 3;
  if (first && (e[0] & 7) == 0 && arena.node(first).width == size * 8) {
    bool whole = true;
    for (unsigned i = 1; i < size && whole; ++i)
      whole = e[i] == entryOf(first, i);
    if (whole)
      return first;
  }
  // Otherwise concatenate runs, most significant first: constant bytes from memory, and
  // consecutive bytes of one node as one extract.
  Handle result = 0;
  unsigned i = size;
  while (i > 0) {
    unsigned hi = i - 1, lo = hi;
    Handle piece;
    if (!e[hi]) {
      while (lo > 0 && !e[lo - 1])
        --lo;
      uint64_t bits = 0;
      for (unsigned k = hi + 1; k-- > lo;)
        bits = bits << 8 | addr[k];
      piece = arena.constant(bits, static_cast<uint16_t>(8 * (hi - lo + 1)));
    } else {
      Handle node = e[hi] >> 3;
      while (lo > 0 && e[lo - 1] && (e[lo - 1] >> 3) == node && (e[lo - 1] & 7) + 1 == (e[lo] & 7))
        --lo;
      piece = arena.extract(node, static_cast<uint16_t>(8 * (e[lo] & 7)),
                            static_cast<uint16_t>(8 * (hi - lo + 1)));
    }
    if (!piece)
      return 0;
    result = result ? arena.concat(result, piece) : piece;
    if (!result)
      return 0;
    i = lo;
  }
  return result;
}

Handle ShadowMemory::byteAt(ExprArena &arena, const unsigned char *addr) {
  if (empty())
    return 0;
  uint32_t entry = checkedEntry(arena, addr);
  if (!entry)
    return 0;
  return arena.extract(entry >> 3, static_cast<uint16_t>(8 * (entry & 7)), 8);
}

void ShadowMemory::store(const unsigned char *addr, unsigned size, Handle value) {
  size_t offset = offsetIn(addr);
  if (size <= 8 && offset + size <= kPageSize) { // one page
    Page *p = page(addr, value != 0);
    if (!p) {
      droppedStores_ += value != 0;
      return;
    }
    for (unsigned i = 0; i < size; ++i)
      p->entries[offset + i] = value ? entryOf(value, i) : 0;
    if (value)
      p->markDirty(offset, size);
    return;
  }
  if (!value) {
    clear(addr, size);
    return;
  }
  for (unsigned i = 0; i < size; ++i) {
    Page *p = page(addr + i, true);
    if (!p) {
      ++droppedStores_;
      continue;
    }
    p->entries[offsetIn(addr + i)] = entryOf(value, i);
    p->markDirty(offsetIn(addr + i), 1);
  }
}

void ShadowMemory::fill(const unsigned char *addr, size_t size, Handle byte) {
  if (!byte && empty())
    return;
  while (size > 0) {
    size_t offset = offsetIn(addr);
    size_t chunk = std::min(size, kPageSize - offset);
    Page *p = page(addr, byte != 0);
    if (p) {
      std::fill(p->entries + offset, p->entries + offset + chunk, byte ? entryOf(byte, 0) : 0);
      if (byte)
        p->markDirty(offset, chunk);
    } else if (byte) {
      ++droppedStores_;
    }
    addr += chunk;
    size -= chunk;
  }
}

void ShadowMemory::copy(const unsigned char *dst, const unsigned char *src, size_t size) {
  if (empty() || size == 0 || dst == src)
    return;
  // Gather first so overlapping ranges behave like memmove.
  try {
    moved_.assign(size, 0);
  } catch (const std::bad_alloc &) {
    clear(dst, size); // no room to copy: the destination becomes concrete, never stale
    return;
  }
  SymVector<uint32_t> &entries = moved_;
  bool any = false;
  for (size_t done = 0; done < size;) {
    const unsigned char *at = src + done;
    size_t offset = offsetIn(at);
    size_t chunk = std::min(size - done, kPageSize - offset);
    if (Page *p = page(at, false)) {
      std::copy(p->entries + offset, p->entries + offset + chunk, entries.begin() + done);
      any = true;
    }
    done += chunk;
  }
  for (size_t done = 0; done < size;) {
    const unsigned char *at = dst + done;
    size_t offset = offsetIn(at);
    size_t chunk = std::min(size - done, kPageSize - offset);
    bool symbolic = any && std::any_of(entries.begin() + done, entries.begin() + done + chunk,
                                       [](uint32_t e) { return e != 0; });
    if (Page *p = page(at, symbolic)) {
      std::copy(entries.begin() + done, entries.begin() + done + chunk, p->entries + offset);
      if (symbolic)
        p->markDirty(offset, chunk);
    } else if (symbolic)
      ++droppedStores_;
    done += chunk;
  }
}

} // namespace sym
} // namespace unitgen_rt
