// A fixed-capacity ring buffer of ints that reads before its array (see CMakeLists.txt).
#pragma once

class RingBuffer {
public:
  /// A buffer of `capacity` elements; capacities outside 1..64 become 8.
  explicit RingBuffer(int capacity);
  ~RingBuffer();
  RingBuffer(const RingBuffer &) = delete;
  RingBuffer &operator=(const RingBuffer &) = delete;

  /// Appends `value`, overwriting the oldest element when full.
  void push(int value);
  /// Removes the oldest element; false when empty.
  bool pop();
  int size() const;
  /// The element `back` places before the newest (0: the newest); 0 when there is none.
  int recent(int back) const;

private:
  int capacity_;
  int *slots_;
  int head_ = 0;
  int tail_ = 0; ///< where the next element goes
  int size_ = 0;
};
