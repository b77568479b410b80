// Solver: names of validities and the input bytes of a query.
#include "solver/Solver.h"

#include <algorithm>
#include <iterator>

namespace unitgen {

const char *toString(Validity validity) {
  switch (validity) {
  case Validity::Sat:
    return "sat";
  case Validity::Unsat:
    return "unsat";
  case Validity::Unknown:
    return "unknown";
  case Validity::Timeout:
    return "timeout";
  }
  return "?";
}

ByteSet queryBytes(const ExprPool &pool, const Query &query) {
  ByteSet bytes = pool.bytes(query.goal);
  ByteSet merged;
  for (ExprId constraint : query.constraints) {
    const ByteSet &more = pool.bytes(constraint);
    if (std::includes(bytes.begin(), bytes.end(), more.begin(), more.end()))
      continue;
    merged.clear();
    std::set_union(bytes.begin(), bytes.end(), more.begin(), more.end(),
                   std::back_inserter(merged));
    bytes.swap(merged);
  }
  return bytes;
}

} // namespace unitgen
