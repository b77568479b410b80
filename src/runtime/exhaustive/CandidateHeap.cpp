// CandidateHeap: the candidate heap's layout, writes, output and Korat's isomorphism-breaking step,
// and the callback of the field-read probes.
#include "exhaustive/CandidateHeap.h"

#include "symbolic/SymState.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

// The field-read probes of the code under test (src/pass/FieldReads.h) compare each load's
// address with these and report the offset when it falls inside the candidate heap.
extern "C" {
uintptr_t __unitgen_field_base = 0;
uintptr_t __unitgen_field_span = 0;
void __unitgen_field_read(uintptr_t offset);
}

namespace unitgen_rt {
namespace korat {

ReadLog gLog;

CandidateHeap::CandidateHeap(const ClassInfo *classes, const Problem &problem, bool numbersSymbolic)
    : classes_(classes), p_(problem), values_(problem.fields.size(), 0),
      undecided_(problem.fields.size(), 0), numbersSymbolic_(numbersSymbolic),
      countField_(problem.fields.size(), 0) {
  inUseThisRun_.assign(p_.pools.size(), 0);
  for (uint32_t k : p_.countFields)
    countField_[k] = 1;
  layOut();
  for (const Candidate &c : p_.fields)
    wide_ |= c.domain.size > 256;
  record_.resize(p_.fields.size() * (wide_ ? 2 : 1));
  for (size_t k = 0; k < p_.fields.size(); ++k)
    write(k, 0);
  planPasses();
}

CandidateHeap::~CandidateHeap() {
  if (out_)
    std::fclose(out_);
  std::free(heap_);
}

bool CandidateHeap::open(const char *outputPath) {
  if (p_.countOnly)
    return true;
  if (!(out_ = std::fopen(outputPath, "wb")))
    return fail(std::string("cannot write ") + outputPath);
  return true;
}

bool CandidateHeap::runInvariant(bool *threw) {
  const void *receiver = object(0);
  InvariantFn invariant = classes_[p_.objectClass[0]].invariant;
  gLog.clear();
  gLog.decidesOnRead = takesFreshFirst_ ? this : nullptr;
  std::fill(inUseThisRun_.begin(), inUseThisRun_.end(), 0);
  bool ok = false;
  __unitgen_field_base = reinterpret_cast<uintptr_t>(heap_);
  __unitgen_field_span = span_;
  try {
    ok = invariant(receiver);
  } catch (...) {
    ok = false; // an invariant that throws rejects the candidate
    if (threw)
      *threw = true;
  }
  __unitgen_field_span = 0;
  gLog.decidesOnRead = nullptr;
  return ok;
}

/// One block holds every object, so the probes need a single range check.
void CandidateHeap::layOut() {
  size_t offset = 0;
  for (int cls : p_.objectClass) {
    const ClassInfo &info = classes_[cls];
    offset = (offset + info.align - 1) / info.align * info.align;
    offsets_.push_back(offset);
    offset += info.size;
  }
  for (const Block &block : p_.blocks) {
    offset = (offset + 7) / 8 * 8;
    blockOffsets_.push_back(offset);
    offset += block.length * block.elementSize;
  }
  span_ = offset;
  heap_ = static_cast<unsigned char *>(std::aligned_alloc(64, (span_ + 63) / 64 * 64 + 64));
  std::memset(heap_, 0, span_);
  // The engine lists each object's fields together, objects in order, then the elements.
  size_t objectFields = 0;
  while (objectFields < p_.fields.size() && p_.fields[objectFields].object >= 0)
    ++objectFields;
  firstField_.assign(p_.objectClass.size() + 1, objectFields);
  for (size_t k = objectFields; k-- > 0;)
    firstField_[p_.fields[k].object] = k;
  for (size_t o = p_.objectClass.size(); o-- > 0;)
    firstField_[o] = std::min(firstField_[o], firstField_[o + 1]);
  gLog.fieldAt.assign(span_, 0);
  gLog.seen.assign(p_.fields.size(), 0);
  gLog.order.clear();
  gLog.branchesBefore.clear();
  for (size_t k = 0; k < p_.fields.size(); ++k) {
    const Candidate &c = p_.fields[k];
    size_t at = address(c) - heap_, size = bytesOf(c);
    for (size_t b = 0; b < size; ++b)
      gLog.fieldAt[at + b] = static_cast<uint32_t>(k + 1);
  }
}

unsigned char *CandidateHeap::address(const Candidate &c) {
  if (c.object < 0)
    return block(c.domain.block) + c.index * arrayOf(c).elementSize;
  return static_cast<unsigned char *>(object(c.object)) + c.field->offset;
}

size_t CandidateHeap::bytesOf(const Candidate &c) const {
  return c.object < 0 ? arrayOf(c).elementSize : c.field->size;
}

bool CandidateHeap::hasCountedElements() const {
  for (const Candidate &c : p_.fields)
    if (c.object < 0 && c.count >= 0)
      return true;
  return false;
}

std::vector<uint32_t>
CandidateHeap::unreadNumbersOfReachableObjects(const std::vector<uint32_t> &values,
                                               const std::vector<uint8_t> &seen) {
  std::vector<uint8_t> reached(p_.objectClass.size(), 0);
  std::vector<int> queue{0};
  reached[0] = 1;
  for (size_t i = 0; i < queue.size(); ++i)
    for (size_t k = firstField_[queue[i]]; k < firstField_[queue[i] + 1]; ++k) {
      const Candidate &c = p_.fields[k];
      if (!c.domain.objects || values[k] == 0)
        continue;
      int target = p_.pools[c.domain.targetClass][values[k] - 1];
      if (!reached[target]) {
        reached[target] = 1;
        queue.push_back(target);
      }
    }
  std::vector<uint32_t> free;
  for (int object : queue)
    for (size_t k = firstField_[object]; k < firstField_[object + 1]; ++k) {
      const Candidate &c = p_.fields[k];
      if (c.domain.block >= 0 && values[k] == 1) { // an array: its elements in use
        for (uint32_t e : p_.blocks[c.domain.block].elements) {
          const Candidate &item = p_.fields[e];
          long long inUse = item.count < 0 ? item.index + 1
                                           : p_.fields[item.count].domain.low + values[item.count];
          if (item.index < inUse && !seen[e])
            free.push_back(e);
        }
      } else if (c.numbers() && !seen[k]) {
        free.push_back(static_cast<uint32_t>(k));
      }
    }
  return free;
}

void CandidateHeap::emit(const std::vector<uint32_t> &heap) {
  if (!out_)
    return;
  for (size_t k = 0; k < heap.size(); ++k) {
    if (wide_) {
      record_[2 * k] = static_cast<uint8_t>(heap[k]);
      record_[2 * k + 1] = static_cast<uint8_t>(heap[k] >> 8);
    } else {
      record_[k] = static_cast<uint8_t>(heap[k]);
    }
  }
  std::fwrite(record_.data(), 1, record_.size(), out_);
}

unsigned long long CandidateHeap::emitWithFree(const std::vector<uint32_t> &free,
                                               std::vector<uint32_t> heap) {
  unsigned long long emitted = 0;
  for (uint32_t k : free)
    heap[k] = 0;
  while (true) {
    emit(heap);
    ++emitted;
    if (!tick().empty())
      return emitted;
    // The free fields step like an odometer.
    size_t i = 0;
    for (; i < free.size(); ++i) {
      uint32_t k = free[i];
      if (heap[k] + 1 < p_.fields[k].domain.size) {
        ++heap[k];
        break;
      }
      heap[k] = 0;
    }
    if (i == free.size())
      return emitted;
  }
}

const std::string &CandidateHeap::tick() {
  ++work_;
  if (p_.workLimit > 0 && work_ >= p_.workLimit && stopReason_.empty())
    stopReason_ = "the work budget ended"; // exactly here: the same heaps on every run
  if ((work_ & 0xfff) != 0 || !stopReason_.empty())
    return stopReason_;
  if (out_)
    std::fflush(out_);
  if (p_.deadline > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() >
          p_.deadline)
    stopReason_ = "the time budget ended";
  else if (!p_.stopFile.empty() && access(p_.stopFile.c_str(), F_OK) == 0)
    stopReason_ = "the engine read enough heaps";
  return stopReason_;
}

void CandidateHeap::finish(unsigned long long valid, unsigned long long explored,
                           const std::string &stopped) {
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (out_)
    std::fclose(out_);
  out_ = nullptr;
  std::printf("valid %llu\nexplored %llu\nwork %llu\nseconds %.6f\n", valid, explored, work_,
              seconds);
  if (!stopped.empty())
    std::printf("stopped: %s\n", stopped.c_str());
}

void CandidateHeap::write(size_t k, uint32_t index) {
  values_[k] = index;
  undecided_[k] = 0;
  const Candidate &c = p_.fields[k];
  if (c.object < 0) { // an array element: little-endian, truncated to its size
    long long number = c.domain.low + index;
    std::memcpy(address(c), &number, arrayOf(c).elementSize);
    return;
  }
  void *target = nullptr;
  long long number = 0;
  if (c.domain.objects)
    target = index == 0 ? nullptr : object(p_.pools[c.domain.targetClass][index - 1]);
  else if (c.domain.block >= 0)
    target = index == 0 ? nullptr : block(c.domain.block);
  else
    number = c.domain.low + index;
  c.field->set(object(c.object), number, target);
}

uint32_t CandidateHeap::objectsInUse(const Candidate &c, const std::vector<uint32_t> &order,
                                     size_t position) const {
  uint32_t used = 0;
  for (size_t q = 0; q < position; ++q) {
    const Candidate &before = p_.fields[order[q]];
    if (before.domain.objects && before.domain.targetClass == c.domain.targetClass &&
        values_[order[q]] > used)
      used = values_[order[q]];
  }
  return used;
}

uint32_t CandidateHeap::freeObject(const Candidate &c, uint32_t used) const {
  uint32_t free = used + 1;
  return free <= std::min(c.domain.size - 1, objectLimit_) ? free : 0;
}

uint32_t CandidateHeap::nextValue(uint32_t k, const std::vector<uint32_t> &order,
                                  size_t position) const {
  const Candidate &c = p_.fields[k];
  if (pinned(k))
    return c.domain.size;
  if (!c.domain.objects)
    return values_[k] + 1; // the domain's size past its last value
  uint32_t used = objectsInUse(c, order, position);
  uint32_t free = freeObject(c, used), value = values_[k], none = c.domain.size;
  // An unshared class's objects are never in use by another pointer.
  uint32_t inUse = p_.unshared[c.domain.targetClass] ? 0 : used;
  if (takesFreshFirst_) { // the free object, null, then the objects in use
    if (free != 0 && value == free)
      return 0;
    return value < inUse ? value + 1 : none;
  }
  // Null, the objects in use, then the free one.
  if (value < inUse)
    return value + 1;
  return value == inUse && free != 0 ? free : none;
}

void CandidateHeap::decideOnRead(uint32_t k) {
  const Candidate &c = p_.fields[k];
  if (!c.domain.objects)
    return;
  // What objectsInUse finds in the log, kept as the run reads: this runs on every first read.
  uint32_t &used = inUseThisRun_[c.domain.targetClass];
  if (undecided_[k])
    write(k, freeObject(c, used));
  used = std::max(used, values_[k]);
}

void CandidateHeap::planPasses() {
  uint32_t largest = 0;
  bool objects = false;
  for (const Candidate &c : p_.fields)
    if (c.domain.objects) {
      objects = true;
      largest = std::max(largest, c.domain.size - 1);
    }
  std::vector<uint32_t> limits;
  if (objects && !p_.objectLimits.empty()) {
    // The heaps of N objects (the largest index N) have N in each count field: a pass whose N
    // is outside a count field's domain has no valid heap.
    auto counted = [&](uint32_t limit) {
      for (uint32_t k : p_.countFields) {
        long long index = static_cast<long long>(limit) - p_.fields[k].domain.low;
        if (index < 0 || index >= p_.fields[k].domain.size)
          return false;
      }
      return true;
    };
    for (uint32_t limit : p_.objectLimits)
      if (limit < largest && counted(limit))
        limits.push_back(limit);
    if (counted(largest))
      limits.push_back(largest);
  } else {
    limits.push_back(UINT32_MAX);
  }
  for (size_t i = 0; i < limits.size(); ++i) {
    Pass pass;
    pass.limit = limits[i];
    pass.countedAbove = i == 0 ? -1 : static_cast<long long>(limits[i - 1]);
    passes_.push_back(pass);
  }
}

bool CandidateHeap::enterNextPass() {
  if (entered_ != SIZE_MAX) {
    Pass &left = passes_[entered_];
    left.work += work_ - enteredAt_;
    if (!left.done) {
      left.values = values_;
      left.undecided = undecided_;
    }
  }
  size_t next = SIZE_MAX;
  for (size_t i = 0; i < passes_.size(); ++i) {
    if (passes_[i].done)
      continue;
    if (next == SIZE_MAX || passes_[i].work < passes_[next].work)
      next = i;
    if (!p_.interleavePasses)
      break;
  }
  if (next == SIZE_MAX) {
    entered_ = SIZE_MAX;
    return false;
  }
  Pass &pass = passes_[next];
  objectLimit_ = pass.limit;
  takesFreshFirst_ = numbersSymbolic_ && objectLimit_ != UINT32_MAX && !p_.countFields.empty();
  if (pass.values.empty()) {
    for (size_t k = 0; k < p_.fields.size(); ++k)
      reset(k);
  } else if (next != entered_) {
    for (size_t k = 0; k < p_.fields.size(); ++k)
      if (values_[k] != pass.values[k])
        write(k, pass.values[k]);
    undecided_ = pass.undecided;
  }
  countedAbove_ = pass.countedAbove;
  entered_ = next;
  enteredAt_ = work_;
  return true;
}

uint32_t CandidateHeap::firstValue(size_t k) const {
  return pinned(k) ? static_cast<uint32_t>(objectLimit_ - p_.fields[k].domain.low) : 0;
}

bool CandidateHeap::turnOver() const {
  // Long enough that restoring a pass's fields costs little beside its runs.
  constexpr unsigned long long kTurnWork = 1024;
  return p_.interleavePasses && work_ - enteredAt_ >= kTurnWork;
}

bool CandidateHeap::inPass() const {
  if (objectLimit_ == UINT32_MAX)
    return true;
  uint32_t largest = 0;
  for (size_t k = 0; k < p_.fields.size(); ++k)
    if (p_.fields[k].domain.objects)
      largest = std::max(largest, values_[k]);
  return static_cast<long long>(largest) > countedAbove_;
}

} // namespace korat
} // namespace unitgen_rt

extern "C" void __unitgen_field_read(uintptr_t offset) {
  using unitgen_rt::korat::gLog;
  uint32_t field = gLog.fieldAt[offset];
  if (field == 0 || gLog.seen[field - 1])
    return;
  gLog.seen[field - 1] = 1;
  if (gLog.decidesOnRead)
    gLog.decidesOnRead->decideOnRead(field - 1);
  gLog.order.push_back(field - 1);
  if (gLog.countBranches)
    gLog.branchesBefore.push_back(
        static_cast<uint32_t>(unitgen_rt::sym::gState.log.branches().size()));
}
