// Handles: an empty class is a handle, and a handle goes back only to the object it came from.
#include "model/Handles.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

/// Cache(), `Handle *Cache::insert(int)`, `void Cache::release(Handle *)`, Handle() (an empty
/// struct), and `Stamp` with a field and no methods.
ClassModel cacheModel() {
  ClassModel model;
  ClassInfo cache, handle, stamp;
  cache.qualifiedName = "Cache";
  handle.qualifiedName = "Cache::Handle";
  stamp.qualifiedName = "Stamp";
  Field when;
  when.name = "when_";
  stamp.fields.push_back(when);
  TypeDesc none, handlePointer;
  none.kind = TypeKind::Void;
  handlePointer.kind = TypeKind::Class;
  handlePointer.className = "Cache::Handle";
  handlePointer.passing = Passing::Pointer;
  auto add = [&](ClassInfo &owner, CallableKind kind, const std::string &name, TypeDesc result,
                 std::vector<Parameter> params) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = owner.qualifiedName;
    callable.name = name;
    callable.returnType = result;
    callable.params = std::move(params);
    owner.callables.push_back(callable.id);
    model.callables.push_back(callable);
  };
  add(cache, CallableKind::Constructor, "Cache", none, {});                              // 0
  add(cache, CallableKind::Method, "insert", handlePointer, {});                         // 1
  add(cache, CallableKind::Method, "release", none, {{"handle", handlePointer, false}}); // 2
  add(handle, CallableKind::Constructor, "Handle", none, {});                            // 3
  add(stamp, CallableKind::Constructor, "Stamp", none, {});                              // 4
  model.classes = {cache, handle, stamp};
  return model;
}

TEST(HandlesTest, AnEmptyClassWithNothingButConstructorsIsAHandle) {
  const ClassModel model = cacheModel();
  EXPECT_TRUE(isHandleClass(model, "Cache::Handle"));
  EXPECT_FALSE(isHandleClass(model, "Cache")); // it has methods
  EXPECT_FALSE(isHandleClass(model, "Stamp")); // it has a field
  EXPECT_FALSE(isHandleClass(model, "Unknown"));
}

TEST(HandlesTest, AHandleGoesBackOnlyToTheObjectThatHandedItOut) {
  const ClassModel model = cacheModel();
  // a = Cache(); b = Cache(); h = a.insert(); then X.release(h).
  auto releasedBy = [](int receiver) {
    Sequence sequence;
    sequence.statements = {{0, -1, {}}, {0, -1, {}}, {1, 0, {}}};
    sequence.statements.push_back({2, receiver, {Argument::var(2)}});
    return sequence;
  };
  EXPECT_TRUE(respectsHandleOwners(model, releasedBy(0)));
  EXPECT_FALSE(respectsHandleOwners(model, releasedBy(1)));
  // A null handle belongs to no one: that is the call's own business.
  Sequence null = releasedBy(1);
  null.statements.back().args = {Argument::of(Value::null())};
  EXPECT_TRUE(respectsHandleOwners(model, null));
}

} // namespace
} // namespace unitgen
