// Tests of the runtime object cache: an entry is used while nothing it was compiled from changed,
// its key follows the flags and the source, and a second driver links the first one's objects.
#include "TestModels.h"

#include "exec/Executor.h"
#include "harness/DriverBuilder.h"
#include "harness/RuntimeObjectCache.h"
#include "support/Hash.h"
#include "support/ScratchDir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

TEST(RuntimeObjectCacheTest, KeepsAnObjectUntilAFileItReadChanges) {
  ScratchDir dir("unitgen-runtime-objects");
  std::string source = dir.file("rt.cpp"), header = dir.file("rt.h");
  ASSERT_TRUE(writeFile(source, "#include \"rt.h\"\nint f() { return kValue; }\n"));
  ASSERT_TRUE(writeFile(header, "constexpr int kValue = 1;\n"));
  ASSERT_TRUE(writeFile(dir.file("obj.o"), "object bytes"));
  ASSERT_TRUE(writeFile(dir.file("obj.d"), "obj.o: " + source + " \\\n  " + header + "\n"));

  RuntimeObjectCache cache(dir.file("cache"));
  std::string key = cache.keyOf({"clang++-14", "-O2"}, source);
  EXPECT_FALSE(cache.find(key)) << "an empty cache has no entry";
  ASSERT_TRUE(cache.store(key, dir.file("obj.o"), dir.file("obj.d")));
  std::optional<CachedObject> cached = cache.find(key);
  ASSERT_TRUE(cached);
  EXPECT_EQ(readFile(cached->object), "object bytes");
  EXPECT_EQ(readFile(cached->depFile), readFile(dir.file("obj.d")));

  ASSERT_TRUE(writeFile(header, "constexpr int kValue = 2;\n"));
  EXPECT_FALSE(cache.find(key)) << "a header the compile read has changed";
}

TEST(RuntimeObjectCacheTest, KeyFollowsTheFlagsAndTheSource) {
  ScratchDir dir("unitgen-runtime-objects");
  std::string source = dir.file("rt.cpp");
  ASSERT_TRUE(writeFile(source, "int f() { return 1; }\n"));
  RuntimeObjectCache cache(dir.file("cache"));
  std::string key = cache.keyOf({"clang++-14", "-O2"}, source);
  EXPECT_EQ(cache.keyOf({"clang++-14", "-O2"}, source), key);
  EXPECT_NE(cache.keyOf({"clang++-14", "-O0"}, source), key);
  EXPECT_NE(cache.keyOf({"clang++-14", "-O2", "-fsanitize=address"}, source), key);
  ASSERT_TRUE(writeFile(source, "int f() { return 2; }\n"));
  EXPECT_NE(cache.keyOf({"clang++-14", "-O2"}, source), key);
}

TEST(RuntimeObjectCacheTest, ASecondDriverLinksTheFirstOnesRuntimeObjects) {
  ScratchDir dir("unitgen-runtime-objects");
  BuildOptions options;
  options.cacheDir = dir.file("cache");
  options.runtimeDir = std::string(UNITGEN_SOURCE_DIR) + "/src/runtime";
  ClassModel model = testing::counterModel(std::string(UNITGEN_TEST_DATA_DIR) + "/data");
  auto first = buildDriver(model, BuildKind::Exploration, options);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_FALSE(first->fromCache);
  EXPECT_EQ(first->runtimeObjectsReused, 0);

  // Another driver with the same flags: drop the built one, keep the runtime objects.
  for (const fs::directory_entry &entry : fs::directory_iterator(options.cacheDir))
    if (entry.path().filename() != "runtime-objects")
      fs::remove_all(entry.path());
  auto second = buildDriver(model, BuildKind::Exploration, options);
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_FALSE(second->fromCache);
  EXPECT_EQ(second->runtimeObjectsReused, 6)
      << "DriverRuntime, Callbacks, Coverage, Allocation, HeapBlocks, Threads";

  ExecOptions exec;
  exec.driverPath = second->path;
  auto started = Executor::start(exec);
  ASSERT_TRUE(started) << "the driver linked from cached objects starts: "
                       << (started ? "" : started.error().message);
  Outcome outcome =
      (*started)->run(testing::counterWith({{testing::kAdd, 5}, {testing::kValue, 0}}));
  EXPECT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  ASSERT_EQ(outcome.calls.size(), 3u);
  EXPECT_EQ(outcome.calls[2].value, Value::integer(5));
}

} // namespace
} // namespace unitgen
