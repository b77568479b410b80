// Frontend: helper classes found through the API and factories, node types, functions, `list`.
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace unitgen {
namespace {

/// A JDBC-like API where only Driver::connect makes Connections and only openSession makes
/// Sessions (the shape of the minisql subject), with a node type reachable through fields only.
const char *const kDbHeader = R"cpp(#pragma once
#include <memory>
#include <string>

namespace db {

class Statement;
class Session;

std::unique_ptr<Session> openSession(int id);

class Session {
public:
  int id() const { return id_; }

private:
  friend std::unique_ptr<Session> openSession(int id);
  explicit Session(int id) : id_(id) {}
  int id_;
};

class Connection {
public:
  std::unique_ptr<Statement> createStatement();
  bool isClosed() const;

private:
  friend class Driver;
  explicit Connection(std::string url);
  std::string url_;
  bool closed_ = false;
};

class Driver {
public:
  std::unique_ptr<Connection> connect(const std::string &url) const;
};

class ResultSet {
public:
  bool next();

private:
  friend class Statement;
  ResultSet() = default;
  struct Row {
    int value;
    Row *next;
  };
  Row *head_ = nullptr;
  Row *cursor_ = nullptr;
};

class Statement {
public:
  explicit Statement(Connection &connection);
  ResultSet executeQuery(const std::string &sql);
  void attach(const Session &session);

private:
  Connection *connection_;
  int session_ = 0;
};

} // namespace db
)cpp";

const char *const kDbSource = R"cpp(#include "db/db.h"

#include <stdexcept>

namespace db {

std::unique_ptr<Session> openSession(int id) { return std::unique_ptr<Session>(new Session(id)); }

Connection::Connection(std::string url) : url_(url) {}
std::unique_ptr<Statement> Connection::createStatement() {
  return std::make_unique<Statement>(*this);
}
bool Connection::isClosed() const { return closed_; }

std::unique_ptr<Connection> Driver::connect(const std::string &url) const {
  if (url.rfind("db:", 0) != 0)
    throw std::invalid_argument("bad url");
  return std::unique_ptr<Connection>(new Connection(url));
}

bool ResultSet::next() {
  cursor_ = cursor_ ? cursor_->next : head_;
  return cursor_ != nullptr;
}

Statement::Statement(Connection &connection) : connection_(&connection) {}
ResultSet Statement::executeQuery(const std::string &sql) {
  if (connection_->isClosed() || sql.empty())
    throw std::logic_error("closed");
  return ResultSet();
}
void Statement::attach(const Session &session) { session_ = session.id(); }

} // namespace db
)cpp";

std::vector<std::string> classNames(const ClassModel &model) {
  std::vector<std::string> names;
  for (const ClassInfo &info : model.classes)
    names.push_back(info.qualifiedName);
  return names;
}

const Callable *findCallable(const ClassModel &model, const std::string &qualifiedName) {
  for (const Callable &callable : model.callables)
    if (callable.qualifiedName == qualifiedName)
      return &callable;
  return nullptr;
}

class FrontendDbProjectTest : public ::testing::Test {
protected:
  void SetUp() override {
    project_.write("include/db/db.h", kDbHeader);
    project_.write("src/db.cpp", kDbSource);
    project_.addSource("src/db.cpp", "-I" + project_.path("include"));
    project_.writeDatabase();
  }

  test::TempProject project_;
};

TEST_F(FrontendDbProjectTest, HelperClassesComeFromParametersReturnsAndProducers) {
  Expected<ClassModel> model = buildModel(project_.options(), "db::Statement", false);
  ASSERT_TRUE(model) << model.error().message;
  // Statement takes a Connection and returns a ResultSet; only Driver makes Connections; only
  // openSession makes Sessions; Row is reachable through ResultSet's fields alone.
  EXPECT_EQ(classNames(*model),
            (std::vector<std::string>{"db::Statement", "db::Connection", "db::ResultSet",
                                      "db::Session", "db::Driver", "db::ResultSet::Row"}));
  for (const ClassInfo &info : model->classes)
    EXPECT_EQ(info.isApi, info.qualifiedName != "db::ResultSet::Row") << info.qualifiedName;
  const ClassInfo *row = model->findClass("db::ResultSet::Row");
  ASSERT_NE(row, nullptr);
  EXPECT_TRUE(row->callables.empty());
  ASSERT_EQ(row->fields.size(), 2u);
  EXPECT_EQ(row->fields[1].shape, FieldShape::Ref);
  EXPECT_EQ(row->fields[1].recordName, "db::ResultSet::Row");
  EXPECT_TRUE(row->fields[1].isPointer);

  const ClassInfo *connection = model->findClass("db::Connection");
  ASSERT_NE(connection, nullptr);
  for (int id : connection->callables)
    EXPECT_NE(model->callables[id].kind, CallableKind::Constructor);

  const Callable *connect = findCallable(*model, "db::Driver::connect");
  ASSERT_NE(connect, nullptr);
  EXPECT_EQ(connect->returnType.passing, Passing::UniquePtr);
  EXPECT_EQ(connect->returnType.spelling, "std::unique_ptr<db::Connection>");
  const Callable *openSession = findCallable(*model, "db::openSession");
  ASSERT_NE(openSession, nullptr);
  EXPECT_EQ(openSession->kind, CallableKind::FreeFunction);
  EXPECT_TRUE(openSession->owner.empty());
  const Callable *attach = findCallable(*model, "db::Statement::attach");
  ASSERT_NE(attach, nullptr);
  EXPECT_TRUE(attach->isSupported()) << attach->unsupportedReason;

  // Effects cross into the helper: executeQuery reads the connection's state.
  const Callable *query = findCallable(*model, "db::Statement::executeQuery");
  ASSERT_NE(query, nullptr);
  EXPECT_EQ(query->effects.reads,
            (std::vector<std::string>{"db::Connection::closed_", "db::Statement::connection_"}));
  EXPECT_EQ(model->includeSpellings, std::vector<std::string>{"db/db.h"});
  EXPECT_TRUE(std::count(model->literals.strings.begin(), model->literals.strings.end(), "db:"));
}

TEST_F(FrontendDbProjectTest, ClassWithoutPublicConstructorNeedsAProducer) {
  Expected<ClassModel> model = buildModel(project_.options(), "db::Connection", false);
  ASSERT_TRUE(model) << model.error().message;
  EXPECT_NE(model->findClass("db::Driver"), nullptr);
}

TEST(FrontendIncludeSpellingTest, WithoutIncludeDirectoryItIsRelativeToTheSource) {
  test::TempProject bare;
  std::string source = kDbSource;
  source.replace(source.find("db/db.h"), 7, "../include/db/db.h");
  bare.write("include/db/db.h", kDbHeader);
  bare.write("src/db.cpp", source);
  bare.addSource("src/db.cpp", "");
  bare.writeDatabase();
  Expected<ClassModel> model = buildModel(bare.options(), "db::Statement", false);
  ASSERT_TRUE(model) << model.error().message;
  EXPECT_EQ(model->includeSpellings, std::vector<std::string>{"../include/db/db.h"});
}

TEST(FrontendFunctionModelTest, FreeFunctionWithLeadingColonsAndClassParameters) {
  test::TempProject project;
  project.write("calc.h", R"cpp(#pragma once
namespace calc {
struct Vec { double x = 0, y = 0; };
int clamp(int v, int lo, int hi);
double scale(const Vec &v, double factor);
double scale(const Vec &v, int factor);
}
)cpp");
  project.write("calc.cpp", R"cpp(#include "calc.h"
namespace calc {
int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v + 100; }
double scale(const Vec &v, double factor) { return (v.x + v.y) * factor; }
double scale(const Vec &v, int factor) { return (v.x - v.y) * factor; }
}
)cpp");
  project.addSource("calc.cpp");
  project.writeDatabase();

  Expected<ClassModel> clamp = buildModel(project.options(), "::calc::clamp", true);
  ASSERT_TRUE(clamp) << clamp.error().message;
  EXPECT_TRUE(clamp->targetIsFunction);
  EXPECT_EQ(clamp->target, "calc::clamp");
  ASSERT_EQ(clamp->callables.size(), 1u);
  EXPECT_EQ(clamp->callables[0].kind, CallableKind::FreeFunction);
  EXPECT_EQ(clamp->callables[0].params.size(), 3u);
  EXPECT_EQ(clamp->callablesUnderTest(), std::vector<int>{0});
  EXPECT_TRUE(clamp->classes.empty());
  EXPECT_EQ(clamp->includeSpellings, std::vector<std::string>{"calc.h"});
  EXPECT_TRUE(std::count(clamp->literals.integers.begin(), clamp->literals.integers.end(), 100));

  Expected<ClassModel> scale = buildModel(project.options(), "calc::scale", true);
  ASSERT_TRUE(scale) << scale.error().message;
  EXPECT_EQ(scale->callablesUnderTest().size(), 2u) << "both overloads";
  ASSERT_EQ(scale->classes.size(), 1u);
  EXPECT_EQ(scale->classes[0].qualifiedName, "calc::Vec");
  EXPECT_TRUE(scale->classes[0].isApi);
  EXPECT_EQ(scale->callables[0].effects.reads,
            (std::vector<std::string>{"calc::Vec::x", "calc::Vec::y"}));
}

TEST_F(FrontendDbProjectTest, ListShowsTestableClassesFunctionsAndWhyNot) {
  project_.write("include/db/extra.h", R"cpp(#pragma once
#include <bitset>
namespace db {
template <class T> class Box { T value; };
struct Stats {
  void record(std::bitset<4> counts);
  int total = 0;
};
int sum(int a, int b);
}
)cpp");
  project_.write("src/extra.cpp", R"cpp(#include "db/extra.h"
namespace db {
void Stats::record(std::bitset<4> counts) { total = static_cast<int>(counts.count()); }
int sum(int a, int b) { return a + b; }
}
)cpp");
  project_.addSource("src/extra.cpp", "-I" + project_.path("include"));
  project_.writeDatabase();
  Expected<std::vector<TestableEntry>> entries = listTestables(project_.options());
  ASSERT_TRUE(entries) << entries.error().message;
  auto entry = [&](const std::string &name) -> const TestableEntry & {
    for (const TestableEntry &candidate : *entries)
      if (candidate.name == name)
        return candidate;
    ADD_FAILURE() << "no entry " << name;
    static const TestableEntry missing;
    return missing;
  };
  EXPECT_TRUE(entry("db::Statement").testable);
  EXPECT_TRUE(entry("db::Connection").testable) << entry("db::Connection").reason;
  EXPECT_FALSE(entry("db::Box").testable);
  EXPECT_NE(entry("db::Box").reason.find("class template"), std::string::npos);
  EXPECT_FALSE(entry("db::ResultSet::Row").testable);
  EXPECT_NE(entry("db::ResultSet::Row").reason.find("private nested type"), std::string::npos);
  const TestableEntry &stats = entry("db::Stats");
  EXPECT_TRUE(stats.testable);
  EXPECT_EQ(stats.skipped, std::vector<std::string>{
                               "record(std::bitset<4>): parameter 1 has type "
                               "std::bitset<4>: library type std::bitset is not "
                               "supported yet"});
  EXPECT_EQ(stats.callables, 3u); // the implicit constructor, record() and `total = ...`
  EXPECT_EQ(stats.testableCallables, 2u);
  EXPECT_TRUE(entry("db::sum").isFunction);
  EXPECT_TRUE(entry("db::sum").testable);
  EXPECT_EQ(entry("db::sum").location, project_.path("src/extra.cpp") + ":4");
}

TEST(FrontendReasonTest, TheParameterThatBlocksACallableIsTheOneNamed) {
  // `Get(const Slice &, std::vector<int> *)`: the container blocks it, not the Slice (which the
  // model lacks only because no callable that takes it could be called).
  test::TempProject project;
  project.write("table.h", R"cpp(#pragma once
#include <vector>
class Slice {
public:
  explicit Slice(const char *data) : data_(data) {}
  const char *data() const { return data_; }
private:
  const char *data_;
};
class Table {
public:
  Table() = default;
  bool Get(const Slice &key, std::vector<Slice> *values) const;
  int size() const { return size_; }
private:
  int size_ = 0;
};
)cpp");
  project.write("table.cpp", R"cpp(#include "table.h"
bool Table::Get(const Slice &key, std::vector<Slice> *values) const {
  values->push_back(key);
  return true;
}
)cpp");
  project.addSource("table.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "Table", false);
  ASSERT_TRUE(model) << model.error().message;
  const Callable *get = findCallable(*model, "Table::Get");
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->unsupportedReason.rfind("parameter 2 has type std::vector<Slice> *", 0), 0u)
      << get->unsupportedReason;
}

TEST(FrontendInheritanceTest, BaseFieldsAndPublicBaseMethodsBelongToTheDerivedClass) {
  test::TempProject project;
  project.write("zoo.h", R"cpp(#pragma once
namespace zoo {
class Animal {
public:
  void feed(int grams) { weight_ += grams; }
  int legs() const { return 4; }
  int weight() const { return weight_; }
protected:
  int weight_ = 3;
};
class Bird : public Animal {
public:
  int legs() const { return 2; }
  void fly();
private:
  int height_ = 0;
};
}
)cpp");
  project.write("zoo.cpp", "#include \"zoo.h\"\nvoid zoo::Bird::fly() { height_ += weight_; }\n");
  project.addSource("zoo.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "zoo::Bird", false);
  ASSERT_TRUE(model) << model.error().message;
  const ClassInfo &bird = model->classes[0];
  ASSERT_EQ(bird.fields.size(), 2u);
  EXPECT_EQ(bird.fields[0].name, "weight_");
  EXPECT_EQ(bird.fields[0].access, Access::Protected);
  EXPECT_EQ(bird.fields[1].name, "height_");
  std::vector<std::string> methods;
  for (int id : bird.callables)
    methods.push_back(model->callables[id].qualifiedName);
  EXPECT_EQ(methods,
            (std::vector<std::string>{"zoo::Bird::legs", "zoo::Bird::fly", "zoo::Bird::Bird",
                                      "zoo::Animal::feed", "zoo::Animal::weight"}))
      << "Animal::legs is hidden by Bird::legs";
  const Callable *feed = findCallable(*model, "zoo::Animal::feed");
  ASSERT_NE(feed, nullptr);
  EXPECT_EQ(feed->owner, "zoo::Bird");
  EXPECT_EQ(feed->effects.writes, std::vector<std::string>{"zoo::Animal::weight_"});
  EXPECT_EQ(findCallable(*model, "zoo::Bird::fly")->effects.reads,
            (std::vector<std::string>{"zoo::Animal::weight_", "zoo::Bird::height_"}));
  EXPECT_TRUE(std::count(model->literals.integers.begin(), model->literals.integers.end(), 3));
}

} // namespace
} // namespace unitgen
