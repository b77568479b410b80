// Executor start-up: a driver that cannot run, dies at start or speaks another protocol is
// refused by Executor::start with a message that says which, instead of yielding empty outcomes.
#include "exec/Executor.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

/// Writes an executable shell script standing in for a driver.
std::string fakeDriver(const std::string &name, const std::string &body) {
  fs::path dir = fs::temp_directory_path() / "unitgen-executor-start-test";
  fs::create_directories(dir);
  fs::path path = dir / name;
  std::ofstream(path) << "#!/bin/bash\n" << body;
  fs::permissions(path, fs::perms::owner_all);
  return path.string();
}

std::string startError(const std::string &driverPath) {
  ExecOptions options;
  options.driverPath = driverPath;
  options.callTimeoutSeconds = 0.5;
  auto started = Executor::start(options);
  return started ? std::string("started") : started.error().message;
}

TEST(ExecutorStartTest, ADriverWithoutTheProtocolHeaderIsRefused) {
  // Answers the first request like a driver but never writes the shared-memory header, as a
  // driver built from an older runtime does.
  std::string driver = fakeDriver("no-header", "head -c 12 <&100 >/dev/null\n"
                                               "printf D >&101\nsleep 10\n");
  std::string error = startError(driver);
  EXPECT_NE(error.find("no protocol header"), std::string::npos) << error;
  EXPECT_NE(error.find(driver), std::string::npos) << error;
}

TEST(ExecutorStartTest, ADriverThatDiesAtStartSaysHowAndWhat) {
  std::string error = startError(fakeDriver("dies", "echo 'missing libfoo.so' >&2\nexit 3\n"));
  EXPECT_NE(error.find("exit status 3"), std::string::npos) << error;
  EXPECT_NE(error.find("missing libfoo.so"), std::string::npos) << error;
}

TEST(ExecutorStartTest, ADriverThatAnswersSomethingElseIsRefused) {
  std::string error = startError(fakeDriver("chatty", "head -c 12 <&100 >/dev/null\n"
                                                      "printf X >&101\nsleep 10\n"));
  EXPECT_NE(error.find("unknown protocol"), std::string::npos) << error;
}

TEST(ExecutorStartTest, AMissingDriverCannotBeExecuted) {
  EXPECT_NE(startError("/nonexistent/unitgen-driver").find("cannot be executed"),
            std::string::npos);
}

} // namespace
} // namespace unitgen
