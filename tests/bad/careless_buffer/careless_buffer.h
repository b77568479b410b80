// A byte buffer with the habits of real code (see CMakeLists.txt).
#pragma once

#include <climits>
#include <cstddef>
#include <istream>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

class Cursor {
public:
  explicit Cursor(int position) : position_(position) {}
  int position() const { return position_; }
  void advance() {
    if (position_ < INT_MAX) // no overflow: the sanitizer watch finds one (e2e_trust)
      ++position_;
  }

private:
  int position_;
};

/// Configuration set field by field, as real options structs are.
struct Limits {
  int maxSize = 64;
  bool strict = false;
};

class CarelessBuffer {
public:
  CarelessBuffer();
  ~CarelessBuffer();
  CarelessBuffer(const CarelessBuffer &) = delete;
  CarelessBuffer &operator=(const CarelessBuffer &) = delete;

  /// Appends `n` bytes of `data`: the caller passes no more bytes than there are.
  void append(const char *data, size_t n);
  /// Keeps room for `capacity` more bytes; a negative capacity is the caller's error.
  void reserve(int capacity);
  /// Drops the bytes past `length`; a length beyond the size is the caller's error, checked in
  /// a helper rather than in the method, as real code often does.
  void truncate(int length);
  int size() const;
  /// Out-parameters: where `byte` first occurs, into `*index` (false, leaving it as it was, when
  /// it does not); the bytes, appended to `out`.
  bool find(char byte, int *index) const;
  void copyTo(std::string &out) const;
  /// Containers: the bytes split at `separator` (empty parts kept); each part appended with
  /// the separator after it; how often each byte occurs, into `counts`.
  std::vector<std::string> split(char separator) const;
  void appendAll(const std::vector<std::string> &parts, char separator);
  void countBytes(std::map<char, int> *counts) const;
  /// Streams: the bytes written to `out`; a line of `in` appended.
  void write(std::ostream &out) const;
  void readLine(std::istream &in);
  /// Whether the bytes begin with `prefix`; the bytes as a view.
  bool startsWith(std::string_view prefix) const;
  std::string_view view() const { return bytes_; }
  /// A buffer and its size: the bytes, as many as fit with a terminator; returns how many
  /// there are in all (snprintf's habit).
  int print(char *buffer, int bufferSize) const;
  /// The room `limits` leave: all of `maxSize` when strict, twice it otherwise, less the size.
  int roomUnder(const Limits &limits) const;
  /// The byte at `index`; std::string::at throws past the end even in a -fno-exceptions build.
  char at(int index) const;
  /// What the scratch word holds: never written, so whatever the allocator left there.
  int scratch() const;
  /// Where reading stands; the buffer keeps it, callers only look.
  const Cursor *cursor() const;
  void skip();

private:
  std::string bytes_;
  int *scratch_;
  Cursor cursor_;
};
