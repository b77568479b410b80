// ChildRun: fork, an interval timer in the child, the work's text back through a pipe, waitpid.
#include "exhaustive/ChildRun.h"

#include <csignal>
#include <cstdio>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace unitgen_rt {

ChildRun runInChildSending(double seconds, const std::function<void(const SendText &)> &work) {
  ChildRun run;
  int fds[2];
  if (pipe(fds) != 0)
    return run;
  std::fflush(nullptr); // buffered output would otherwise be written twice
  pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return run;
  }
  if (child == 0) {
    close(fds[0]);
    itimerval limit{};
    limit.it_value.tv_sec = static_cast<time_t>(seconds);
    limit.it_value.tv_usec =
        static_cast<suseconds_t>((seconds - static_cast<double>(limit.it_value.tv_sec)) * 1e6);
    if (limit.it_value.tv_sec == 0 && limit.it_value.tv_usec < 1000)
      limit.it_value.tv_usec = 1000;
    setitimer(ITIMER_REAL, &limit, nullptr);
    work([&](const std::string &text) {
      size_t at = 0;
      while (at < text.size()) {
        ssize_t wrote = write(fds[1], text.data() + at, text.size() - at);
        if (wrote <= 0)
          _exit(3);
        at += static_cast<size_t>(wrote);
      }
    });
    _exit(0);
  }
  close(fds[1]);
  char chunk[4096];
  ssize_t got;
  while ((got = read(fds[0], chunk, sizeof chunk)) > 0)
    run.text.append(chunk, static_cast<size_t>(got));
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (WIFSIGNALED(status)) {
    run.status = WTERMSIG(status);
    run.end = run.status == SIGALRM ? ChildRun::End::TimedOut : ChildRun::End::Signaled;
  } else {
    run.status = WEXITSTATUS(status);
    run.end = ChildRun::End::Exited;
  }
  return run;
}

ChildRun runInChild(double seconds, const std::function<std::string()> &work) {
  return runInChildSending(seconds, [&](const SendText &send) { send(work()); });
}

} // namespace unitgen_rt
