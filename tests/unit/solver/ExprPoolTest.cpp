// ExprPool: structural hashing across traces, byte sets, folding, negation, checks, printing.
#include "SolverTestUtil.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using test::Exprs;
using test::TraceBuilder;

/// in0 + 5 < 100 (32-bit), built in the order a runtime might record it.
uint32_t buildCondition(TraceBuilder &b) {
  const uint32_t x = b.op(ExprKind::ZeroExtend, 32, {b.input(0)});
  const uint32_t sum = b.op(ExprKind::Add, 32, {x, b.constant(5, 32)});
  return b.op(ExprKind::Ult, 1, {sum, b.constant(100, 32)});
}

TEST(ExprPoolTest, SameExpressionFromTwoExecutionsGetsTheSameId) {
  ExprPool pool;
  TraceBuilder first;
  const uint32_t firstCondition = buildCondition(first);
  TraceBuilder second; // other nodes first, so trace indices differ
  second.op(ExprKind::Mul, 16,
            {second.op(ExprKind::ZeroExtend, 16, {second.input(3)}), second.constant(7, 16)});
  const uint32_t secondCondition = buildCondition(second);
  ASSERT_NE(firstCondition, secondCondition);

  auto a = pool.import(first.trace);
  const size_t sizeAfterFirst = pool.size();
  auto b = pool.import(second.trace);
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ((*a)[firstCondition], (*b)[secondCondition]);
  EXPECT_EQ(pool.size(), sizeAfterFirst + 4) << "only in3, its extension, 7 and the product";
}

TEST(ExprPoolTest, DuplicateNodesInOneTraceShareAnId) {
  ExprPool pool;
  TraceBuilder b;
  const uint32_t x1 = b.input(2), x2 = b.input(2);
  auto ids = pool.import(b.trace);
  ASSERT_TRUE(ids);
  EXPECT_EQ((*ids)[x1], (*ids)[x2]);
}

TEST(ExprPoolTest, ByteSetsAreTheInputBytesRead) {
  ExprPool pool;
  Exprs e{pool};
  const ExprId lowWord = e.word(0, 2);
  const ExprId mixed = e.bin(ExprKind::Add, e.zext(lowWord, 32), e.zext(e.byte(7), 32));
  EXPECT_EQ(pool.bytes(lowWord), (ByteSet{0, 1}));
  EXPECT_EQ(pool.bytes(mixed), (ByteSet{0, 1, 7}));
  EXPECT_TRUE(pool.bytes(e.c(9, 32)).empty());
}

TEST(ExprPoolTest, NegateFoldsDoubleNegation) {
  ExprPool pool;
  Exprs e{pool};
  const ExprId condition = e.cmp(ExprKind::Ult, e.byte(0), e.c(10, 8));
  const ExprId negated = pool.negate(condition);
  EXPECT_NE(negated, condition);
  EXPECT_EQ(pool.node(negated).kind, ExprKind::BoolNot);
  EXPECT_EQ(pool.negate(negated), condition);
  EXPECT_EQ(pool.negate(pool.boolean(true)), pool.boolean(false));
}

TEST(ExprPoolTest, FoldsOperationsOnConstants) {
  ExprPool pool;
  Exprs e{pool};
  const ExprId sum = e.bin(ExprKind::Add, e.c(250, 8), e.c(10, 8));
  EXPECT_EQ(sum, e.c(4, 8)) << printExpr(pool, sum);
  EXPECT_EQ(e.cmp(ExprKind::Slt, e.c(0xff, 8), e.c(0, 8)), pool.boolean(true));
  const ExprId x = e.byte(0);
  EXPECT_EQ(pool.make(ExprKind::Ite, 8, {pool.boolean(false), x, e.c(1, 8)}), e.c(1, 8));
  EXPECT_EQ(pool.make(ExprKind::Ite, 8, {e.cmp(ExprKind::Ult, x, e.c(3, 8)), x, x}), x);
}

TEST(ExprPoolTest, BitCastRoundTripsFold) {
  ExprPool pool;
  Exprs e{pool};
  const ExprId bits = e.word(0, 4);
  const ExprId asFloat = e.f32(bits);
  EXPECT_EQ(pool.make(ExprKind::FloatToBits, 32, {asFloat}), bits);
  const ExprId sum = pool.make(ExprKind::FloatAdd, 32, {asFloat, asFloat});
  EXPECT_EQ(e.f32(pool.make(ExprKind::FloatToBits, 32, {sum})), sum);
}

TEST(ExprPoolTest, OneBitConstantIsTheBoolean) {
  ExprPool pool;
  EXPECT_EQ(pool.constant(1, 1), pool.boolean(true));
  EXPECT_EQ(pool.node(pool.constant(0, 1)).sort, ExprSort::Bool);
}

TEST(ExprPoolTest, UnusedFieldsDoNotSplitEqualExpressions) {
  ExprPool pool;
  TraceBuilder b;
  const uint32_t x = b.input(0);
  const uint32_t plain = b.op(ExprKind::Add, 8, {x, x});
  const uint32_t noisy = b.op(ExprKind::Add, 8, {x, x}, /*value=*/1234);
  b.trace.nodes[noisy].operands[2] = 1; // unused third operand
  auto ids = pool.import(b.trace);
  ASSERT_TRUE(ids) << ids.error().message;
  EXPECT_EQ((*ids)[plain], (*ids)[noisy]);
}

TEST(ExprPoolTest, RejectsMalformedTraces) {
  struct Case {
    const char *what;
    void (*build)(TraceBuilder &);
  };
  const Case cases[] = {
      {"forward operand",
       [](TraceBuilder &b) {
         b.op(ExprKind::Not, 8, {1});
         b.input(0);
       }},
      {"operand width",
       [](TraceBuilder &b) {
         b.op(ExprKind::Add, 32, {b.input(0), b.constant(1, 32)});
       }},
      {"boolean of bits", [](TraceBuilder &b) { b.op(ExprKind::BoolNot, 1, {b.input(0)}); }},
      {"extract out of range",
       [](TraceBuilder &b) { b.op(ExprKind::Extract, 4, {b.input(0)}, 6); }},
      {"float width", [](TraceBuilder &b) { b.op(ExprKind::FloatConstant, 16, {}, 0); }},
      {"input width", [](TraceBuilder &b) { b.op(ExprKind::InputByte, 16, {}, 0); }},
      {"width 0", [](TraceBuilder &b) { b.constant(1, 0); }},
      {"width above 64", [](TraceBuilder &b) { b.constant(1, 65); }},
      {"unknown kind", [](TraceBuilder &b) { b.op(static_cast<ExprKind>(200), 8, {}); }},
  };
  for (const Case &c : cases) {
    ExprPool pool;
    TraceBuilder b;
    c.build(b);
    auto ids = pool.import(b.trace);
    ASSERT_FALSE(ids) << c.what;
    EXPECT_EQ(ids.error().code, ExitCode::Internal) << c.what;
    EXPECT_NE(ids.error().message.find("trace node"), std::string::npos) << ids.error().message;
  }
}

TEST(ExprPoolDeathTest, MakeAbortsOnAMalformedNode) {
  ExprPool pool;
  const ExprId x = pool.inputByte(0);
  EXPECT_DEATH(pool.make(ExprKind::Add, 16, {x, x}), "internal error: malformed expression Add");
}

TEST(ExprPoolTest, PrintsSExpressions) {
  ExprPool pool;
  Exprs e{pool};
  const ExprId condition = e.cmp(ExprKind::Ult, e.zext(e.byte(3), 32), e.c(100, 32));
  EXPECT_EQ(printExpr(pool, condition), "(Ult:1 (ZeroExtend:32 in3) 100:32)");
  EXPECT_EQ(printExpr(pool, pool.make(ExprKind::Extract, 4, {e.byte(1)}, 2)), "(Extract:4@2 in1)");
  EXPECT_EQ(printExpr(pool, pool.negate(condition), 10), "(BoolNot:1...");
  EXPECT_EQ(printExpr(pool, e.f32c(1.5f)), "1.5:f32");
}

TEST(ExprPoolTest, ImportsDeepChains) {
  ExprPool pool;
  TraceBuilder b;
  uint32_t value = b.op(ExprKind::ZeroExtend, 32, {b.input(0)});
  const uint32_t one = b.constant(1, 32);
  for (int i = 0; i < 100000; ++i)
    value = b.op(ExprKind::Add, 32, {value, one});
  auto ids = pool.import(b.trace);
  ASSERT_TRUE(ids);
  Model model{{0, 5}};
  EXPECT_EQ(Evaluator(pool, model).value(ids->back()), 100005u);
  EXPECT_EQ(pool.bytes(ids->back()), ByteSet{0});
}

} // namespace
} // namespace unitgen
