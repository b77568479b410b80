// CodeLayout: statements stay within 100 columns, wrapped the way clang-format's LLVM style does.
#include "emit/CodeLayout.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

std::vector<Code> leaves(const std::vector<std::string> &texts) {
  std::vector<Code> codes;
  for (const std::string &text : texts)
    codes.push_back(Code::leaf(text));
  return codes;
}

TEST(CodeLayoutTest, ShortStatementsStayOnOneLine) {
  CodeBlock block(2);
  block.statement(Code::call("EXPECT_EQ", {Code::call("treeMap.size", {}), Code::leaf("2")}));
  block.assignment("minisql::ResultSet resultSet",
                   Code::call("statement->executeQuery", leaves({"\"select id\""})));
  EXPECT_EQ(block.text(),
            "  EXPECT_EQ(treeMap.size(), 2);\n"
            "  minisql::ResultSet resultSet = statement->executeQuery(\"select id\");\n");
}

TEST(CodeLayoutTest, LongArgumentListsAreBinPackedAfterTheParenthesis) {
  CodeBlock block(2);
  std::vector<std::string> args;
  for (int i = 0; i < 15; ++i)
    args.push_back("std::numeric_limits<int>::max()");
  block.statement(Code::call("SampleClass sampleClass", leaves(args)));
  const std::string text = block.text();
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "  SampleClass sampleClass(std::numeric_limits<int>::max(), "
            "std::numeric_limits<int>::max(),");
  EXPECT_NE(text.find("\n                          std::numeric_limits<int>::max()"),
            std::string::npos)
      << text;
  for (size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(end - start, kColumnLimit) << text;
}

TEST(CodeLayoutTest, AssignmentBreaksAfterTheEqualsSign) {
  CodeBlock block(2);
  block.assignment(
      "minisql::ResultSet resultSet",
      Code::call("statement->executeQuery",
                 leaves({"\"select id, user_id, amount from orders where user_id = 1\""})));
  EXPECT_EQ(
      block.text(),
      "  minisql::ResultSet resultSet =\n"
      "      statement->executeQuery(\"select id, user_id, amount from orders where user_id = "
      "1\");\n");
}

TEST(CodeLayoutTest, NestedCallsWrapTheirOwnArguments) {
  CodeBlock block(2);
  block.statement(Code::call(
      "EXPECT_EQ",
      {Code::call("gadget.echoDouble", leaves({"std::numeric_limits<double>::infinity()"})),
       Code::leaf("std::numeric_limits<double>::infinity()")}));
  EXPECT_EQ(block.text(),
            "  EXPECT_EQ(gadget.echoDouble(std::numeric_limits<double>::infinity()),\n"
            "            std::numeric_limits<double>::infinity());\n");
}

TEST(CodeLayoutTest, ArgumentsMoveToTheNextLineWhenTheyDoNotFitAfterTheParenthesis) {
  CodeBlock block(2);
  const std::string wide(80, 'x');
  block.statement(
      Code::call("someObjectWithALongName.someMethodWithALongName", leaves({"\"" + wide + "\""})));
  EXPECT_EQ(block.text(),
            "  someObjectWithALongName.someMethodWithALongName(\n      \"" + wide + "\");\n");
}

TEST(CodeLayoutTest, CommentsWrapAtWords) {
  CodeBlock block;
  std::string text;
  for (int i = 0; i < 30; ++i)
    text += "word" + std::to_string(i) + " ";
  block.comment(text);
  const std::string out = block.text();
  EXPECT_EQ(out.rfind("// word0 word1", 0), 0u);
  for (size_t start = 0, end; (end = out.find('\n', start)) != std::string::npos; start = end + 1) {
    EXPECT_LE(end - start, kColumnLimit);
    EXPECT_EQ(out.compare(start, 3, "// "), 0);
  }
}

TEST(CodeLayoutTest, LoopsListTheirArgumentsAsClangFormatDoes) {
  // Expected texts are clang-format 14's (LLVM style, 100 columns).
  CodeBlock block(2);
  const Code body = Code::call("heapArray.insert", leaves({"value"}));
  block.rangeFor("int value", {"3", "1", "2"}, body);
  std::vector<std::string> many;
  for (int i = 0; i < 2; ++i)
    for (const char *number : {"2147483646", "-2147483647", "-677", "3", "9", "0", "123456789",
                               "987654321", "55555555", "444444", "1234567"})
      many.push_back(number);
  block.rangeFor("int value", many, body);
  const std::string query = "\"select id, user_id, amount from orders where user_id = 1\"";
  block.rangeFor("const std::string &text", {query, query},
                 Code::call("s.x", leaves({"text"})));
  EXPECT_EQ(block.text(),
            "  for (int value : {3, 1, 2})\n"
            "    heapArray.insert(value);\n"
            "  for (int value :\n"
            "       {2147483646, -2147483647, -677, 3, 9, 0, 123456789, 987654321, 55555555, "
            "444444, 1234567,\n"
            "        2147483646, -2147483647, -677, 3, 9, 0, 123456789, 987654321, 55555555, "
            "444444, 1234567})\n"
            "    heapArray.insert(value);\n"
            "  for (const std::string &text : {\"select id, user_id, amount from orders where "
            "user_id = 1\",\n"
            "                                  \"select id, user_id, amount from orders where "
            "user_id = 1\"})\n"
            "    s.x(text);\n");
}

} // namespace
} // namespace unitgen
