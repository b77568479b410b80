// InputSearch: when the solver gives up on a query (typically floating-point arithmetic that Z3
// cannot decide in time), look for input values that satisfy it by trying and checking them.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"
#include "model/SymbolicTrace.h"
#include "solver/Solver.h"

#include <functional>
#include <optional>
#include <random>
#include <vector>

namespace unitgen {

/// One argument whose bytes are inputs: their indices in offset order, its type, its value in
/// the execution the query came from.
struct SearchArgument {
  std::vector<uint32_t> bytes;
  TypeDesc type;
  Value value;
};

/// Where fresh values come from (the strategy's value pool: boundaries, literals of the code
/// under test, operands it compared).
using ValueSourceFn = std::function<Value(const TypeDesc &)>;

struct SearchOptions {
  size_t attempts = 3000; ///< candidate inputs evaluated at most
};

/// The literal arguments of `sequence` that the input bytes `inputs` (a trace's) belong to.
std::vector<SearchArgument> searchArguments(const ClassModel &model, const Sequence &sequence,
                                            const std::vector<InputOrigin> &inputs);

/// A model of `query` found by search, or nullopt. Only the constraints that share input bytes
/// with the goal (transitively) are considered, as in independence slicing; the others keep
/// holding because their bytes are not touched. Candidates: values from `fresh` for each
/// argument the slice reads, then mutations of the best candidate so far (scaled, shifted,
/// stepped, mixed), scored by how many of the slice's conditions hold, each checked by the
/// Evaluator — so a model it returns satisfies the query by construction. The JTestCraft
/// prototype handled floats by random values alone; this adds the score as guidance.
std::optional<Model> searchInputs(const ExprPool &pool, const Query &query,
                                  const std::vector<uint8_t> &defaults,
                                  const std::vector<SearchArgument> &arguments,
                                  const ValueSourceFn &fresh, std::mt19937_64 &rng,
                                  const SearchOptions &options = {});

} // namespace unitgen
