// SymMemory: memory for the symbolic runtime, apart from the program's heap. The code under
// test must see the heap it sees in the exploration driver — the same sequence of malloc calls,
// so the same relative addresses — or pointer-ordered containers (a std::set<Node *> in an
// invariant) would take other branches and cover other edges in the concolic driver.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace unitgen_rt {
namespace sym {

/// Whole pages from mmap, returned with munmap: the runtime allocates rarely (its containers
/// keep their capacity from one execution to the next), so simplicity wins.
void *mapMemory(size_t bytes);
void unmapMemory(void *p, size_t bytes);

template <typename T> struct SymAllocator {
  using value_type = T;
  SymAllocator() = default;
  template <typename U> SymAllocator(const SymAllocator<U> &) {}
  T *allocate(size_t n) { return static_cast<T *>(mapMemory(n * sizeof(T))); }
  void deallocate(T *p, size_t n) { unmapMemory(p, n * sizeof(T)); }
  template <typename U> bool operator==(const SymAllocator<U> &) const { return true; }
  template <typename U> bool operator!=(const SymAllocator<U> &) const { return false; }
};

template <typename T> using SymVector = std::vector<T, SymAllocator<T>>;

} // namespace sym

/// A trace payload (SymWire.h), in the runtime's own memory.
using SymBytes = sym::SymVector<uint8_t>;

} // namespace unitgen_rt
