// Test helpers for the solver: hand-built traces, a recording decorator over a real solver, and
// an exhaustive solver over few input bytes that serves as an independent oracle.
#pragma once

#include "model/SymbolicTrace.h"
#include "solver/ConcreteSemantics.h"
#include "solver/Evaluator.h"
#include "solver/ExprPool.h"
#include "solver/Solver.h"

#include <cstring>
#include <memory>
#include <unordered_map>
#include <vector>

namespace unitgen::test {

/// Builds a SymbolicTrace node by node, as the runtime would (operands are earlier indices).
class TraceBuilder {
public:
  uint32_t input(uint32_t index) { return add(ExprKind::InputByte, 8, {}, index); }
  uint32_t constant(uint64_t value, uint16_t width) {
    return add(ExprKind::Constant, width, {}, value);
  }
  uint32_t op(ExprKind kind, uint16_t width, std::vector<uint32_t> operands, uint64_t value = 0) {
    return add(kind, width, operands, value);
  }
  /// A branch on `condition`, taken or not.
  void branch(uint32_t condition, bool taken) {
    BranchRecord record;
    record.site = static_cast<uint32_t>(trace.branches.size());
    record.taken = taken;
    record.condition = condition;
    trace.branches.push_back(record);
  }

  SymbolicTrace trace;

private:
  uint32_t add(ExprKind kind, uint16_t width, const std::vector<uint32_t> &operands,
               uint64_t value) {
    ExprNode node;
    node.kind = kind;
    node.width = width;
    node.value = value;
    for (size_t i = 0; i < operands.size() && i < 3; ++i)
      node.operands[i] = operands[i];
    trace.nodes.push_back(node);
    return static_cast<uint32_t>(trace.nodes.size() - 1);
  }
};

/// A thin decorator that records what reached it and forwards to a real solver, so a test can
/// see what an outer layer passed on without faking any answer.
class RecordingSolver final : public Solver {
public:
  explicit RecordingSolver(std::unique_ptr<Solver> inner) : inner_(std::move(inner)) {}
  SolverResult solve(const Query &query) override {
    received->push_back(query);
    return inner_->solve(query);
  }
  /// Shared with the test, which keeps it after handing the solver to a decorator.
  std::shared_ptr<std::vector<Query>> received = std::make_shared<std::vector<Query>>();

private:
  std::unique_ptr<Solver> inner_;
};

/// Decides a query by trying every assignment of the bytes it reads (at most 2 bytes): slow,
/// obviously correct, and independent of Z3 — the oracle for differential tests. The query's
/// DAG is flattened once into post-order, so each of the 65536 assignments is a linear pass.
class ExhaustiveSolver final : public Solver {
public:
  explicit ExhaustiveSolver(const ExprPool &pool) : pool_(pool) {}
  SolverResult solve(const Query &query) override {
    const ByteSet bytes = queryBytes(pool_, query);
    if (bytes.size() > 2)
      return {Validity::Unknown, {}};
    std::vector<ExprId> roots = query.constraints;
    roots.push_back(query.goal);
    flatten(roots);
    std::vector<uint64_t> values(order_.size());
    const uint32_t combinations = 1u << (8 * bytes.size());
    for (uint32_t bits = 0; bits < combinations; ++bits) {
      Model model;
      for (size_t i = 0; i < bytes.size(); ++i)
        model[bytes[i]] = static_cast<uint8_t>(bits >> (8 * i));
      for (size_t i = 0; i < order_.size(); ++i) {
        const PoolNode &node = pool_.node(order_[i]);
        uint64_t operands[3] = {0, 0, 0};
        uint16_t widths[3] = {0, 0, 0};
        for (int j = 0; j < arity(node.kind); ++j) {
          operands[j] = values[position_.at(node.operands[j])];
          widths[j] = pool_.node(node.operands[j]).width;
        }
        values[i] = node.kind == ExprKind::InputByte ? model.at(static_cast<uint32_t>(node.value))
                                                     : evaluateNode(node, operands, widths);
      }
      bool all = true;
      for (ExprId root : roots)
        all = all && values[position_.at(root)] != 0;
      if (all)
        return {Validity::Sat, model};
    }
    return {Validity::Unsat, {}};
  }

private:
  void flatten(const std::vector<ExprId> &roots) {
    order_.clear();
    position_.clear();
    for (ExprId root : roots)
      visit(root);
  }
  void visit(ExprId id) {
    if (position_.count(id))
      return;
    const PoolNode &node = pool_.node(id);
    for (int j = 0; j < arity(node.kind); ++j)
      visit(node.operands[j]);
    position_[id] = order_.size();
    order_.push_back(id);
  }

  const ExprPool &pool_;
  std::vector<ExprId> order_;
  std::unordered_map<ExprId, size_t> position_;
};

/// Pool-level builders, for tests that do not need a trace.
struct Exprs {
  ExprPool &pool;
  ExprId byte(uint32_t index) { return pool.inputByte(index); }
  ExprId c(uint64_t value, uint16_t width) { return pool.constant(value, width); }
  ExprId zext(ExprId e, uint16_t width) { return pool.make(ExprKind::ZeroExtend, width, {e}); }
  ExprId sext(ExprId e, uint16_t width) { return pool.make(ExprKind::SignExtend, width, {e}); }
  ExprId bin(ExprKind kind, ExprId a, ExprId b) {
    return pool.make(kind, pool.node(a).width, {a, b});
  }
  ExprId cmp(ExprKind kind, ExprId a, ExprId b) { return pool.make(kind, 1, {a, b}); }
  ExprId eq(ExprId a, ExprId b) { return cmp(ExprKind::Equal, a, b); }
  ExprId concat(ExprId high, ExprId low) {
    return pool.make(ExprKind::Concat, pool.node(high).width + pool.node(low).width, {high, low});
  }
  /// Little-endian integer of `count` input bytes starting at `first`.
  ExprId word(uint32_t first, uint32_t count) {
    ExprId value = byte(first);
    for (uint32_t i = 1; i < count; ++i)
      value = concat(byte(first + i), value);
    return value;
  }
  ExprId f32(ExprId bits32) { return pool.make(ExprKind::FloatFromBits, 32, {bits32}); }
  ExprId f32c(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return pool.make(ExprKind::FloatConstant, 32, {}, bits);
  }
};

} // namespace unitgen::test
