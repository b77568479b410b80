// SanitizerReport: reading the sanitizers' reports a driver leaves on stderr.
#include "exec/SanitizerReport.h"

#include <cctype>
#include <sstream>

namespace unitgen {

std::string sanitizerLine(const std::string &log, bool &isOutOfMemory, bool &isTooBig) {
  isOutOfMemory = isTooBig = false;
  size_t pos = 0;
  while (pos < log.size()) {
    size_t end = log.find('\n', pos);
    if (end == std::string::npos)
      end = log.size();
    std::string line = log.substr(pos, end - pos);
    pos = end + 1;
    size_t error = line.find("ERROR: AddressSanitizer: ");
    if (error == std::string::npos)
      error = line.find("ERROR: LeakSanitizer: ");
    if (error != std::string::npos) {
      std::string text = line.substr(error + 7);
      isOutOfMemory = text.find("out of memory") != std::string::npos ||
                      text.find("allocation-size-too-big") != std::string::npos ||
                      text.find("rss-limit-exceeded") != std::string::npos ||
                      text.find("requested allocation size") != std::string::npos ||
                      text.find("malloc-limit") != std::string::npos;
      // One request above max_allocation_size_mb (half the memory limit): see FailureKind.
      isTooBig = text.find("allocation-size-too-big") != std::string::npos ||
                 text.find("exceeds maximum supported size") != std::string::npos;
      return text;
    }
    size_t runtime = line.find("runtime error: ");
    if (runtime != std::string::npos) {
      // Keep `file:line:col: runtime error: ...` but drop the directory of the file.
      size_t slash = line.rfind('/', runtime);
      return slash == std::string::npos ? line : line.substr(slash + 1);
    }
  }
  return "";
}

namespace {

/// `    #3 0x55d0c0a1b2c3 in leveldb::Slice::compare(...) const /src/slice.h:81:14`: the
/// `slice.h:81` of a frame whose source is the code under test's, else empty.
std::string projectFrame(const std::string &line) {
  size_t hash = line.find_first_not_of(' ');
  if (hash == std::string::npos || line[hash] != '#' ||
      line.find(" in ", hash) == std::string::npos)
    return "";
  const size_t space = line.rfind(' ');
  std::string where = line.substr(space + 1); // /src/slice.h:81:14
  if (where.empty() || where[0] != '/' || where.rfind("/usr/", 0) == 0)
    return ""; // a library (`(libc.so.6+0x29d90)`) or the system's headers
  // file:line[:column]: keep file and line.
  size_t colon = where.find(':');
  if (colon == std::string::npos || colon + 1 >= where.size() ||
      !std::isdigit(static_cast<unsigned char>(where[colon + 1])))
    return "";
  size_t lineEnd = where.find(':', colon + 1);
  std::string file = where.substr(0, colon);
  file = file.substr(file.rfind('/') + 1);
  if (file == "driver.cpp" || file == "actions.cpp" ||
      where.find("/runtime/driver/") != std::string::npos)
    return ""; // unitgen's own code
  return file +
         where.substr(colon, lineEnd == std::string::npos ? std::string::npos : lineEnd - colon);
}

} // namespace

bool reportedInUnitgenCode(const std::string &log) {
  const size_t runtime = log.find(": runtime error: ");
  if (runtime == std::string::npos)
    return false;
  const size_t begin =
      log.rfind('\n', runtime) == std::string::npos ? 0 : log.rfind('\n', runtime) + 1;
  const std::string where = log.substr(begin, runtime - begin); // /dir/file.h:69:72
  const std::string file = where.substr(0, where.find(':'));
  const std::string name = file.substr(file.rfind('/') + 1);
  return name == "driver.cpp" || name == "actions.cpp" ||
         file.find("/runtime/driver/") != std::string::npos;
}

bool overflowsUnsizedBuffer(const std::string &log) {
  const size_t report = log.find("ERROR: AddressSanitizer: heap-buffer-overflow");
  if (report == std::string::npos)
    return false;
  // The allocation's stack, up to the blank line that ends it.
  const size_t allocated = log.find("allocated by thread", report);
  if (allocated == std::string::npos)
    return false;
  const size_t end = log.find("\n\n", allocated);
  return log.substr(allocated, end == std::string::npos ? std::string::npos : end - allocated)
             .find("Runner::unsizedBuffer") != std::string::npos;
}

std::string sanitizerDefectLocation(const std::string &log) {
  const size_t report = log.find("ERROR: AddressSanitizer: ");
  if (report == std::string::npos)
    return "";
  size_t from = report;
  if (log.compare(report + 25, 19, "heap-use-after-free") == 0) {
    const size_t freed = log.find("freed by thread", report);
    if (freed != std::string::npos)
      from = freed;
  }
  std::istringstream lines(log.substr(from));
  std::string line, first;
  bool inStack = false;
  while (std::getline(lines, line)) {
    const bool frame = line.find_first_not_of(' ') != std::string::npos &&
                       line[line.find_first_not_of(' ')] == '#';
    if (inStack && !frame)
      break; // the end of the first stack
    inStack |= frame;
    if (std::string location = projectFrame(line); frame && !location.empty())
      return location;
  }
  return "";
}

} // namespace unitgen
