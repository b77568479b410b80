// Heaps per second through the field-pair count the exhaustive strategies run on every heap the
// driver streams: PairCoverage (dense tables) beside fieldPairs into a std::set (its reference).
// usage: pair_coverage [--benchmark_*]
#include "exhaustive/PairCoverage.h"
#include "exhaustive/FieldSemantics.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using namespace unitgen;

/// Tree {Node *root_; int size_;}, Node {int value; Node *left; Node *right;} at `scope`.
Finitization treeFinitization(int scope) {
  ClassModel model;
  model.target = "Tree";
  ClassInfo tree;
  tree.qualifiedName = "Tree";
  tree.invariant = "repOK";
  Field root;
  root.name = "root_";
  root.shape = FieldShape::Ref;
  root.recordName = "Tree::Node";
  root.isPointer = true;
  Field size;
  size.name = "size_";
  size.shape = FieldShape::Value;
  size.type.kind = TypeKind::Integer;
  tree.fields = {root, size};
  ClassInfo node;
  node.qualifiedName = "Tree::Node";
  Field value = size;
  value.name = "value";
  Field left = root, right = root;
  left.name = "left";
  right.name = "right";
  node.fields = {value, left, right};
  model.classes = {tree, node};
  FinitizationOptions options;
  options.scope = scope;
  return *finitize(model, options);
}

/// Random candidate vectors: every field a value of its domain (pointers may share or cycle;
/// both counts walk only what the receiver reaches).
std::vector<std::vector<uint32_t>> randomHeaps(const Finitization &f, size_t count) {
  std::mt19937 rng(1);
  std::vector<std::vector<uint32_t>> heaps(count);
  for (std::vector<uint32_t> &heap : heaps)
    for (const CandidateField &field : f.fields)
      heap.push_back(static_cast<uint32_t>(rng() % field.domain.size(f.objects)));
  return heaps;
}

void BM_PairCoverage(benchmark::State &state) {
  Finitization f = treeFinitization(static_cast<int>(state.range(0)));
  std::vector<std::vector<uint32_t>> heaps = randomHeaps(f, 4096);
  PairCoverage coverage(f);
  size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(coverage.add(heaps[i++ % heaps.size()]));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_PairCoverage)->Arg(6)->Arg(12);

void BM_FieldPairsIntoSet(benchmark::State &state) {
  Finitization f = treeFinitization(static_cast<int>(state.range(0)));
  std::vector<std::vector<uint32_t>> heaps = randomHeaps(f, 4096);
  HeapObjects objects(f);
  std::set<FieldPair> seen;
  size_t i = 0;
  for (auto _ : state) {
    bool added = false;
    for (const FieldPair &pair : fieldPairs(f, objects, heaps[i++ % heaps.size()]))
      added |= seen.insert(pair).second;
    benchmark::DoNotOptimize(added);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_FieldPairsIntoSet)->Arg(6)->Arg(12);

} // namespace

BENCHMARK_MAIN();
