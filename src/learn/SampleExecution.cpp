// SampleExecution: runs the recording build and decodes its record files.
#include "learn/SampleExecution.h"

#include "exec/ValueWire.h"
#include "support/Sandbox.h"
#include "support/Subprocess.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen {

size_t SampleExecution::calls() const {
  size_t total = 0;
  for (const RecordedProcess &process : processes)
    total += process.calls.size();
  return total;
}

RecordedProcess decodeRecords(const std::string &bytes) {
  RecordedProcess process;
  unitgen_protocol::Reader in(reinterpret_cast<const unsigned char *>(bytes.data()), bytes.size());
  while (!in.atEnd()) {
    uint8_t tag = 0, count = 0;
    RecordedCall call;
    int32_t callable = -1, receiver = -1, made = -1;
    if (!in.get(tag) || tag != 'C' || !in.get(callable) || !in.get(receiver) || !in.get(made) ||
        !in.get(count)) {
      process.torn = true;
      break;
    }
    call.callable = callable;
    call.receiver = receiver;
    call.made = made;
    bool ok = true;
    for (uint8_t i = 0; ok && i < count; ++i) {
      RecordedArgument argument;
      uint8_t form = 0;
      ok = in.get(form);
      if (ok && form == 0) {
        bool has = false;
        argument.kind = RecordedArgument::Kind::Value;
        ok = decodeValue(in, has, argument.value) && has;
      } else if (ok && form == 1) {
        int32_t object = -1;
        argument.kind = RecordedArgument::Kind::Object;
        ok = in.get(object) && in.get(argument.profile);
        argument.object = object;
      } else if (ok && form != 2) {
        ok = false;
      }
      call.arguments.push_back(std::move(argument));
    }
    if (!ok) {
      process.torn = true;
      break;
    }
    process.calls.push_back(std::move(call));
  }
  return process;
}

namespace {

constexpr uintmax_t kMaxCopiedFile = 16u << 20;
constexpr uintmax_t kMaxCopiedFolder = 256u << 20;

/// Copies `from` into `to` as runSampleExecution says; false when it would exceed
/// kMaxCopiedFolder (or cannot be read).
bool copyWorkingFolder(const fs::path &from, const fs::path &to) {
  std::error_code ec;
  uintmax_t total = 0;
  fs::create_directories(to, ec);
  fs::recursive_directory_iterator it(from, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path &path = it->path();
    const fs::path target = to / fs::relative(path, from, ec);
    const bool hidden = path.filename().string().rfind('.', 0) == 0;
    if (it->is_symlink(ec)) {
      fs::copy_symlink(path, target, ec);
      ec.clear();
    } else if (it->is_directory(ec)) {
      if (hidden || fs::exists(path / "CMakeCache.txt")) {
        it.disable_recursion_pending();
        continue;
      }
      fs::create_directories(target, ec);
    } else if (it->is_regular_file(ec)) {
      const uintmax_t size = it->file_size(ec);
      if (ec || size > kMaxCopiedFile)
        continue;
      total += size;
      if (total > kMaxCopiedFolder)
        return false;
      fs::copy_file(path, target, fs::copy_options::overwrite_existing, ec);
    }
    ec.clear();
  }
  return !ec;
}

} // namespace

Expected<SampleExecution> runSampleExecution(const RecordingBinary &binary,
                                             const std::string &workDir,
                                             const std::string &scratchDir, double timeoutSeconds) {
  const fs::path scratch = fs::absolute(scratchDir);
  const fs::path records = scratch / "records", temporary = scratch / "tmp";
  std::error_code ec;
  fs::remove_all(records, ec);
  fs::create_directories(records, ec);
  fs::create_directories(temporary, ec);
  if (ec)
    return Error{ExitCode::Internal, "cannot create " + records.string() + ": " + ec.message()};
  SampleExecution sample;
  const fs::path copy = scratch / "work";
  fs::remove_all(copy, ec);
  SandboxPolicy sandbox;
  sandbox.workDir = copy.string();
  sandbox.writable = {scratch.string()};
  if (!copyWorkingFolder(workDir, copy)) {
    sandbox.workDir = workDir;
    sandbox.workDirReadOnly = true;
    sample.ranInPlace = true;
  }
  const std::vector<std::string> environment{"UNITGEN_RECORD_DIR=" + records.string(),
                                             "TMPDIR=" + temporary.string(),
                                             "TEST_TMPDIR=" + temporary.string(), "GTEST_COLOR=no"};
  ProcessResult ran = runSandboxed({binary.path}, sandbox, timeoutSeconds, environment);
  sample.exitCode = ran.exitCode;
  sample.timedOut = ran.timedOut;
  sample.signal = ran.signal;
  sample.output =
      ran.output.size() > 4000 ? ran.output.substr(ran.output.size() - 4000) : ran.output;
  std::vector<fs::path> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(records, ec))
    if (entry.path().extension() == ".rec")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path &file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    sample.processes.push_back(decodeRecords(bytes.str()));
  }
  return sample;
}

} // namespace unitgen
