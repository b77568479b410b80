// SanitizerReport: the first line of a report, and the line of the code under test it blames —
// where freed memory was freed, or where the faulting access is — past library, system and
// driver frames.
#include "exec/SanitizerReport.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

// Trimmed from a real report of leveldb's FilterBlockBuilder: Finish() called twice frees the
// buffer the first result points into; Slice::compare reads it.
const char *const kUseAfterFree =
    R"(=================================================================
==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x6060000002c0 at pc 0x5600 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x6060000002c0 thread T0
    #0 0x55d0c0 in __interceptor_memcmp (/tmp/cache/driver+0x9a1b2) (BuildId: 12ab)
    #1 0x55d0c1 in leveldb::Slice::compare(leveldb::Slice const&) const /src/leveldb/include/leveldb/slice.h:100:17
    #2 0x55d0c2 in action_12(unitgen_rt::Runner&, unitgen_rt::Stmt const&) /root/.cache/unitgen/ab/scratch-1/driver.cpp:210:3
    #3 0x7f0000 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x29d90) (BuildId: 9f)

0x6060000002c0 is located 0 bytes inside of 57-byte region [0x6060000002c0,0x6060000002f9)
freed by thread T0 here:
    #0 0x55d0d0 in operator delete(void*) (/tmp/cache/driver+0x11d0d0) (BuildId: 12ab)
    #1 0x55d0d1 in std::__cxx11::basic_string<char>::_M_mutate(unsigned long) /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/basic_string.tcc:338:7
    #2 0x55d0d2 in leveldb::FilterBlockBuilder::Finish() /src/leveldb/table/filter_block.cc:57:11
    #3 0x55d0d3 in action_7(unitgen_rt::Runner&, unitgen_rt::Stmt const&) /root/.cache/unitgen/ab/scratch-1/driver.cpp:150:3

previously allocated by thread T0 here:
    #0 0x55d0e0 in operator new(unsigned long) (/tmp/cache/driver+0x11c0e0) (BuildId: 12ab)
    #1 0x55d0e1 in leveldb::FilterBlockBuilder::GenerateFilter() /src/leveldb/table/filter_block.cc:70:3

SUMMARY: AddressSanitizer: heap-use-after-free /src/leveldb/include/leveldb/slice.h:100:17 in leveldb::Slice::compare(leveldb::Slice const&) const
)";

TEST(SanitizerReportTest, AUseAfterFreeIsBlamedOnWhereTheMemoryWasFreed) {
  bool oom = true, tooBig = true;
  EXPECT_EQ(
      sanitizerLine(kUseAfterFree, oom, tooBig).rfind("AddressSanitizer: heap-use-after-free", 0),
      0u);
  EXPECT_FALSE(oom);
  EXPECT_FALSE(tooBig);
  EXPECT_EQ(sanitizerDefectLocation(kUseAfterFree), "filter_block.cc:57");
}

TEST(SanitizerReportTest, AnOverflowIsBlamedOnTheAccessPastDriverAndLibraryFrames) {
  const std::string log =
      R"(==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602 at pc 0x1 bp 0x2 sp 0x3
READ of size 4 at 0x602 thread T0
    #0 0x1 in __asan_memcpy (/tmp/driver+0x1) (BuildId: 1)
    #1 0x2 in std::vector<int>::at(unsigned long) /usr/include/c++/12/bits/stl_vector.h:1123:9
    #2 0x3 in RingBuffer::recent(int) const /work/ring_buffer/ring_buffer.cpp:31:10
    #3 0x4 in action_5(unitgen_rt::Runner&, unitgen_rt::Stmt const&) /tmp/x/driver.cpp:88:3
)";
  EXPECT_EQ(sanitizerDefectLocation(log), "ring_buffer.cpp:31");
}

TEST(SanitizerReportTest, NoProjectFrameNoLocation) {
  EXPECT_EQ(sanitizerDefectLocation("==1==ERROR: AddressSanitizer: SEGV on unknown address\n"
                                    "    #0 0x1 in memcpy (/lib/libc.so.6+0x1)\n"
                                    "    #1 0x2 in action_1(...) /tmp/a/driver.cpp:9:1\n"),
            "");
  // UBSan names its own location in its first line; nothing to add.
  EXPECT_EQ(sanitizerDefectLocation("a.cpp:3:5: runtime error: signed integer overflow\n"), "");
}

TEST(SanitizerReportTest, ReportsInTheDriverOrItsRuntimeAreUnitgens) {
  EXPECT_TRUE(reportedInUnitgenCode("/root/.cache/unitgen/ab/scratch-1/driver.cpp:210:3: runtime "
                                    "error: member access within null pointer\n"));
  EXPECT_TRUE(reportedInUnitgenCode("/usr/share/unitgen/runtime/driver/StateWalker.h:69:72: "
                                    "runtime error: load of value 3200171710, which is not a valid "
                                    "value for type 'const leveldb::ValueType'\n"));
  EXPECT_FALSE(reportedInUnitgenCode("/src/leveldb/db/dbformat.cc:23:60: runtime error: load of "
                                     "value 3200171710\n"));
  EXPECT_FALSE(reportedInUnitgenCode(kUseAfterFree)); // an ASan report: the frames tell
}

} // namespace
} // namespace unitgen
