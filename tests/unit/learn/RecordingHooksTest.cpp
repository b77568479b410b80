// RecordingHooks: how each parameter is read, the table the pass reads (one line per symbol,
// what each call makes), object arguments with their abstract object profiles, and hooks that
// compile against the class's own header.
#include "learn/RecordingHooks.h"

#include "support/Subprocess.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace unitgen {
namespace {

TypeDesc typeOf(TypeKind kind, const std::string &spelling, Passing passing = Passing::Value) {
  TypeDesc t;
  t.kind = kind;
  t.spelling = t.valueSpelling = spelling;
  t.passing = passing;
  t.bits = 32;
  t.isSigned = true;
  return t;
}

TypeDesc classType(const std::string &name, Passing passing, const std::string &spelling) {
  TypeDesc t = typeOf(TypeKind::Class, spelling, passing);
  t.className = t.valueSpelling = name;
  return t;
}

Callable callable(int id, CallableKind kind, const std::string &owner, const std::string &name,
                  std::vector<Parameter> params, std::vector<std::string> symbols) {
  Callable c;
  c.id = id;
  c.kind = kind;
  c.owner = owner;
  c.name = name;
  c.qualifiedName = owner + "::" + name;
  c.params = std::move(params);
  c.symbols = std::move(symbols);
  c.returnType = typeOf(TypeKind::Void, "void");
  return c;
}

/// kv::Store of data/store.h, its callables numbered as below.
ClassModel storeModel() {
  ClassModel model;
  model.target = "kv::Store";
  model.includeSpellings = {"store.h"};
  TypeDesc bytes = typeOf(TypeKind::Array, "const uint8_t *", Passing::ConstPointer);
  bytes.elements = {typeOf(TypeKind::Integer, "uint8_t")};
  TypeDesc length = typeOf(TypeKind::ArraySize, "size_t");
  TypeDesc values = typeOf(TypeKind::Container, "std::vector<int>");
  values.container = "vector";
  values.elements = {typeOf(TypeKind::Integer, "int")};
  model.callables = {
      callable(0, CallableKind::Constructor, "kv::Store", "Store",
               {{"capacity", typeOf(TypeKind::Integer, "int"), false}},
               {"_ZN2kv5StoreC2Ei", "_ZN2kv5StoreC1Ei"}),
      callable(
          1, CallableKind::Method, "kv::Store", "put",
          {{"name", typeOf(TypeKind::String, "const std::string &", Passing::ConstReference),
            false},
           {"key", classType("kv::Key", Passing::ConstReference, "const kv::Key &"), false}},
          {"_ZN2kv5Store3putERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_3KeyE"}),
      callable(2, CallableKind::Method, "kv::Store", "get",
               {{"name", typeOf(TypeKind::CString, "const char *"), false}},
               {"_ZNK2kv5Store3getEPKc"}),
      callable(3, CallableKind::Method, "kv::Store", "fill",
               {{"data", bytes, false}, {"n", length, false}}, {"_ZN2kv5Store4fillEPKhm"}),
      callable(4, CallableKind::Method, "kv::Store", "read",
               {{"out", typeOf(TypeKind::String, "std::string *", Passing::Pointer), false}},
               {"_ZN2kv5Store4readEPNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"}),
      callable(5, CallableKind::Method, "kv::Store", "keep", {{"values", values, false}},
               {"_ZN2kv5Store4keepESt6vectorIiSaIiEE"}),
      callable(6, CallableKind::StaticMethod, "kv::Store", "make", {}, {"_ZN2kv5Store4makeEv"}),
      callable(7, CallableKind::Method, "kv::Store", "first", {}, {"_ZN2kv5Store5firstEv"}),
      // An inherited method: a callable per class, one symbol.
      callable(8, CallableKind::Method, "kv::Base", "size", {}, {"_ZNK2kv4Base4sizeEv"}),
      callable(9, CallableKind::Method, "kv::Store", "size", {}, {"_ZNK2kv4Base4sizeEv"}),
  };
  model.callables[2].isConst = model.callables[8].isConst = model.callables[9].isConst = true;
  model.callables[2].returnType = typeOf(TypeKind::Integer, "int");
  model.callables[6].returnType = classType("kv::Store", Passing::Pointer, "kv::Store *");
  model.callables[6].returnsOwned = true;
  model.callables[7].returnType = classType("kv::Key", Passing::Reference, "kv::Key &");
  return model;
}

TEST(RecordingHooksTest, EachParameterIsReadAsTheRecorderCan) {
  const ClassModel model = storeModel();
  EXPECT_EQ(argumentReading(model.callables[1], 0), "value");
  EXPECT_EQ(argumentReading(model.callables[1], 1), "object");
  EXPECT_EQ(argumentReading(model.callables[2], 0), "cString");
  EXPECT_EQ(argumentReading(model.callables[3], 0), "array");
  EXPECT_EQ(argumentReading(model.callables[3], 1), "unread") << "the array's length";
  EXPECT_EQ(argumentReading(model.callables[4], 0), "unread") << "an out-parameter";
  EXPECT_EQ(argumentReading(model.callables[5], 0), "value");
}

TEST(RecordingHooksTest, TheTableNamesEachSymbolOnceWithWhatItsCallMakes) {
  const RecordingHooks hooks = recordingHooks(storeModel());
  const std::string &table = hooks.table;
  EXPECT_NE(table.find("0 this _ZN2kv5StoreC2Ei __unitgen_rec_args_0\n"), std::string::npos);
  EXPECT_NE(table.find("0 this _ZN2kv5StoreC1Ei __unitgen_rec_args_0\n"), std::string::npos);
  EXPECT_NE(table.find("6 owned _ZN2kv5Store4makeEv __unitgen_rec_args_6\n"), std::string::npos);
  EXPECT_NE(table.find("7 result _ZN2kv5Store5firstEv __unitgen_rec_args_7\n"), std::string::npos);
  EXPECT_NE(table.find("2 - _ZNK2kv5Store3getEPKc __unitgen_rec_args_2\n"), std::string::npos);
  // The inherited size(): the first callable of its symbol names it, the other has no hook.
  EXPECT_NE(table.find("8 - _ZNK2kv4Base4sizeEv"), std::string::npos);
  EXPECT_EQ(table.find("9 - _ZNK2kv4Base4sizeEv"), std::string::npos);
  EXPECT_EQ(hooks.source.find("__unitgen_rec_args_9("), std::string::npos);
}

TEST(RecordingHooksTest, AHookThatDoesNotCompileIsLeftOutAndItsCallsRecordedBare) {
  const ClassModel model = storeModel();
  const RecordingHooks all = recordingHooks(model);
  // The line of put's hook's body belongs to put.
  const size_t at = all.source.find("unitgen_rec::object(&a1);");
  ASSERT_NE(at, std::string::npos);
  const int line =
      1 + static_cast<int>(std::count(all.source.begin(), all.source.begin() + at, '\n'));
  EXPECT_EQ(hookAt(all, line), 1);
  EXPECT_EQ(hookAt(all, 1), -1) << "the includes are no hook's";
  const RecordingHooks without = recordingHooks(model, {1});
  EXPECT_EQ(without.source.find("__unitgen_rec_args_1("), std::string::npos);
  EXPECT_EQ(without.table.find("__unitgen_rec_args_1\n"), std::string::npos) << "no hook named";
  EXPECT_NE(without.table.find("1 - _ZN2kv5Store3put"), std::string::npos);
  EXPECT_NE(without.table.find("KeyE -\n"), std::string::npos);
}

/// storeModel with kv::Key's private field known, so that its profile reads it.
ClassModel storeModelWithKeyFields() {
  ClassModel model = storeModel();
  ClassInfo key;
  key.qualifiedName = "kv::Key";
  Field text;
  text.name = "text_";
  text.typeSpelling = "std::string";
  text.shape = FieldShape::Value;
  text.type = typeOf(TypeKind::String, "std::string");
  key.fields = {text};
  model.classes = {key};
  return model;
}

TEST(RecordingHooksTest, AnObjectArgumentIsRecordedWithItsProfile) {
  const RecordingHooks hooks = recordingHooks(storeModelWithKeyFields());
  EXPECT_NE(hooks.source.find("unitgen_rec::object(&a1, profileOf_0(&a1));"), std::string::npos);
  EXPECT_NE(hooks.source.find("p.field(o.text_);"), std::string::npos) << "the private field";
  const RecordingHooks bare = recordingHooks(storeModelWithKeyFields(), {}, false);
  EXPECT_NE(bare.source.find("unitgen_rec::object(&a1);"), std::string::npos);
  EXPECT_EQ(bare.source.find("profileOf_"), std::string::npos);
  // The lines of the profile functions are no hook's: a compile error there costs the profiles.
  EXPECT_EQ(hookAt(hooks, 1 + static_cast<int>(std::count(
                                  hooks.source.begin(),
                                  hooks.source.begin() + hooks.source.find("p.field"), '\n'))),
            -1);
}

TEST(RecordingHooksTest, TheHooksCompileAgainstTheClasssHeader) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("unitgen-hooks-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string source = (dir / "hooks.cpp").string();
  for (const ClassModel &model : {storeModel(), storeModelWithKeyFields()}) {
    std::ofstream(source) << recordingHooks(model).source;
    ProcessResult compiled =
        runProcess({"clang++-14", "-std=c++17", "-fsyntax-only", "-fno-access-control", "-Wall",
                    "-Werror", "-I" + std::string(UNITGEN_TEST_DATA_DIR) + "/data",
                    "-I" + std::string(UNITGEN_SOURCE_DIR) + "/src/runtime", source});
    EXPECT_TRUE(compiled.ok()) << compiled.output;
  }
  fs::remove_all(dir);
}

} // namespace
} // namespace unitgen
