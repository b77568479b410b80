// RuntimeObjectCache: the runtime's compiled objects, kept in the driver cache and shared by every
// driver built with the same compiler and flags, so a new class's driver compiles only its own
// code.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace unitgen {

/// A compiled runtime source in the cache: the object and the dependency file its compile wrote.
struct CachedObject {
  std::string object;
  std::string depFile;
};

class RuntimeObjectCache {
public:
  /// Entries go under `cacheDir`/runtime-objects.
  explicit RuntimeObjectCache(std::string cacheDir);

  /// The entry for compiling `source` with `command` (the compiler and its flags, without the
  /// input and output arguments): the compiler's identity (its resolved path, size and time of
  /// change), every argument, and the source's path and content.
  std::string keyOf(const std::vector<std::string> &command, const std::string &source) const;
  /// The entry's object, when it is there and every file its compile read (headers included)
  /// still has the content it had.
  std::optional<CachedObject> find(const std::string &key) const;
  /// Keeps a copy of `object`, compiled with the dependencies `depFile` lists, under `key`.
  /// Concurrent builds may store the same entry: each file arrives by an atomic rename. False
  /// when it could not be kept (the build goes on without the cache).
  bool store(const std::string &key, const std::string &object, const std::string &depFile) const;

private:
  std::string dir_;
};

} // namespace unitgen
