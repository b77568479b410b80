// FileKeeper: keeps notes in files named by the caller, in the working directory.
#pragma once

#include <string>

class FileKeeper {
public:
  /// Writes `text` to the file `name` ("notes.txt", "canary.txt", ...); false if it cannot.
  bool save(const std::string &name, const std::string &text);
  /// Removes the file `name`; false if it cannot.
  bool erase(const std::string &name);
  /// The file's text, or "" when there is none.
  std::string load(const std::string &name) const;
  /// Writes into the folder above the working directory; false if it cannot.
  bool saveAbove(const std::string &name, const std::string &text);
  /// Connects to a TCP port on this machine; false if it cannot.
  bool connectTo(int port) const;
  int saved() const { return saved_; }

private:
  int saved_ = 0;
};
