// Tests of the model cache: a second run reads the model back whole, and any change to a file
// the parse read, to the compile database or to the target parses again.
#include "TempProject.h"

#include "frontend/Frontend.h"
#include "model/ModelJson.h"
#include "support/Hash.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace unitgen {
namespace {

const char *const kWidgetHeader = R"cpp(#pragma once
class Widget {
public:
  void set(int value, int times = 2);
  int get() const;
private:
  int value_ = 0;
};
)cpp";

const char *const kWidgetSource = R"cpp(#include "widget.h"
void Widget::set(int value, int times) { value_ = value * times; }
int Widget::get() const { return value_; }
)cpp";

std::vector<std::filesystem::path> entries(const std::string &cacheDir) {
  std::vector<std::filesystem::path> found;
  if (std::filesystem::exists(cacheDir + "/models"))
    for (const auto &entry : std::filesystem::directory_iterator(cacheDir + "/models"))
      found.push_back(entry.path());
  return found;
}

class ModelCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    project_.write("widget.h", kWidgetHeader);
    project_.write("widget.cpp", kWidgetSource);
    project_.addSource("widget.cpp");
    project_.writeDatabase();
    options_ = project_.options();
    options_.cacheDir = project_.path("cache");
  }

  std::string firstFieldName() {
    Expected<ClassModel> model = buildModel(options_, "Widget", false);
    EXPECT_TRUE(model) << model.error().message;
    return model && !model->classes[0].fields.empty() ? model->classes[0].fields[0].name : "";
  }

  test::TempProject project_;
  FrontendOptions options_;
};

TEST_F(ModelCacheTest, ASecondRunGetsTheSameModelBack) {
  Expected<ClassModel> parsed = buildModel(options_, "Widget", false);
  ASSERT_TRUE(parsed) << parsed.error().message;
  ASSERT_EQ(entries(options_.cacheDir).size(), 1u);
  Expected<ClassModel> cached = buildModel(options_, "Widget", false);
  ASSERT_TRUE(cached) << cached.error().message;
  EXPECT_EQ(nlohmann::json(*cached), nlohmann::json(*parsed));
  // Defaulted parameters survive the JSON: calls may leave them out.
  const Callable *set = nullptr;
  for (const Callable &callable : cached->callables)
    if (callable.name == "set")
      set = &callable;
  ASSERT_NE(set, nullptr);
  ASSERT_EQ(set->params.size(), 2u);
  EXPECT_FALSE(set->params[0].hasDefault);
  EXPECT_TRUE(set->params[1].hasDefault);
}

TEST_F(ModelCacheTest, TheEntryIsUsedUntilAFileTheParseReadChanges) {
  EXPECT_EQ(firstFieldName(), "value_");
  // The entry, edited, comes back as it is: the second run did not parse.
  std::filesystem::path entry = entries(options_.cacheDir).at(0);
  nlohmann::json cached = nlohmann::json::parse(readFile(entry.string()));
  cached["model"]["classes"][0]["fields"][0]["name"] = "fromTheCache";
  ASSERT_TRUE(writeFile(entry.string(), cached.dump()));
  EXPECT_EQ(firstFieldName(), "fromTheCache");
  // A header the TU includes changes: parsed again.
  std::string header = kWidgetHeader;
  header.replace(header.find("int value_"), 0, "int amount_ = 0;\n  ");
  project_.write("widget.h", header);
  EXPECT_EQ(firstFieldName(), "amount_");
}

TEST_F(ModelCacheTest, AnotherDatabaseTargetOrInvariantIsAnotherEntry) {
  ASSERT_TRUE(buildModel(options_, "Widget", false));
  options_.invariantName = "get";
  buildModel(options_, "Widget", false); // an error or a model: either way not the first entry
  project_.addSource("widget.cpp", "-I" + project_.dir() + " -DEXTRA");
  project_.writeDatabase();
  options_.invariantName.clear();
  ASSERT_TRUE(buildModel(options_, "Widget", false));
  EXPECT_GE(entries(options_.cacheDir).size(), 2u);
}

TEST_F(ModelCacheTest, NothingIsKeptWithoutACacheFolderOrForAnError) {
  options_.cacheDir.clear();
  ASSERT_TRUE(buildModel(options_, "Widget", false));
  EXPECT_FALSE(std::filesystem::exists(project_.path("cache")));
  options_.cacheDir = project_.path("cache");
  EXPECT_FALSE(buildModel(options_, "NoSuchClass", false));
  EXPECT_TRUE(entries(options_.cacheDir).empty());
}

} // namespace
} // namespace unitgen
