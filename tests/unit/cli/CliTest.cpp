// CliTest: what the flag table refuses, with which message and exit code, before any stage runs.
#include "cli/Cli.h"
#include "model/Error.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace unitgen {
namespace {

struct CliRun {
  int exitCode;
  std::string stderrText;
};

/// runCli on `args` (after the program name), with what it printed on stderr.
CliRun runWith(std::vector<std::string> args) {
  args.insert(args.begin(), "unitgen");
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  testing::internal::CaptureStderr();
  int code = runCli(static_cast<int>(argv.size()), argv.data());
  return {code, testing::internal::GetCapturedStderr()};
}

constexpr int kUsage = static_cast<int>(ExitCode::Usage);

TEST(CliTest, AnUnknownStrategyIsAUsageErrorNamingTheFlag) {
  CliRun run =
      runWith({"generate", "-p", "build", "--class", "C", "--out", "gen", "--strategy", "genetic"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("unitgen: error: --strategy"), std::string::npos) << run.stderrText;
}

TEST(CliTest, ExploreOffersOnlyItsStrategies) {
  CliRun run = runWith({"explore", "-p", "build", "--class", "C", "--strategy", "random"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--strategy"), std::string::npos) << run.stderrText;
}

TEST(CliTest, AStrategysOwnFlagWithAnotherStrategyIsRefusedNamingItsOwner) {
  CliRun run = runWith({"generate", "-p", "build", "--class", "C", "--out", "gen", "--strategy",
                        "random", "--scope", "4"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--scope is for --strategy exhaustive, not random"),
            std::string::npos)
      << run.stderrText;
}

TEST(CliTest, TheDefaultStrategyAlsoRefusesAnotherStrategysFlags) {
  CliRun run =
      runWith({"generate", "-p", "build", "--class", "C", "--out", "gen", "--legal-budget", "1s"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--legal-budget is for --strategy exhaustive, not auto"),
            std::string::npos)
      << run.stderrText;
}

TEST(CliTest, GenerateNeedsAClassOrAFunction) {
  CliRun run = runWith({"generate", "-p", "build", "--out", "gen"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--class or --function"), std::string::npos) << run.stderrText;
}

TEST(CliTest, ClassAndFunctionExcludeEachOther) {
  CliRun run =
      runWith({"generate", "-p", "build", "--class", "C", "--function", "f", "--out", "gen"});
  EXPECT_EQ(run.exitCode, kUsage);
}

TEST(CliTest, ANegativeScopeIsRefused) {
  CliRun run = runWith(
      {"explore", "-p", "build", "--class", "C", "--strategy", "exhaustive", "--scope", "-1"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--scope"), std::string::npos) << run.stderrText;
}

TEST(CliTest, AVerbIsRequired) {
  CliRun run = runWith({});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("unitgen: error:"), std::string::npos) << run.stderrText;
}

TEST(CliTest, ABudgetThatIsNoDurationIsAUsageError) {
  // Checked by the settings stage, before the model is read: the build folder need not exist.
  CliRun run = runWith({"generate", "-p", "/nonexistent-unitgen-build", "--class", "C", "--out",
                        "gen", "--budget", "soon"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--budget 'soon' is not a duration"), std::string::npos)
      << run.stderrText;
}

TEST(CliTest, ABudgetOfNothingIsAUsageErrorUnlessExecutionsBoundTheRun) {
  // Zero would mean no limit: a run that never ends.
  CliRun run = runWith({"generate", "-p", "/nonexistent-unitgen-build", "--class", "C", "--out",
                        "gen", "--budget", "0s"});
  EXPECT_EQ(run.exitCode, kUsage);
  EXPECT_NE(run.stderrText.find("--budget '0s' leaves no time"), std::string::npos)
      << run.stderrText;
  // With --max-executions the budget is not checked: the run goes on to the missing folder.
  run = runWith({"generate", "-p", "/nonexistent-unitgen-build", "--class", "C", "--out", "gen",
                 "--budget", "0s", "--max-executions", "10", "-q"});
  EXPECT_EQ(run.exitCode, static_cast<int>(ExitCode::Input)) << run.stderrText;
}

} // namespace
} // namespace unitgen
