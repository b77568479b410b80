// ViewLifetimes: a view of a receiver is not used after the receiver may have changed, and one
// left at the end after that is stale.
#include "model/ViewLifetimes.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

/// Builder(), `Slice Builder::finish()`, `void Builder::add(int)`, `int Slice::size() const`,
/// `int Builder::count() const`; Slice holds `const char *data_`.
ClassModel builderModel() {
  ClassModel model;
  ClassInfo slice;
  slice.qualifiedName = "Slice";
  Field data;
  data.name = "data_";
  data.typeSpelling = "const char *";
  slice.fields.push_back(data);
  model.classes.push_back(slice);
  ClassInfo builder;
  builder.qualifiedName = "Builder";
  model.classes.push_back(builder);
  auto add = [&](CallableKind kind, const std::string &owner, const std::string &name, bool isConst,
                 TypeDesc result) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = owner;
    callable.name = name;
    callable.isConst = isConst;
    callable.returnType = result;
    model.callables.push_back(callable);
  };
  TypeDesc none, number, view;
  none.kind = TypeKind::Void;
  number.kind = TypeKind::Integer;
  view.kind = TypeKind::Class;
  view.className = "Slice";
  add(CallableKind::Constructor, "Builder", "Builder", false, none); // 0
  add(CallableKind::Method, "Builder", "finish", false, view);       // 1
  add(CallableKind::Method, "Builder", "add", false, none);          // 2
  add(CallableKind::Method, "Slice", "size", true, number);          // 3
  add(CallableKind::Method, "Builder", "count", true, number);       // 4
  return model;
}

/// builder = Builder(); slice = builder.finish(); then `between` on builder; then slice.size().
Sequence viewUsedAfter(int between) {
  Sequence sequence;
  sequence.statements.push_back({0, -1, {}});
  sequence.statements.push_back({1, 0, {}});
  sequence.statements.push_back({between, 0, {}});
  sequence.statements.push_back({3, 1, {}});
  return sequence;
}

TEST(ViewLifetimesTest, AViewIsUsedOnlyWhileItsReceiverStaysAsItWas) {
  const ClassModel model = builderModel();
  EXPECT_TRUE(returnsView(model, viewUsedAfter(4), 1));
  EXPECT_TRUE(respectsViewLifetimes(model, viewUsedAfter(4)));  // count() is const
  EXPECT_FALSE(respectsViewLifetimes(model, viewUsedAfter(2))); // add() may move the bytes
  EXPECT_FALSE(respectsViewLifetimes(model, viewUsedAfter(1))); // so may a second finish()
}

TEST(ViewLifetimesTest, AnObjectMadeFromAViewHoldsIt) {
  // Key(Slice) keeps the slice in a `Slice user_` member: key = Key(builder.finish()) is stale
  // once the builder changes, like the slice itself.
  ClassModel model = builderModel();
  ClassInfo key;
  key.qualifiedName = "Key";
  Field user;
  user.name = "user_";
  user.typeSpelling = "Slice";
  user.shape = FieldShape::Embedded;
  user.recordName = "Slice";
  key.fields.push_back(user);
  model.classes.push_back(key);
  Callable make;
  make.id = static_cast<int>(model.callables.size()); // 5
  make.kind = CallableKind::Constructor;
  make.owner = make.name = "Key";
  model.callables.push_back(make);
  Callable size;
  size.id = static_cast<int>(model.callables.size()); // 6
  size.kind = CallableKind::Method;
  size.owner = "Key";
  size.name = "size";
  size.isConst = true;
  size.returnType.kind = TypeKind::Integer;
  model.callables.push_back(size);
  auto keyUsedAfter = [](int between) {
    Sequence sequence;
    sequence.statements.push_back({0, -1, {}});                 // Builder builder;
    sequence.statements.push_back({1, 0, {}});                  // slice = builder.finish()
    sequence.statements.push_back({5, -1, {Argument::var(1)}}); // Key key(slice);
    sequence.statements.push_back({between, 0, {}});
    sequence.statements.push_back({6, 2, {}}); // key.size()
    return sequence;
  };
  EXPECT_TRUE(respectsViewLifetimes(model, keyUsedAfter(4)));  // count() is const
  EXPECT_FALSE(respectsViewLifetimes(model, keyUsedAfter(2))); // add() may move the bytes
  // Left at the end instead of used, the slice and the key made from it are stale.
  Sequence leftStale = keyUsedAfter(2);
  leftStale.statements.pop_back();
  EXPECT_EQ(staleAtEnd(model, leftStale), (std::vector<int>{1, 2}));
  Sequence leftValid = keyUsedAfter(4);
  leftValid.statements.pop_back();
  EXPECT_TRUE(staleAtEnd(model, leftValid).empty());
}

TEST(ViewLifetimesTest, AViewLeftAfterItsReceiverChangedIsStaleAtTheEnd) {
  const ClassModel model = builderModel();
  Sequence sequence = viewUsedAfter(2); // slice.size() after add(): not respected
  sequence.statements.pop_back();       // the slice merely left at the end
  EXPECT_TRUE(respectsViewLifetimes(model, sequence));
  EXPECT_EQ(staleAtEnd(model, sequence), std::vector<int>{1});
  EXPECT_TRUE(staleAtEnd(model, viewUsedAfter(4)).empty()); // count() is const
  // A second finish() may move the bytes too; the second slice is current.
  sequence = viewUsedAfter(1);
  sequence.statements.pop_back();
  EXPECT_EQ(staleAtEnd(model, sequence), std::vector<int>{1});
}

TEST(ViewLifetimesTest, AViewOfBytesIsNoArgumentOfACallThatMayRewriteThem) {
  ClassModel model = builderModel();
  Callable take;
  take.id = static_cast<int>(model.callables.size()); // 5: void Builder::take(Slice)
  take.kind = CallableKind::Method;
  take.owner = "Builder";
  take.name = "take";
  take.returnType.kind = TypeKind::Void;
  model.callables.push_back(take);
  Callable peek = take; // 6: Slice *Builder::peek()
  peek.id = 6;
  peek.name = "peek";
  peek.returnType.kind = TypeKind::Class;
  peek.returnType.className = "Slice";
  peek.returnType.passing = Passing::Pointer;
  model.callables.push_back(peek);
  auto taken = [](int producer, int receiver) {
    Sequence sequence;
    sequence.statements.push_back({0, -1, {}});                       // Builder builder;
    sequence.statements.push_back({0, -1, {}});                       // Builder other;
    sequence.statements.push_back({producer, 0, {}});                 // view = builder.<producer>()
    sequence.statements.push_back({5, receiver, {Argument::var(2)}}); // <receiver>.take(view)
    return sequence;
  };
  // builder.take(builder.finish()) would copy from the bytes it is rewriting.
  EXPECT_FALSE(respectsViewLifetimes(model, taken(1, 0)));
  EXPECT_TRUE(respectsViewLifetimes(model, taken(1, 1))) << "another builder's bytes";
  // A pointer to an object the builder owns goes back to it, as `doc.InsertEndChild(
  // doc.NewElement("a"))` does.
  EXPECT_TRUE(respectsViewLifetimes(model, taken(6, 0)));
}

TEST(ViewLifetimesTest, AResultWithoutPointersIsNoView) {
  const ClassModel model = builderModel();
  Sequence sequence = viewUsedAfter(2);
  EXPECT_FALSE(returnsView(model, sequence, 2)); // add() returns nothing
  EXPECT_FALSE(returnsView(model, sequence, 0)); // a constructor views nothing
}

TEST(ViewLifetimesTest, AnUpcastIsItsReceiverNotAViewOfIt) {
  // `Builder &base = static_cast<Builder &>(builder)` (5), then builder.add(): base is builder.
  ClassModel model = builderModel();
  Callable upcast = model.callables[1];
  upcast.id = 5;
  upcast.isUpcast = true;
  upcast.returnType.className = "Builder";
  upcast.returnType.passing = Passing::Reference;
  model.callables.push_back(upcast);
  Sequence sequence;
  sequence.statements = {{0, -1, {}}, {5, 0, {}}, {2, 0, {}}, {4, 1, {}}};
  EXPECT_FALSE(returnsView(model, sequence, 1));
  EXPECT_TRUE(respectsViewLifetimes(model, sequence));
  // What its receiver views, it views: a Slice finished before the builder changed.
  Sequence ofView;
  ofView.statements = {{0, -1, {}}, {1, 0, {}}, {5, 1, {}}, {2, 0, {}}, {3, 2, {}}};
  EXPECT_FALSE(respectsViewLifetimes(model, ofView));
}

} // namespace
} // namespace unitgen
