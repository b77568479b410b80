#include "events.h"

namespace ev {

void Batch::put(const Key &key, int value) { events_.push_back({key.text(), value, false}); }

void Batch::erase(const Key &key) { events_.push_back({key.text(), 0, true}); }

int Batch::replay(Sink &sink) const {
  for (const Event &event : events_) {
    if (event.erased)
      sink.erase(event.key.c_str());
    else
      sink.put(event.key.c_str(), event.value);
  }
  return static_cast<int>(events_.size());
}

} // namespace ev
