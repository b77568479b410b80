// A byte buffer with the habits of real code.
#include "careless_buffer.h"

#include <cassert>
#include <cstdio>

CarelessBuffer::CarelessBuffer() : scratch_(new int[4]), cursor_(0) {}

CarelessBuffer::~CarelessBuffer() { delete[] scratch_; }

void CarelessBuffer::append(const char *data, size_t n) {
  assert(data != nullptr || n == 0);
  bytes_.append(data, n);
}

void CarelessBuffer::reserve(int capacity) {
  assert(capacity >= 0);
  bytes_.reserve(bytes_.size() + static_cast<size_t>(capacity));
}

namespace {
size_t checkedLength(int length, size_t size) {
  assert(length >= 0 && static_cast<size_t>(length) <= size);
  return static_cast<size_t>(length);
}
} // namespace

void CarelessBuffer::truncate(int length) { bytes_.resize(checkedLength(length, bytes_.size())); }

int CarelessBuffer::size() const { return static_cast<int>(bytes_.size()); }

char CarelessBuffer::at(int index) const { return bytes_.at(static_cast<size_t>(index)); }

int CarelessBuffer::scratch() const { return scratch_[1]; }

const Cursor *CarelessBuffer::cursor() const { return &cursor_; }

void CarelessBuffer::skip() {
  if (cursor_.position() < size())
    cursor_.advance();
}

bool CarelessBuffer::find(char byte, int *index) const {
  const size_t at = bytes_.find(byte);
  if (at == std::string::npos)
    return false;
  *index = static_cast<int>(at);
  return true;
}

void CarelessBuffer::copyTo(std::string &out) const { out += bytes_; }

std::vector<std::string> CarelessBuffer::split(char separator) const {
  std::vector<std::string> parts(1);
  for (char byte : bytes_) {
    if (byte == separator)
      parts.emplace_back();
    else
      parts.back() += byte;
  }
  return parts;
}

void CarelessBuffer::appendAll(const std::vector<std::string> &parts, char separator) {
  for (const std::string &part : parts)
    bytes_ += part + separator;
}

void CarelessBuffer::write(std::ostream &out) const { out << bytes_; }

bool CarelessBuffer::startsWith(std::string_view prefix) const {
  return std::string_view(bytes_).substr(0, prefix.size()) == prefix;
}

void CarelessBuffer::readLine(std::istream &in) {
  std::string line;
  std::getline(in, line);
  bytes_ += line;
}

void CarelessBuffer::countBytes(std::map<char, int> *counts) const {
  for (char byte : bytes_)
    ++(*counts)[byte];
}

int CarelessBuffer::roomUnder(const Limits &limits) const {
  const long most = limits.strict ? limits.maxSize : 2L * limits.maxSize;
  return static_cast<int>(most - static_cast<long>(bytes_.size()));
}

int CarelessBuffer::print(char *buffer, int bufferSize) const {
  return std::snprintf(buffer, static_cast<size_t>(bufferSize), "%s", bytes_.c_str());
}
