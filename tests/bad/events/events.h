#pragma once
// ev::Batch records puts and erases and replays them into an ev::Sink, an interface nothing in
// the project implements: a test passes a mock and says which calls, with which keys and
// values, the replay made.
#include <string>
#include <vector>

namespace ev {

/// A key, made from its text.
class Key {
public:
  Key(const char *text) : text_(text ? text : "") {}
  std::string text() const { return text_; }
  size_t size() const { return text_.size(); }

private:
  std::string text_;
};

class Sink {
public:
  virtual ~Sink() = default;
  virtual void put(const Key &key, int value) = 0;
  virtual void erase(const Key &key) = 0;
};

class Batch {
public:
  void put(const Key &key, int value);
  void erase(const Key &key);
  /// Replays the events in the order they were recorded; returns how many.
  int replay(Sink &sink) const;
  int count() const { return static_cast<int>(events_.size()); }

private:
  struct Event {
    std::string key;
    int value;
    bool erased;
  };
  std::vector<Event> events_;
};

} // namespace ev
