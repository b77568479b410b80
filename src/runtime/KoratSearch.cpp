// KoratSearch: the candidate loop, the field-read log the instrumented invariant fills, and the
// backtracking with Korat's isomorphism breaking.
#include "KoratProblem.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
namespace {

/// What the invariant read during one run, in first-read order.
struct ReadLog {
  std::vector<uint32_t> fieldAt; ///< byte offset in the heap -> candidate field + 1 (0: none)
  std::vector<uint8_t> seen;     ///< per candidate field
  std::vector<uint32_t> order;   ///< candidate fields, first read first
};
ReadLog gLog;

class Search {
public:
  Search(const ClassInfo *classes, Problem problem) : classes_(classes), p_(std::move(problem)) {}

  int run(const char *outputPath) {
    layOut();
    FILE *out = nullptr;
    if (!p_.countOnly && !(out = std::fopen(outputPath, "wb")))
      return fail(std::string("cannot write ") + outputPath), 2;
    bool wide = false;
    for (const Candidate &c : p_.fields)
      wide |= c.domain.size > 256;
    std::vector<uint32_t> values(p_.fields.size(), 0);
    for (size_t k = 0; k < p_.fields.size(); ++k)
      write(k, 0);
    std::vector<uint8_t> record(p_.fields.size() * (wide ? 2 : 1));
    auto started = std::chrono::steady_clock::now();
    unsigned long long valid = 0, explored = 0;
    std::string stopped;
    const void *receiver = object(0);
    InvariantFn invariant = classes_[p_.objectClass[0]].invariant;
    while (true) {
      for (uint32_t k : gLog.order)
        gLog.seen[k] = 0;
      gLog.order.clear();
      bool ok = false;
      __unitgen_field_base = reinterpret_cast<uintptr_t>(heap_);
      __unitgen_field_span = span_;
      try {
        ok = invariant(receiver);
      } catch (...) {
        ok = false; // an invariant that throws rejects the candidate
      }
      __unitgen_field_span = 0;
      ++explored;
      if (ok) {
        // The numbers of reachable objects the invariant did not read (a lone node's key, no
        // bound to compare it with) take every value of their domains: each is a valid heap.
        std::vector<uint32_t> free = unreadNumbersOfReachableObjects(values);
        std::vector<uint32_t> heap = values;
        do {
          ++valid;
          if (out) {
            for (size_t k = 0; k < heap.size(); ++k) {
              if (wide) {
                record[2 * k] = static_cast<uint8_t>(heap[k]);
                record[2 * k + 1] = static_cast<uint8_t>(heap[k] >> 8);
              } else {
                record[k] = static_cast<uint8_t>(heap[k]);
              }
            }
            std::fwrite(record.data(), 1, record.size(), out);
          }
        } while (nextAssignment(free, heap));
      }
      if (!next(values))
        break;
      // Every 4096 candidates: the heaps so far reach the engine, which may ask to stop.
      if ((explored & 0xfff) == 0) {
        if (out)
          std::fflush(out);
        if (p_.deadline > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >
                p_.deadline) {
          stopped = "the time budget ended";
          break;
        }
        if (!p_.stopFile.empty() && access(p_.stopFile.c_str(), F_OK) == 0) {
          stopped = "the engine read enough heaps";
          break;
        }
      }
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (out)
      std::fclose(out);
    std::printf("valid %llu\nexplored %llu\nseconds %.6f\n", valid, explored, seconds);
    if (!stopped.empty())
      std::printf("stopped: %s\n", stopped.c_str());
    return 0;
  }

private:
  /// One block holds every object, so the probes need a single range check.
  void layOut() {
    size_t offset = 0;
    for (int cls : p_.objectClass) {
      const ClassInfo &info = classes_[cls];
      offset = (offset + info.align - 1) / info.align * info.align;
      offsets_.push_back(offset);
      offset += info.size;
    }
    for (Block &block : p_.blocks) {
      offset = (offset + 7) / 8 * 8;
      block.offset = offset;
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
    for (size_t k = 0; k < p_.fields.size(); ++k) {
      const Candidate &c = p_.fields[k];
      size_t at = address(c) - heap_, size = c.object < 0 ? arrayOf(c).elementSize : c.field->size;
      for (size_t b = 0; b < size; ++b)
        gLog.fieldAt[at + b] = static_cast<uint32_t>(k + 1);
    }
  }

  void *object(int index) { return heap_ + offsets_[index]; }
  const Block &arrayOf(const Candidate &c) const { return p_.blocks[c.domain.block]; }
  unsigned char *block(int index) { return heap_ + p_.blocks[index].offset; }
  /// Where the candidate field lives in the heap.
  unsigned char *address(const Candidate &c) {
    if (c.object < 0)
      return block(c.domain.block) + c.index * arrayOf(c).elementSize;
    return static_cast<unsigned char *>(object(c.object)) + c.field->offset;
  }

  /// The candidate fields holding numbers, of objects the receiver reaches, that the last run
  /// of the invariant did not read.
  std::vector<uint32_t> unreadNumbersOfReachableObjects(const std::vector<uint32_t> &values) {
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
            long long inUse = item.count < 0
                                  ? item.index + 1
                                  : p_.fields[item.count].domain.low + values[item.count];
            if (item.index < inUse && !gLog.seen[e])
              free.push_back(e);
          }
        } else if (c.numbers() && !gLog.seen[k]) {
          free.push_back(static_cast<uint32_t>(k));
        }
      }
    return free;
  }

  /// Steps `free`'s values in `heap` like an odometer; false after the last assignment.
  bool nextAssignment(const std::vector<uint32_t> &free, std::vector<uint32_t> &heap) {
    for (uint32_t k : free) {
      if (heap[k] + 1 < p_.fields[k].domain.size) {
        ++heap[k];
        return true;
      }
      heap[k] = 0;
    }
    return false;
  }

  void write(size_t k, uint32_t value) {
    const Candidate &c = p_.fields[k];
    if (c.object < 0) { // an array element: little-endian, truncated to its size
      long long number = c.domain.low + value;
      std::memcpy(address(c), &number, arrayOf(c).elementSize);
      return;
    }
    void *target = nullptr;
    long long number = 0;
    if (c.domain.objects)
      target = value == 0 ? nullptr : object(p_.pools[c.domain.targetClass][value - 1]);
    else if (c.domain.block >= 0)
      target = value == 0 ? nullptr : block(c.domain.block);
    else
      number = c.domain.low + value;
    c.field->set(object(c.object), number, target);
  }

  /// Korat's step: the last field read takes its next value, or goes back to its first and
  /// the one read before it moves on. A field of objects may take null, an object some field
  /// read before it already holds, or the first object none holds (isomorphism breaking); of an
  /// unshared class, only null or that first free object.
  bool next(std::vector<uint32_t> &values) {
    while (!gLog.order.empty()) {
      size_t position = gLog.order.size() - 1;
      uint32_t k = gLog.order[position];
      const Candidate &c = p_.fields[k];
      uint32_t limit = c.domain.size - 1;
      uint32_t nextValue = values[k] + 1;
      if (c.domain.objects) {
        uint32_t used = 0;
        for (size_t q = 0; q < position; ++q) {
          const Candidate &before = p_.fields[gLog.order[q]];
          if (before.domain.objects && before.domain.targetClass == c.domain.targetClass &&
              values[gLog.order[q]] > used)
            used = values[gLog.order[q]];
        }
        if (used + 1 < limit)
          limit = used + 1;
        if (p_.unshared[c.domain.targetClass])
          nextValue = values[k] == 0 ? used + 1 : limit + 1;
      }
      if (nextValue <= limit) {
        values[k] = nextValue;
        write(k, nextValue);
        return true;
      }
      values[k] = 0;
      write(k, 0);
      gLog.seen[k] = 0;
      gLog.order.pop_back();
    }
    return false;
  }

  const ClassInfo *classes_;
  Problem p_;
  unsigned char *heap_ = nullptr;
  size_t span_ = 0;
  std::vector<size_t> offsets_;
  std::vector<size_t> firstField_; ///< per object: its first candidate field; one past the end
};

} // namespace

int main(const ClassInfo *classes, int numClasses, const CallInfo *calls, int numCalls, int argc,
         char **argv) {
  if (argc != 3)
    return fail("usage: driver FINITIZATION OUTPUT"), 2;
  Problem problem;
  if (!readProblem(argv[1], classes, numClasses, problem))
    return 2;
  if (problem.legalLength >= 0)
    return searchLegalSequences(classes, calls, numCalls, problem, argv[2]);
  if (!problem.replayFile.empty())
    return replayHeaps(classes, calls, numCalls, problem, argv[2]);
  return Search(classes, std::move(problem)).run(argv[2]);
}

} // namespace korat
} // namespace unitgen_rt

extern "C" void __unitgen_field_read(uintptr_t offset) {
  using unitgen_rt::korat::gLog;
  uint32_t field = gLog.fieldAt[offset];
  if (field == 0 || gLog.seen[field - 1])
    return;
  gLog.seen[field - 1] = 1;
  gLog.order.push_back(field - 1);
}
