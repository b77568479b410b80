// TypeDesc: which results are values an assertion may compare.
#include "model/TypeDesc.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

TypeDesc cString(const std::string &spelling) {
  TypeDesc type;
  type.kind = TypeKind::CString;
  type.spelling = type.valueSpelling = spelling;
  type.bits = 8;
  return type;
}

TEST(TypeDescTest, AConstCStringIsAStringAMutableCharPointerIsABuffer) {
  EXPECT_TRUE(cString("const char*").isPrintable());
  // An arena's Allocate returns char* to uninitialised memory: asserting it as a string reads
  // whatever is there, past its end.
  EXPECT_FALSE(cString("char*").isPrintable());
}

TEST(TypeDescTest, NumbersAndStringsArePrintablePointersToThemAreNot) {
  TypeDesc number;
  number.kind = TypeKind::Integer;
  number.spelling = number.valueSpelling = "int";
  EXPECT_TRUE(number.isPrintable());
  TypeDesc text;
  text.kind = TypeKind::String;
  text.spelling = text.valueSpelling = "std::string";
  EXPECT_TRUE(text.isPrintable());
  text.passing = Passing::Pointer;
  EXPECT_FALSE(text.isPrintable());
}

} // namespace
} // namespace unitgen
