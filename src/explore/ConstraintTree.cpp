// ConstraintTree: path insertion, the generational queue of alternatives and their fates.
#include "explore/ConstraintTree.h"

#include <cassert>
#include <unordered_map>

namespace unitgen {

const char *toString(EdgeState state) {
  switch (state) {
  case EdgeState::Unexplored:
    return "unexplored";
  case EdgeState::Pending:
    return "pending";
  case EdgeState::Explored:
    return "explored";
  case EdgeState::Infeasible:
    return "infeasible";
  case EdgeState::Timeout:
    return "timeout";
  case EdgeState::Diverged:
    return "diverged";
  }
  return "?";
}

TreeCounts &TreeCounts::operator+=(const TreeCounts &other) {
  nodes += other.nodes;
  paths += other.paths;
  unexplored += other.unexplored;
  pending += other.pending;
  explored += other.explored;
  infeasible += other.infeasible;
  timeout += other.timeout;
  diverged += other.diverged;
  return *this;
}

ConstraintTree::ConstraintTree(int32_t statement) : statement_(statement) { newNode(); }

uint32_t ConstraintTree::newNode() {
  nodes_.emplace_back();
  return static_cast<uint32_t>(nodes_.size() - 1);
}

ConstraintTree::AddResult ConstraintTree::addPath(const std::vector<Decision> &path,
                                                  uint64_t origin, uint32_t generation,
                                                  bool promising, const NoveltyFn &novel) {
  AddResult result;
  uint32_t current = 0;
  std::unordered_map<uint64_t, uint32_t> passes; // per (statement, site), on this path
  for (uint32_t index = 0; index < path.size(); ++index) {
    const Decision &decision = path[index];
    assert(statement_ < 0 || decision.statement <= statement_);
    uint32_t pass = ++passes[uint64_t(uint32_t(decision.statement)) << 32 | decision.site];
    // Indices, not references: newNode() may reallocate nodes_.
    size_t branchIndex = 0;
    {
      std::vector<Branch> &branches = nodes_[current].branches;
      while (branchIndex < branches.size() &&
             (branches[branchIndex].site != decision.site ||
              branches[branchIndex].statement != decision.statement))
        ++branchIndex;
      if (branchIndex == branches.size()) {
        Branch branch;
        branch.site = decision.site;
        branch.statement = decision.statement;
        branches.push_back(branch);
        if (opens(decision, pass)) {
          Queued queued;
          queued.alternative = {
              origin,         index, generation + 1, current, static_cast<uint32_t>(branchIndex),
              !decision.taken};
          queued.site = decision.site;
          queued.promising = promising;
          queued.order = order_++;
          if (novel && novel(decision.site, !decision.taken))
            novel_.push(queued);
          else
            queue_.push(queued);
          ++result.newAlternatives;
        }
      }
    }
    Edge &edge = nodes_[current].branches[branchIndex].edges[decision.taken];
    edge.state = EdgeState::Explored;
    int32_t child = edge.child;
    if (child < 0) {
      child = static_cast<int32_t>(newNode());
      nodes_[current].branches[branchIndex].edges[decision.taken].child = child;
    }
    current = static_cast<uint32_t>(child);
  }
  if (!nodes_[current].terminal) {
    nodes_[current].terminal = true;
    result.newPath = true;
    witnesses_.push_back(origin);
  }
  return result;
}

void ConstraintTree::settle(const NoveltyFn &novel) {
  while (!novel_.empty()) {
    const Queued &top = novel_.top();
    if (stale(top)) {
      novel_.pop();
    } else if (novel && !novel(top.site, top.alternative.direction)) {
      queue_.push(top); // someone else reached that direction meanwhile: just a new path now
      novel_.pop();
    } else {
      break;
    }
  }
  while (!queue_.empty() && stale(queue_.top()))
    queue_.pop();
}

bool ConstraintTree::hasAlternative() {
  settle(nullptr);
  return !novel_.empty() || !queue_.empty();
}

std::optional<ConstraintTree::Rank> ConstraintTree::nextRank(const NoveltyFn &novel) {
  settle(novel);
  const Queued *top = !novel_.empty() ? &novel_.top() : !queue_.empty() ? &queue_.top() : nullptr;
  if (!top)
    return std::nullopt;
  return Rank{!novel_.empty(), top->alternative.generation, top->promising};
}

std::optional<Alternative> ConstraintTree::next(const NoveltyFn &novel) {
  settle(novel);
  const Queued *top = !novel_.empty() ? &novel_.top() : !queue_.empty() ? &queue_.top() : nullptr;
  if (!top)
    return std::nullopt;
  Alternative alternative = top->alternative;
  if (!novel_.empty())
    novel_.pop();
  else
    queue_.pop();
  nodes_[alternative.node].branches[alternative.branch].edges[alternative.direction].state =
      EdgeState::Pending;
  return alternative;
}

void ConstraintTree::resolve(const Alternative &alternative, EdgeState state) {
  assert(state == EdgeState::Infeasible || state == EdgeState::Timeout ||
         state == EdgeState::Diverged);
  Edge &edge = nodes_[alternative.node].branches[alternative.branch].edges[alternative.direction];
  if (edge.state != EdgeState::Explored)
    edge.state = state;
}

EdgeState ConstraintTree::stateOf(const Alternative &alternative) const {
  return nodes_[alternative.node].branches[alternative.branch].edges[alternative.direction].state;
}

TreeCounts ConstraintTree::counts() const {
  TreeCounts counts;
  counts.nodes = nodes_.size();
  for (const Node &node : nodes_) {
    counts.paths += node.terminal;
    for (const Branch &branch : node.branches) {
      if (statement_ >= 0 && branch.statement != statement_)
        continue; // the prefix's directions are counted by the prefix's own tree
      for (const Edge &edge : branch.edges) {
        switch (edge.state) {
        case EdgeState::Unexplored:
          ++counts.unexplored;
          break;
        case EdgeState::Pending:
          ++counts.pending;
          break;
        case EdgeState::Explored:
          ++counts.explored;
          break;
        case EdgeState::Infeasible:
          ++counts.infeasible;
          break;
        case EdgeState::Timeout:
          ++counts.timeout;
          break;
        case EdgeState::Diverged:
          ++counts.diverged;
          break;
        }
      }
    }
  }
  return counts;
}

} // namespace unitgen
