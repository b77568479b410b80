// MemberCoverage: a class's own functions summed from llvm-cov's per-function report.
#include "harness/MemberCoverage.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

// As `llvm-cov report -show-functions` prints it (clang 14), rows of several classes.
const char *const kReport =
    "File '/src/tinyxml2.cpp':\n"
    "Name                                  Regions    Miss   Cover     Lines    Miss   Cover  "
    "Branches    Miss   Cover\n"
    "--------------------------------------------------------------------------------------------\n"
    "_ZN8tinyxml27StrPairD2Ev                    1       0 100.00%         3       0 100.00%     "
    "    0       0   0.00%\n"
    "_ZN8tinyxml27XMLUtil7ReadBOMEPKcPb         10       0 100.00%        14       2  85.71%    "
    "     6       2  66.67%\n"
    "_ZN8tinyxml27XMLUtil18ConvertUTF32ToUTF8EmPcPi 23  13  43.48%        45      22  51.11%   "
    "     18       8  55.56%\n"
    "_ZNK8tinyxml210XMLElement9AttributeEPKcS2_  7       7   0.00%        10      10   0.00%    "
    "     4       4   0.00%\n"
    "_ZN8tinyxml28XMLUtilsC2Ev                   1       1   0.00%         2       2   0.00%    "
    "     0       0   0.00%\n"
    "_ZN8tinyxml211XMLDocument12DepthTrackerC2EPS0_ 1    0 100.00%         4       0 100.00%    "
    "     0       0   0.00%\n"
    "_ZNK8tinyxml211XMLDocument5ErrorEv          1       0 100.00%         3       0 100.00%    "
    "     0       0   0.00%\n"
    "tinyxml2.cpp:_ZL15TIXML_VSCPRINTFPKcP13__va_list_tag 5 5 0.00%        8       8   0.00%    "
    "     2       2   0.00%\n"
    "-------------------------------------------------------------------------------------------\n"
    "TOTAL                                      50      29  42.00%        89      44  50.56%     "
    "   34      16  52.94%\n";

TEST(MemberCoverageTest, SumsTheClassesOwnFunctionsOnly) {
  const MemberCoverage util = memberCoverageOf(kReport, "tinyxml2::XMLUtil");
  EXPECT_EQ(util.functions, 2); // not XMLUtils' constructor, not the file's static function
  EXPECT_EQ(util.lines.total, 59);
  EXPECT_EQ(util.lines.covered, 35);
  EXPECT_EQ(util.branches.total, 24);
  EXPECT_EQ(util.branches.covered, 14);
  // Const members, and a nested class's.
  const MemberCoverage document = memberCoverageOf(kReport, "tinyxml2::XMLDocument");
  EXPECT_EQ(document.functions, 2);
  EXPECT_EQ(document.lines.covered, 7);
  const MemberCoverage element = memberCoverageOf(kReport, "tinyxml2::XMLElement");
  EXPECT_EQ(element.functions, 1);
  EXPECT_EQ(element.lines.covered, 0);
  EXPECT_EQ(element.lines.total, 10);
}

TEST(MemberCoverageTest, TemplateArgumentsAreIgnoredAndUnknownClassesCountNothing) {
  const std::string report = "_ZN2ds5StackIiE4pushERKi 2 0 100.00% 5 1 80.00% 2 1 50.00%\n"
                             "_ZNK2ds5StackIdE4sizeEv 1 0 100.00% 3 0 100.00% 0 0 0.00%\n"
                             "_ZN2ds9StackBase4pushEv 1 0 100.00% 3 0 100.00% 0 0 0.00%\n";
  const MemberCoverage stack = memberCoverageOf(report, "ds::Stack<int>");
  EXPECT_EQ(stack.functions, 2);
  EXPECT_EQ(stack.lines.total, 8);
  EXPECT_EQ(stack.lines.covered, 7);
  EXPECT_EQ(memberCoverageOf(report, "ds::Queue").functions, 0);
  EXPECT_EQ(memberCoverageOf("", "ds::Stack").lines.total, 0);
}

} // namespace
} // namespace unitgen
