// Instrumented in the measurement (like a concolic driver's actions): the call mix on one
// object, reading its arguments from memory that the main program may have made symbolic.
#if defined(UNITGEN_BENCH_TREE_MAP)
#include "tree_map.h"
using Subject = ds::TreeMap;
#else
#include "int_stack.h"
using Subject = IntStack;
#endif

#include <stdexcept>

/// Runs 7 calls chosen by `ops` with arguments `args` on a fresh object; returns a checksum.
int runSequence(const int *ops, const int *args) {
  Subject s;
  int sum = 0;
  for (int i = 0; i < 7; ++i) {
    try {
#if defined(UNITGEN_BENCH_TREE_MAP)
      switch (ops[i] % 5) {
      case 0:
      case 1:
        sum += s.put(args[i], i);
        break;
      case 2:
        sum += s.remove(args[i]);
        break;
      case 3:
        sum += s.containsKey(args[i]);
        break;
      default:
        sum += s.get(args[i]).value_or(-1);
        break;
      }
#else
      switch (ops[i] % 4) {
      case 0:
      case 1:
        s.push(args[i]);
        break;
      case 2:
        sum += s.pop();
        break;
      default:
        sum += s.top();
        break;
      }
#endif
    } catch (const std::exception &) {
      sum += 1000;
    }
  }
  return sum;
}
