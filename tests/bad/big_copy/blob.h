#pragma once
// Blob: 200 MB of bytes; under a 320 MB limit one fits, its copy (which unitgen's copy check
// makes, a test of the calls does not) does not.

#include <cstddef>
#include <memory>

class Blob {
public:
  static constexpr std::size_t kSize = 200u << 20;

  Blob();
  Blob(const Blob &other);

  void set(int index, char value);
  char get(int index) const;

private:
  std::unique_ptr<char[]> bytes_; // left uninitialized: only what is set is ever read
};
