// Pass tests: small programs whose code under test (tests/unit/pass/data) is compiled with the
// unitgen pass and run by an uninstrumented main(); every instrumented instruction kind must
// leave a branch record over the right input bytes whose condition evaluates, under the
// recorded input values, to the direction the program really took — and the program must
// compute exactly what the uninstrumented build computes.
#include "ConcolicProgram.h"
#include "TraceEvaluator.h"

#include "exec/TraceDecoder.h"
#include "runtime/driver/BoundaryOrder.h"
#include "support/Hash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <regex>
#include <set>
#include <string>

// The subjects, compiled into this test without instrumentation: the expected results.
extern "C" int pass_arith(const int *in);
extern "C" int pass_memory(const int *in);
extern "C" int pass_calls(const int *in, int (*callback)(int));
extern "C" int pass_exceptions(const int *in);
extern "C" int pass_strings(const std::string &s, const char *cs);
extern "C" int pass_floats(const double *in);
extern "C" int pass_library(const int *in);
extern "C" int pass_library_moves(const int *in);
int passCallsAbove(int a);

namespace unitgen::testing {
namespace {

std::string data(const std::string &file) {
  return std::string(UNITGEN_TEST_DATA_DIR) + "/data/" + file;
}

/// A main() that makes two int arguments symbolic and prints `function(in)`.
std::string twoIntHarness(const std::string &function, const std::string &extra = "",
                          const std::string &begin = "harness::begin();") {
  return "#include \"TestHarness.h\"\n" + extra + "extern \"C\" int " + function +
         "(const int *);\nint main(int, char **argv) {\n"
         "  int in[2] = {harness::intArg(argv, 1), harness::intArg(argv, 2)};\n  " +
         begin +
         "\n  harness::symbolic(in[0], 0, 0);\n  harness::symbolic(in[1], 0, 1);\n"
         "  int r = " +
         function + "(in);\n  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n";
}

std::set<std::string> kindsIn(const SymbolicTrace &trace) {
  std::set<std::string> kinds;
  static const std::regex open("\\(([A-Za-z]+)");
  for (const BranchRecord &branch : trace.branches) {
    std::string text = formatExpression(trace, branch.condition);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), open);
         it != std::sregex_iterator(); ++it)
      kinds.insert((*it)[1]);
  }
  return kinds;
}

/// The input bytes a condition depends on.
std::set<uint64_t> inputsOf(const SymbolicTrace &trace, uint32_t node) {
  std::set<uint64_t> inputs;
  std::vector<uint32_t> work{node};
  while (!work.empty()) {
    const ExprNode &n = trace.nodes[work.back()];
    work.pop_back();
    if (n.kind == ExprKind::InputByte)
      inputs.insert(n.value);
    for (int k = 0; k < arity(n.kind); ++k)
      work.push_back(n.operands[k]);
  }
  return inputs;
}

#define EXPECT_CONSISTENT(run)                                                                     \
  EXPECT_EQ(TraceEvaluator((run).trace).inconsistentBranches(), 0u) << describe((run).trace)

TEST(PassTest, ArithmeticComparisonsCastsAndSwitch) {
  ConcolicProgram program("arith", data("arith.cpp"), twoIntHarness("pass_arith"));
  ASSERT_TRUE(program.ok()) << program.error();
  std::set<std::string> kinds;
  const int pairs[][2] = {{7, 3},   {12, -2}, {3, 7},   {-5, 2},   {3, 4},
                          {250, 9}, {4, 1},   {-66, 0}, {5000, 9}, {-70000, 1}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_arith(pair)) << pair[0] << " " << pair[1];
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    // Inputs: 4 bytes of x (statement 0, argument 0), then 4 of y, with their values.
    ASSERT_EQ(run.trace.inputs.size(), 8u);
    for (uint32_t i = 0; i < 8; ++i) {
      EXPECT_EQ(run.trace.inputs[i].argument, static_cast<int>(i / 4));
      EXPECT_EQ(run.trace.inputs[i].offset, i % 4);
      EXPECT_EQ(run.trace.inputs[i].value, static_cast<uint8_t>(pair[i / 4] >> (8 * (i % 4))));
    }
    for (const BranchRecord &branch : run.trace.branches) {
      EXPECT_EQ(branch.statement, 0);
      EXPECT_FALSE(inputsOf(run.trace, branch.condition).empty());
    }
    auto found = kindsIn(run.trace);
    kinds.insert(found.begin(), found.end());
  }
  for (const char *kind :
       {"Add",  "Sub", "Mul", "SDiv", "SRem",  "UDiv",     "URem",       "Shl",        "LShr",
        "AShr", "And", "Or",  "Xor",  "Equal", "Distinct", "Slt",        "Sle",        "Sgt",
        "Sge",  "Ult", "Ule", "Ugt",  "Uge",   "Extract",  "SignExtend", "ZeroExtend", "Concat"})
    EXPECT_TRUE(kinds.count(kind)) << "no branch condition used " << kind;
}

TEST(PassTest, SwitchRecordsEveryCaseAndShortCircuitPhis) {
  ConcolicProgram program("switch", data("arith.cpp"), twoIntHarness("pass_arith"));
  ASSERT_TRUE(program.ok()) << program.error();
  ProgramRun run = program.run({"3", "9"});
  ASSERT_TRUE(run.decoded);
  // switch (y) { case 1: case 4: case 9: }: one record per case value, only 9 taken.
  std::vector<std::pair<std::string, bool>> cases;
  for (const BranchRecord &b : run.trace.branches) {
    std::string text = formatExpression(run.trace, b.condition);
    if (text.rfind("(Equal (Concat (Concat (Concat in7 in6) in5) in4) #x", 0) == 0)
      cases.emplace_back(text, b.taken);
  }
  ASSERT_EQ(cases.size(), 3u) << describe(run.trace);
  EXPECT_NE(cases[0].first.find("#x1:32"), std::string::npos);
  EXPECT_FALSE(cases[0].second);
  EXPECT_NE(cases[1].first.find("#x4:32"), std::string::npos);
  EXPECT_FALSE(cases[1].second);
  EXPECT_NE(cases[2].first.find("#x9:32"), std::string::npos);
  EXPECT_TRUE(cases[2].second);
  // `ux > 100 || ux <= 2` becomes a PHI of booleans at -O0: its branch is still symbolic.
  EXPECT_CONSISTENT(run);
}

TEST(PassTest, SiteIdsAreStableAcrossBuilds) {
  ConcolicProgram a("sites-a", data("arith.cpp"), twoIntHarness("pass_arith"));
  ConcolicProgram b("sites-b", data("arith.cpp"), twoIntHarness("pass_arith"));
  ASSERT_TRUE(a.ok() && b.ok());
  ProgramRun ra = a.run({"7", "3"}), rb = b.run({"7", "3"}), rc = a.run({"-5", "2"});
  ASSERT_TRUE(ra.decoded && rb.decoded && rc.decoded);
  std::vector<uint32_t> sa, sb;
  for (const BranchRecord &r : ra.trace.branches)
    sa.push_back(r.site);
  for (const BranchRecord &r : rb.trace.branches)
    sb.push_back(r.site);
  EXPECT_EQ(sa, sb);
  std::set<uint32_t> distinct(sa.begin(), sa.end());
  EXPECT_GT(distinct.size(), 20u); // different branches, different sites
  // The first branch (x + y == 10) is the same site whatever the inputs.
  ASSERT_FALSE(rc.trace.branches.empty());
  EXPECT_EQ(ra.trace.branches[0].site, rc.trace.branches[0].site);
}

TEST(PassTest, LoadsStoresMemcpyMemsetAndSymbolicIndex) {
  ConcolicProgram program("memory", data("memory.cpp"), twoIntHarness("pass_memory"));
  ASSERT_TRUE(program.ok()) << program.error();
  const int pairs[][2] = {{5, 4}, {7, 9}, {97, 2}, {3, 11}, {0x10007, 1}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_memory(pair));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    size_t branches = 0, concretizations = 0;
    for (const BranchRecord &b : run.trace.branches)
      (b.concretization ? concretizations : branches)++;
    // array sum, struct copy (two fields), global, heap copy, halves: symbolic; table[x & 7]
    // loads a constant (the table's bytes are concrete), so its branch is not recorded.
    EXPECT_EQ(branches, 6u) << describe(run.trace);
    // table[x & 7]: the address depends on x; it is fixed by one recorded equality.
    ASSERT_EQ(concretizations, 1u) << describe(run.trace);
    for (const BranchRecord &b : run.trace.branches)
      if (b.concretization) {
        EXPECT_TRUE(b.taken);
        EXPECT_EQ(inputsOf(run.trace, b.condition), (std::set<uint64_t>{0, 1, 2, 3}));
      }
  }
}

int harnessCallback(int v) { return passCallsAbove(v + 1000); }

TEST(PassTest, CallsReturnsRecursionIndirectVirtualAndNoStaleSlots) {
  std::string harness = "#include \"TestHarness.h\"\n"
                        "int passCallsAbove(int a);\n"
                        "static int callback(int v) { return passCallsAbove(v + 1000); }\n"
                        "extern \"C\" int pass_calls(const int *, int (*)(int));\n"
                        "int main(int, char **argv) {\n"
                        "  int in[2] = {harness::intArg(argv, 1), harness::intArg(argv, 2)};\n"
                        "  harness::begin();\n"
                        "  harness::symbolic(in[0], 0, 0);\n"
                        "  harness::symbolic(in[1], 0, 1);\n"
                        "  int r = pass_calls(in, &callback);\n"
                        "  harness::finish();\n"
                        "  std::printf(\"%d\\n\", r);\n}\n";
  ConcolicProgram program("calls", data("calls.cpp"), harness);
  ASSERT_TRUE(program.ok()) << program.error();
  const int pairs[][2] = {{4, 3}, {3, 5}, {2000, 3}, {150, 2}, {6, 6}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_calls(pair, &harnessCallback));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    std::string text = describe(run.trace);
    // twice(x) == 8 through a parameter and a return value.
    EXPECT_NE(text.find("(Mul (Concat (Concat (Concat in3 in2) in1) in0) #x2:32)"),
              std::string::npos)
        << text;
    // passCallsAbove's `a > 100`: once, from the instrumented call with x; the harness's call
    // with a concrete value must not pick up x's stale handle from the slots.
    size_t above = 0;
    for (const BranchRecord &b : run.trace.branches)
      above += formatExpression(run.trace, b.condition) ==
               "(Sgt (Concat (Concat (Concat in3 in2) in1) in0) #x64:32)";
    EXPECT_EQ(above, 1u) << text;
    // sum(y) recursion: the comparison n <= 0 on y - k for several k.
    EXPECT_NE(text.find("(Sle (Sub"), std::string::npos) << text;
    // The virtual call's result side*side*scale, with side a field set by the constructor.
    EXPECT_NE(text.find("(Mul (Mul (Concat (Concat (Concat in3"), std::string::npos) << text;
  }
}

TEST(PassTest, ExceptionsCaughtInsideAndEscapingBehaveAsUninstrumented) {
  ConcolicProgram program("exceptions", data("exceptions.cpp"), twoIntHarness("pass_exceptions"));
  ASSERT_TRUE(program.ok()) << program.error();
  // Every invoke of the code under test is still an invoke with its landing pad.
  const int pairs[][2] = {{5, 3}, {60, 3}, {60, 1}, {7, 7}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_exceptions(pair));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    std::string text = describe(run.trace);
    EXPECT_NE(text.find("(Sgt (Concat (Concat (Concat in3 in2) in1) in0) #x32:32)"),
              std::string::npos)
        << text;
    if (pair[0] <= 50) // the invoke's result (x + 1) reached the caller's comparison
      EXPECT_NE(text.find("(Equal (Add (Concat (Concat (Concat in3 in2) in1) in0) #x1:32) "
                          "#x6:32)"),
                std::string::npos)
          << text;
    else // caught: y is still symbolic in the handler
      EXPECT_NE(text.find("(Sgt (Concat (Concat (Concat in7 in6) in5) in4) #x2:32)"),
                std::string::npos)
          << text;
    EXPECT_NE(text.find("(Equal (Concat (Concat (Concat in3"), std::string::npos) << text;
  }

  std::string escaping = "#include \"TestHarness.h\"\n#include <stdexcept>\n"
                         "extern \"C\" int pass_escaping(const int *);\n"
                         "int main(int, char **argv) {\n"
                         "  int in[2] = {harness::intArg(argv, 1), 0};\n"
                         "  harness::begin();\n  harness::symbolic(in[0], 0, 0);\n"
                         "  try {\n    std::printf(\"%d\\n\", pass_escaping(in));\n"
                         "  } catch (const std::out_of_range &e) {\n"
                         "    std::printf(\"caught %s\\n\", e.what());\n  }\n"
                         "  harness::finish();\n}\n";
  ConcolicProgram escape("escaping", data("exceptions.cpp"), escaping);
  ASSERT_TRUE(escape.ok()) << escape.error();
  ProgramRun thrown = escape.run({"60"});
  EXPECT_EQ(thrown.exitCode, 0);
  EXPECT_EQ(thrown.output, "caught too big\n");
  ASSERT_TRUE(thrown.decoded);
  ASSERT_EQ(thrown.trace.branches.size(), 1u) << describe(thrown.trace);
  EXPECT_TRUE(thrown.trace.branches[0].taken);
  ProgramRun returned = escape.run({"30"});
  EXPECT_EQ(returned.output, "1\n");
  ASSERT_TRUE(returned.decoded);
  EXPECT_EQ(returned.trace.branches.size(), 2u) << describe(returned.trace);
  EXPECT_CONSISTENT(returned);
}

TEST(PassTest, CallSiteIdentityKeepsStaleSlotsOut) {
  std::string harness = "#include \"TestHarness.h\"\n"
                        "extern \"C\" int slots_above(int);\n"
                        "extern \"C\" int slots_global();\n"
                        "extern \"C\" int pass_slots(int *, int (*)(int));\n"
                        "static int callback(int v) {\n"
                        "  return slots_above(v + 1000) * 0 + slots_global() + 1;\n}\n"
                        "int main(int, char **argv) {\n"
                        "  int in[1] = {harness::intArg(argv, 1)};\n"
                        "  harness::begin();\n  harness::symbolic(in[0], 0, 0);\n"
                        "  int r = pass_slots(in, &callback);\n"
                        "  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n";
  ConcolicProgram program("slots", data("slots.ll"), harness, /*isIR=*/true);
  ASSERT_TRUE(program.ok()) << program.error();
  for (int x : {4, 200}) {
    ProgramRun run = program.run({std::to_string(x)});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), (x > 100 ? 1 : 0) + (x + 1 == 5 ? 100 : 0));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    // Only the direct call slots_above(x) is symbolic. The callback's slots_above(v + 1000)
    // must not read x's handle from the slots, and the callback's result (slots_global() + 1,
    // computed uninstrumented) must not take slots_global's return handle.
    ASSERT_EQ(run.trace.branches.size(), 1u) << describe(run.trace);
    EXPECT_EQ(formatExpression(run.trace, run.trace.branches[0].condition),
              "(Sgt (Concat (Concat (Concat in3 in2) in1) in0) #x64:32)");
    EXPECT_EQ(run.trace.branches[0].taken, x > 100);
  }
}

/// What intrinsics.ll computes, written in C++.
int referenceIR(int x, int y) {
  int hits = 0;
  int min = x < y ? x : y;
  if (min == 3)
    hits |= 1;
  if (std::max(x, y) > 10)
    hits |= 2;
  unsigned umin = std::min(static_cast<unsigned>(x), static_cast<unsigned>(y));
  unsigned abs = x == INT_MIN ? static_cast<unsigned>(x) : static_cast<unsigned>(std::abs(x));
  if (umin + abs < 20u)
    hits |= 4;
  if (__builtin_bswap32(static_cast<uint32_t>(y)) == 16777216u)
    hits |= 8;
  int sum;
  bool overflow = __builtin_add_overflow(x, y, &sum);
  if ((overflow && sum < 0) || min == 3)
    hits |= 16;
  int chosen = x < y ? x : y;
  hits |= chosen == 1 ? 32 : chosen == 7 ? 64 : 0;
  return hits;
}

TEST(PassTest, SelectPhiSwitchAndIntrinsicsInIR) {
  ConcolicProgram program("ir", data("intrinsics.ll"),
                          "#include \"TestHarness.h\"\nextern \"C\" int pass_ir(int *);\n"
                          "int main(int, char **argv) {\n"
                          "  int in[2] = {harness::intArg(argv, 1), harness::intArg(argv, 2)};\n"
                          "  harness::begin();\n  harness::symbolic(in[0], 0, 0);\n"
                          "  harness::symbolic(in[1], 0, 1);\n  int r = pass_ir(in);\n"
                          "  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n",
                          /*isIR=*/true);
  ASSERT_TRUE(program.ok()) << program.error();
  std::set<std::string> kinds;
  const int pairs[][2] = {{3, 8}, {12, 1}, {1, 5}, {7, 9}, {2147483647, 5}, {-3, 65536}, {-9, 2}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), referenceIR(pair[0], pair[1])) << pair[0] << " " << pair[1];
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    // Every branch of the function is on a symbolic condition: 6 branches + 2 switch cases.
    EXPECT_EQ(run.trace.branches.size(), 8u) << describe(run.trace);
    auto found = kindsIn(run.trace);
    kinds.insert(found.begin(), found.end());
  }
  for (const char *kind : {"Ite", "Neg", "Concat", "BoolAnd", "BoolOr", "Xor", "Slt", "Sgt", "Ult"})
    EXPECT_TRUE(kinds.count(kind)) << "no branch condition used " << kind;
}

/// A main() that makes pass_strings' two arguments symbolic and prints its result.
std::string stringsHarness() {
  return "#include \"TestHarness.h\"\n#include <string>\n"
         "extern \"C\" int pass_strings(const std::string &, const char *);\n"
         "int main(int, char **argv) {\n"
         "  std::string s = argv[1], cs = argv[2];\n"
         "  harness::begin();\n  harness::symbolicString(s, 0, 0);\n"
         "  harness::symbolicString(cs, 0, 1);\n"
         "  int r = pass_strings(s, cs.c_str());\n"
         "  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n";
}

TEST(PassTest, StringsComparedThroughWrappersStaySymbolic) {
  std::string harness = stringsHarness();
  ConcolicProgram program("strings", data("strings.cpp"), harness);
  ASSERT_TRUE(program.ok()) << program.error();
  // Short strings: every byte takes part in some comparison (longer ones are compared only
  // up to the shorter operand, or not at all when lengths differ).
  const char *pairs[][2] = {
      {"hello", "xyz"}, {"world", "abq"}, {"7ex", "xy"}, {"abc", "ab"}, {"Hell", "qqqq"}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({pair[0], pair[1]});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_strings(pair[0], pair[1])) << pair[0] << " " << pair[1];
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    size_t sLength = std::string(pair[0]).size();
    std::set<uint64_t> sBytes, csBytes;
    for (const BranchRecord &b : run.trace.branches) {
      for (uint64_t input : inputsOf(run.trace, b.condition))
        (input < sLength ? sBytes : csBytes).insert(input);
    }
    // Every byte of both arguments reaches some condition.
    EXPECT_EQ(sBytes.size(), sLength) << describe(run.trace);
    EXPECT_EQ(csBytes.size(), std::string(pair[1]).size()) << describe(run.trace);
    size_t concretizations = 0;
    for (const BranchRecord &b : run.trace.branches)
      concretizations += b.concretization;
    EXPECT_GE(concretizations, 1u) << "strlen keeps the C string's length" << describe(run.trace);
  }
  // s == "hello": one condition over exactly s's five bytes.
  ProgramRun hello = program.run({"hello", "xyz"});
  ASSERT_TRUE(hello.decoded);
  ASSERT_FALSE(hello.trace.branches.empty());
  EXPECT_EQ(inputsOf(hello.trace, hello.trace.branches[0].condition),
            (std::set<uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(hello.trace.branches[0].taken);
}

TEST(PassTest, StringsComparedWithTextsOfAnotherLengthLeaveSplices) {
  ConcolicProgram program("splices", data("strings.cpp"), stringsHarness());
  ASSERT_TRUE(program.ok()) << program.error();
  auto splicesOf = [&](const char *s) {
    ProgramRun run = program.run({s, "xyz"});
    EXPECT_TRUE(run.decoded);
    std::set<std::string> texts;
    for (const StringSplice &splice : run.trace.splices) {
      EXPECT_EQ(splice.firstInput, 0u); // s's bytes are inputs 0 .. size - 1
      EXPECT_EQ(splice.length, std::string(s).size());
      texts.insert(splice.text);
    }
    return texts;
  };
  // "hi" against "hello" (==, through a copy too: "world"), "m" (<) and "abc" (compare):
  // every length differs, so each comparison leaves a splice, and each once.
  EXPECT_EQ(splicesOf("hi"), (std::set<std::string>{"hello", "world", "m", "abc"}));
  // "hello" has the length of "hello" and "world": the solver's, not a splice.
  EXPECT_EQ(splicesOf("hello"), (std::set<std::string>{"m", "abc"}));
}

/// A main() that makes each of `count` std::string arguments of `function` symbolic (argument
/// k from argv[k + 1]) and prints its int result.
std::string stringArgumentsHarness(const std::string &function, int count) {
  std::string params, declare, mark, call;
  for (int k = 0; k < count; ++k) {
    std::string name = "s" + std::to_string(k);
    params += std::string(k ? ", " : "") + "const std::string &";
    declare += "  std::string " + name + " = argv[" + std::to_string(k + 1) + "];\n";
    mark += "  harness::symbolicString(" + name + ", 0, " + std::to_string(k) + ");\n";
    call += (k ? ", " : "") + name;
  }
  return "#include \"TestHarness.h\"\n#include <string>\nextern \"C\" int " + function + "(" +
         params + ");\nint main(int, char **argv) {\n" + declare + "  harness::begin();\n" + mark +
         "  int r = " + function + "(" + call +
         ");\n  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n";
}

TEST(PassTest, WordsCutOutOfAStringLeaveSplicesWhereTheyAreLookedUp) {
  // A word cut out with substr, moved into a vector and copied out keeps its bytes' inputs:
  // looking it up among names of other lengths leaves a splice at its offset for each.
  std::string harness = stringArgumentsHarness("pass_tokens", 1);
  ConcolicProgram program("tokens", data("tokens.cpp"), harness);
  ASSERT_TRUE(program.ok()) << program.error();
  ProgramRun run = program.run({"select without from users"});
  ASSERT_TRUE(run.decoded);
  std::set<std::string> texts;
  for (const StringSplice &splice : run.trace.splices) {
    EXPECT_EQ(splice.firstInput, 7u); // "without" is bytes 7..13
    EXPECT_EQ(splice.length, 7u);
    texts.insert(splice.text);
  }
  EXPECT_EQ(texts, (std::set<std::string>{"id", "age", "score"})) << describe(run.trace);
}

TEST(PassTest, AnArgumentComparedWithWordsOfAnotherArgumentLeavesSplicesOfTheirText) {
  // `word` (input 13) is looked up among words of `query` (inputs 0..12): texts of other
  // lengths made of inputs too, spliced in as this execution had them.
  std::string harness = stringArgumentsHarness("pass_word_of", 2);
  ConcolicProgram program("word_of", data("tokens.cpp"), harness);
  ASSERT_TRUE(program.ok()) << program.error();
  ProgramRun run = program.run({"select id age", "x"});
  ASSERT_TRUE(run.decoded);
  std::set<std::string> intoWord;
  for (const StringSplice &splice : run.trace.splices)
    if (splice.firstInput == 13) // the word's one byte
      intoWord.insert(splice.text);
  EXPECT_EQ(intoWord, (std::set<std::string>{"id", "age"})) << describe(run.trace);
}

TEST(PassTest, ValuesMovedByLibraryHelpersKeepTheirExpressions) {
  // std::swap, std::max and a vector's push_back are libstdc++ templates, out of the scope:
  // they are inlined, so the swapped, compared and stored keys keep their inputs.
  ConcolicProgram program("library", data("library.cpp"), twoIntHarness("pass_library"));
  ASSERT_TRUE(program.ok()) << program.error();
  const int pairs[][2] = {{50, 3}, {8, 20}, {1, 50}};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_library(pair));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    // Each source-level comparison reads the input it names after the swap: in[1] is bytes
    // 4..7, in[0] bytes 0..3.
    std::set<std::set<uint64_t>> read;
    for (const BranchRecord &branch : run.trace.branches)
      read.insert(inputsOf(run.trace, branch.condition));
    const std::set<uint64_t> first{0, 1, 2, 3}, second{4, 5, 6, 7};
    EXPECT_TRUE(read.count(second)) << "keys[0] < 10 lost in[1]\n" << describe(run.trace);
    EXPECT_TRUE(read.count(first)) << "values[0] > 7 lost in[0]\n" << describe(run.trace);
    std::set<uint64_t> both = first;
    both.insert(second.begin(), second.end());
    EXPECT_TRUE(read.count(both)) << "std::max compared nothing\n" << describe(run.trace);
  }
}

TEST(PassTest, LibraryCodeTooLargeToInlineMovesShadowAndOverwritesItConcretely) {
  ConcolicProgram program("library_moves", data("library.cpp"),
                          twoIntHarness("pass_library_moves"));
  ASSERT_TRUE(program.ok()) << program.error();
  // What is under test is the uninstrumented path: the helpers must still be calls.
  std::string ir = readFile(program.dir() + "/cut.instrumented.ll");
  for (const char *helper :
       {"call void @_ZN7helpers6rotate", "call void @_ZN7helpers11fillAndStep"})
    EXPECT_NE(ir.find(helper), std::string::npos) << helper << " was inlined";
  // 556 = 0x22c shares bytes 0, 2 and 3 with 300 = 0x12c: a stale shadow would keep them.
  const int pairs[][2] = {{50, 556}, {3, 9}, {556, 300}};
  const std::set<uint64_t> first{0, 1, 2, 3}, second{4, 5, 6, 7};
  for (auto &pair : pairs) {
    ProgramRun run = program.run({std::to_string(pair[0]), std::to_string(pair[1])});
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(std::stoi(run.output), pass_library_moves(pair));
    ASSERT_TRUE(run.decoded);
    EXPECT_CONSISTENT(run);
    std::vector<std::set<uint64_t>> read;
    for (const BranchRecord &branch : run.trace.branches)
      if (auto inputs = inputsOf(run.trace, branch.condition); !inputs.empty())
        read.push_back(inputs);
    // values[0] < 10 reads in[1], values[2] > 7 reads in[0], values[0] == 300 reads nothing.
    EXPECT_EQ(read, (std::vector<std::set<uint64_t>>{second, first})) << describe(run.trace);
  }
}

TEST(PassTest, FloatsAreConcreteByDefaultAndSymbolicWithTheFlag) {
  auto harness = [](bool floats) {
    return std::string("#include \"TestHarness.h\"\nextern \"C\" int pass_floats(const double "
                       "*);\nint main(int, char **argv) {\n"
                       "  double in[2] = {std::atof(argv[1]), std::atof(argv[2])};\n"
                       "  harness::begin(") +
           (floats ? "true" : "false") +
           ");\n  harness::symbolic(in[0], 0, 0);\n  harness::symbolic(in[1], 0, 1);\n"
           "  int r = pass_floats(in);\n  harness::finish();\n  std::printf(\"%d\\n\", r);\n}\n";
  };
  ConcolicProgram concrete("floats-off", data("floats.cpp"), harness(false));
  ConcolicProgram symbolic("floats-on", data("floats.cpp"), harness(true));
  ASSERT_TRUE(concrete.ok()) << concrete.error();
  ASSERT_TRUE(symbolic.ok()) << symbolic.error();
  std::set<std::string> kinds;
  const double pairs[][2] = {{3.0, 2.5}, {1.25, 7.0}, {-2.5, 8.0}, {3.75, 1.75}};
  for (auto &pair : pairs) {
    std::vector<std::string> args{std::to_string(pair[0]), std::to_string(pair[1])};
    ProgramRun off = concrete.run(args), on = symbolic.run(args);
    EXPECT_EQ(std::stoi(off.output), pass_floats(pair));
    EXPECT_EQ(std::stoi(on.output), pass_floats(pair));
    ASSERT_TRUE(off.decoded && on.decoded);
    EXPECT_TRUE(off.trace.branches.empty()) << describe(off.trace);
    EXPECT_CONSISTENT(on);
    EXPECT_GE(on.trace.branches.size(), 6u) << describe(on.trace);
    auto found = kindsIn(on.trace);
    kinds.insert(found.begin(), found.end());
  }
  for (const char *kind :
       {"FloatFromBits", "FloatMul", "FloatAdd", "FloatSub", "FloatDiv", "FloatOrderedLess",
        "FloatOrderedEqual", "FloatToSigned", "SignedToFloat", "Xor"})
    EXPECT_TRUE(kinds.count(kind)) << "no branch condition used " << kind;
}

std::set<std::pair<uint32_t, uint32_t>> boundariesOf(const ProgramRun &run) {
  return {run.boundaries.begin(), run.boundaries.end()};
}

std::set<uint32_t> linesOf(const std::set<std::pair<uint32_t, uint32_t>> &boundaries) {
  std::set<uint32_t> lines;
  for (const auto &boundary : boundaries)
    lines.insert(boundary.first);
  return lines;
}

TEST(PassTest, BoundaryProbesReportRelationalComparisonsWithEqualOperandsAlikeInEveryMode) {
  // The same probes, with the same sites, whether the code runs symbolically, in its concrete
  // clone, or was built with the probes alone (exploration drivers).
  ConcolicProgram symbolic("boundary-symbolic", data("arith.cpp"), twoIntHarness("pass_arith"));
  ConcolicProgram clone("boundary-clone", data("arith.cpp"), twoIntHarness("pass_arith", "", ""));
  ConcolicProgram probes("boundary-probes", data("arith.cpp"), twoIntHarness("pass_arith", "", ""),
                         false, {}, "probes");
  ConcolicProgram none("boundary-none", data("arith.cpp"), twoIntHarness("pass_arith"), false, {},
                       "symbolic");
  for (const ConcolicProgram *program : {&symbolic, &clone, &probes, &none})
    ASSERT_TRUE(program->ok()) << program->error();
  // x = y = 3: `x - y < 0` (line 15), `ux < uy` (37) and `x <= y` (41) compare equal operands;
  // `x * 3 > 20` (17) does not, and `==` / `!=` never count.
  ProgramRun run = symbolic.run({"3", "3"});
  const int in[2] = {3, 3};
  EXPECT_EQ(std::stoi(run.output), pass_arith(in));
  std::set<std::pair<uint32_t, uint32_t>> expected = boundariesOf(run);
  std::set<uint32_t> lines = linesOf(expected);
  for (uint32_t line : {15u, 37u, 41u})
    EXPECT_TRUE(lines.count(line)) << "no boundary on line " << line;
  for (uint32_t line : {17u, 27u, 29u})
    EXPECT_FALSE(lines.count(line)) << "a boundary on line " << line;
  EXPECT_EQ(boundariesOf(clone.run({"3", "3"})), expected);
  EXPECT_EQ(boundariesOf(probes.run({"3", "3"})), expected);
  EXPECT_TRUE(none.run({"3", "3"}).boundaries.empty()); // the symbolic mode adds no probes
  // Different operands: no boundary on line 15 or 37 (x - y = 4, ux > uy).
  std::set<uint32_t> other = linesOf(boundariesOf(probes.run({"7", "3"})));
  EXPECT_FALSE(other.count(15));
  EXPECT_FALSE(other.count(37));
  EXPECT_CONSISTENT(run); // probes leave the symbolic trace intact
}

/// The lines where the run's probes saw the left operand `order` than the right.
std::set<uint32_t> linesWhere(const ProgramRun &run, uint8_t order) {
  std::set<uint32_t> lines;
  for (const auto &[line, site, seen] : run.orders)
    if (seen == order)
      lines.insert(line);
  return lines;
}

TEST(PassTest, BoundaryProbesReportUnequalOperandOrdersOfEqualityAndRelationalComparisons) {
  ConcolicProgram probes("order-probes", data("arith.cpp"), twoIntHarness("pass_arith", "", ""),
                         false, {}, "probes");
  ASSERT_TRUE(probes.ok()) << probes.error();
  // x = y = 3: `x + y == 10` (line 13) at 6 < 10, `x * 3 > 20` (17) at 9 < 20, `(ux >> 1) == 3`
  // (29) at 1 < 3; `x - y < 0` (15) at 0 == 0 is a boundary, no order.
  ProgramRun same = probes.run({"3", "3"});
  std::set<uint32_t> less = linesWhere(same, kOrderLess);
  for (uint32_t line : {13u, 17u, 29u})
    EXPECT_TRUE(less.count(line)) << "no smaller left operand on line " << line;
  EXPECT_FALSE(less.count(15));
  EXPECT_FALSE(linesWhere(same, kOrderGreater).count(15));
  // `ux <= 2` (43) at 3: one above, an off-point; at 7, only greater.
  EXPECT_TRUE(linesWhere(same, kOrderOneAbove).count(43));
  // x = 7, y = 3: `x + y == 10` is equal (its own branch: no order), `x - y < 0` at 4 > 0.
  ProgramRun apart = probes.run({"7", "3"});
  EXPECT_TRUE(linesWhere(apart, kOrderGreater).count(15));
  EXPECT_FALSE(linesWhere(apart, kOrderLess).count(13));
  EXPECT_FALSE(linesWhere(apart, kOrderGreater).count(13));
  EXPECT_FALSE(linesOf(boundariesOf(apart)).count(13));
  EXPECT_FALSE(linesWhere(apart, kOrderOneAbove).count(43));
  EXPECT_TRUE(linesWhere(apart, kOrderGreater).count(43));
}

TEST(PassTest, BoundaryProbesSeeFloatingPointComparisons) {
  ConcolicProgram program("boundary-floats", data("floats.cpp"),
                          "#include \"TestHarness.h\"\nextern \"C\" int pass_floats(const double "
                          "*);\nint main(int, char **argv) {\n"
                          "  double in[2] = {std::atof(argv[1]), std::atof(argv[2])};\n"
                          "  std::printf(\"%d\\n\", pass_floats(in));\n}\n",
                          false, {}, "probes");
  ASSERT_TRUE(program.ok()) << program.error();
  // a * 2.0 > b (line 5) at 2.5 * 2.0 == 5.0; converted >= 2.0 (line 14) at b = 2.75.
  EXPECT_TRUE(linesOf(boundariesOf(program.run({"2.5", "5.0"}))).count(5));
  EXPECT_TRUE(linesOf(boundariesOf(program.run({"1.0", "2.75"}))).count(14));
  EXPECT_FALSE(linesOf(boundariesOf(program.run({"2.0", "5.0"}))).count(5));
}

TEST(PassTest, ExpressionCapDropsToConcreteAndCounts) {
  ConcolicProgram program("cap", data("arith.cpp"),
                          twoIntHarness("pass_arith", "", "harness::begin(false, 12);"));
  ASSERT_TRUE(program.ok()) << program.error();
  ProgramRun run = program.run({"7", "3"});
  ASSERT_EQ(run.exitCode, 0) << run.output;
  const int in[2] = {7, 3};
  EXPECT_EQ(std::stoi(run.output), pass_arith(in));
  ASSERT_TRUE(run.decoded);
  EXPECT_GT(run.trace.expressionsDropped, 0u);
  EXPECT_LE(run.trace.expressionsBuilt, 13u);
  EXPECT_CONSISTENT(run);
}

TEST(PassTest, WithoutASymbolicExecutionTheUninstrumentedCloneRuns) {
  // No begin(): __unitgen_sym_on stays 0; the same program computes the same and records
  // nothing.
  ConcolicProgram program("off", data("arith.cpp"), twoIntHarness("pass_arith", "", ""));
  ASSERT_TRUE(program.ok()) << program.error();
  for (int x : {7, -5, 250}) {
    ProgramRun run = program.run({std::to_string(x), "3"});
    const int in[2] = {x, 3};
    EXPECT_EQ(std::stoi(run.output), pass_arith(in));
    ASSERT_TRUE(run.decoded);
    EXPECT_TRUE(run.trace.branches.empty());
    EXPECT_EQ(run.trace.expressionsBuilt, 0u);
  }
}

} // namespace
} // namespace unitgen::testing
