// FieldCoverageSuite: the heaps of a field-exhaustive (FET) or field-coverage (FBT) suite at a
// scope — complete searches at the small scopes, transcoped targets, an early-stopped search.
#pragma once

#include "exhaustive/Finitization.h"
#include "exhaustive/Transcoping.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace unitgen {

struct FieldCoverageOptions {
  CoverageCriterion criterion = CoverageCriterion::FieldExhaustive;
  /// FBT: complete searches at scopes 1..smallScope (below the target scope) feed the fits.
  int smallScope = 5;
  double budgetSeconds = 0; ///< for the search at the target scope; 0: none
  /// The order of the target scope's search (what an early stop keeps).
  HeapOrder order = HeapOrder::Korat;
  SearchClock clock = SearchClock::Work; ///< of the time criteria
};

struct FieldCoverageSuite {
  /// The kept heaps in the order the search found them: each added an (object, field, value)
  /// pair (value indices in the order of the target finitization's fields).
  std::vector<std::vector<uint32_t>> heaps;
  size_t pairs = 0;   ///< the pairs the kept heaps cover
  size_t visited = 0; ///< valid heaps the target search found before it stopped
  unsigned long long explored = 0;
  std::vector<int> smallScopes; ///< the scopes searched completely for the fits
  double smallScopeSeconds = 0; ///< their searches, as the driver measured them
  double searchSeconds = 0;     ///< the target scope's search, as the driver measured it
  /// When (seconds into the target scope's search, as the engine read the heaps) the last heap
  /// that added a pair came: no criterion stopping this search early could stop sooner
  /// without losing a pair.
  double lastPairSeconds = 0;
  size_t lastPairHeap = 0;      ///< the same as a count: which valid heap (from 1) it was
  double generationSeconds = 0; ///< everything, wall clock
  /// Time criteria: the transcoped seconds the target search ran for (SearchClock::Seconds),
  /// or the transcoped units of work it stopped after (SearchClock::Work).
  double transcopedSeconds = 0;
  unsigned long long transcopedWork = 0;
  unsigned long long searchWork = 0; ///< the target scope's search, in the driver's units
  /// Size criteria: per field (`BinarySearchTree::Node::left`), the transcoped semantics size
  /// and the size reached.
  std::map<std::string, std::pair<double, size_t>> fieldSizes;
  std::string stopped; ///< why the target search ended early, empty when it finished
};

/// Whether a search in `order` for `criterion` holds the count fields (Finitization::
/// countFields) at each pass's number of objects: only a search by number of objects does, and
/// not for a time criterion, whose work budget is fitted on searches that try every size (Korat's
/// order at the small scopes); a pass that holds them spends the same units on larger heaps,
/// whose runs take longer (tree_set at scope 12: the same 2,985,991 units in 69.2 s instead of
/// 33.8 s, bench/RESULTS.md).
bool holdsCountFields(HeapOrder order, CoverageCriterion criterion);

/// Builds the suite for `target` (the finitization of `targetOptions`, sharing decided) with
/// `driverPath`. FET keeps every heap that adds a pair. The size criteria stop once every field
/// seen at the small scopes has as many pairs as its transcoped size; the time criteria stop at
/// the transcoped time or work. A target scope of 1 has no smaller scope to fit: it is FET.
Expected<FieldCoverageSuite> buildFieldCoverageSuite(const std::string &driverPath,
                                                     const ClassModel &model,
                                                     const FinitizationOptions &targetOptions,
                                                     const Finitization &target,
                                                     const FieldCoverageOptions &options);

} // namespace unitgen
