// Hand-built models of the classes of data/ (independent of the frontend), for the strategies'
// tests.
#pragma once

#include "../exec/TestModels.h"
#include "model/ClassModel.h"

#include <string>
#include <utility>
#include <vector>

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

/// A one-class model of `data/<stem>.h` and `data/<stem>.cpp`; callables are added in id order.
class HandModel {
public:
  HandModel(const std::string &className, const std::string &stem, std::vector<Field> fields)
      : dir_(std::string(UNITGEN_TEST_DATA_DIR) + "/data") {
    model_.target = className;
    info_.qualifiedName = className;
    info_.header = dir_ + "/" + stem + ".h";
    info_.includeSpelling = stem + ".h";
    info_.isApi = true;
    info_.fields = std::move(fields);
    model_.includeSpellings = {stem + ".h"};
    model_.sources = {dataSource(dir_, stem)};
  }

  /// Adds a callable; a const one is an observer.
  HandModel &add(CallableKind kind, const std::string &name, std::vector<Parameter> params,
                 TypeDesc returnType, bool isConst = false) {
    Callable c;
    c.id = static_cast<int>(model_.callables.size());
    c.kind = kind;
    c.owner = info_.qualifiedName;
    c.name = name;
    c.qualifiedName = info_.qualifiedName + "::" + name;
    c.params = std::move(params);
    c.returnType = std::move(returnType);
    c.isConst = c.isObserver = isConst;
    info_.callables.push_back(c.id);
    model_.callables.push_back(c);
    return *this;
  }

  ClassModel build() const {
    ClassModel model = model_;
    model.classes.push_back(info_);
    return model;
  }

private:
  std::string dir_;
  ClassModel model_;
  ClassInfo info_;
};

/// Bag: a bounded stack of ints in a heap array.
inline ClassModel bagModel() {
  const TypeDesc intType = type(TypeKind::Integer, "int");
  return HandModel("Bag", "bag",
                   {{"items_",
                     "int *",
                     Access::Private,
                     FieldShape::HeapArray,
                     "",
                     true,
                     "",
                     "size_",
                     {}},
                    {"size_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}}})
      .add(CallableKind::Constructor, "Bag", {}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "push", {{"value", intType}}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "pop", {}, intType)
      .add(CallableKind::Method, "size", {}, intType, true)
      .build();
}

/// Tally: counts ints; a branch at the 40th.
inline ClassModel tallyModel() {
  const TypeDesc intType = type(TypeKind::Integer, "int");
  return HandModel(
             "Tally", "tally",
             {{"count_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}},
              {"milestone_", "bool", Access::Private, FieldShape::Value, "", false, "", "", {}}})
      .add(CallableKind::Constructor, "Tally", {}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "add", {{"value", intType}}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "milestone", {}, type(TypeKind::Bool, "bool"), true)
      .add(CallableKind::Method, "count", {}, intType, true)
      .build();
}

/// Hoard: keep(1) runs out of memory, every other argument returns.
inline ClassModel hoardModel() {
  const TypeDesc intType = type(TypeKind::Integer, "int");
  return HandModel("Hoard", "hoard",
                   {{"blocks_",
                     "std::vector<std::vector<char>>",
                     Access::Private,
                     FieldShape::Value,
                     "",
                     false,
                     "",
                     "",
                     {}}})
      .add(CallableKind::Constructor, "Hoard", {}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "keep", {{"n", intType}}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "blocks", {}, intType, true)
      .build();
}

/// Vault: open(word) with the one word it keeps; withdraw(amount) pays only when open,
/// merge(other) only from an open other.
inline ClassModel vaultModel() {
  const TypeDesc intType = type(TypeKind::Integer, "int");
  TypeDesc word = type(TypeKind::String, "const std::string &");
  word.valueSpelling = "std::string";
  word.passing = Passing::ConstReference;
  TypeDesc vault = type(TypeKind::Class, "Vault &");
  vault.className = vault.valueSpelling = "Vault";
  vault.passing = Passing::Reference;
  return HandModel("Vault", "vault",
                   {{"open_", "bool", Access::Private, FieldShape::Value, "", false, "", "", {}},
                    {"balance_", "int", Access::Private, FieldShape::Value, "", false, "", "", {}}})
      .add(CallableKind::Constructor, "Vault", {}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "open", {{"word", word}}, type(TypeKind::Bool, "bool"))
      .add(CallableKind::Method, "withdraw", {{"amount", intType}}, intType)
      .add(CallableKind::Method, "merge", {{"other", vault}}, intType)
      .build();
}

/// Gauge: `Gauge(scale)` is undefined behaviour for a scale below 2; read(level) divides.
inline ClassModel gaugeModel() {
  const TypeDesc intType = type(TypeKind::Integer, "int");
  return HandModel(
             "Gauge", "gauge",
             {{"steps_", "unsigned", Access::Private, FieldShape::Value, "", false, "", "", {}}})
      .add(CallableKind::Constructor, "Gauge", {{"scale", intType}}, type(TypeKind::Void, "void"))
      .add(CallableKind::Method, "read", {{"level", intType}}, intType)
      .build();
}

} // namespace unitgen::testing
