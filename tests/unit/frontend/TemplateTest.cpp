// Frontend: class templates are tested through their specializations — those the project's TUs
// instantiate, and any other the user names — each a class with its template's members.
#include "InputError.h"
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace unitgen {
namespace {

const char *const kStackHeader = R"cpp(#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace ds {
template <class T> class Stack {
public:
  void push(const T &value) { items_.push_back(value); }
  bool pop();
  std::size_t size() const { return items_.size(); }
  void swapWith(Stack &other) { items_.swap(other.items_); }

private:
  std::vector<T> items_;
};

template <class T> bool Stack<T>::pop() {
  if (items_.empty())
    return false;
  items_.pop_back();
  return true;
}

template <class T, int N> class Ring {
public:
  bool put(T value) {
    if (count_ == N)
      return false;
    slots_[count_++] = value;
    return true;
  }

private:
  T slots_[N] = {};
  int count_ = 0;
};

/// Written out by hand for bool: a class of its own.
template <> class Stack<bool> {
public:
  void push(bool value) { bits_ = bits_ * 2 + value; }

private:
  unsigned bits_ = 0;
};

class Parser {
  struct Token {
    int kind;
  };

public:
  int parse(const std::string &text);

private:
  Stack<Token> tokens_;
};

int depth(const std::string &text);
} // namespace ds
)cpp";

const char *const kStackSource = R"cpp(#include "stack.h"

namespace ds {
int depth(const std::string &text) {
  Stack<std::string> words;
  words.push(text);
  Stack<bool> flags;
  flags.push(true);
  return static_cast<int>(words.size());
}
int Parser::parse(const std::string &text) { return static_cast<int>(text.size()); }
} // namespace ds
)cpp";

/// Member and function templates: what the project's code instantiates, in two TUs.
const char *const kValueHeader = R"cpp(#pragma once
#include <string>

namespace ds {
class Value {
  struct Secret {};

public:
  template <typename T> T as() const;
  template <typename T> void set(T v) { number_ = static_cast<long>(v); }
  template <typename T> void unused(T) {}
  template <typename T> void hold(T) {}
  void keep() { hold(Secret{}); }

private:
  long number_ = 0;
};
template <> inline int Value::as<int>() const { return static_cast<int>(number_); }

template <typename T> T clip(T v, T lo, T hi) { return v < lo ? lo : hi < v ? hi : v; }
template <typename T> T never(T v) { return v; }
} // namespace ds
)cpp";

const char *const kValueSource = R"cpp(#include "value.h"
namespace ds {
int first() {
  Value value;
  value.set<long>(clip<long>(3, 0, 2));
  return value.as<int>();
}
} // namespace ds
)cpp";

const char *const kOtherValueSource = R"cpp(#include "value.h"
namespace ds {
int second() {
  Value value;
  value.set(static_cast<short>(clip(3, 0, 2)));
  return value.as<int>();
}
} // namespace ds
)cpp";

class FrontendTemplateTest : public ::testing::Test {
protected:
  void SetUp() override {
    project_.write("stack.h", kStackHeader);
    project_.write("stack.cpp", kStackSource);
    project_.addSource("stack.cpp");
    project_.write("value.h", kValueHeader);
    project_.write("value.cpp", kValueSource);
    project_.addSource("value.cpp");
    project_.write("other_value.cpp", kOtherValueSource);
    project_.addSource("other_value.cpp");
    project_.writeDatabase();
  }

  ClassModel modelOf(const std::string &name) {
    Expected<ClassModel> model = buildModel(project_.options(), name, false);
    if (!model) {
      ADD_FAILURE() << model.error().message;
      return {};
    }
    return std::move(*model);
  }

  std::string errorOf(const std::string &name) {
    return test::inputErrorOf(project_.options(), name);
  }

  test::TempProject project_;
};

const Callable *find(const ClassModel &model, const std::string &qualifiedName) {
  for (const Callable &callable : model.callables)
    if (callable.qualifiedName == qualifiedName)
      return &callable;
  return nullptr;
}

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

TEST_F(FrontendTemplateTest, TheInstantiationsTheProjectUsesAreListedAsClasses) {
  Expected<std::vector<TestableEntry>> entries = listTestables(project_.options());
  ASSERT_TRUE(entries) << entries.error().message;
  std::map<std::string, const TestableEntry *> byName;
  for (const TestableEntry &entry : *entries)
    byName[entry.name] = &entry;
  ASSERT_TRUE(byName.count("ds::Stack"));
  EXPECT_FALSE(byName["ds::Stack"]->testable);
  EXPECT_HAS(byName["ds::Stack"]->reason, "--class 'ds::Stack<...>'");
  // Instantiated by depth(), written out for bool, instantiated with a private type by Parser.
  ASSERT_TRUE(byName.count("ds::Stack<std::string>"));
  EXPECT_TRUE(byName["ds::Stack<std::string>"]->testable);
  EXPECT_EQ(byName["ds::Stack<std::string>"]->callables, 5u); // with the implicit constructor
  EXPECT_EQ(byName["ds::Stack<std::string>"]->location, project_.path("stack.h") + ":7");
  ASSERT_TRUE(byName.count("ds::Stack<bool>"));
  EXPECT_TRUE(byName["ds::Stack<bool>"]->testable);
  ASSERT_TRUE(byName.count("ds::Stack<ds::Parser::Token>"));
  EXPECT_FALSE(byName["ds::Stack<ds::Parser::Token>"]->testable);
  EXPECT_HAS(byName["ds::Stack<ds::Parser::Token>"]->reason,
             "template argument, ds::Parser::Token, that is a private nested type");
  // Nothing instantiates Ring or Stack<int>: no rows.
  EXPECT_FALSE(byName.count("ds::Stack<int>"));
  EXPECT_FALSE(byName["ds::Ring"]->testable);
}

TEST_F(FrontendTemplateTest, ASpecializationsMembersTakeItsArgumentsAndTouchItsFields) {
  ClassModel model = modelOf("ds::Stack<std::string>");
  ASSERT_FALSE(model.classes.empty());
  EXPECT_EQ(model.target, "ds::Stack<std::string>");
  EXPECT_EQ(model.targetClass().header, project_.path("stack.h"));
  const Callable *push = find(model, "ds::Stack<std::string>::push");
  ASSERT_NE(push, nullptr);
  ASSERT_EQ(push->params.size(), 1u);
  EXPECT_EQ(push->params[0].type.spelling, "const std::string&");
  EXPECT_EQ(push->params[0].type.kind, TypeKind::String);
  // The template's bodies name `ds::Stack::items_`; the model names its class's field.
  EXPECT_EQ(push->effects.writes, std::vector<std::string>{"ds::Stack<std::string>::items_"});
  const Callable *pop = find(model, "ds::Stack<std::string>::pop");
  ASSERT_NE(pop, nullptr);
  EXPECT_EQ(pop->sourceFile, project_.path("stack.h")); // defined outside the class
  EXPECT_EQ(pop->effects.reads, std::vector<std::string>{"ds::Stack<std::string>::items_"});
  // `items_.pop_back()`: a non-const method of std::vector, though `std::vector<T>` depends on T.
  EXPECT_EQ(pop->effects.writes, std::vector<std::string>{"ds::Stack<std::string>::items_"});
  const Callable *size = find(model, "ds::Stack<std::string>::size");
  ASSERT_NE(size, nullptr);
  EXPECT_TRUE(size->effects.writes.empty()); // a const method
  EXPECT_EQ(size->effects.reads, std::vector<std::string>{"ds::Stack<std::string>::items_"});
  const Callable *swap = find(model, "ds::Stack<std::string>::swapWith");
  ASSERT_NE(swap, nullptr);
  EXPECT_EQ(swap->params[0].type.kind, TypeKind::Class);
  EXPECT_EQ(swap->params[0].type.className, "ds::Stack<std::string>");
  EXPECT_EQ(swap->params[0].type.spelling, "ds::Stack<std::string>&");
  ASSERT_EQ(model.targetClass().fields.size(), 1u);
  EXPECT_EQ(model.targetClass().fields[0].name, "items_");
}

TEST_F(FrontendTemplateTest, AnInstantiationNoTuMakesIsMadeForTheUser) {
  ClassModel stack = modelOf("ds::Stack<unsigned>");
  EXPECT_EQ(stack.target, "ds::Stack<unsigned int>"); // as unitgen spells it
  const Callable *push = find(stack, "ds::Stack<unsigned int>::push");
  ASSERT_NE(push, nullptr);
  EXPECT_EQ(push->params[0].type.kind, TypeKind::Integer);
  EXPECT_FALSE(push->params[0].type.isSigned);
  EXPECT_EQ(push->effects.writes, std::vector<std::string>{"ds::Stack<unsigned int>::items_"});

  ClassModel ring = modelOf("::ds::Ring<long,3>"); // spaces and a leading :: do not matter
  EXPECT_EQ(ring.target, "ds::Ring<long, 3>");
  const Callable *put = find(ring, "ds::Ring<long, 3>::put");
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->params[0].type.spelling, "long");
  std::vector<std::string> writes = put->effects.writes;
  EXPECT_TRUE(std::find(writes.begin(), writes.end(), "ds::Ring<long, 3>::count_") != writes.end())
      << ::testing::PrintToString(writes);
}

TEST_F(FrontendTemplateTest, ATemplateOrAnInstantiationThatCannotBeSaysWhy) {
  std::string bare = errorOf("ds::Stack");
  EXPECT_HAS(bare, "is a class template; name one of its instantiations");
  EXPECT_HAS(bare, "the project uses 'ds::Stack<std::string>'");
  std::string unknown = errorOf("ds::Stack<Nope>");
  EXPECT_HAS(unknown, "cannot instantiate 'ds::Stack<Nope>'");
  EXPECT_HAS(unknown, "undeclared identifier 'Nope'");
  EXPECT_HAS(errorOf("ds::Queue<int>"), "'ds::Queue' is no class template of the project");
  EXPECT_HAS(errorOf("ds::Stack<ds::Parser::Token>"), "private nested type");
}

TEST_F(FrontendTemplateTest, AMemberTemplatesSpecializationsAreCallablesNamedWithTheirArguments) {
  ClassModel model = modelOf("ds::Value");
  // Explicitly specialized; instantiated in one TU each (a deduced one spelled all the same).
  const Callable *as = find(model, "ds::Value::as<int>");
  ASSERT_NE(as, nullptr);
  EXPECT_EQ(as->name, "as<int>");
  EXPECT_TRUE(as->isSupported()) << as->unsupportedReason;
  EXPECT_EQ(as->returnType.kind, TypeKind::Integer);
  EXPECT_EQ(as->effects.reads, std::vector<std::string>{"ds::Value::number_"}); // its own body
  const Callable *setLong = find(model, "ds::Value::set<long>");
  const Callable *setShort = find(model, "ds::Value::set<short>");
  ASSERT_NE(setLong, nullptr);
  ASSERT_NE(setShort, nullptr);
  EXPECT_EQ(setShort->params.at(0).type.valueSpelling, "short");
  // The template's body: writes the field.
  EXPECT_EQ(setLong->effects.writes, std::vector<std::string>{"ds::Value::number_"});
  for (const Callable &callable : model.callables)
    EXPECT_EQ(callable.qualifiedName.find("Secret"), std::string::npos) << callable.qualifiedName;

  Expected<std::vector<TestableEntry>> entries = listTestables(project_.options());
  ASSERT_TRUE(entries) << entries.error().message;
  std::map<std::string, const TestableEntry *> byName;
  for (const TestableEntry &entry : *entries)
    byName[entry.name] = &entry;
  ASSERT_TRUE(byName.count("ds::Value"));
  ASSERT_EQ(byName["ds::Value"]->skipped.size(), 2u);
  EXPECT_HAS(byName["ds::Value"]->skipped[0], "unused(T): a member template the project never "
                                              "instantiates");
  EXPECT_HAS(byName["ds::Value"]->skipped[1], "hold(T): a member template the project "
                                              "instantiates only with types a test cannot name");
  ASSERT_TRUE(byName.count("ds::clip"));
  EXPECT_FALSE(byName["ds::clip"]->testable);
  ASSERT_TRUE(byName.count("ds::clip<long>"));
  EXPECT_TRUE(byName["ds::clip<long>"]->testable);
  ASSERT_TRUE(byName.count("ds::clip<int>"));
  EXPECT_TRUE(byName["ds::clip<int>"]->testable);
  EXPECT_FALSE(byName.count("ds::never<int>"));
}

TEST_F(FrontendTemplateTest, AFunctionTemplatesInstantiationIsAFunctionToTest) {
  Expected<ClassModel> model = buildModel(project_.options(), "ds::clip<long>", true);
  ASSERT_TRUE(model) << model.error().message;
  const Callable *clip = find(*model, "ds::clip<long>");
  ASSERT_NE(clip, nullptr);
  EXPECT_EQ(clip->name, "clip<long>");
  ASSERT_EQ(clip->params.size(), 3u);
  EXPECT_EQ(clip->params[0].type.valueSpelling, "long");
  std::string bare = test::inputErrorOf(project_.options(), "ds::clip", true);
  EXPECT_HAS(bare, "'ds::clip' is a function template; name one of the instantiations");
  EXPECT_HAS(bare, "'ds::clip<long>'");
  EXPECT_HAS(test::inputErrorOf(project_.options(), "ds::never", true),
             "a function template the project never instantiates");
}

} // namespace
} // namespace unitgen
