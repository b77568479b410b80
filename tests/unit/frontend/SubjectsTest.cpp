// Frontend on the shared evaluation subjects (../shared/subjects); fails when they are absent.
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

const fs::path kSubjects = fs::path(UNITGEN_SOURCE_DIR) / ".." / "shared" / "subjects";

const Callable *findCallable(const ClassModel &model, const std::string &qualifiedName) {
  for (const Callable &callable : model.callables)
    if (callable.qualifiedName == qualifiedName)
      return &callable;
  return nullptr;
}

bool contains(const std::vector<std::string> &values, const std::string &value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

/// One compile database over every subject, as their CMakeLists.txt would export it.
class FrontendSubjectsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    if (!fs::is_directory(kSubjects))
      return;
    project_ = new test::TempProject;
    std::vector<fs::path> sources;
    for (const fs::directory_entry &dir : fs::directory_iterator(kSubjects))
      if (dir.is_directory())
        for (const fs::directory_entry &file : fs::directory_iterator(dir.path()))
          if (file.path().extension() == ".cpp")
            sources.push_back(fs::canonical(file.path()));
    std::sort(sources.begin(), sources.end());
    for (const fs::path &source : sources)
      project_->addSource(source.string(), "-I" + source.parent_path().string() + " -Wall");
    project_->writeDatabase();
  }
  static void TearDownTestSuite() {
    delete project_;
    project_ = nullptr;
  }

  void SetUp() override {
    if (!project_) // a clone without them must not look green
      FAIL() << "the shared subjects are missing: no " << kSubjects / "subjects.json"
             << " (these tests need ../shared beside the checkout)";
  }

  ClassModel model(const std::string &target, bool isFunction = false) {
    Expected<ClassModel> model = buildModel(project_->options(), target, isFunction);
    EXPECT_TRUE(model) << model.error().message;
    return model ? *model : ClassModel{};
  }

  static test::TempProject *project_;
};

test::TempProject *FrontendSubjectsTest::project_ = nullptr;

TEST_F(FrontendSubjectsTest, TreeMapWithNodesEffectsAndInvariant) {
  ClassModel treeMap = model("ds::TreeMap");
  ASSERT_EQ(treeMap.classes.size(), 2u);
  EXPECT_EQ(treeMap.classes[1].qualifiedName, "ds::TreeMap::Node");
  EXPECT_FALSE(treeMap.classes[1].isApi);
  EXPECT_FALSE(treeMap.classes[0].copyable);
  EXPECT_EQ(treeMap.classes[0].invariant, "repOK");
  EXPECT_EQ(treeMap.includeSpellings, std::vector<std::string>{"tree_map.h"});
  const Callable *put = findCallable(treeMap, "ds::TreeMap::put");
  ASSERT_NE(put, nullptr);
  EXPECT_TRUE(contains(put->effects.writes, "ds::TreeMap::root_"));
  EXPECT_TRUE(contains(put->effects.writes, "ds::TreeMap::Node::left")) << "via rotateLeft";
  const Callable *get = findCallable(treeMap, "ds::TreeMap::get");
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->returnType.spelling, "std::optional<int>");
  EXPECT_TRUE(get->effects.writes.empty());
  EXPECT_TRUE(findCallable(treeMap, "ds::TreeMap::size")->isObserver);
  EXPECT_TRUE(get->effects.readsStoredData) << "the nodes";
  EXPECT_FALSE(findCallable(treeMap, "ds::TreeMap::size")->effects.readsStoredData);
}

TEST_F(FrontendSubjectsTest, StatementBringsConnectionDriverAndResultSet) {
  ClassModel statement = model("minisql::Statement");
  std::vector<std::string> names;
  for (const ClassInfo &info : statement.classes)
    names.push_back(info.qualifiedName);
  EXPECT_EQ(names, (std::vector<std::string>{"minisql::Statement", "minisql::Connection",
                                             "minisql::ResultSet", "minisql::Driver"}));
  const Callable *connect = findCallable(statement, "minisql::Driver::connect");
  ASSERT_NE(connect, nullptr);
  EXPECT_EQ(connect->returnType.spelling, "std::unique_ptr<minisql::Connection>");
  EXPECT_TRUE(contains(statement.literals.strings, "jdbc:minisql:"));
  EXPECT_TRUE(contains(statement.literals.strings, "users"));
  // The tokenizer's separators are characters compared one at a time.
  EXPECT_TRUE(contains(statement.literals.strings, "="));
  EXPECT_TRUE(contains(statement.literals.strings, ","));
  ASSERT_EQ(statement.sources.size(), 1u);
  EXPECT_EQ(fs::path(statement.sources[0].path).filename(), "mini_sql.cpp");
}

TEST_F(FrontendSubjectsTest, IntStackSampleClassAndBmi) {
  ClassModel intStack = model("IntStack");
  EXPECT_TRUE(intStack.classes[0].copyable);
  // `int *store_` is read as the array it points to, its first size_ elements.
  EXPECT_EQ(intStack.classes[0].fields[0].shape, FieldShape::HeapArray);
  EXPECT_EQ(intStack.classes[0].fields[0].countField, "size_");
  EXPECT_EQ(intStack.classes[0].fields[0].capacityField, "capacity_");
  EXPECT_TRUE(
      contains(findCallable(intStack, "IntStack::push")->effects.writes, "IntStack::capacity_"))
      << "via grow()";
  // pop() reads the array; size() and isEmpty() read only the counter.
  EXPECT_TRUE(findCallable(intStack, "IntStack::pop")->effects.readsStoredData);
  EXPECT_FALSE(findCallable(intStack, "IntStack::size")->effects.readsStoredData);
  EXPECT_FALSE(findCallable(intStack, "IntStack::isEmpty")->effects.readsStoredData);

  ClassModel sample = model("SampleClass");
  ASSERT_EQ(sample.callables.size(), 2u);
  EXPECT_EQ(sample.callables[0].params.size(), 15u);
  EXPECT_TRUE(contains(sample.literals.strings, "Yes"));

  ClassModel bmi = model("bmi::weightCategory", true);
  ASSERT_EQ(bmi.callables.size(), 1u);
  EXPECT_EQ(bmi.callables[0].params[0].type.kind, TypeKind::Floating);
  EXPECT_EQ(bmi.literals.floats, (std::vector<double>{0.0, 18.5, 25.0}));
}

} // namespace
} // namespace unitgen
