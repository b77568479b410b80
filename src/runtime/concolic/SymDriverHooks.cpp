// SymDriverHooks: plugs the symbolic runtime into the serve loop of a concolic driver (linked
// into concolic drivers only; other drivers have no hooks and run symbolic requests concretely).
#include "driver/DriverRuntime.h"
#include "symbolic/SymRuntime.h"

namespace unitgen_rt {
namespace {

/// The trace shares the 16 MiB outcome log with the other records; past this it is cut (the
/// dropped branch records are counted in the trace).
constexpr size_t kMaxTraceBytes = 8u << 20;

void begin(bool floats) { symBegin(symbolicConfigFromEnvironment(floats)); }

void finish(unitgen_protocol::Writer &log) {
  static SymBytes payload; // in the runtime's memory, reused: the program's heap is untouched
  payload.clear();
  symFinish(payload, kMaxTraceBytes);
  log.put<uint8_t>(unitgen_protocol::RecordSymbolic);
  log.put<uint32_t>(static_cast<uint32_t>(payload.size()));
  log.bytes(payload.data(), payload.size());
}

const SymbolicHooks kHooks{&begin,         &symStatement,   &symSuspend, &symResume,
                           &symProbeState, &symRecordShape, &finish};
[[maybe_unused]] const bool kRegistered = (registerSymbolicHooks(&kHooks), true);

} // namespace
} // namespace unitgen_rt
