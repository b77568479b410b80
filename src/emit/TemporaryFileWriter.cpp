// The TemporaryFile helper an emitted test defines when a call takes a `FILE *`.
#include "emit/TemporaryFileWriter.h"

namespace unitgen {

std::string temporaryFileDefinition(const std::string &code) {
  if (code.find(std::string(kTemporaryFile) + " ") == std::string::npos)
    return "";
  // A named file in the working folder (the sandbox's own, where the test runs), never one in
  // /tmp: the sandbox lets a test write nowhere else. The name goes at once, so that nothing
  // is left behind however the test ends, and parallel tests never share one.
  return R"(namespace {

// A file in the test's folder holding `text`, open for reading and writing from its start;
// its name is removed at once, so nothing is left behind.
class TemporaryFile {
public:
  explicit TemporaryFile(const std::string &text = "") {
    char name[] = "unitgen-file-XXXXXX";
    const int descriptor = mkstemp(name);
    if (descriptor < 0 || unlink(name) != 0 || !(file_ = fdopen(descriptor, "w+"))) {
      ADD_FAILURE() << "cannot create a file in the test's folder";
      return;
    }
    std::fwrite(text.data(), 1, text.size(), file_);
    std::rewind(file_);
  }
  TemporaryFile(const TemporaryFile &) = delete;
  TemporaryFile &operator=(const TemporaryFile &) = delete;
  ~TemporaryFile() {
    if (file_)
      std::fclose(file_);
  }
  std::FILE *get() const { return file_; }
  // Everything the file holds, wherever the code under test left its position.
  std::string text() const {
    std::string contents;
    if (!file_ || std::fflush(file_) != 0)
      return contents;
    char chunk[4096];
    for (off_t at = 0;;) {
      const ssize_t got = pread(fileno(file_), chunk, sizeof chunk, at);
      if (got <= 0)
        return contents;
      contents.append(chunk, static_cast<size_t>(got));
      at += got;
    }
  }

private:
  std::FILE *file_ = nullptr;
};

} // namespace

)";
}

} // namespace unitgen
