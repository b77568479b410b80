// Ledger: finish() returns a Span of its text, valid until the next append() (which may move the
// text to a new buffer and free the old one), as `leveldb::FilterBlockBuilder::Finish()` does.
#pragma once

#include <cstddef>
#include <string>

/// A view of bytes someone else owns.
class Span {
public:
  Span(const char *data, size_t size) : data_(data), size_(size) {}
  size_t size() const { return size_; }
  std::string text() const { return std::string(data_, size_); }

private:
  const char *data_;
  size_t size_;
};

class Ledger {
public:
  Ledger();
  void append(const std::string &entry);
  Span finish() const { return Span(text_.data(), text_.size()); }

private:
  std::string text_;
};
