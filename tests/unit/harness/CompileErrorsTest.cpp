// compileErrorsIn: a compiler's errors placed on the lines of the file whose code caused them.
#include "harness/DriverBuilder.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using Errors = std::vector<std::pair<int, std::string>>;

TEST(CompileErrorsTest, AnErrorInTheFileIsOnItsOwnLine) {
  const std::string output = "/s/driver.cpp:12:5: error: no matching function for call to 'f'\n"
                             "/h/box.h:3:8: note: candidate function not viable\n";
  EXPECT_EQ(compileErrorsIn(output, "/s/driver.cpp"),
            (Errors{{12, "no matching function for call to 'f'"}}));
}

TEST(CompileErrorsTest, ATemplatesErrorIsOnTheLineThatInstantiatedIt) {
  // Clang names the header's line first, then the driver's line that instantiated it.
  const std::string output =
      "In file included from /s/driver.cpp:2:\n"
      "/h/box.h:15:53: error: member reference base type 'const int' is not a structure\n"
      "/s/driver.cpp:43:19: note: in instantiation of member function 'Box<int>::length' "
      "requested here\n"
      "/s/driver.cpp:50:3: error: use of undeclared identifier 'x'\n"
      "/h/box.h:20:1: error: an error no line of the driver's notes names\n";
  EXPECT_EQ(compileErrorsIn(output, "/s/driver.cpp"),
            (Errors{{43, "/h/box.h: member reference base type 'const int' is not a structure"},
                    {50, "use of undeclared identifier 'x'"},
                    {50, "/h/box.h: an error no line of the driver's notes names"}}));
}

TEST(CompileErrorsTest, AHeadersErrorBeforeAnyLineOfTheFileIsOnLineZero) {
  EXPECT_EQ(compileErrorsIn("/h/box.h:1:1: error: unknown type name 'Nope'\n", "/s/driver.cpp"),
            (Errors{{0, "/h/box.h: unknown type name 'Nope'"}}));
}

} // namespace
} // namespace unitgen
