// SymSerialize: reachability from the branch conditions, dense renumbering, varint encoding.
#include "symbolic/SymSerialize.h"

#include "symbolic/SymWire.h"

namespace unitgen_rt {
namespace sym {
namespace {

using namespace unitgen_symwire;

/// Kept from one trace to the next (no allocation per request).
SymVector<uint8_t> gReachable;
SymVector<uint32_t> gIndex;

void writeTrace(const ExprArena &arena, const PathLog &log, size_t keep, SymBytes &out) {
  const SymVector<BranchEntry> &branches = log.branches();
  // Operands have smaller handles than their users, so one downward sweep marks everything
  // reachable from the kept conditions.
  SymVector<uint8_t> &reachable = gReachable;
  reachable.assign(arena.size(), 0);
  for (size_t i = 0; i < keep; ++i)
    reachable[branches[i].condition] = 1;
  for (Handle slot : log.slots())
    reachable[slot] = 1;
  for (Handle h = arena.size(); h-- > 1;) {
    if (!reachable[h])
      continue;
    const Node &n = arena.node(h);
    for (int k = 0; k < arityOf(n.kind); ++k)
      reachable[n.ops[k]] = 1;
  }
  SymVector<uint32_t> &index = gIndex;
  index.assign(arena.size(), 0);
  uint32_t count = 0;
  for (Handle h = 1; h < arena.size(); ++h)
    if (reachable[h])
      index[h] = count++;

  out.push_back(kTraceVersion);
  putVarint(out, count);
  for (Handle h = 1; h < arena.size(); ++h) {
    if (!reachable[h])
      continue;
    const Node &n = arena.node(h);
    out.push_back(static_cast<uint8_t>(n.kind));
    putVarint(out, n.width);
    putVarint(out, n.value);
    for (int k = 0; k < arityOf(n.kind); ++k)
      putVarint(out, index[h] - index[n.ops[k]]);
  }
  putVarint(out, keep);
  for (size_t i = 0; i < keep; ++i) {
    const BranchEntry &b = branches[i];
    putVarint(out, b.site);
    putZigzag(out, b.statement);
    out.push_back(static_cast<uint8_t>((b.taken ? kBranchTaken : 0) |
                                       (b.concretization ? kBranchConcretization : 0)));
    putVarint(out, index[b.condition]);
  }
  putVarint(out, log.inputs().size());
  for (const InputEntry &input : log.inputs()) {
    putZigzag(out, input.statement);
    putZigzag(out, input.argument);
    putVarint(out, input.offset);
    out.push_back(input.value);
  }
  putVarint(out, arena.built());
  putVarint(out, arena.dropped() + log.droppedBranches() + (branches.size() - keep));
  putVarint(out, log.splices().size());
  for (const SpliceEntry &splice : log.splices()) {
    putVarint(out, splice.firstInput);
    putVarint(out, splice.length);
    putVarint(out, splice.textLength);
    for (uint32_t i = 0; i < splice.textLength; ++i)
      out.push_back(static_cast<uint8_t>(log.spliceText()[splice.textStart + i]));
  }
  out.push_back(log.hasState() ? 1 : 0);
  if (log.hasState()) {
    putVarint(out, log.shape());
    putVarint(out, log.slots().size());
    for (Handle slot : log.slots())
      putVarint(out, index[slot]);
  }
}

} // namespace

void serializeTrace(const ExprArena &arena, const PathLog &log, size_t maxBytes, SymBytes &out) {
  size_t start = out.size();
  size_t keep = log.branches().size();
  try {
    for (;;) {
      writeTrace(arena, log, keep, out);
      if (out.size() - start <= maxBytes || keep == 0)
        return;
      out.resize(start);
      keep /= 2;
    }
  } catch (const std::bad_alloc &) {
    out.resize(start); // no trace rather than a torn one
  }
}

} // namespace sym
} // namespace unitgen_rt
