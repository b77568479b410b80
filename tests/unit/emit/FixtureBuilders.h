// FixtureBuilders: ClassModels and TestCases built by hand, as the frontend and suite fill them.
#pragma once

#include "model/ClassModel.h"
#include "suite/TestCase.h"

#include <string>
#include <vector>

namespace unitgen::fixtures {

// Types as the frontend describes them.
TypeDesc voidType();
TypeDesc boolType();
TypeDesc intType(int bits = 32, bool isSigned = true, const std::string &spelling = "int");
TypeDesc charType();
TypeDesc doubleType();
TypeDesc floatType();
TypeDesc stringType(Passing passing = Passing::ConstReference);
TypeDesc cstringType();
TypeDesc optionalType(const TypeDesc &element);
/// `std::<name><elements...>` (`vector` of one element type, `map` of key and mapped type).
TypeDesc containerType(const std::string &name, const std::vector<TypeDesc> &elements,
                       Passing passing = Passing::Value);
TypeDesc classType(const std::string &name, Passing passing);
TypeDesc enumType(const std::string &name,
                  const std::vector<std::pair<std::string, int64_t>> &enumerators);

/// Builds a ClassModel callable by callable; ids follow the order of `add`.
class ModelBuilder {
public:
  ModelBuilder(const std::string &target, bool isFunction);
  ModelBuilder &source(const std::string &path, const std::vector<std::string> &arguments = {});
  ModelBuilder &include(const std::string &spelling);
  ModelBuilder &classInfo(const std::string &name, const std::string &header,
                          const std::string &includeSpelling, const std::string &invariant = "");
  /// A member function of `owner` the model leaves out (a private overload).
  ModelBuilder &hiddenOverload(const std::string &owner, HiddenOverload overload);
  int constructor(const std::string &owner, std::vector<Parameter> params = {});
  int method(const std::string &owner, const std::string &name, std::vector<Parameter> params,
             const TypeDesc &returnType, bool isConst = false);
  int staticMethod(const std::string &owner, const std::string &name, std::vector<Parameter> params,
                   const TypeDesc &returnType);
  int op(const std::string &owner, const std::string &symbol, std::vector<Parameter> params,
         const TypeDesc &returnType);
  int function(const std::string &qualifiedName, std::vector<Parameter> params,
               const TypeDesc &returnType);
  ClassModel build() const { return model_; }

private:
  int add(Callable callable);
  ClassModel model_;
};

Parameter param(const std::string &name, const TypeDesc &type);

/// Builds one TestCase statement by statement, with the outcome of each.
class TestBuilder {
public:
  /// A statement that returned: an object (constructors, object results) or nothing to assert.
  TestBuilder &call(int callable, int receiver = -1, std::vector<Argument> args = {});
  TestBuilder &returns(int callable, int receiver, std::vector<Argument> args, Value value);
  TestBuilder &throws(int callable, int receiver, std::vector<Argument> args,
                      const std::string &exceptionType);
  TestBuilder &fails(int callable, int receiver, std::vector<Argument> args, FailureKind kind,
                     const std::string &detail, const std::string &observed = "");
  /// The last statement left `value` in its out-parameter `parameter`.
  TestBuilder &leaves(int parameter, Value value);
  /// The last call's pointer result (or object made through a `T **`): an object, or null.
  TestBuilder &produces(bool object);
  /// During the last statement, callback slot `slot` was called (on the mock statement `object`
  /// made, if one); `calls` so far in the test.
  TestBuilder &callsBack(int slot, int64_t calls, int object = -1,
                         std::vector<std::vector<std::optional<Value>>> arguments = {});
  TestBuilder &observe(int variable, int callable, Value value);
  TestBuilder &observeThrow(int variable, int callable, const std::string &exceptionType);
  TestBuilder &goal(const std::string &key);
  /// A failure found by the checks after the last statement (contracts, observers).
  TestBuilder &failsAfter(FailureKind kind, const std::string &detail);
  /// The failure is theory `name`'s, false of statement `object`'s object.
  TestBuilder &theory(const std::string &name, int object);
  TestCase build() const { return test_; }

private:
  TestCase test_;
};

Argument lit(Value value);
Argument var(int statement);

} // namespace unitgen::fixtures
