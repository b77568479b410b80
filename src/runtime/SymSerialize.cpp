// SymSerialize: reachability from the branch conditions, dense renumbering, varint encoding.
#include "SymSerialize.h"

#include "SymWire.h"

namespace unitgen_rt {
namespace sym {
namespace {

using namespace unitgen_symwire;

void writeTrace(const ExprArena &arena, const PathLog &log, size_t keep,
                std::vector<uint8_t> &out) {
  const std::vector<BranchEntry> &branches = log.branches();
  // Operands have smaller handles than their users, so one downward sweep marks everything
  // reachable from the kept conditions.
  std::vector<uint8_t> reachable(arena.size(), 0);
  for (size_t i = 0; i < keep; ++i)
    reachable[branches[i].condition] = 1;
  for (Handle h = arena.size(); h-- > 1;) {
    if (!reachable[h])
      continue;
    const Node &n = arena.node(h);
    for (int k = 0; k < arityOf(n.kind); ++k)
      reachable[n.ops[k]] = 1;
  }
  std::vector<uint32_t> index(arena.size(), 0);
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
}

} // namespace

void serializeTrace(const ExprArena &arena, const PathLog &log, size_t maxBytes,
                    std::vector<uint8_t> &out) {
  size_t start = out.size();
  size_t keep = log.branches().size();
  for (;;) {
    writeTrace(arena, log, keep, out);
    if (out.size() - start <= maxBytes || keep == 0)
      return;
    out.resize(start);
    keep /= 2;
  }
}

} // namespace sym
} // namespace unitgen_rt
