// kit::Fragile: a class with one bug per failure kind, for the emitter's failure reproducers.
#pragma once

namespace kit {

class Fragile {
public:
  void poke(int index);   ///< index 3 writes through a null pointer (SIGSEGV)
  void spin(int rounds);  ///< a negative count never ends
  void check(int value);  ///< 0 calls std::abort
  void insert(int value); ///< a negative value breaks repOK()
  void fire(int code);    ///< 7 throws an int
  void release();         ///< the second call uses freed memory
  void grow(int amount);  ///< std::length_error above 100
  int size() const { return size_; }
  bool repOK() const { return size_ >= 0; }
  /// Broken on purpose: false for an object of size 13, even compared with itself.
  bool operator==(const Fragile &other) const { return size_ == other.size_ && size_ != 13; }

private:
  int size_ = 0;
  int *buffer_ = nullptr;
  bool released_ = false;
};

} // namespace kit
