// Pass test helpers outside the scope of library.cpp's build (only the .cpp is in it) and too
// large to be inlined: their moves and stores reach the shadow memory uninstrumented.
#pragma once

namespace helpers {

/// Rotates `values` by `shift` places, left when positive and right when negative, one place at
/// a time through a temporary.
template <typename T> void rotate(T *values, int count, int shift) {
  for (int round = 0; round < shift % count; ++round) {
    T first = values[0];
    for (int i = 0; i + 1 < count; ++i)
      values[i] = values[i + 1];
    values[count - 1] = first;
  }
  for (int round = 0; round < -shift % count; ++round) {
    T last = values[count - 1];
    for (int i = count - 1; i > 0; --i)
      values[i] = values[i - 1];
    values[0] = last;
  }
}

/// Sets every value to `value`, then adds `step` to all but the first, `times` times.
template <typename T> void fillAndStep(T *values, int count, T value, T step, int times) {
  for (int i = 0; i < count; ++i)
    values[i] = value;
  for (int t = 0; t < times; ++t)
    for (int i = 1; i < count; ++i)
      values[i] = values[i] + step;
}

} // namespace helpers
