// EmitFixtures: models and suites mirroring the shared subjects and the test data classes.
#include "EmitFixtures.h"

#include <cmath>
#include <limits>

namespace unitgen::fixtures {

namespace {

Value num(int64_t x) { return Value::integer(x); }
Value str(const std::string &s) { return Value::string(s); }
Value real(double x) { return Value::floating(x); }
Value yes() { return Value::boolean(true); }
Value no() { return Value::boolean(false); }

constexpr int64_t kIntMin = std::numeric_limits<int>::min();
constexpr int64_t kIntMax = std::numeric_limits<int>::max();

} // namespace

Fixture treeMapFixture() {
  const std::string cls = "ds::TreeMap";
  ModelBuilder b(cls, false);
  b.classInfo(cls, "/project/tree_map/tree_map.h", "tree_map.h", "repOK")
      .include("tree_map.h")
      .source("/project/tree_map/tree_map.cpp", {"-I/project/tree_map", "-std=c++17"});
  const TypeDesc i = intType();
  const int ctor = b.constructor(cls);
  const int put = b.method(cls, "put", {param("key", i), param("value", i)}, boolType());
  const int remove = b.method(cls, "remove", {param("key", i)}, boolType());
  const int get = b.method(cls, "get", {param("key", i)}, optionalType(i), true);
  const int containsKey = b.method(cls, "containsKey", {param("key", i)}, boolType(), true);
  const int firstKey = b.method(cls, "firstKey", {}, i, true);
  const int size = b.method(cls, "size", {}, i, true);
  b.method(cls, "repOK", {}, boolType(), true);

  Fixture f;
  f.name = "tree_map";
  f.model = b.build();
  f.outDir = "/project/tests/generated";
  f.commandLine = "unitgen generate -p build --class ds::TreeMap --out tests/generated --seed 1";
  f.linkTarget = "subject_tree_map";
  auto &tests = f.suite.regression;
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(put, 0, {lit(num(1)), lit(num(10))}, yes())
                      .returns(put, 0, {lit(num(2)), lit(num(20))}, yes())
                      .returns(remove, 0, {lit(num(1))}, yes())
                      .observe(0, firstKey, num(2))
                      .observe(0, size, num(1))
                      .goal("edge:12")
                      .goal("returns:2:true")
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .throws(firstKey, 0, {}, "std::out_of_range")
                      .observe(0, size, num(0))
                      .goal("throws:5:std::out_of_range")
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(put, 0, {lit(num(3)), lit(num(30))}, yes())
                      .returns(get, 0, {lit(num(3))}, num(30))
                      .returns(get, 0, {lit(num(4))}, Value::null())
                      .goal("edge:20")
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(put, 0, {lit(num(kIntMin)), lit(num(kIntMax))}, yes())
                      .observe(0, firstKey, num(kIntMin))
                      .observe(0, size, num(1))
                      .goal("edge:7")
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(put, 0, {lit(num(1)), lit(num(1))})
                      .call(remove, 0, {lit(num(1))})
                      .observeThrow(0, firstKey, "std::out_of_range")
                      .observe(0, size, num(0))
                      .goal("edge:31")
                      .build());
  tests.push_back(
      TestBuilder().call(ctor).returns(remove, 0, {lit(num(5))}, no()).goal("edge:40").build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(put, 0, {lit(num(-7)), lit(num(0))}, yes())
                      .returns(containsKey, 0, {lit(num(-7))}, yes())
                      .returns(remove, 0, {lit(num(-7))}, yes())
                      .observe(0, size, num(0))
                      .goal("edge:41")
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(ctor)
                      .returns(put, 0, {lit(num(1)), lit(num(1))}, yes())
                      .returns(put, 1, {lit(num(1)), lit(num(2))}, yes())
                      .observe(1, size, num(1))
                      .goal("edge:50")
                      .build());
  return f;
}

Fixture miniSqlFixture() {
  const std::string driver = "minisql::Driver", connection = "minisql::Connection",
                    statement = "minisql::Statement", resultSet = "minisql::ResultSet";
  const std::string header = "/project/mini_sql/mini_sql.h";
  ModelBuilder b(statement, false);
  b.classInfo(statement, header, "mini_sql.h")
      .classInfo(driver, header, "mini_sql.h")
      .classInfo(connection, header, "mini_sql.h")
      .classInfo(resultSet, header, "mini_sql.h")
      .include("mini_sql.h")
      .source("/project/mini_sql/mini_sql.cpp", {"-I", "/project/mini_sql", "-DMINISQL_STRICT"});
  const int newDriver = b.constructor(driver);
  const int acceptsUrl =
      b.method(driver, "acceptsUrl", {param("url", stringType())}, boolType(), true);
  const int connect = b.method(driver, "connect", {param("url", stringType())},
                               classType(connection, Passing::UniquePtr), true);
  const int createStatement =
      b.method(connection, "createStatement", {}, classType(statement, Passing::UniquePtr));
  const int closeConnection = b.method(connection, "close", {}, voidType());
  const int connectionClosed = b.method(connection, "isClosed", {}, boolType(), true);
  const int newStatement =
      b.constructor(statement, {param("connection", classType(connection, Passing::Reference))});
  const int executeQuery = b.method(statement, "executeQuery", {param("sql", stringType())},
                                    classType(resultSet, Passing::Value));
  b.method(statement, "close", {}, voidType());
  const int statementClosed = b.method(statement, "isClosed", {}, boolType(), true);
  const int next = b.method(resultSet, "next", {}, boolType());
  const int getInt =
      b.method(resultSet, "getInt", {param("column", stringType())}, intType(), true);
  const int rowCount = b.method(resultSet, "rowCount", {}, intType(), true);

  Fixture f;
  f.name = "mini_sql";
  f.model = b.build();
  f.outDir = "/project/tests/generated";
  f.seed = 7;
  f.commandLine = "unitgen generate -p build --class minisql::Statement --seed 7";
  const std::string url = "jdbc:minisql:db";
  auto &tests = f.suite.regression;
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .call(connect, 0, {lit(str(url))})
                      .call(createStatement, 1)
                      .call(executeQuery, 2, {lit(str("select id, age from users where id = 3"))})
                      .returns(next, 3, {}, yes())
                      .returns(getInt, 3, {lit(str("age"))}, num(45))
                      .observe(1, connectionClosed, no())
                      .observe(2, statementClosed, no())
                      .observe(3, rowCount, num(1))
                      .goal("edge:88")
                      .build());
  tests.push_back(
      TestBuilder()
          .call(newDriver)
          .call(connect, 0, {lit(str(url))})
          .call(newStatement, -1, {var(1)})
          .throws(executeQuery, 2, {lit(str("select nothing"))}, "std::invalid_argument")
          .observe(2, statementClosed, no())
          .goal("throws:6:std::invalid_argument")
          .build());
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .throws(connect, 0, {lit(str("http://example.com"))}, "std::invalid_argument")
                      .goal("throws:1:std::invalid_argument")
                      .build());
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .call(connect, 0, {lit(str(url))})
                      .call(closeConnection, 1)
                      .throws(createStatement, 1, {}, "std::logic_error")
                      .observe(1, connectionClosed, yes())
                      .goal("throws:2:std::logic_error")
                      .build());
  tests.push_back(
      TestBuilder()
          .call(newDriver)
          .call(connect, 0, {lit(str("jdbc:minisql:warehouse-with-a-rather-long-name"))})
          .call(createStatement, 1)
          .call(executeQuery, 2,
                {lit(str("select id, user_id, amount from orders where user_id = 1"))})
          .returns(next, 3, {}, yes())
          .returns(getInt, 3, {lit(str("amount"))}, num(250))
          .returns(next, 3, {}, yes())
          .returns(getInt, 3, {lit(str("amount"))}, num(120))
          .returns(next, 3, {}, no())
          .observe(3, rowCount, num(2))
          .goal("edge:91")
          .build());
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .call(connect, 0, {lit(str(url))})
                      .call(createStatement, 1)
                      .call(executeQuery, 2, {lit(str("select id from users"))})
                      .returns(next, 3, {}, yes())
                      .throws(getInt, 3, {lit(str("age"))}, "std::invalid_argument")
                      .goal("throws:10:std::invalid_argument")
                      .build());
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .returns(acceptsUrl, 0, {lit(str(url))}, yes())
                      .call(connect, 0, {lit(str(url))})
                      .build());
  tests.push_back(TestBuilder()
                      .call(newDriver)
                      .call(connect, 0,
                            {lit(str("jdbc:minisql:\"quoted\"\\path\n\tend\x01"
                                     "7"))})
                      .observe(1, connectionClosed, no())
                      .goal("edge:3")
                      .build());
  return f;
}

Fixture bmiFixture() {
  ModelBuilder b("bmi::weightCategory", true);
  b.include("bmi.h").source("/project/bmi/bmi.cpp", {"-I/project/bmi"});
  const int weightCategory =
      b.function("bmi::weightCategory",
                 {param("mass", doubleType()), param("length", doubleType())}, intType());
  Fixture f;
  f.name = "bmi";
  f.model = b.build();
  f.outDir = "/elsewhere/generated";
  f.seed = 3;
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto call = [&](double mass, double length) {
    return std::vector<Argument>{lit(real(mass)), lit(real(length))};
  };
  auto &tests = f.suite.regression;
  tests.push_back(TestBuilder().returns(weightCategory, -1, call(70.0, 1.8), num(1)).build());
  tests.push_back(
      TestBuilder().throws(weightCategory, -1, call(-1.0, 1.8), "std::invalid_argument").build());
  tests.push_back(TestBuilder().returns(weightCategory, -1, call(0.1, 1e300), num(0)).build());
  tests.push_back(
      TestBuilder()
          .returns(weightCategory, -1, call(std::numeric_limits<double>::max(), 1.0), num(2))
          .build());
  tests.push_back(
      TestBuilder().throws(weightCategory, -1, call(nan, 1.0), "std::invalid_argument").build());
  tests.push_back(
      TestBuilder().throws(weightCategory, -1, call(-0.0, 1.0), "std::invalid_argument").build());
  tests.push_back(TestBuilder().returns(weightCategory, -1, call(70.0, inf), num(0)).build());
  tests.push_back(TestBuilder()
                      .returns(weightCategory, -1,
                               call(std::numeric_limits<double>::denorm_min(), 1e-160), num(0))
                      .build());
  tests.push_back(TestBuilder().returns(weightCategory, -1, call(18.5, 1.0), num(1)).build());
  return f;
}

Fixture sampleClassFixture() {
  ModelBuilder b("SampleClass", false);
  b.classInfo("SampleClass", "/project/sample_class/sample_class.h", "sample_class.h")
      .include("sample_class.h")
      .source("/project/sample_class/sample_class.cpp");
  std::vector<Parameter> params;
  for (int i = 0; i < 5; ++i)
    params.push_back(param("a" + std::to_string(i), intType()));
  for (int i = 0; i < 10; ++i)
    params.push_back(param("b" + std::to_string(i), intType()));
  const int ctor = b.constructor("SampleClass", params);
  const int run = b.method("SampleClass", "run", {}, stringType(Passing::Value), true);
  auto args = [](std::vector<int64_t> values) {
    std::vector<Argument> result;
    for (int64_t value : values)
      result.push_back(lit(num(value)));
    return result;
  };
  Fixture f;
  f.name = "sample_class";
  f.model = b.build();
  f.outDir = "/project/gen";
  f.linkTarget = "subject_sample_class";
  auto &tests = f.suite.regression;
  tests.push_back(TestBuilder()
                      .call(ctor, -1, args({1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}))
                      .returns(run, 0, {}, str("Yes"))
                      .build());
  tests.push_back(
      TestBuilder()
          .call(ctor, -1,
                args({kIntMax, kIntMin, 2147483646, -2147483647, 100000, 1000000, 1000000, 1000000,
                      1000000, 1000000, 1000000, 1000000, kIntMax, kIntMax, kIntMax}))
          .returns(run, 0, {}, str("No"))
          .build());
  tests.push_back(TestBuilder()
                      .throws(ctor, -1, args({1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1}),
                              "std::invalid_argument")
                      .build());
  return f;
}

Fixture failureFixture() {
  const std::string cls = "kit::Fragile";
  ModelBuilder b(cls, false);
  b.classInfo(cls, "/project/fragile/fragile.h", "fragile.h", "repOK")
      .include("fragile.h")
      .source("/project/fragile/fragile.cpp", {"-I/project/fragile"});
  const TypeDesc i = intType();
  const int ctor = b.constructor(cls);
  const int poke = b.method(cls, "poke", {param("index", i)}, voidType());
  const int spin = b.method(cls, "spin", {param("rounds", i)}, voidType());
  const int check = b.method(cls, "check", {param("value", i)}, voidType());
  const int insert = b.method(cls, "insert", {param("value", i)}, voidType());
  const int fire = b.method(cls, "fire", {param("code", i)}, voidType());
  const int release = b.method(cls, "release", {}, voidType());
  const int grow = b.method(cls, "grow", {param("amount", i)}, voidType());
  const int size = b.method(cls, "size", {}, i, true);
  b.method(cls, "repOK", {}, boolType(), true);
  b.op(cls, "==", {param("other", classType(cls, Passing::ConstReference))}, boolType());

  Fixture f;
  f.name = "fragile";
  f.model = b.build();
  f.outDir = "/project/tests/generated";
  f.seed = 42;
  f.suite.regression.push_back(TestBuilder()
                                   .call(ctor)
                                   .throws(grow, 0, {lit(num(101))}, "std::length_error")
                                   .observe(0, size, num(0))
                                   .goal("throws:7:std::length_error")
                                   .build());
  const std::string segv = "SIGSEGV (segmentation fault)";
  auto &failures = f.suite.failures;
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .call(insert, 0, {lit(num(2))})
                         .fails(poke, 0, {lit(num(3))}, FailureKind::Crash, segv, segv)
                         .goal("failure:crash:SIGSEGV")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .fails(spin, 0, {lit(num(-1))}, FailureKind::Hang,
                                "the call did not return within 1000 ms")
                         .goal("failure:hang")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .fails(check, 0, {lit(num(0))}, FailureKind::Abort, "SIGABRT (abort)")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .throws(grow, 0, {lit(num(101))}, "std::length_error")
                         .fails(insert, 0, {lit(num(-1))}, FailureKind::InvariantViolated,
                                "repOK() is false after insert")
                         .goal("failure:invariant-violated")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .fails(fire, 0, {lit(num(7))}, FailureKind::NonStdException,
                                "uncaught exception of type int")
                         .build());
  failures.push_back(
      TestBuilder()
          .call(ctor)
          .call(release, 0)
          .fails(release, 0, {}, FailureKind::Sanitizer, "exit status 1",
                 "==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 "
                 "at pc 0x55d4c3 bp 0x7ffd1 sp 0x7ffd0")
          .goal("failure:sanitizer:heap-use-after-free")
          .build());
  failures.push_back(
      TestBuilder()
          .call(ctor)
          .call(insert, 0, {lit(num(13))})
          .failsAfter(FailureKind::ContractViolated, "a == a is false for kit::Fragile")
          .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .call(grow, 0, {lit(num(13))})
                         .failsAfter(FailureKind::ContractViolated,
                                     "copy of kit::Fragile differs from the original")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .fails(poke, 0, {lit(num(1))}, FailureKind::DriverError, "malformed")
                         .build());
  failures.push_back(
      TestBuilder().call(ctor).fails(poke, 0, {lit(num(3))}, FailureKind::Crash, segv).build());
  failures.push_back(
      TestBuilder()
          .call(ctor)
          .call(insert, 0, {lit(num(kIntMax))})
          .fails(insert, 0, {lit(num(1))}, FailureKind::Sanitizer,
                 "fragile.cpp:28:45: runtime error: signed integer overflow: 2147483647 + 1 "
                 "cannot be represented in type 'int'")
          .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .call(insert, 0, {lit(num(1))})
                         .failsAfter(FailureKind::ContractViolated,
                                     "observer size changed the state of its receiver")
                         .build());
  failures.push_back(TestBuilder()
                         .call(ctor)
                         .fails(insert, 0, {lit(num(1000))}, FailureKind::TheoryViolated,
                                "SizeIsSmall: UNITGEN_ASSERT(fragile.size() < 1000) failed at "
                                "fragile_theories.cpp:8")
                         .theory("SizeIsSmall", 0)
                         .goal("failure:theory-violated:SizeIsSmall")
                         .build());
  f.model.theories = {"/project/fragile/fragile_theories.cpp"};
  f.theoryIncludeDir = "/opt/unitgen/include";
  return f;
}

Fixture gadgetFixture() {
  const std::string cls = "kit::Gadget", part = "kit::Part";
  ModelBuilder b(cls, false);
  const std::string heavy = "kit::HeavyPart";
  b.classInfo(cls, "/project/gadget/gadget.h", "gadget.h")
      .classInfo(part, "/project/gadget/gadget.h", "gadget.h")
      .classInfo(heavy, "/project/gadget/gadget.h", "gadget.h")
      .include("gadget.h")
      .source("/project/gadget/gadget.cpp", {"-I/project/gadget"});
  const TypeDesc i = intType(), i64 = intType(64, true, "int64_t"),
                 u64 = intType(64, false, "uint64_t"), u32 = intType(32, false, "unsigned int");
  const TypeDesc mode = enumType("kit::Mode", {{"kit::Mode::kIdle", 0}, {"kit::Mode::kBusy", 1}});
  const int ctor = b.constructor(cls);
  const int seeded = b.constructor(cls, {param("seed", i64)});
  const int lowest = b.staticMethod(cls, "lowest", {}, i64);
  const int echo = b.method(cls, "echo", {param("x", i64)}, i64, true);
  const int echoU64 = b.method(cls, "echoUnsigned64", {param("x", u64)}, u64, true);
  const int echoU = b.method(cls, "echoUnsigned", {param("x", u32)}, u32, true);
  const int echoChar = b.method(cls, "echoChar", {param("c", charType())}, charType(), true);
  const int echoDouble =
      b.method(cls, "echoDouble", {param("d", doubleType())}, doubleType(), true);
  const int echoFloat = b.method(cls, "echoFloat", {param("f", floatType())}, floatType(), true);
  const int echoString =
      b.method(cls, "echoString", {param("s", stringType())}, stringType(Passing::Value), true);
  const int name = b.method(cls, "name", {}, cstringType(), true);
  const int getMode = b.method(cls, "mode", {}, mode, true);
  const int setMode = b.method(cls, "setMode", {param("mode", mode)}, voidType());
  const int find = b.method(cls, "find", {param("key", i)}, optionalType(i), true);
  const int ratio =
      b.method(cls, "ratio", {param("d", doubleType())}, optionalType(doubleType()), true);
  const int addInt = b.method(cls, "add", {param("x", i)}, voidType());
  const int addLong = b.method(cls, "add", {param("x", intType(64, true, "long"))}, voidType());
  const int total = b.method(cls, "total", {}, i, true);
  TypeDesc intRef = i;
  intRef.passing = Passing::Reference;
  intRef.spelling = "int &";
  const int take = b.method(cls, "take", {param("out", intRef)}, i, true);
  TypeDesc textOut = stringType(Passing::Pointer), nameOut = cstringType(), modeOut = mode,
           halfOut = doubleType();
  textOut.spelling = "std::string *";
  nameOut.passing = Passing::Pointer;
  nameOut.spelling = "const char **";
  modeOut.passing = Passing::Reference;
  modeOut.spelling = "kit::Mode &";
  halfOut.passing = Passing::Pointer;
  halfOut.spelling = "double *";
  TypeDesc userData, visit;
  userData.kind = TypeKind::UserData;
  userData.spelling = userData.valueSpelling = "void *";
  visit.kind = TypeKind::Callback;
  visit.spelling = visit.valueSpelling = "void (*)(int, void *)";
  visit.elements = {voidType(), i, userData};
  const int forEach =
      b.method(cls, "forEach", {param("visit", visit), param("context", userData)}, i, true);
  TypeDesc buffer = cstringType();
  buffer.passing = Passing::Buffer;
  buffer.valueSpelling = "char";
  buffer.spelling = "char *";
  const TypeDesc size = intType(64, false, "size_t");
  const int copyLabels =
      b.method(cls, "copyLabels", {param("buffer", buffer), param("size", size)}, size, true);
  const int keep = b.method(cls, "keep", {param("data", userData)}, userData);
  const std::string listener = "kit::Listener";
  b.classInfo(listener, "/project/gadget/gadget.h", "gadget.h");
  const int notify =
      b.method(cls, "notify", {param("listener", classType(listener, Passing::Reference))},
               voidType(), true);
  const int announce = b.method(
      cls, "announce",
      {param("listener", classType(listener, Passing::Reference)), param("note", cstringType())},
      voidType(), true);
  // The mock's made-up constructor takes what wantsMore() returns (MockMethod::resultParameter).
  const int mockListener = b.constructor(listener, {param("wantsMore", boolType())});
  const int describe = b.method(cls, "describe",
                                {param("text", textOut), param("name", nameOut),
                                 param("mode", modeOut), param("half", halfOut)},
                                boolType(), true);
  const int makePart =
      b.method(cls, "makePart", {param("weight", i)}, classType(part, Passing::UniquePtr), true);
  const int firstPart = b.method(cls, "firstPart", {}, classType(part, Passing::Reference));
  const int partPointer = b.method(cls, "partPointer", {}, classType(part, Passing::Pointer));
  const int weigh =
      b.method(cls, "weigh", {param("part", classType(part, Passing::ConstReference))}, i, true);
  const int weighPointer = b.method(
      cls, "weighPointer", {param("part", classType(part, Passing::ConstPointer))}, i, true);
  const int subscript = b.op(cls, "[]", {param("index", i)}, i);
  const int equals =
      b.op(cls, "==", {param("other", classType(cls, Passing::ConstReference))}, boolType());
  const int pop = b.method(cls, "pop", {}, voidType());
  const int isEmpty = b.method(cls, "isEmpty", {}, boolType(), true);
  const int call = b.op(cls, "()", {param("a", i), param("b", i)}, i);
  const int negate = b.op(cls, "-", {}, i);
  const int increment = b.op(cls, "++", {}, classType(cls, Passing::Reference));
  const int postIncrement = b.op(cls, "++", {param("", i)}, classType(cls, Passing::Value));
  const int toBool = b.op(cls, " bool", {}, boolType());
  const int makeGadget =
      b.function("kit::makeGadget", {param("seed", i64)}, classType(cls, Passing::Value));
  const int newPartFn =
      b.function("kit::newPart", {param("weight", i)}, classType(part, Passing::Pointer));
  TypeDesc madePart = classType(part, Passing::Pointer);
  madePart.kind = TypeKind::MadeObject;
  madePart.spelling = part + "**";
  const int openPart = b.function("kit::openPart", {param("weight", i), param("part", madePart)},
                                  classType(part, Passing::Pointer));
  const int splitPart = b.function("kit::splitPart", {param("weight", i), param("half", madePart)},
                                   classType(part, Passing::Pointer));
  const int label = b.method(cls, "label", {param("text", stringType())}, voidType());
  const int labels = b.method(cls, "labels", {}, stringType(Passing::Value), true);
  const int addTimes = b.method(cls, "addTimes", {param("x", i), param("times", i)}, boolType());
  const int next = b.method(cls, "next", {}, i);
  const int isPositive = b.method(cls, "isPositive", {param("x", i)}, boolType(), true);
  const int newPart = b.constructor(part, {param("weight", i)});
  const int weight = b.method(part, "weight", {}, i, true);
  const int newHeavy = b.constructor(heavy);
  const int heavyAsPart =
      b.method(heavy, "static_cast<kit::Part &>", {}, classType(part, Passing::Reference));
  const int setTag = b.method(part, "tag", {param("tag", i)}, voidType());
  const int partEquals =
      b.op(part, "==", {param("other", classType(part, Passing::ConstReference))}, boolType());
  const int tally = b.method(cls, "tally",
                             {param("words", containerType("vector", {stringType(Passing::Value)},
                                                           Passing::ConstReference))},
                             containerType("map", {stringType(Passing::Value), i}), true);
  TypeDesc input, output;
  input.kind = TypeKind::InputStream;
  output.kind = TypeKind::OutputStream;
  input.passing = output.passing = Passing::Reference;
  input.valueSpelling = "std::istream";
  output.valueSpelling = "std::ostream";
  input.spelling = "std::istream&";
  output.spelling = "std::ostream&";
  const int load = b.method(cls, "load", {param("in", input)}, i);
  const int save = b.method(cls, "save", {param("out", output)}, voidType(), true);
  TypeDesc file;
  file.kind = TypeKind::File;
  file.passing = Passing::Pointer;
  file.valueSpelling = "std::FILE";
  file.spelling = "std::FILE *";
  const int merge = b.method(cls, "merge", {param("file", file)}, i);
  b.hiddenOverload(cls, {"merge", 1, 1}); // `merge(nullptr)` would be ambiguous
  const int logTo = b.method(cls, "logTo", {param("file", file)}, voidType());
  const int echoTo = b.method(cls, "echoTo", {param("out", output)}, voidType());
  const int summary =
      b.method(cls, "summary", {}, containerType("pair", {i, stringType(Passing::Value)}), true);
  const int weighAll = b.method(
      cls, "weighAll", {param("weights", containerType("vector", {i}, Passing::Reference))},
      voidType(), true);

  // Arrays with their length: bytes read, numbers sorted in place, labels made from C strings.
  auto array = [](const TypeDesc &element, Passing passing, const std::string &className = "") {
    TypeDesc type;
    type.kind = TypeKind::Array;
    type.passing = passing;
    type.valueSpelling = className.empty() ? element.valueSpelling : className;
    type.spelling = (passing == Passing::ConstPointer ? "const " : "") + type.valueSpelling + " *";
    type.className = className;
    type.elements = {element};
    return type;
  };
  auto arraySize = [](TypeDesc length) {
    length.kind = TypeKind::ArraySize;
    return length;
  };
  const int sumBytes =
      b.method(cls, "sumBytes",
               {param("data", array(intType(8, false, "uint8_t"), Passing::ConstPointer)),
                param("n", arraySize(intType(64, false, "size_t")))},
               i, true);
  const int sortValues =
      b.method(cls, "sortValues",
               {param("values", array(i, Passing::Pointer)), param("count", arraySize(i))},
               voidType(), true);
  const int textLength =
      b.method(cls, "textLength",
               {param("labels", array(cstringType(), Passing::ConstPointer, "kit::Label")),
                param("n", arraySize(i))},
               intType(64, false, "size_t"), true);
  TypeDesc labelList = containerType("vector", {cstringType()}, Passing::ConstReference);
  labelList.className = "kit::Label";
  labelList.valueSpelling = "std::vector<kit::Label>";
  labelList.spelling = "const std::vector<kit::Label> &";
  const int allLength =
      b.method(cls, "allLength", {param("labels", labelList)}, intType(64, false, "size_t"), true);

  TypeDesc sharedPartType = classType(part, Passing::SharedPtr);
  sharedPartType.spelling = "std::shared_ptr<" + part + ">";
  const int sharedPart = b.function("kit::sharedPart", {param("weight", i)}, sharedPartType);
  const int weighShared = b.method(cls, "weighShared", {param("part", sharedPartType)}, i, true);
  TypeDesc pairOfInts = containerType("array", {i});
  pairOfInts.length = 2;
  pairOfInts.spelling = pairOfInts.valueSpelling = "std::array<int, 2>";
  const int bounds = b.method(cls, "bounds", {}, pairOfInts, true);
  TypeDesc range = pairOfInts;
  range.passing = Passing::ConstReference;
  range.spelling = "const std::array<int, 2> &";
  const int spread = b.method(cls, "spread", {param("range", range)}, i, true);
  TypeDesc stateType = containerType("tuple", {i, stringType(Passing::Value), boolType()});
  stateType.spelling = stateType.valueSpelling = "std::tuple<int, std::string, bool>";
  const int state = b.method(cls, "state", {}, stateType, true);
  const TypeDesc shownType = containerType("variant", {i, stringType(Passing::Value)});
  const int shown = b.method(cls, "shown", {param("asText", boolType())}, shownType, true);
  const int measure =
      b.method(cls, "measure",
               {param("value", containerType("variant", {i, stringType(Passing::Value)},
                                             Passing::ConstReference))},
               i, true);
  const int side =
      b.method(cls, "side", {param("value", containerType("variant", {i, i}))}, i, true);
  // A member template's specialization, named with its arguments.
  const int scaledLong = b.method(cls, "scaled<long>", {param("factor", intType(64, true, "long"))},
                                  intType(64, true, "long"), true);

  Fixture f;
  f.name = "gadget";
  f.model = b.build();
  // kit::Listener is mocked: its constructor makes a NiceMock; onTotal is slot 1 (after the
  // callback parameter of forEach), wantsMore slot 2.
  {
    ClassInfo &mocked = f.model.classes[f.model.classIndex(listener)];
    mocked.abstract = true;
    mocked.mockMethods = {
        {"onTotal", "void", {"int"}, false, false},
        {"wantsMore", "bool", {}, true, false},
        {"onChange", "void", {"const kit::Gadget &", "const char *", "int *"}, false, false}};
    mocked.mockMethods[0].params = {i};
    mocked.mockMethods[1].resultParameter = 0;
    mocked.mockMethods[1].result = boolType();
    // onChange (slot 3) reads the gadget by its labels() and the note as text; a pointer not.
    TypeDesc spare = i;
    spare.passing = Passing::Pointer;
    mocked.mockMethods[2].params = {classType(cls, Passing::ConstReference), cstringType(), spare};
    f.model.callables[mockListener].isMock = true;
  }
  f.model.callables[newPartFn].returnsOwned = true; // `return new Part(weight);`
  f.model.callables[openPart].madeThrough = 1;      // `*part = new Part(weight);`
  f.model.callables[openPart].madeReturn = boolType();
  f.model.callables[openPart].returnsOwned = true;
  f.model.callables[splitPart].madeThrough = 1; // `*half = new Part(weight / 2);`
  f.model.callables[splitPart].madeReturn = classType(part, Passing::Value);
  f.model.callables[splitPart].returnsOwned = true;
  f.model.callables[heavyAsPart].isUpcast = true;
  f.model.callables[setTag].isFieldSetter = true; // `int tag = 0;`
  f.outDir = "/project/tests/generated";
  f.seed = 5;
  const int64_t i64Min = std::numeric_limits<int64_t>::min();
  const int64_t i64Max = std::numeric_limits<int64_t>::max();
  const uint64_t u64Max = std::numeric_limits<uint64_t>::max();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto u = [](uint64_t x) { return Value::unsignedInteger(x); };
  auto &tests = f.suite.regression;
  tests.push_back(
      TestBuilder()
          .call(ctor)
          .returns(echo, 0, {lit(num(i64Min))}, num(i64Min))
          .returns(echo, 0, {lit(num(i64Max))}, num(i64Max))
          .returns(echo, 0, {lit(num(-5))}, num(-5))
          .returns(echoU64, 0, {lit(u(u64Max))}, u(u64Max))
          .returns(echoU64, 0, {lit(u(5))}, u(5))
          .returns(echoU64, 0, {lit(u((uint64_t(1) << 63) + 1))}, u((uint64_t(1) << 63) + 1))
          .returns(echoU, 0, {lit(u(7))}, u(7))
          .returns(lowest, -1, {}, num(i64Min))
          .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(echoChar, 0, {lit(num('a'))}, num('a'))
                      .returns(echoChar, 0, {lit(num('\n'))}, num('\n'))
                      .returns(echoChar, 0, {lit(num(1))}, num(1))
                      .returns(echoChar, 0, {lit(num('\''))}, num('\''))
                      .returns(echoChar, 0, {lit(num('\\'))}, num('\\'))
                      .returns(echoChar, 0, {lit(num(-1))}, num(-1))
                      .returns(echoChar, 0, {lit(num('"'))}, num('"'))
                      .build());
  std::vector<double> doubles = {
      0.1, 1e300, -0.0, inf, -inf, 70.0, std::numeric_limits<double>::max(), 5e-324, 1e-5};
  TestBuilder floating;
  floating.call(ctor);
  for (double d : doubles)
    floating.returns(echoDouble, 0, {lit(real(d))}, real(d));
  floating.returns(echoDouble, 0, {lit(real(nan))}, real(nan));
  floating.returns(echoFloat, 0, {lit(real(static_cast<double>(0.1f)))},
                   real(static_cast<double>(0.1f)));
  floating.returns(echoFloat, 0, {lit(real(1.0))}, real(1.0));
  tests.push_back(floating.build());
  const std::string withNul("a\0b", 3);
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(echoString, 0, {lit(str("a\"b\\c\n"))}, str("a\"b\\c\n"))
                      .returns(echoString, 0,
                               {lit(str("\x01"
                                        "7"))},
                               str("\x01"
                                   "7"))
                      .returns(echoString, 0, {lit(str(withNul))}, str(withNul))
                      .returns(echoString, 0, {lit(str(""))}, str(""))
                      .returns(echoString, 0, {lit(str("caf\xc3\xa9"))}, str("caf\xc3\xa9"))
                      .returns(name, 0, {}, str("gadget"))
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(setMode, 0, {lit(num(1))})
                      .returns(getMode, 0, {}, num(1))
                      .call(setMode, 0, {lit(num(7))})
                      .returns(getMode, 0, {}, num(7))
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(find, 0, {lit(num(3))}, num(6))
                      .returns(find, 0, {lit(num(-1))}, Value::null())
                      .returns(ratio, 0, {lit(real(nan))}, real(nan))
                      .returns(ratio, 0, {lit(real(0.5))}, real(0.5))
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(addInt, 0, {lit(num(5))})
                      .call(addLong, 0, {lit(num(5))})
                      .observe(0, total, num(5005))
                      .observe(0, isEmpty, no())
                      .build());
  // Runs of three or more calls become loops, where their literals share one type; the
  // add(long) calls stay apart: an overload needs `1L`, which a person would not write.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(addInt, 0, {lit(num(3))})
                      .call(addInt, 0, {lit(num(-1))})
                      .call(addInt, 0, {lit(num(std::numeric_limits<int>::min() + 5))})
                      .call(addInt, 0, {lit(num(std::numeric_limits<int>::max()))})
                      .call(addLong, 0, {lit(num(1))})
                      .call(addLong, 0, {lit(num(2))})
                      .call(addLong, 0, {lit(num(3))})
                      .call(setMode, 0, {lit(num(1))})
                      .call(setMode, 0, {lit(num(0))})
                      .call(setMode, 0, {lit(num(1))})
                      .call(label, 0, {lit(str("a\"b"))})
                      .call(label, 0, {lit(str(""))})
                      .call(label, 0, {lit(str("c"))})
                      .observe(0, total, num(6006))
                      .observe(0, getMode, num(1))
                      .observe(0, labels, str("a\"bc"))
                      .build());
  // Consecutive `long` values count too: the loop variable has the parameter's type, so no
  // literal needs its `L` and the overload the calls took is the one the loop calls.
  {
    TestBuilder run;
    run.call(ctor);
    for (int x = 6; x >= 1; --x)
      run.call(addLong, 0, {lit(num(x))});
    tests.push_back(run.observe(0, total, num(21000)).build());
  }
  // Consecutive integers become a counting loop, the call before them a statement of its own;
  // a run of calls that returned the same value asserts it once, inside the loop; the loop
  // variable passes the one argument that changes.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(addInt, 0, {lit(num(40))})
                      .call(addInt, 0, {lit(num(1))})
                      .call(addInt, 0, {lit(num(2))})
                      .call(addInt, 0, {lit(num(3))})
                      .call(addInt, 0, {lit(num(4))})
                      .call(addInt, 0, {lit(num(5))})
                      .returns(addTimes, 0, {lit(num(3)), lit(num(5))}, yes())
                      .returns(addTimes, 0, {lit(num(3)), lit(num(4))}, yes())
                      .returns(addTimes, 0, {lit(num(3)), lit(num(3))}, yes())
                      .returns(addTimes, 0, {lit(num(3)), lit(num(2))}, yes())
                      .returns(addTimes, 0, {lit(num(3)), lit(num(1))}, yes())
                      .returns(addTimes, 0, {lit(num(5)), lit(num(2))}, yes())
                      .returns(addTimes, 0, {lit(num(-1)), lit(num(2))}, yes())
                      .returns(addTimes, 0, {lit(num(9)), lit(num(2))}, yes())
                      .returns(addTimes, 0, {lit(num(9)), lit(num(-2))}, no())
                      .observe(0, total, num(126))
                      .build());
  // A long run whose result changes once is written in parts, each asserted.
  {
    TestBuilder run;
    run.call(ctor);
    for (int x = -1; x <= 18; ++x)
      run.returns(isPositive, 0, {lit(num(x))}, x > 0 ? yes() : no());
    tests.push_back(run.build());
  }
  // So is one whose result changes a few times: 1..8 accepted, -1 refused, 9..16 accepted,
  // -2 refused.
  {
    TestBuilder run;
    run.call(ctor);
    for (int x : {1, 2, 3, 4, 5, 6, 7, 8, -1, 9, 10, 11, 12, 13, 14, 15, 16, -2})
      run.returns(isPositive, 0, {lit(num(x))}, x > 0 ? yes() : no());
    tests.push_back(run.build());
  }
  // Calls that return different values in a row assert them in one loop over the expected
  // values.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(next, 0, {}, num(1))
                      .returns(next, 0, {}, num(2))
                      .returns(next, 0, {}, num(3))
                      .call(addInt, 0, {lit(num(-3))})
                      .returns(next, 0, {}, num(1))
                      .returns(next, 0, {}, num(2))
                      .observe(0, total, num(2))
                      .build());
  tests.push_back(TestBuilder().call(ctor).returns(take, 0, {lit(num(3))}, num(7)).build());
  // Out-parameters: a local each, from empty and from a value; asserted after the call, also
  // where the call wrote nothing.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(describe, 0,
                               {lit(Value::string("")), lit(Value::null()), lit(num(0)),
                                lit(Value::floating(0.5))},
                               Value::boolean(false))
                      .leaves(0, Value::string(""))
                      .leaves(1, Value::null())
                      .leaves(2, num(0))
                      .leaves(3, Value::floating(0.5))
                      .call(addInt, 0, {lit(num(5))})
                      .call(label, 0, {lit(Value::string("ab"))})
                      .returns(describe, 0,
                               {lit(Value::string("x:")), lit(Value::null()), lit(num(0)),
                                lit(Value::floating(0))},
                               Value::boolean(true))
                      .leaves(0, Value::string("x:ab"))
                      .leaves(1, Value::string("gadget"))
                      .leaves(2, num(0))
                      .leaves(3, Value::floating(2.5))
                      .build());
  // A buffer: an array of as many zeroed chars as its length, its text asserted after the call
  // (all of its chars where no terminator fit; nothing for a zero length).
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(label, 0, {lit(Value::string("abcd"))})
                      .returns(copyLabels, 0, {lit(Value::string("")), lit(u(16))}, u(4))
                      .leaves(0, Value::string("abcd"))
                      .returns(copyLabels, 0, {lit(Value::string("")), lit(u(2))}, u(4))
                      .leaves(0, Value::string("ab"))
                      .returns(copyLabels, 0, {lit(Value::string("")), lit(u(0))}, u(4))
                      .leaves(0, Value::string(""))
                      .build());
  // Containers: a braced list as the argument; the result and an out-parameter compared whole.
  auto text = [](const char *t) { return Value::string(t); };
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(tally, 0, {lit(Value::list({text("b"), text("a"), text("b")}))},
                               Value::list({Value::list({text("a"), num(1)}),
                                            Value::list({text("b"), num(2)})}))
                      .returns(summary, 0, {}, Value::list({num(0), text("none")}))
                      .call(weighAll, 0, {lit(Value::list({}))})
                      .leaves(0, Value::list({num(3), num(4)}))
                      .call(weighAll, 0, {lit(Value::list({num(1)}))})
                      .leaves(0, Value::list({num(1), num(3), num(4)}))
                      .build());
  tests.push_back(
      TestBuilder()
          .call(ctor)
          .call(addTimes, 0, {lit(num(2)), lit(num(3))})
          .returns(scaledLong, 0, {lit(num(5))}, num(30))
          .returns(bounds, 0, {}, Value::list({num(0), num(6)}))
          .returns(spread, 0, {lit(Value::list({num(2), num(7)}))}, num(5))
          .returns(state, 0, {}, Value::list({num(6), Value::string(""), Value::boolean(true)}))
          .build());
  // Variants: the alternative held, by its exact type or, of two alike, by its index.
  auto held = [](uint64_t index, Value value) {
    return Value::list({Value::unsignedInteger(index), std::move(value)});
  };
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(shown, 0, {lit(Value::boolean(false))}, held(0, num(0)))
                      .returns(shown, 0, {lit(Value::boolean(true))}, held(1, str("0")))
                      .returns(measure, 0, {lit(held(1, str("abc")))}, num(3))
                      .returns(measure, 0, {lit(held(0, num(7)))}, num(7))
                      .returns(side, 0, {lit(held(1, num(4)))}, num(4))
                      .returns(side, 0, {lit(held(0, num(4)))}, num(-4))
                      .build());
  // Shared objects: held as the std::shared_ptr a call returned; another one a shared copy.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(sharedPart, -1, {lit(num(4))})
                      .returns(weighShared, 0, {var(1)}, num(4))
                      .call(newPart, -1, {lit(num(7))})
                      .returns(weighShared, 0, {var(3)}, num(7))
                      .returns(weight, 1, {}, num(4))
                      .build());
  // Arrays: a local array passed with its size; one the call sorted asserted element by element.
  tests.push_back(
      TestBuilder()
          .call(ctor)
          .returns(sumBytes, 0, {lit(Value::list({num(1), num(2), u(255)})), lit(Value::null())},
                   num(258))
          .returns(sumBytes, 0, {lit(Value::list({})), lit(Value::null())}, num(0))
          .call(sortValues, 0, {lit(Value::list({num(3), num(-1), num(2)})), lit(Value::null())})
          .leaves(0, Value::list({num(-1), num(2), num(3)}))
          .returns(textLength, 0, {lit(Value::list({text("ab"), text("c")})), lit(Value::null())},
                   u(3))
          .returns(allLength, 0, {lit(Value::list({text("ab"), text("cde")}))}, u(5))
          .returns(allLength, 0, {lit(Value::list({}))}, u(0))
          .build());
  // Streams: a std::istringstream holding the text to read; a std::ostringstream whose text
  // is asserted.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(load, 0, {lit(Value::string("7 8"))}, num(2))
                      .call(save, 0, {lit(Value::string(""))})
                      .leaves(0, Value::string("15"))
                      .build());
  // A file of the test's folder holding the text to read, the text the call left in it
  // asserted; no file at all.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(merge, 0, {lit(Value::string("7 8"))}, num(2))
                      .leaves(0, Value::string("7 8 15"))
                      .returns(merge, 0, {lit(Value::string(""))}, num(0))
                      .leaves(0, Value::string(" 15"))
                      .returns(merge, 0, {lit(Value::null())}, num(-1))
                      .build());
  // A file an object keeps: what later calls wrote to it is asserted after them.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(logTo, 0, {lit(Value::string(""))})
                      .leaves(0, Value::string(""))
                      .call(addInt, 0, {lit(num(2))})
                      .leaves(kFirstHeldOutput, Value::string("2 "))
                      .call(addInt, 0, {lit(num(3))})
                      .leaves(kFirstHeldOutput, Value::string("2 5 "))
                      .build());
  // A stream an object keeps, likewise.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(echoTo, 0, {lit(Value::string(""))})
                      .leaves(0, Value::string(""))
                      .call(addInt, 0, {lit(num(4))})
                      .leaves(kFirstHeldOutput, Value::string("4 "))
                      .build());
  // A callback: a lambda counting its calls, asserted after each call that called it; user data
  // as tokens.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(addInt, 0, {lit(num(2))})
                      .returns(forEach, 0, {lit(num(1)), lit(num(3))}, num(2))
                      .callsBack(0, 2)
                      .returns(forEach, 0, {lit(num(1)), lit(Value::null())}, num(2))
                      .callsBack(0, 4)
                      .returns(keep, 0, {lit(num(3))}, Value::null())
                      .returns(keep, 0, {lit(Value::null())}, num(3))
                      .build());
  // A mock: how often the code under test called each of its methods, expected before the call.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(mockListener, -1, {lit(Value::boolean(false))})
                      .call(notify, 0, {var(1)})
                      .callsBack(1, 1, 1, {{num(0)}})
                      .callsBack(2, 1, 1)
                      .call(notify, 0, {var(1)})
                      .callsBack(1, 2, 1, {{num(0)}})
                      .callsBack(2, 2, 1)
                      .build());
  // A mock's calls with the arguments they had: a gadget by its labels, a note as text or null,
  // a pointer as any.
  const std::vector<std::optional<Value>> noted = {str("ab"), str("hi"), std::nullopt},
                                          unnoted = {str("abc"), Value::null(), std::nullopt};
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(label, 0, {lit(str("ab"))})
                      .call(mockListener, -1, {lit(Value::boolean(false))})
                      .call(announce, 0, {var(2), lit(str("hi"))})
                      .callsBack(3, 2, 2, {noted, noted})
                      .call(label, 0, {lit(str("c"))})
                      .call(announce, 0, {var(2), lit(Value::null())})
                      .callsBack(3, 4, 2, {unnoted, unnoted})
                      .build());
  // A mock told what to return: wantsMore() true, so notify tells the total twice more. Its
  // calls only counted, as when more were made than the driver records the arguments of.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(mockListener, -1, {lit(Value::boolean(true))})
                      .call(notify, 0, {var(1)})
                      .callsBack(1, 3, 1)
                      .callsBack(2, 2, 1)
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(makePart, 0, {lit(num(4))})
                      .returns(weigh, 0, {var(1)}, num(4))
                      .returns(weighPointer, 0, {var(1)}, num(4))
                      .returns(weight, 1, {}, num(4))
                      .build());
  // An object made through a `T **`: the test owns it; none made, the pointer stays null.
  tests.push_back(
      TestBuilder()
          .returns(openPart, -1, {lit(num(6)), lit(Value::null())}, Value::boolean(true))
          .produces(true)
          .returns(weight, 0, {}, num(6))
          .returns(openPart, -1, {lit(num(-1)), lit(Value::null())}, Value::boolean(false))
          .produces(false)
          .build());
  // An object returned besides the one made: its observers' readings, asserted on a local.
  tests.push_back(TestBuilder()
                      .call(splitPart, -1, {lit(num(7)), lit(Value::null())})
                      .leaves(kFirstResultObservation, num(4))
                      .returns(weight, 0, {}, num(3))
                      .build());
  // A factory's new object: the test owns it.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(newPartFn, -1, {lit(num(6))})
                      .call(setTag, 1, {lit(num(3))})
                      .returns(weigh, 0, {var(1)}, num(6))
                      .returns(weighPointer, 0, {var(1)}, num(6))
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(firstPart, 0)
                      .call(partPointer, 0)
                      .returns(weighPointer, 0, {var(2)}, num(9))
                      .returns(weigh, 0, {var(2)}, num(9))
                      .returns(weighPointer, 0, {var(1)}, num(9))
                      .returns(weighPointer, 0, {lit(Value::null())}, num(-1))
                      .returns(partEquals, 1, {var(2)}, yes())
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(ctor)
                      .returns(subscript, 0, {lit(num(2))}, num(20))
                      .returns(equals, 0, {var(1)}, yes())
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .returns(call, 0, {lit(num(2)), lit(num(3))}, num(5))
                      .call(increment, 0)
                      .returns(negate, 0, {}, num(-1))
                      .call(postIncrement, 0, {lit(num(0))})
                      .returns(toBool, 0, {}, yes())
                      .returns(equals, 0, {var(4)}, no())
                      .call(makeGadget, -1, {lit(num(12))})
                      .observe(0, total, num(2))
                      .observe(7, total, num(12))
                      .build());
  tests.push_back(TestBuilder()
                      .throws(seeded, -1, {lit(num(-1))}, "std::invalid_argument")
                      .call(seeded, -1, {lit(num(1234))})
                      .observe(1, total, num(234))
                      .build());
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .throws(pop, 0, {}, "std::out_of_range")
                      .observe(0, isEmpty, yes())
                      .observe(0, total, num(0))
                      .observe(0, name, str("gadget"))
                      .build());
  const std::string longText = "the quick brown fox jumps over the lazy dog, again and again";
  tests.push_back(
      TestBuilder().call(ctor).returns(echoString, 0, {lit(str(longText))}, str(longText)).build());
  tests.push_back(
      TestBuilder().call(newPart, -1, {lit(num(5))}).returns(weight, 0, {}, num(5)).build());
  // A subclass's object where its base is taken: the upcast writes nothing.
  tests.push_back(TestBuilder()
                      .call(ctor)
                      .call(newHeavy)
                      .call(heavyAsPart, 1)
                      .returns(weigh, 0, {var(2)}, num(100))
                      .returns(weighPointer, 0, {var(2)}, num(100))
                      .observe(2, weight, num(100))
                      .build());
  return f;
}

void PrintTo(const Fixture &fixture, std::ostream *out) { *out << fixture.name; }

std::vector<Fixture> allFixtures() {
  return {treeMapFixture(),     miniSqlFixture(), bmiFixture(),
          sampleClassFixture(), failureFixture(), gadgetFixture()};
}

} // namespace unitgen::fixtures
