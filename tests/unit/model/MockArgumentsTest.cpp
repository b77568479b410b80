// MockArguments: which arguments of a mock's calls the driver records, and how.
#include "model/MockArguments.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

TypeDesc typeOf(TypeKind kind, Passing passing, const std::string &className = "") {
  TypeDesc type;
  type.kind = kind;
  type.passing = passing;
  type.className = className;
  type.spelling = type.valueSpelling = className.empty() ? "int" : className;
  type.bits = 32;
  type.isSigned = true;
  return type;
}

/// k::Key has one text observer, text(); k::Named two methods called name(), so
/// `&k::Named::name` is no one pointer; k::Sized only a number observer.
class MockArgumentsTest : public testing::Test {
protected:
  void SetUp() override {
    addClass("k::Key", {{"text", TypeKind::String}, {"size", TypeKind::Integer}});
    addClass("k::Named", {{"name", TypeKind::String}, {"name", TypeKind::String}});
    addClass("k::Sized", {{"size", TypeKind::Integer}});
  }
  void addClass(const std::string &name,
                const std::vector<std::pair<std::string, TypeKind>> &observers) {
    ClassInfo info;
    info.qualifiedName = name;
    for (const auto &[method, result] : observers) {
      Callable observer;
      observer.id = static_cast<int>(model_.callables.size());
      observer.owner = name;
      observer.name = method;
      observer.qualifiedName = name + "::" + method;
      observer.isConst = observer.isObserver = true;
      observer.returnType = typeOf(result, Passing::Value);
      observer.returnType.spelling = observer.returnType.valueSpelling =
          result == TypeKind::String ? "std::string" : "int";
      info.callables.push_back(observer.id);
      model_.callables.push_back(observer);
    }
    model_.classes.push_back(info);
  }
  MockArgumentReading::Kind kindOf(const TypeDesc &type) {
    MockMethod method;
    method.params = {type};
    return mockArgumentReading(model_, method, 0).kind;
  }
  ClassModel model_;
};

TEST_F(MockArgumentsTest, ValuesATestCanWriteAreRecordedAsThemselves) {
  EXPECT_EQ(kindOf(typeOf(TypeKind::Integer, Passing::Value)), MockArgumentReading::Kind::Value);
  TypeDesc text = typeOf(TypeKind::String, Passing::ConstReference);
  text.spelling = text.valueSpelling = "std::string";
  EXPECT_EQ(kindOf(text), MockArgumentReading::Kind::Value);
  // An out-parameter's value on entry is no argument a test compares.
  EXPECT_EQ(kindOf(typeOf(TypeKind::Integer, Passing::Pointer)),
            MockArgumentReading::Kind::Unrecorded);
  EXPECT_EQ(kindOf(typeOf(TypeKind::Integer, Passing::Reference)),
            MockArgumentReading::Kind::Unrecorded);
  // A C string is read up to its NUL; one followed by its length may have none.
  TypeDesc cString = typeOf(TypeKind::CString, Passing::Value);
  cString.spelling = cString.valueSpelling = "const char*";
  EXPECT_EQ(kindOf(cString), MockArgumentReading::Kind::Value);
  MockMethod write;
  write.params = {cString, typeOf(TypeKind::Integer, Passing::Value)};
  EXPECT_EQ(mockArgumentReading(model_, write, 0).kind, MockArgumentReading::Kind::Unrecorded);
  EXPECT_EQ(mockArgumentReading(model_, write, 1).kind, MockArgumentReading::Kind::Value);
  write.params[1].passing = Passing::Pointer; // an `int *` after it is no length
  EXPECT_EQ(mockArgumentReading(model_, write, 0).kind, MockArgumentReading::Kind::Value);
}

TEST_F(MockArgumentsTest, AnObjectIsReadByItsOneTextObserver) {
  MockMethod method;
  method.params = {typeOf(TypeKind::Class, Passing::ConstReference, "k::Key"),
                   typeOf(TypeKind::Class, Passing::ConstReference, "k::Named"),
                   typeOf(TypeKind::Class, Passing::Value, "k::Sized"),
                   typeOf(TypeKind::Class, Passing::Pointer, "k::Key"),
                   typeOf(TypeKind::Class, Passing::ConstReference, "k::Elsewhere")};
  const MockArgumentReading key = mockArgumentReading(model_, method, 0);
  EXPECT_EQ(key.kind, MockArgumentReading::Kind::Text);
  ASSERT_GE(key.observer, 0);
  EXPECT_EQ(model_.callables[key.observer].qualifiedName, "k::Key::text");
  for (size_t position = 1; position < method.params.size(); ++position)
    EXPECT_EQ(mockArgumentReading(model_, method, position).kind,
              MockArgumentReading::Kind::Unrecorded)
        << "parameter " << position;
  EXPECT_TRUE(recordsArguments(model_, method));
  method.params.erase(method.params.begin());
  EXPECT_FALSE(recordsArguments(model_, method));
  EXPECT_EQ(mockArgumentReading(model_, method, 9).kind, MockArgumentReading::Kind::Unrecorded);
}

} // namespace
} // namespace unitgen
