#pragma once
// Widget of library B: a named label, unrelated to library A's Widget.

#include <string>

class Widget {
public:
  void rename(const std::string &name);
  const std::string &name() const;

private:
  std::string name_;
};
