// legalConstructor: the constructor legal sequences start from, and the driver's construct_0.
#include "harness/ExhaustiveDriverGenerator.h"

#include "TestModels.h"

#include <gtest/gtest.h>

namespace unitgen::testing {
namespace {

/// A class Stack with the given constructors (each a parameter list) and nothing else.
ClassModel stackWith(const std::vector<std::vector<Parameter>> &constructors) {
  ClassModel model;
  model.target = "Stack";
  ClassInfo info;
  info.qualifiedName = "Stack";
  for (const std::vector<Parameter> &params : constructors) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = CallableKind::Constructor;
    c.owner = c.name = "Stack";
    c.params = params;
    model.callables.push_back(c);
    info.callables.push_back(c.id);
  }
  model.classes = {info};
  return model;
}

Parameter parameter(TypeDesc type, bool hasDefault = false) {
  return Parameter{"p", std::move(type), hasDefault};
}

TEST(LegalConstructorTest, PrefersOneCallableWithoutArguments) {
  ClassModel model = stackWith({{parameter(intType())}, {}});
  EXPECT_EQ(legalConstructor(model), 1);
  EXPECT_NE(generateExhaustiveDriverSource(model).find("return new Stack();"), std::string::npos);
  // A defaulted parameter counts as none.
  EXPECT_EQ(legalConstructor(stackWith({{parameter(intType(), true)}})), 0);
}

TEST(LegalConstructorTest, TakesIntegralArgumentsWhenNoneIsCallableWithout) {
  ClassModel model = stackWith({{parameter(intType()), parameter(intType())}});
  EXPECT_EQ(legalConstructor(model), 0);
  std::string source = generateExhaustiveDriverSource(model);
  EXPECT_NE(source.find("return new Stack(static_cast<int>(arguments[0]), "
                        "static_cast<int>(arguments[1]));"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("&construct_0, 2, nullptr}"), std::string::npos) << source;
  // With --theories the receiver's row carries their check (harness/TheoryChecks).
  model.theories = {"/project/stack_theories.cpp"};
  source = generateExhaustiveDriverSource(model);
  EXPECT_NE(source.find("#include <unitgen/theory.h>"), std::string::npos) << source;
  EXPECT_NE(source.find("bool theories_0(const void *p"), std::string::npos) << source;
  EXPECT_NE(source.find("&construct_0, 2, &theories_0}"), std::string::npos) << source;
}

TEST(LegalConstructorTest, NoneForOtherParameters) {
  TypeDesc text;
  text.kind = TypeKind::String;
  text.spelling = text.valueSpelling = "std::string";
  EXPECT_EQ(legalConstructor(stackWith({{parameter(text)}})), -1);
  EXPECT_EQ(legalConstructor(
                stackWith({{parameter(intType()), parameter(intType()), parameter(intType())}})),
            -1); // more than kMaxReplayedParameters
  EXPECT_EQ(legalConstructor(stackWith({})), -1);
}

} // namespace
} // namespace unitgen::testing
