// Callbacks: the calls a request made through callback slots and mocks' methods, and the
// arguments the mocks recorded, as RecordCall reports them.
#include "driver/DriverRuntime.h"

#include <algorithm>

namespace unitgen_rt {
namespace {

using namespace unitgen_protocol;

std::vector<CalledBack> gCallbackCalls;
/// The arguments of the calls through each mock method slot during the current statement.
struct RecordedCalls {
  int32_t slot;
  int32_t object;
  std::vector<std::vector<Runner::EncodedValue>> calls;
};
std::vector<RecordedCalls> gMockArguments;
/// The request header, while serve() runs (MockArgumentPhase marks its phase).
ShmHeader *gHeader = nullptr;

std::vector<RecordedCalls>::iterator recordedCalls(int32_t slot, int32_t object) {
  return std::find_if(gMockArguments.begin(), gMockArguments.end(),
                      [&](const RecordedCalls &e) { return e.slot == slot && e.object == object; });
}

} // namespace

void callbackCalled(int slot, int object) {
  for (CalledBack &entry : gCallbackCalls)
    if (entry.slot == slot && entry.object == object) {
      ++entry.calls;
      return;
    }
  gCallbackCalls.push_back({slot, object, 1});
}

void mockArguments(int slot, int object, std::vector<Runner::EncodedValue> arguments) {
  auto entry = recordedCalls(slot, object);
  if (entry == gMockArguments.end())
    entry = gMockArguments.insert(gMockArguments.end(), {slot, object, {}});
  // Past the limit the test only counts the calls (their number tells it so).
  if (entry->calls.size() < kMaxRecordedMockCalls)
    entry->calls.push_back(std::move(arguments));
}

const std::vector<CalledBack> &callbacksSoFar() { return gCallbackCalls; }

void resetCallbacks() { gCallbackCalls.clear(); }

void resetMockArguments() { gMockArguments.clear(); }

void setRequestHeader(ShmHeader *header) { gHeader = header; }

MockArgumentPhase::MockArgumentPhase() : before(gHeader ? gHeader->phase : PhaseIdle) {
  if (gHeader)
    gHeader->phase = PhaseMockArgument;
}

MockArgumentPhase::~MockArgumentPhase() {
  if (gHeader)
    gHeader->phase = before;
}

void Runner::writeMockArguments(Writer &log, int32_t slot, int32_t object) {
  auto entry = recordedCalls(slot, object);
  const size_t calls = entry == gMockArguments.end() ? 0 : entry->calls.size();
  log.put<uint8_t>(static_cast<uint8_t>(calls));
  for (size_t k = 0; k < calls; ++k) {
    const std::vector<EncodedValue> &arguments = entry->calls[k];
    log.put<uint8_t>(static_cast<uint8_t>(std::min<size_t>(arguments.size(), 0xff)));
    for (size_t i = 0; i < arguments.size() && i < 0xff; ++i)
      writeValue(log, arguments[i]);
  }
}

} // namespace unitgen_rt
