// Hand-built ClassModel of tests/unit/exec/data/counter.h, independent of the frontend, and the
// source of any hand-built model of test data.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace unitgen::testing {

inline TypeDesc intType() {
  TypeDesc t;
  t.kind = TypeKind::Integer;
  t.spelling = t.valueSpelling = "int";
  t.bits = 32;
  t.isSigned = true;
  return t;
}

/// The one source of a hand-built model of test data: `dir/stem.cpp`, compiled with `-I dir`.
inline SourceFile dataSource(const std::string &dir, const std::string &stem) {
  SourceFile source;
  source.path = dir + "/" + stem + ".cpp";
  source.directory = dir;
  source.arguments = {"-std=c++17", "-I" + dir};
  return source;
}

inline ClassModel counterModel(const std::string &dataDir) {
  ClassModel model;
  model.target = "Counter";
  ClassInfo info;
  info.qualifiedName = "Counter";
  info.includeSpelling = "counter.h";
  info.isApi = true;
  info.copyable = info.movable = true;
  info.invariant = "repOK";
  Field valueField{"value_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}};
  Field unused{"unused_", "int *", Access::Private, FieldShape::Opaque, "", false, "pointer",
               "",        {}};
  info.fields = {valueField, unused};
  auto add = [&](CallableKind kind, std::string name, std::vector<Parameter> params, TypeDesc ret,
                 bool isConst) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Counter";
    c.name = name;
    c.qualifiedName = "Counter::" + name;
    c.params = std::move(params);
    c.returnType = std::move(ret);
    c.isConst = isConst;
    info.callables.push_back(c.id);
    model.callables.push_back(c);
    return c.id;
  };
  TypeDesc voidType;
  voidType.kind = TypeKind::Void;
  voidType.spelling = "void";
  TypeDesc stringType;
  stringType.kind = TypeKind::String;
  stringType.spelling = stringType.valueSpelling = "std::string";
  add(CallableKind::Constructor, "Counter", {}, voidType, false);
  add(CallableKind::Method, "add", {{"amount", intType()}}, voidType, false);
  int value = add(CallableKind::Method, "value", {}, intType(), true);
  model.callables[value].isObserver = true;
  int label = add(CallableKind::Method, "label", {}, stringType, true);
  model.callables[label].isObserver = true;
  add(CallableKind::Method, "poke", {{"code", intType()}}, voidType, false);
  TypeDesc boolType;
  boolType.kind = TypeKind::Bool;
  boolType.spelling = boolType.valueSpelling = "bool";
  int rep = add(CallableKind::Method, "repOK", {}, boolType, true);
  model.callables[rep].isInvariant = true;
  TypeDesc stringRef = stringType;
  stringRef.spelling = "const std::string &";
  stringRef.passing = Passing::ConstReference;
  add(CallableKind::Method, "tagged", {{"text", stringRef}}, boolType, true);
  TypeDesc intOut = intType(), stringOut = stringType, nameOut;
  intOut.passing = Passing::Pointer;
  intOut.spelling = "int*";
  stringOut.passing = Passing::Reference;
  stringOut.spelling = "std::string&";
  nameOut.kind = TypeKind::CString;
  nameOut.passing = Passing::Pointer;
  nameOut.valueSpelling = "const char*";
  nameOut.spelling = "const char**";
  nameOut.bits = 8;
  add(CallableKind::Method, "read", {{"out", intOut}, {"text", stringOut}, {"name", nameOut}},
      boolType, true);
  TypeDesc userData, visit;
  userData.kind = TypeKind::UserData;
  userData.spelling = userData.valueSpelling = "void *";
  visit.kind = TypeKind::Callback;
  visit.spelling = visit.valueSpelling = "void (*)(int, void *)";
  visit.elements = {voidType, intType(), userData};
  add(CallableKind::Method, "each", {{"visit", visit}, {"context", userData}}, intType(), true);
  add(CallableKind::Method, "swapContext", {{"context", userData}}, userData, false);
  TypeDesc visitor;
  visitor.kind = TypeKind::Class;
  visitor.className = "Visitor";
  visitor.passing = Passing::Pointer;
  visitor.spelling = "Visitor *";
  visitor.valueSpelling = "Visitor";
  add(CallableKind::Method, "accept", {{"visitor", visitor}}, intType(), true);
  TypeDesc buffer;
  buffer.kind = TypeKind::CString;
  buffer.passing = Passing::Buffer;
  buffer.valueSpelling = "char";
  buffer.spelling = "char*";
  buffer.bits = 8;
  add(CallableKind::Method, "print", {{"buffer", buffer}, {"size", intType()}}, intType(), true);
  model.classes.push_back(info);
  // Visitor, mocked: its made-up constructor and the two methods the mock overrides.
  ClassInfo mocked;
  mocked.qualifiedName = "Visitor";
  mocked.includeSpelling = "counter.h";
  mocked.isApi = true;
  mocked.abstract = true;
  mocked.mockMethods = {{"visit", "void", {"int"}, false, false},
                        {"wantsMore", "bool", {}, true, false},
                        {"note", "void", {"const char *"}, false, false}};
  // visit's and note's arguments are recorded with each call (MockArguments.h).
  mocked.mockMethods[0].params = {intType()};
  TypeDesc noteText;
  noteText.kind = TypeKind::CString;
  noteText.spelling = noteText.valueSpelling = "const char*";
  noteText.bits = 8;
  mocked.mockMethods[2].params = {noteText};
  // What wantsMore() returns is the constructor's argument (MockMethod::resultParameter).
  mocked.mockMethods[1].resultParameter = 0;
  mocked.mockMethods[1].result = boolType;
  Callable mock;
  mock.id = static_cast<int>(model.callables.size());
  mock.kind = CallableKind::Constructor;
  mock.owner = "Visitor";
  mock.name = "Visitor";
  mock.qualifiedName = "Visitor::Visitor";
  mock.returnType = voidType;
  mock.isMock = true;
  mock.params = {{"wantsMore", boolType, false}};
  mocked.callables.push_back(mock.id);
  model.callables.push_back(mock);
  model.classes.push_back(mocked);
  // Containers and the rest, after the mock (so the ids above stay): Counter's again.
  auto container = [](std::string name, std::vector<TypeDesc> elements, Passing passing) {
    TypeDesc t;
    t.kind = TypeKind::Container;
    t.container = name;
    std::string spelled;
    for (const TypeDesc &element : elements)
      spelled += (spelled.empty() ? "" : ", ") + element.valueSpelling;
    t.valueSpelling = "std::" + name + "<" + spelled + ">";
    t.spelling = passing == Passing::ConstReference ? "const " + t.valueSpelling + "&"
                 : passing == Passing::Reference    ? t.valueSpelling + "&"
                                                    : t.valueSpelling;
    t.passing = passing;
    t.elements = std::move(elements);
    return t;
  };
  auto streamType = [](TypeKind kind) {
    TypeDesc t;
    t.kind = kind;
    t.passing = Passing::Reference;
    t.valueSpelling = kind == TypeKind::InputStream ? "std::istream" : "std::ostream";
    t.spelling = t.valueSpelling + "&";
    return t;
  };
  TypeDesc viewType = stringType;
  viewType.spelling = viewType.valueSpelling = "std::string_view";
  TypeDesc doubleType;
  doubleType.kind = TypeKind::Floating;
  doubleType.spelling = doubleType.valueSpelling = "double";
  doubleType.bits = 64;
  TypeDesc longType = intType();
  longType.spelling = longType.valueSpelling = "long";
  longType.bits = 64;
  TypeDesc sizeType = intType();
  sizeType.spelling = sizeType.valueSpelling = "unsigned long";
  sizeType.bits = 64;
  sizeType.isSigned = false;
  TypeDesc counterPointer;
  counterPointer.kind = TypeKind::Class;
  counterPointer.className = counterPointer.valueSpelling = "Counter";
  counterPointer.passing = Passing::Pointer;
  counterPointer.spelling = "Counter *";
  TypeDesc fileType;
  fileType.kind = TypeKind::File;
  fileType.passing = Passing::Pointer;
  fileType.valueSpelling = "std::FILE";
  fileType.spelling = "std::FILE*";
  // `const T *values, int n` (TypeKind::Array, TypeKind::ArraySize).
  auto array = [](const TypeDesc &element, Passing passing, const std::string &className = "") {
    TypeDesc type;
    type.kind = TypeKind::Array;
    type.passing = passing;
    type.className = className;
    type.valueSpelling = className.empty() ? element.valueSpelling : className;
    type.spelling = type.valueSpelling + " *";
    type.elements = {element};
    return type;
  };
  auto arraySize = [](TypeDesc length) {
    length.kind = TypeKind::ArraySize;
    return length;
  };
  TypeDesc byteType = intType();
  byteType.spelling = byteType.valueSpelling = "uint8_t";
  byteType.bits = 8;
  byteType.isSigned = false;
  TypeDesc cstring;
  cstring.kind = TypeKind::CString;
  cstring.spelling = cstring.valueSpelling = "const char*";
  cstring.bits = 8;
  TypeDesc shortType = intType();
  shortType.spelling = shortType.valueSpelling = "short";
  shortType.bits = 16;
  TypeDesc keepWhile;
  keepWhile.kind = TypeKind::Callback;
  keepWhile.passing = Passing::ConstReference;
  keepWhile.valueSpelling = "std::function<bool (int)>";
  keepWhile.spelling = "const std::function<bool (int)> &";
  keepWhile.elements = {boolType, intType()};
  TypeDesc fixedArray = container("array", {intType()}, Passing::Value);
  fixedArray.length = 3;
  fixedArray.spelling = fixedArray.valueSpelling = "std::array<int, 3>";
  TypeDesc sharedCounter = counterPointer;
  sharedCounter.passing = Passing::SharedPtr;
  sharedCounter.spelling = "std::shared_ptr<Counter>";
  TypeDesc madeCounter = counterPointer;
  madeCounter.kind = TypeKind::MadeObject;
  madeCounter.spelling = "Counter**";
  const std::vector<std::pair<std::string, std::pair<std::vector<Parameter>, TypeDesc>>>
      laterMethods = {
          {"countWords",
           {{{"words", container("vector", {stringType}, Passing::ConstReference)}},
            container("map", {stringType, intType()}, Passing::Value)}},
          {"multiples", {{{"out", container("vector", {longType}, Passing::Reference)}}, voidType}},
          {"digits", {{}, container("unordered_set", {intType()}, Passing::Value)}},
          {"range", {{}, container("vector", {longType}, Passing::Value)}},
          {"halves", {{}, container("vector", {doubleType}, Passing::Value)}},
          {"addAll", {{{"in", streamType(TypeKind::InputStream)}}, intType()}},
          {"describeTo", {{{"out", streamType(TypeKind::OutputStream)}}, voidType}},
          {"longest",
           {{{"groups", container("vector", {container("vector", {longType}, Passing::Value)},
                                  Passing::ConstReference)}},
            sizeType}},
          {"nickname", {{{"name", viewType}}, voidType}},
          {"nickname", {{}, viewType}},
          {"summary", {{}, container("pair", {intType(), stringType}, Passing::Value)}},
          {"clamped",
           {{{"bounds", container("pair", {intType(), intType()}, Passing::ConstReference)}},
            intType()}},
          {"giveTo", {{{"other", counterPointer}}, voidType}},
          {"bump", {{}, voidType}},
          {"addFrom", {{{"file", fileType}}, intType()}},
          {"logTo", {{{"file", fileType}}, voidType}},
          {"pad", {{{"file", fileType}, {"kilobytes", intType()}}, voidType}},
          {"spell", {{{"out", buffer}, {"times", intType()}}, voidType}},
          {"echoTo", {{{"out", streamType(TypeKind::OutputStream)}}, voidType}},
          {"source", {{{"in", streamType(TypeKind::InputStream)}}, voidType}},
          {"takeNext", {{}, intType()}},
          {"split", {{{"part", intType()}, {"made", madeCounter}}, counterPointer}},
          {"fork", {{{"made", madeCounter}}, counterPointer}},
          {"background", {{}, voidType}},
          {"addBytes",
           {{{"data", array(byteType, Passing::ConstPointer)}, {"n", arraySize(sizeType)}},
            intType()}},
          {"fill",
           {{{"values", array(intType(), Passing::Pointer)}, {"count", arraySize(intType())}},
            voidType}},
          {"chars",
           {{{"words", array(cstring, Passing::ConstPointer, "Word")}, {"n", arraySize(intType())}},
            sizeType}},
          {"pastTheEnd",
           {{{"values", array(intType(), Passing::ConstPointer)}, {"n", arraySize(intType())}},
            intType()}},
          {"share", {{}, sharedCounter}},
          {"valueOf", {{{"other", sharedCounter}}, intType()}},
          {"triple", {{}, fixedArray}},
          {"keepWhile", {{{"keep", keepWhile}}, intType()}},
          {"state", {{}, container("tuple", {intType(), stringType, boolType}, Passing::Value)}},
          {"total",
           {{{"three",
              container("tuple", {intType(), longType, shortType}, Passing::ConstReference)}},
            longType}},
          {"sumOf",
           {{{"three",
              [&] {
                TypeDesc taken = fixedArray;
                taken.passing = Passing::ConstReference;
                return taken;
              }()}},
            intType()}},
          {"shown", {{}, container("variant", {intType(), stringType}, Passing::Value)}},
          {"scribble", {{{"visitor", visitor}}, intType()}},
          {"letters",
           {{{"words",
              [&] {
                TypeDesc words = container("vector", {cstring}, Passing::ConstReference);
                words.className = "Word";
                words.spelling = "const std::vector<Word> &";
                words.valueSpelling = "std::vector<Word>";
                return words;
              }()}},
            sizeType}},
          {"measure",
           {{{"value",
              container("variant", {intType(), stringType, intType()}, Passing::ConstReference)}},
            intType()}}};
  for (const auto &[name, signature] : laterMethods) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = CallableKind::Method;
    c.owner = "Counter";
    c.name = name;
    c.qualifiedName = "Counter::" + name;
    c.params = signature.first;
    c.returnType = signature.second;
    static const std::set<std::string> kMutating = {
        "addAll", "addFrom", "logTo", "echoTo", "source", "takeNext", "split", "fork", "addBytes"};
    c.isConst = !kMutating.count(name) && !(name == "nickname" && !signature.first.empty());
    if (name == "split") { // `*made = this;`
      c.madeThrough = 1;
      c.madeReturn = intType();
    }
    if (name == "fork") { // `*made = this;`, returning a Counter
      c.madeThrough = 0;
      c.madeReturn = counterPointer;
      c.madeReturn.passing = Passing::Value;
      c.madeReturn.spelling = "Counter";
    }
    model.classes[0].callables.push_back(c.id);
    model.callables.push_back(c);
  }
  model.includeSpellings = {"counter.h"};
  model.sources = {dataSource(dataDir, "counter")};
  return model;
}

/// Callable ids of counterModel.
enum CounterCallable {
  kCtor = 0,
  kAdd = 1,
  kValue = 2,
  kLabel = 3,
  kPoke = 4,
  kRepOK = 5,
  kTagged = 6,
  kRead = 7,
  kEach = 8,
  kSwapContext = 9,
  kAccept = 10,
  kPrint = 11,
  kMockVisitor = 12,
  kCountWords = 13,
  kMultiples = 14,
  kDigits = 15,
  kRange = 16,
  kHalves = 17,
  kAddAll = 18,
  kDescribeTo = 19,
  kLongest = 20,
  kSetNickname = 21,
  kNickname = 22,
  kSummary = 23,
  kClamped = 24,
  kGiveTo = 25,
  kBump = 26,
  kAddFrom = 27,
  kLogTo = 28,
  kPad = 29,
  kSpell = 30,
  kEchoTo = 31,
  kSource = 32,
  kTakeNext = 33,
  kSplit = 34,
  kFork = 35,
  kBackground = 36,
  kAddBytes = 37,
  kFill = 38,
  kChars = 39,
  kPastTheEnd = 40,
  kShare = 41,
  kValueOf = 42,
  kTriple = 43,
  kKeepWhile = 44,
  kState = 45,
  kTotal = 46,
  kSumOf = 47,
  kShown = 48,
  kScribble = 49,
  kLetters = 50,
  kMeasure = 51
};

/// `Counter c; c.f(arg); ...` for (callable, argument) pairs; the argument is used by add/poke.
inline Sequence counterWith(std::vector<std::pair<int, int>> calls) {
  Sequence sequence;
  sequence.statements.push_back({kCtor, -1, {}});
  for (auto [callable, arg] : calls) {
    Statement statement{callable, 0, {}};
    if (callable == kAdd || callable == kPoke)
      statement.args.push_back(Argument::of(Value::integer(arg)));
    sequence.statements.push_back(statement);
  }
  return sequence;
}

} // namespace unitgen::testing
