// Subprocess execution with fork/exec, a pipe for output, and SIGKILL on time-out.
#include "support/Subprocess.h"

#include "support/Sandbox.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace unitgen {
namespace {

struct Running {
  pid_t pid = -1;
  int outFd = -1;
  std::chrono::steady_clock::time_point start;
  double timeout = 0;
  ProcessResult result;
  bool done = false;
};

Running start(const std::vector<std::string> &argv, const std::string &workingDir,
              double timeoutSeconds, const std::vector<std::string> &extraEnv,
              const SandboxPolicy *sandbox = nullptr) {
  Running running;
  running.start = std::chrono::steady_clock::now();
  running.timeout = timeoutSeconds;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    running.result.output = "pipe: " + std::string(std::strerror(errno));
    running.done = true;
    return running;
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0); // own process group: a time-out kills the whole tree
    killWhenParentExits(parent);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0)
      dup2(devNull, 0);
    if (sandbox ? !enterSandbox(*sandbox) : !workingDir.empty() && chdir(workingDir.c_str()) != 0) {
      const char message[] = "cannot enter the working directory or the sandbox\n";
      (void)!write(2, message, sizeof message - 1);
      _exit(127);
    }
    for (const std::string &entry : extraEnv)
      putenv(const_cast<char *>(entry.c_str()));
    std::vector<char *> args;
    for (const std::string &arg : argv)
      args.push_back(const_cast<char *>(arg.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    std::string message = "cannot execute " + argv[0] + ": " + std::strerror(errno) + "\n";
    (void)!write(2, message.data(), message.size());
    _exit(127);
  }
  close(fds[1]);
  running.pid = pid;
  running.outFd = fds[0];
  if (pid < 0) {
    running.result.output = "fork: " + std::string(std::strerror(errno));
    running.done = true;
    close(fds[0]);
  }
  return running;
}

/// Reads what is available; returns true when the process finished and was reaped.
bool step(Running &running, int waitMs) {
  if (running.done)
    return true;
  pollfd pfd{running.outFd, POLLIN, 0};
  int ready = poll(&pfd, 1, waitMs);
  if (ready > 0) {
    char buffer[65536];
    ssize_t n = read(running.outFd, buffer, sizeof buffer);
    if (n > 0) {
      if (running.result.output.size() < (64u << 20))
        running.result.output.append(buffer, static_cast<size_t>(n));
      return false;
    }
    if (n < 0 && errno == EINTR)
      return false;
    // EOF: the process closed its output; reap it.
    int status = 0;
    while (waitpid(running.pid, &status, 0) < 0 && errno == EINTR) {
    }
    close(running.outFd);
    if (WIFEXITED(status))
      running.result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
      running.result.signal = WTERMSIG(status);
    running.done = true;
    return true;
  }
  if (running.timeout > 0) {
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - running.start).count();
    if (elapsed > running.timeout) {
      kill(-running.pid, SIGKILL);
      kill(running.pid, SIGKILL);
      running.result.timedOut = true;
      running.timeout = 0; // reap on EOF
    }
  }
  return false;
}

} // namespace

void killWhenParentExits(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) // the parent ended before the request: nobody waits for this child
    _exit(127);
}

ProcessResult runProcess(const std::vector<std::string> &argv, const std::string &workingDir,
                         double timeoutSeconds, const std::vector<std::string> &extraEnv) {
  Running running = start(argv, workingDir, timeoutSeconds, extraEnv);
  while (!step(running, 100)) {
  }
  return running.result;
}

ProcessResult runSandboxed(const std::vector<std::string> &argv, const SandboxPolicy &sandbox,
                           double timeoutSeconds, const std::vector<std::string> &extraEnv) {
  Running running = start(argv, "", timeoutSeconds, extraEnv, &sandbox);
  while (!step(running, 100)) {
  }
  return running.result;
}

std::vector<ProcessResult> runProcesses(const std::vector<std::vector<std::string>> &commands,
                                        int jobs) {
  std::vector<ProcessResult> results(commands.size());
  std::vector<std::pair<size_t, Running>> active;
  size_t next = 0;
  while (next < commands.size() || !active.empty()) {
    while (next < commands.size() && static_cast<int>(active.size()) < std::max(1, jobs)) {
      active.emplace_back(next, start(commands[next], "", 0, {}));
      ++next;
    }
    for (size_t i = 0; i < active.size();) {
      if (step(active[i].second, 20)) {
        results[active[i].first] = std::move(active[i].second.result);
        active.erase(active.begin() + static_cast<long>(i));
      } else {
        ++i;
      }
    }
  }
  return results;
}

std::string shellQuote(const std::string &arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_./=:+,@%") == std::string::npos)
    return arg;
  std::string quoted = "'";
  for (char c : arg)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string joinCommand(const std::vector<std::string> &argv) {
  std::string text;
  for (const std::string &arg : argv)
    text += (text.empty() ? "" : " ") + shellQuote(arg);
  return text;
}

std::string findProgram(const std::vector<std::string> &candidates) {
  for (const std::string &candidate : candidates) {
    if (candidate.find('/') != std::string::npos) {
      if (access(candidate.c_str(), X_OK) == 0)
        return candidate;
      continue;
    }
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    size_t begin = 0;
    while (begin <= dirs.size()) {
      size_t end = dirs.find(':', begin);
      if (end == std::string::npos)
        end = dirs.size();
      std::string full = dirs.substr(begin, end - begin) + "/" + candidate;
      if (access(full.c_str(), X_OK) == 0)
        return full;
      begin = end + 1;
    }
  }
  return "";
}

} // namespace unitgen
