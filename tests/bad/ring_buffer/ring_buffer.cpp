// A fixed-capacity ring buffer of ints that reads before its array (see CMakeLists.txt).
#include "ring_buffer.h"

RingBuffer::RingBuffer(int capacity)
    : capacity_(capacity >= 1 && capacity <= 64 ? capacity : 8), slots_(new int[capacity_]()) {}

RingBuffer::~RingBuffer() { delete[] slots_; }

void RingBuffer::push(int value) {
  slots_[tail_] = value;
  tail_ = (tail_ + 1) % capacity_;
  if (size_ == capacity_)
    head_ = (head_ + 1) % capacity_;
  else
    ++size_;
}

bool RingBuffer::pop() {
  if (size_ == 0)
    return false;
  head_ = (head_ + 1) % capacity_;
  --size_;
  return true;
}

int RingBuffer::size() const { return size_; }

int RingBuffer::recent(int back) const {
  if (back < 0 || back >= size_)
    return 0;
  return slots_[tail_ - 1 - back]; // forgets to wrap below 0
}
