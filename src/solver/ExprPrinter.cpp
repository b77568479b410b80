// ExprPrinter: pool expressions as S-expressions, for debugging output and test messages.
#include "solver/ExprPool.h"

#include <fmt/format.h>

#include <cstring>

namespace unitgen {
namespace {

class Printer {
public:
  Printer(const ExprPool &pool, size_t maxChars) : pool_(pool), maxChars_(maxChars) {}

  /// Recursion is bounded by maxChars: every level prints at least "(" before descending.
  void print(ExprId id) {
    if (out_.size() >= maxChars_)
      return;
    const PoolNode &node = pool_.node(id);
    switch (node.kind) {
    case ExprKind::Constant:
      out_ += fmt::format("{}:{}", node.value, node.width);
      return;
    case ExprKind::BoolConstant:
      out_ += node.value ? "true" : "false";
      return;
    case ExprKind::InputByte:
      out_ += fmt::format("in{}", node.value);
      return;
    case ExprKind::FloatConstant:
      out_ += node.width == 64 ? fmt::format("{}:f64", bitCast<double>(node.value))
                               : fmt::format("{}:f32", bitCast<float>(node.value));
      return;
    default:
      break;
    }
    out_ += fmt::format("({}:{}", toString(node.kind), node.width);
    if (node.kind == ExprKind::Extract)
      out_ += fmt::format("@{}", node.value);
    for (int i = 0; i < arity(node.kind); ++i) {
      out_ += ' ';
      print(node.operands[i]);
    }
    out_ += ')';
  }

  std::string take() {
    if (out_.size() > maxChars_) {
      out_.resize(maxChars_);
      out_ += "...";
    }
    return std::move(out_);
  }

private:
  template <typename T> static T bitCast(uint64_t bits) {
    T value;
    if constexpr (sizeof(T) == 4) {
      const uint32_t low = static_cast<uint32_t>(bits);
      std::memcpy(&value, &low, sizeof value);
    } else {
      std::memcpy(&value, &bits, sizeof value);
    }
    return value;
  }

  const ExprPool &pool_;
  size_t maxChars_;
  std::string out_;
};

} // namespace

std::string printExpr(const ExprPool &pool, ExprId id, size_t maxChars) {
  Printer printer(pool, maxChars);
  printer.print(id);
  return printer.take();
}

} // namespace unitgen
