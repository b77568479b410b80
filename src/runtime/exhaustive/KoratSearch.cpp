// KoratSearch: the driver's entry point, and Korat over every field: the candidate loop and the
// backtracking on the last field the invariant read.
#include "exhaustive/CandidateHeap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen_rt {
namespace korat {

int searchConcrete(const ClassInfo *classes, const Problem &problem, const char *outputPath) {
  CandidateHeap heap(classes, problem, false);
  if (!heap.open(outputPath))
    return 2;
  gLog.countBranches = false;
  unsigned long long valid = 0, explored = 0;
  while (heap.enterNextPass()) {
    while (true) {
      bool ok = heap.runInvariant();
      ++explored;
      if (ok && heap.inPass()) // the numbers the invariant did not read take every value
        valid += heap.emitWithFree(heap.unreadNumbersOfReachableObjects(heap.values(), gLog.seen),
                                   heap.values());
      // Korat's step: the last field read takes its next value, or goes back to its first
      // and the one read before it moves on.
      bool more = false;
      while (!gLog.order.empty()) {
        size_t position = gLog.order.size() - 1;
        uint32_t k = gLog.order[position];
        uint32_t next = heap.nextValue(k, gLog.order, position);
        if (next < problem.fields[k].domain.size) {
          heap.write(k, next);
          more = true;
          break;
        }
        heap.reset(k);
        gLog.seen[k] = 0;
        gLog.order.pop_back();
      }
      if (!more) {
        heap.endPass();
        break;
      }
      if (!heap.tick().empty() || heap.turnOver())
        break;
    }
    if (!heap.stopReason().empty())
      break;
  }
  heap.finish(valid, explored, heap.stopReason());
  return 0;
}

int main(const ClassInfo *classes, int numClasses, const CallInfo *calls, int numCalls, int argc,
         char **argv) {
  if (argc != 3)
    return fail("usage: driver FINITIZATION OUTPUT"), 2;
  Problem problem;
  if (!readProblem(argv[1], classes, numClasses, problem))
    return 2;
  if (problem.legalLength >= 0)
    return searchLegalSequences(classes, calls, numCalls, problem, argv[2]);
  if (!problem.replayFile.empty())
    return replayHeaps(classes, calls, numCalls, problem, argv[2]);
  if (problem.symbolicNumbers)
    return searchSymbolicNumbers(classes, problem, argv[2]);
  return searchConcrete(classes, problem, argv[2]);
}

} // namespace korat
} // namespace unitgen_rt
