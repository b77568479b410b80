// Tests of runProcess: status, output, time-out, and children killed with their parent.
#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace unitgen {
namespace {

TEST(SubprocessTest, ReportsExitCodeAndOutput) {
  ProcessResult result = runProcess({"sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_EQ(result.exitCode, 3);
  EXPECT_FALSE(result.timedOut);
  EXPECT_NE(result.output.find("out"), std::string::npos);
  EXPECT_NE(result.output.find("err"), std::string::npos);
}

TEST(SubprocessTest, KillsAProcessThatOutlivesItsTimeout) {
  auto start = std::chrono::steady_clock::now();
  ProcessResult result = runProcess({"sleep", "30"}, "", 0.3);
  EXPECT_TRUE(result.timedOut);
  EXPECT_FALSE(result.ok());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

/// Whether process `pid` is running (a zombie waiting for init counts as gone).
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pidText, name, state;
  return stat >> pidText >> name >> state && state != "Z" && state != "X";
}

TEST(SubprocessTest, AChildDiesWithTheProcessThatStartedIt) {
  // A stand-in for unitgen (killed by a user) starts a long driver; the driver must not live on.
  char pattern[] = "/tmp/unitgen-subprocess-XXXXXX";
  int fd = mkstemp(pattern);
  ASSERT_GE(fd, 0);
  close(fd);
  std::string pidFile = pattern;
  pid_t standIn = fork();
  ASSERT_GE(standIn, 0);
  if (standIn == 0) {
    runProcess({"sh", "-c", "echo $$ > " + pidFile + "; exec sleep 60"});
    _exit(0);
  }
  pid_t driver = 0;
  for (int i = 0; i < 200 && driver == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::ifstream(pidFile) >> driver;
  }
  ASSERT_GT(driver, 0) << "the child never started";
  ASSERT_TRUE(running(driver));
  kill(standIn, SIGKILL);
  waitpid(standIn, nullptr, 0);
  bool gone = false;
  for (int i = 0; i < 250 && !gone; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    gone = !running(driver);
  }
  unlink(pidFile.c_str());
  if (!gone)
    kill(driver, SIGKILL);
  EXPECT_TRUE(gone) << "the child outlived the process that started it";
}

} // namespace
} // namespace unitgen
