// Hand-built model of data/bag.h (independent of the frontend), for the state-space tests.
#pragma once

#include "model/ClassModel.h"

namespace unitgen::testing {

inline TypeDesc type(TypeKind kind, const char *spelling) {
  TypeDesc t;
  t.kind = kind;
  t.spelling = t.valueSpelling = spelling;
  if (kind == TypeKind::Integer) {
    t.bits = 32;
    t.isSigned = true;
  }
  return t;
}

/// Hand-built model of data/bag.h (independent of the frontend).
inline ClassModel bagModel() {
  std::string dir = std::string(UNITGEN_TEST_DATA_DIR) + "/data";
  ClassModel model;
  model.target = "Bag";
  ClassInfo info;
  info.qualifiedName = "Bag";
  info.header = dir + "/bag.h";
  info.includeSpelling = "bag.h";
  info.isApi = true;
  info.fields = {{"items_", "int *", Access::Private, FieldShape::HeapArray, "", true, "", "size_"},
                 {"size_", "int", Access::Private, FieldShape::Value, "", false, "", ""}};
  auto add = [&](CallableKind kind, std::string name, std::vector<Parameter> params, TypeDesc ret,
                 bool isConst) {
    Callable c;
    c.id = static_cast<int>(model.callables.size());
    c.kind = kind;
    c.owner = "Bag";
    c.name = name;
    c.qualifiedName = "Bag::" + name;
    c.params = std::move(params);
    c.returnType = std::move(ret);
    c.isConst = isConst;
    info.callables.push_back(c.id);
    model.callables.push_back(c);
  };
  const TypeDesc intType = type(TypeKind::Integer, "int");
  add(CallableKind::Constructor, "Bag", {}, type(TypeKind::Void, "void"), false);
  add(CallableKind::Method, "push", {{"value", intType}}, type(TypeKind::Void, "void"), false);
  add(CallableKind::Method, "pop", {}, intType, false);
  add(CallableKind::Method, "size", {}, intType, true);
  model.callables[3].isObserver = true;
  model.classes.push_back(info);
  model.includeSpellings = {"bag.h"};
  SourceFile source;
  source.path = dir + "/bag.cpp";
  source.directory = dir;
  source.arguments = {"-std=c++17", "-I" + dir};
  model.sources = {source};
  return model;
}

} // namespace unitgen::testing
