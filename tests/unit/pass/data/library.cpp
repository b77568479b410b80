// Pass test subject: input values moved by small libstdc++ helpers (std::swap, std::max, a
// vector's push_back) and compared afterwards, as a heap's sift-up swaps keys with std::swap.
#include "library_helpers.h"

#include <algorithm>
#include <utility>
#include <vector>

extern "C" int pass_library(const int *in) {
  int keys[2] = {in[0], in[1]};
  std::swap(keys[0], keys[1]);
  int result = 0;
  if (keys[0] < 10) // in[1] < 10
    result |= 1;
  if (std::max(keys[0], keys[1]) == 50) // max(in[1], in[0]) == 50
    result |= 2;
  std::vector<int> values;
  values.push_back(keys[1]);
  if (values[0] > 7) // in[0] > 7
    result |= 4;
  return result;
}

/// The same through helpers too large to inline (library_helpers.h): values moved keep their
/// inputs, values overwritten with constants become concrete.
extern "C" int pass_library_moves(const int *in) {
  int values[3] = {in[0], in[1], 5};
  helpers::rotate(values, 3, 1); // {in[1], 5, in[0]}
  int result = 0;
  if (values[0] < 10) // in[1] < 10
    result |= 1;
  if (values[2] > 7) // in[0] > 7
    result |= 2;
  helpers::fillAndStep(values, 3, 300, 0, 1);
  if (values[0] == 300) // concrete: whatever bytes in[1] shared with 300 no longer count
    result |= 4;
  return result;
}
