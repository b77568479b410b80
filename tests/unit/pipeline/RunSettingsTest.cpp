// RunSettingsTest: durations and the cache folder as every stage reads them.
#include "pipeline/RunSettings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace unitgen {
namespace {

/// Restores an environment variable's value (or its absence) when the test ends.
class EnvironmentVariable {
public:
  explicit EnvironmentVariable(const char *name) : name_(name) {
    if (const char *value = std::getenv(name))
      saved_ = value;
  }
  ~EnvironmentVariable() {
    if (saved_)
      setenv(name_, saved_->c_str(), 1);
    else
      unsetenv(name_);
  }

private:
  const char *name_;
  std::optional<std::string> saved_;
};

TEST(RunSettingsTest, DurationsTakeTheirUnit) {
  double seconds = -1;
  ASSERT_TRUE(parseDuration("30s", seconds));
  EXPECT_DOUBLE_EQ(seconds, 30);
  ASSERT_TRUE(parseDuration("2m", seconds));
  EXPECT_DOUBLE_EQ(seconds, 120);
  ASSERT_TRUE(parseDuration("500ms", seconds));
  EXPECT_DOUBLE_EQ(seconds, 0.5);
  ASSERT_TRUE(parseDuration("1h", seconds));
  EXPECT_DOUBLE_EQ(seconds, 3600);
  ASSERT_TRUE(parseDuration("1.5", seconds));
  EXPECT_DOUBLE_EQ(seconds, 1.5);
  ASSERT_TRUE(parseDuration("0s", seconds));
  EXPECT_DOUBLE_EQ(seconds, 0);
}

TEST(RunSettingsTest, ANonDurationIsRefusedAndLeavesTheValueAlone) {
  for (const char *text : {"", "soon", "-1s", "10 s", "5d", "s", "1e"}) {
    double seconds = 7;
    EXPECT_FALSE(parseDuration(text, seconds)) << text;
    EXPECT_DOUBLE_EQ(seconds, 7) << text;
  }
}

TEST(RunSettingsTest, TheCacheFolderIsTheFlagElseTheXdgCacheElseHome) {
  Options options;
  options.cacheDir = "/tmp/given";
  EXPECT_EQ(cacheDirOf(options), "/tmp/given");
  EXPECT_EQ(buildOptionsOf(options).cacheDir, "/tmp/given");
  EXPECT_EQ(frontendOptionsOf(options).cacheDir, "/tmp/given");

  options.cacheDir.clear();
  EnvironmentVariable xdg("XDG_CACHE_HOME"), home("HOME");
  setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  EXPECT_EQ(cacheDirOf(options), "/tmp/xdg/unitgen");
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", "/tmp/someone", 1);
  EXPECT_EQ(cacheDirOf(options), "/tmp/someone/.cache/unitgen");
  unsetenv("HOME");
  EXPECT_EQ(cacheDirOf(options), "/tmp/unitgen-cache");
}

TEST(RunSettingsTest, TheBuildOptionsTakeTheJobs) {
  Options options;
  options.jobs = 5;
  EXPECT_EQ(buildOptionsOf(options).jobs, 5);
}

} // namespace
} // namespace unitgen
