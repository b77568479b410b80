// Frontend: which pointer and reference parameters are out-parameters, and which are buffers.
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

const char *const kReaderHeader = R"cpp(#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace io {
enum class Mode { kText, kBinary };
class Reader {
public:
  Reader() = default;
  bool readInt(const char *name, int *value) const;
  bool readText(std::string *text) const;
  void readMode(Mode &mode) const;
  bool readName(const char **name) const;
  void readAll(double *values, size_t count) const;
  void readByte(uint8_t *byte) const;
  int sum(const int *values) const;
  void readPair(int **pair) const;
  void readUntyped(void *data) const;
  void readList(std::vector<int> *list) const;
  int *cursor();
private:
  int position_ = 0;
};
} // namespace io
)cpp";

const char *const kReaderSource = R"cpp(#include "reader.h"
namespace io {
bool Reader::readInt(const char *, int *value) const { *value = position_; return true; }
bool Reader::readText(std::string *text) const { *text += "x"; return true; }
void Reader::readMode(Mode &mode) const { mode = Mode::kBinary; }
bool Reader::readName(const char **name) const { *name = "reader"; return true; }
void Reader::readAll(double *values, size_t count) const {
  for (size_t i = 0; i < count; ++i) values[i] = 0;
}
void Reader::readByte(uint8_t *byte) const { *byte = 1; }
int Reader::sum(const int *values) const { return values[0]; }
void Reader::readPair(int **pair) const { *pair = nullptr; }
void Reader::readUntyped(void *) const {}
void Reader::readList(std::vector<int> *list) const { list->push_back(1); }
int *Reader::cursor() { return &position_; }
} // namespace io
)cpp";

class FrontendOutParameterTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    project_ = new test::TempProject();
    project_->write("reader.h", kReaderHeader);
    project_->write("reader.cpp", kReaderSource);
    project_->addSource("reader.cpp");
    project_->writeDatabase();
    Expected<ClassModel> built = buildModel(project_->options(), "io::Reader", false);
    ASSERT_TRUE(built) << built.error().message;
    model_ = new ClassModel(std::move(*built));
  }
  static void TearDownTestSuite() {
    delete model_;
    delete project_;
  }
  static const Callable &method(const std::string &name) {
    for (const Callable &callable : model_->callables)
      if (callable.qualifiedName == "io::Reader::" + name)
        return callable;
    ADD_FAILURE() << "no callable " << name;
    static const Callable missing;
    return missing;
  }
  static test::TempProject *project_;
  static ClassModel *model_;
};
test::TempProject *FrontendOutParameterTest::project_ = nullptr;
ClassModel *FrontendOutParameterTest::model_ = nullptr;

TEST_F(FrontendOutParameterTest, PointersAndReferencesToValuesAreOutParameters) {
  const TypeDesc &number = method("readInt").params[1].type;
  EXPECT_EQ(number.kind, TypeKind::Integer);
  EXPECT_EQ(number.passing, Passing::Pointer);
  EXPECT_EQ(number.spelling, "int*");
  EXPECT_TRUE(number.isOutParameter());
  EXPECT_FALSE(method("readInt").params[0].type.isOutParameter()); // a C string to read

  const TypeDesc &text = method("readText").params[0].type;
  EXPECT_EQ(text.kind, TypeKind::String);
  EXPECT_TRUE(text.isOutParameter());

  const TypeDesc &mode = method("readMode").params[0].type;
  EXPECT_EQ(mode.kind, TypeKind::Enum);
  EXPECT_EQ(mode.passing, Passing::Reference);
  EXPECT_TRUE(mode.isOutParameter());

  const TypeDesc &name = method("readName").params[0].type;
  EXPECT_EQ(name.kind, TypeKind::CString);
  EXPECT_EQ(name.passing, Passing::Pointer);
  EXPECT_EQ(name.spelling, "const char**");
  EXPECT_TRUE(name.isOutParameter());

  for (const char *supported : {"readInt", "readText", "readMode", "readName"})
    EXPECT_TRUE(method(supported).isSupported()) << supported << ": "
                                                 << method(supported).unsupportedReason;
}

TEST_F(FrontendOutParameterTest, BuffersArraysAndOtherPointersSayWhyNot) {
  auto reason = [](const std::string &name) { return method(name).unsupportedReason; };
  EXPECT_EQ(reason("readAll"), "parameter 1 has type double*: arrays with their length (buffers) "
                               "are not supported yet");
  EXPECT_EQ(reason("readByte"),
            "parameter 1 has type uint8_t *: byte buffers (uint8_t *) are not supported yet");
  EXPECT_EQ(reason("sum"), "parameter 1 has type const int *: pointers to const values (input "
                           "arrays) are not supported yet");
  EXPECT_NE(reason("readPair"), "");
  EXPECT_EQ(reason("readUntyped"),
            "parameter 1 has type void *: untyped pointers (void*) are not supported yet");
  EXPECT_EQ(reason("readList"), "parameter 1 has type std::vector<int> *: containers are not "
                                "supported yet");
  // A result `int*` is no out-parameter: the call is made, its result neither printed nor kept.
  EXPECT_FALSE(method("cursor").returnType.isSupported());
  EXPECT_FALSE(method("cursor").returnType.isOutParameter());
}

} // namespace
} // namespace unitgen
