// The project's own tests of cfg::Settings (what `unitgen generate --learn-from` records).
#include "settings.h"

#include <gtest/gtest.h>

#include <fstream>

namespace {

TEST(SettingsTest, LoadsASignedText) {
  cfg::Settings settings;
  ASSERT_TRUE(settings.load("cfg 2 741\nport=8080\nname=alpha\n"));
  EXPECT_EQ(settings.number("port"), 8080);
  EXPECT_EQ(settings.text("name"), "alpha");
  // Tests write beside themselves: the recording runs them in a copy of this folder.
  std::ofstream("settings_test_body.txt") << settings.body();
}

TEST(SettingsTest, MergesTwoLoadedTexts) {
  cfg::Settings first, second;
  ASSERT_TRUE(first.load("cfg 2 741\nport=8080\nname=alpha\n"));
  ASSERT_TRUE(second.load("cfg 2 791\nname=beta\nretries=3\n"));
  EXPECT_EQ(first.merge(second), 1);
  EXPECT_EQ(first.text("name"), "alpha,beta");
}

TEST(SettingsTest, RejectsABadSum) {
  cfg::Settings settings;
  EXPECT_FALSE(settings.load("cfg 1 5\nport=1\n"));
  EXPECT_EQ(settings.number("port"), -1);
}

} // namespace
