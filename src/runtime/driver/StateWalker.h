// StateWalker: breadth-first canonical linearization of an object graph, hashed (Korat/Symstra).
//
// Objects are numbered in first-visit order, null is 0, so isomorphic heaps hash alike whatever
// their addresses. Generated walk functions feed fields in declaration order.
#pragma once

#include "driver/HeapBlocks.h"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace unitgen_rt {

class StateWalker;
using WalkFn = void (*)(StateWalker &, const void *);

class StateWalker {
public:
  /// In a symbolic-state request: called with each primitive field's bytes; true when they
  /// hold a symbolic expression (recorded by the probe), which then enters the hash as a
  /// placeholder. The hash is then the state's shape.
  using Probe = bool (*)(const void *addr, unsigned size);
  void setProbe(Probe probe) { probe_ = probe; }
  /// Whether heapArray() reads the elements (on by default); off, a heap array is not read.
  void setArrayContents(bool on) { arrays_ = on; }

  /// Linearizes the graph reachable from `root` and returns its hash.
  uint64_t walk(const void *root, WalkFn fn) {
    reset();
    ref(root, fn);
    while (!queue_.empty() && visited_ < kMaxObjects) {
      auto [object, walker] = queue_.front();
      queue_.pop_front();
      ++visited_;
      walker(*this, object);
    }
    return hash_;
  }

  void ref(const void *object, WalkFn fn) {
    if (!object) {
      mix(0);
      return;
    }
    auto [it, inserted] = ids_.emplace(object, static_cast<uint32_t>(ids_.size() + 1));
    mix(it->second);
    if (inserted)
      queue_.emplace_back(object, fn);
  }
  template <typename T> void ref(const std::unique_ptr<T> &p, WalkFn fn) { ref(p.get(), fn); }

  void value(const bool &v) {
    if (!symbolic(v))
      mix(v ? 1 : 2);
  }
  template <typename T> std::enable_if_t<std::is_integral_v<T>> value(const T &v) {
    if (!symbolic(v))
      mix(static_cast<uint64_t>(v));
  }
  template <typename T> std::enable_if_t<std::is_enum_v<T>> value(const T &v) {
    if (!symbolic(v))
      mix(static_cast<uint64_t>(static_cast<std::underlying_type_t<T>>(v)));
  }
  template <typename T> std::enable_if_t<std::is_floating_point_v<T>> value(const T &v) {
    if (symbolic(v))
      return;
    double d = static_cast<double>(v);
    uint64_t bits;
    static_assert(sizeof bits == sizeof d, "double is 64-bit");
    __builtin_memcpy(&bits, &d, sizeof bits);
    mix(bits);
  }
  void value(const std::string &s) {
    mix(s.size());
    for (unsigned char c : s)
      mix(c);
  }
  template <typename T> void value(const std::vector<T> &v) {
    mix(v.size());
    for (const auto &element : v)
      value(element);
  }
  template <typename T, size_t N> void value(const std::array<T, N> &a) {
    for (const auto &element : a)
      value(element);
  }
  template <typename T, size_t N> void value(const T (&a)[N]) {
    for (const auto &element : a)
      value(element);
  }
  template <typename T> void value(const std::optional<T> &o) {
    mix(o.has_value());
    if (o)
      value(*o);
  }
  /// A pointer to primitives: the heap block it points to, element by element — the first
  /// `count` (the class's count field; a negative one reads nothing) — or, when it points
  /// anywhere but to the start of a heap block, only whether it is set.
  template <typename T> void heapArray(const T *p, long long count) {
    if (!arrays_)
      return;
    size_t elements = heapBlockBytes(p) / sizeof(T);
    if (count >= 0 && static_cast<unsigned long long>(count) < elements)
      elements = static_cast<size_t>(count);
    else if (count < 0)
      elements = 0;
    heapElements(p, elements);
  }
  /// The same without a count field: the whole block (zeroed when it was allocated).
  template <typename T> void heapArray(const T *p) {
    if (!arrays_)
      return;
    heapElements(p, heapBlockBytes(p) / sizeof(T));
  }

private:
  static constexpr size_t kMaxObjects = 100000; // bounds the cost on huge or cyclic heaps

  template <typename T> void heapElements(const T *p, size_t elements) {
    mix(p ? 2 + (heapBlockBytes(p) ? 1 : 0) : 0);
    mix(elements);
    for (size_t i = 0; i < elements; ++i)
      value(p[i]);
  }

  void reset() {
    hash_ = 1469598103934665603ull;
    ids_.clear();
    queue_.clear();
    visited_ = 0;
  }
  void mix(uint64_t v) {
    hash_ ^= v + 0x9e3779b97f4a7c15ull + (hash_ << 6) + (hash_ >> 2);
    hash_ *= 1099511628211ull;
  }

  template <typename T> bool symbolic(const T &v) {
    if (!probe_ || !probe_(&v, sizeof v))
      return false;
    mix(0x5b5b5b5b5b5b5b5bull); // the placeholder of a symbolic field
    return true;
  }

  uint64_t hash_ = 0;
  Probe probe_ = nullptr;
  bool arrays_ = true;
  std::unordered_map<const void *, uint32_t> ids_;
  std::deque<std::pair<const void *, WalkFn>> queue_;
  size_t visited_ = 0;
};

} // namespace unitgen_rt
