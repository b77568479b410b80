// Frontend model of a small shop project: callables, types, fields, effects, includes, literals.
#include "TempProject.h"

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

namespace unitgen {
namespace {

const char *const kShopHeader = R"cpp(#pragma once
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace shop {

enum class Color { kRed, kGreen = 5 };
enum Size { kSmall, kLarge };

class Item {
public:
  Item();
  explicit Item(const std::string &name, int price = 0);
  int price() const;
  const std::string &name() const;
  bool operator==(const Item &other) const;
  bool operator<(const Item &other) const;

private:
  std::string name_;
  int price_;
};

bool operator!=(const Item &a, const Item &b);

struct Tag {
  int id = 7;
};

class Pinned {
public:
  Pinned() = default;
  Pinned(const Pinned &) = delete;
};

class Cart {
public:
  Cart();
  void add(const Item &item);
  void add(const std::string &name, int price);
  static int maxItems();
  std::optional<int> find(const std::string &name) const;
  Color color() const;
  void paint(Color color, Size size);
  std::unique_ptr<Item> take(unsigned long index);
  int operator[](int index) const;
  bool isValid() const;
  void setPrices(std::array<int, 3> prices);
  void setManyPrices(std::array<int, 65> prices);
  template <class T> void addAll(const T &items);
  void log(const char *format, ...);
  void bump(int &out);
  char initial() const;
  double total() const;
  const char *label() const;
  void consume(Item &&item);
  void adopt(Pinned &&pinned);
  void tag(const Tag &tag);
  void removed() = delete;
  long long mix(unsigned char u, short s);

private:
  void recount();

  std::vector<Item> items_;
  std::unique_ptr<Item> featured_;
  Item last_;
  int *counter_ = nullptr;
  int total_ = 0;
  Color color_ = Color::kRed;
  char tags_[4];
  static int instances_;
  static constexpr int kLimit = 42;
  static constexpr const char *kName = "cart";
};

} // namespace shop
)cpp";

const char *const kShopSource = R"cpp(#include "shop/shop.h"

#include <stdexcept>

namespace shop {

Item::Item() : price_(0) {}
Item::Item(const std::string &name, int price) : name_(name), price_(price) {
  if (price < -5)
    throw std::invalid_argument("negative price");
}
int Item::price() const { return price_; }
const std::string &Item::name() const { return name_; }
bool Item::operator==(const Item &other) const { return price_ == other.price_; }
bool Item::operator<(const Item &other) const { return price_ < other.price_; }
bool operator!=(const Item &a, const Item &b) { return !(a == b); }

int Cart::instances_ = 0;

Cart::Cart() { ++instances_; }
void Cart::add(const Item &item) {
  items_.push_back(item);
  last_ = item;
  recount();
}
void Cart::add(const std::string &name, int price) { add(Item(name, price)); }
int Cart::maxItems() { return kLimit; }
std::optional<int> Cart::find(const std::string &name) const {
  for (const Item &item : items_)
    if (item.name() == name)
      return item.price();
  return std::nullopt;
}
Color Cart::color() const { return color_; }
void Cart::paint(Color color, Size size) { color_ = size == kLarge ? Color::kGreen : color; }
std::unique_ptr<Item> Cart::take(unsigned long index) {
  return std::make_unique<Item>(items_.at(index));
}
int Cart::operator[](int index) const { return items_.at(index).price(); }
bool Cart::isValid() const { return total_ >= 0 && kName[0] == 'c'; }
void Cart::setPrices(std::array<int, 3> prices) { total_ = static_cast<int>(prices.size()); }
void Cart::setManyPrices(std::array<int, 65> prices) { total_ = prices[64]; }
void Cart::log(const char *, ...) {}
void Cart::bump(int &out) { out = total_ * 2; }
char Cart::initial() const { return 'c'; }
double Cart::total() const { return total_ * 1.5; }
const char *Cart::label() const { return "label"; }
void Cart::consume(Item &&item) { featured_ = std::make_unique<Item>(item); }
void Cart::adopt(Pinned &&) {}
void Cart::tag(const Tag &tag) { total_ += tag.id; }
long long Cart::mix(unsigned char u, short s) { return u * s; }
void Cart::recount() {
  total_ = 0;
  for (const Item &item : items_)
    total_ += item.price();
  if (counter_)
    *counter_ = total_;
}

} // namespace shop
)cpp";

const ClassInfo &classNamed(const ClassModel &model, const std::string &name) {
  const ClassInfo *info = model.findClass(name);
  EXPECT_NE(info, nullptr) << name;
  static const ClassInfo missing;
  return info ? *info : missing;
}

/// The `nth` callable called `name` (qualified, `shop::Cart::add`).
const Callable &callableNamed(const ClassModel &model, const std::string &qualifiedName,
                              int nth = 0) {
  for (const Callable &callable : model.callables)
    if (callable.qualifiedName == qualifiedName && nth-- == 0)
      return callable;
  ADD_FAILURE() << "no callable " << qualifiedName;
  static const Callable missing;
  return missing;
}

const Field &fieldNamed(const ClassInfo &info, const std::string &name) {
  for (const Field &field : info.fields)
    if (field.name == name)
      return field;
  ADD_FAILURE() << "no field " << name;
  static const Field missing;
  return missing;
}

bool contains(const std::vector<std::string> &values, const std::string &value) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

class FrontendShopModelTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    project_ = std::make_unique<test::TempProject>();
    project_->write("include/shop/shop.h", kShopHeader);
    project_->write("shop.cpp", kShopSource);
    project_->addSource("shop.cpp", "-I" + project_->path("include"));
    project_->writeDatabase();
    Expected<ClassModel> model = buildModel(project_->options(), "shop::Cart", false);
    ASSERT_TRUE(model) << model.error().message;
    model_ = std::make_unique<ClassModel>(std::move(*model));
  }
  static void TearDownTestSuite() {
    model_.reset();
    project_.reset();
  }

  static std::unique_ptr<test::TempProject> project_;
  static std::unique_ptr<ClassModel> model_;
};

std::unique_ptr<test::TempProject> FrontendShopModelTest::project_;
std::unique_ptr<ClassModel> FrontendShopModelTest::model_;

TEST_F(FrontendShopModelTest, TargetComesFirstThenTheClassesItsApiUses) {
  const ClassModel &model = *model_;
  EXPECT_EQ(model.target, "shop::Cart");
  EXPECT_FALSE(model.targetIsFunction);
  ASSERT_FALSE(model.classes.empty());
  EXPECT_EQ(model.classes[0].qualifiedName, "shop::Cart");
  for (const char *helper : {"shop::Item", "shop::Pinned", "shop::Tag"})
    EXPECT_TRUE(classNamed(model, helper).isApi) << helper;
  const ClassInfo &cart = classNamed(model, "shop::Cart");
  EXPECT_FALSE(cart.copyable); // std::unique_ptr member
  EXPECT_TRUE(cart.movable);
  EXPECT_TRUE(cart.destructible);
  EXPECT_TRUE(classNamed(model, "shop::Item").copyable);
  EXPECT_FALSE(classNamed(model, "shop::Pinned").movable);
}

TEST_F(FrontendShopModelTest, CallableIdsIndexTheCallablesAndBelongToTheirClass) {
  const ClassModel &model = *model_;
  for (size_t i = 0; i < model.callables.size(); ++i)
    EXPECT_EQ(model.callables[i].id, static_cast<int>(i));
  for (const ClassInfo &info : model.classes)
    for (int id : info.callables)
      EXPECT_EQ(model.callables.at(id).owner, info.qualifiedName);
}

TEST_F(FrontendShopModelTest, ConstructorsAreExplicitOrImplicitButNeverCopies) {
  const ClassModel &model = *model_;
  int itemConstructors = 0;
  for (int id : classNamed(model, "shop::Item").callables)
    if (model.callables[id].kind == CallableKind::Constructor) {
      ++itemConstructors;
      EXPECT_EQ(model.callables[id].name, "Item");
      EXPECT_FALSE(model.callables[id].needsReceiver());
    }
  EXPECT_EQ(itemConstructors, 2);
  const Callable &implicitTag = callableNamed(model, "shop::Tag::Tag");
  EXPECT_EQ(implicitTag.kind, CallableKind::Constructor);
  EXPECT_TRUE(implicitTag.params.empty());
  EXPECT_TRUE(implicitTag.sourceFile.empty());
  EXPECT_EQ(implicitTag.effects.writes, std::vector<std::string>{"shop::Tag::id"});
}

TEST_F(FrontendShopModelTest, OverloadsStaticAndConstMethods) {
  const ClassModel &model = *model_;
  const Callable &addItem = callableNamed(model, "shop::Cart::add", 0);
  const Callable &addNamed = callableNamed(model, "shop::Cart::add", 1);
  EXPECT_EQ(addItem.signature(), "add(const shop::Item&)");
  EXPECT_EQ(addNamed.signature(), "add(const std::string&, int)");
  const Callable &maxItems = callableNamed(model, "shop::Cart::maxItems");
  EXPECT_EQ(maxItems.kind, CallableKind::StaticMethod);
  EXPECT_FALSE(maxItems.needsReceiver());
  EXPECT_TRUE(callableNamed(model, "shop::Cart::find").isConst);
  EXPECT_FALSE(addItem.isConst);
  for (const Callable &callable : model.callables)
    EXPECT_NE(callable.name, "removed") << "deleted functions are not callables";
}

TEST_F(FrontendShopModelTest, MemberAndFreeOperators) {
  const ClassModel &model = *model_;
  for (const char *name : {"shop::Item::operator==", "shop::Item::operator<"}) {
    const Callable &op = callableNamed(model, name);
    EXPECT_EQ(op.kind, CallableKind::Operator) << name;
    EXPECT_TRUE(op.isConst);
    ASSERT_EQ(op.params.size(), 1u);
    EXPECT_EQ(op.params[0].type.spelling, "const shop::Item&");
    EXPECT_TRUE(op.isSupported()) << op.unsupportedReason;
  }
  const Callable &subscript = callableNamed(model, "shop::Cart::operator[]");
  EXPECT_EQ(subscript.name, "operator[]");
  EXPECT_EQ(subscript.kind, CallableKind::Operator);
  // A free operator takes its first operand as the receiver, like the member form.
  const Callable &notEqual = callableNamed(model, "shop::operator!=");
  EXPECT_EQ(notEqual.kind, CallableKind::Operator);
  EXPECT_EQ(notEqual.owner, "shop::Item");
  EXPECT_TRUE(notEqual.isConst);
  ASSERT_EQ(notEqual.params.size(), 1u);
  EXPECT_EQ(notEqual.params[0].type.className, "shop::Item");
  const std::vector<int> &itemCallables = classNamed(model, "shop::Item").callables;
  EXPECT_EQ(std::count(itemCallables.begin(), itemCallables.end(), notEqual.id), 1);
}

TEST_F(FrontendShopModelTest, TypeDescriptionsOfSupportedTypes) {
  const ClassModel &model = *model_;
  const TypeDesc &name = callableNamed(model, "shop::Cart::find").params[0].type;
  EXPECT_EQ(name.kind, TypeKind::String);
  EXPECT_EQ(name.passing, Passing::ConstReference);
  EXPECT_EQ(name.spelling, "const std::string&");
  EXPECT_EQ(name.valueSpelling, "std::string");

  const TypeDesc &found = callableNamed(model, "shop::Cart::find").returnType;
  EXPECT_EQ(found.kind, TypeKind::Optional);
  EXPECT_EQ(found.spelling, "std::optional<int>");
  ASSERT_EQ(found.elements.size(), 1u);
  EXPECT_EQ(found.elements[0].kind, TypeKind::Integer);
  EXPECT_EQ(found.elements[0].bits, 32);

  const TypeDesc &taken = callableNamed(model, "shop::Cart::take").returnType;
  EXPECT_EQ(taken.kind, TypeKind::Class);
  EXPECT_EQ(taken.passing, Passing::UniquePtr);
  EXPECT_EQ(taken.spelling, "std::unique_ptr<shop::Item>");
  EXPECT_EQ(taken.valueSpelling, "shop::Item");
  EXPECT_EQ(taken.className, "shop::Item");

  const TypeDesc &index = callableNamed(model, "shop::Cart::take").params[0].type;
  EXPECT_EQ(index.kind, TypeKind::Integer);
  EXPECT_EQ(index.bits, 64);
  EXPECT_FALSE(index.isSigned);
  EXPECT_EQ(index.spelling, "unsigned long");

  const Callable &paint = callableNamed(model, "shop::Cart::paint");
  const TypeDesc &color = paint.params[0].type;
  EXPECT_EQ(color.kind, TypeKind::Enum);
  EXPECT_EQ(color.spelling, "shop::Color");
  using Enumerators = std::vector<std::pair<std::string, int64_t>>;
  EXPECT_EQ(color.enumerators, (Enumerators{{"shop::Color::kRed", 0}, {"shop::Color::kGreen", 5}}));
  EXPECT_EQ(paint.params[1].type.enumerators,
            (Enumerators{{"shop::kSmall", 0}, {"shop::kLarge", 1}}));

  EXPECT_EQ(callableNamed(model, "shop::Cart::initial").returnType.kind, TypeKind::Char);
  EXPECT_EQ(callableNamed(model, "shop::Cart::total").returnType.kind, TypeKind::Floating);
  EXPECT_EQ(callableNamed(model, "shop::Cart::total").returnType.bits, 64);
  const TypeDesc &label = callableNamed(model, "shop::Cart::label").returnType;
  EXPECT_EQ(label.kind, TypeKind::CString);
  EXPECT_EQ(label.spelling, "const char*");
  const Callable &mix = callableNamed(model, "shop::Cart::mix");
  EXPECT_EQ(mix.params[0].type.kind, TypeKind::Integer);
  EXPECT_EQ(mix.params[0].type.bits, 8);
  EXPECT_EQ(mix.params[1].type.bits, 16);
  EXPECT_EQ(mix.returnType.spelling, "long long");
  EXPECT_EQ(callableNamed(model, "shop::Item::name").returnType.passing, Passing::ConstReference);

  const TypeDesc &moved = callableNamed(model, "shop::Cart::consume").params[0].type;
  EXPECT_EQ(moved.passing, Passing::RvalueReference);
  EXPECT_EQ(moved.spelling, "shop::Item&&");
  EXPECT_TRUE(callableNamed(model, "shop::Cart::consume").isSupported());

  const TypeDesc &out = callableNamed(model, "shop::Cart::bump").params[0].type;
  EXPECT_EQ(out.kind, TypeKind::Integer);
  EXPECT_EQ(out.passing, Passing::Reference);
  EXPECT_TRUE(out.isOutParameter());
  EXPECT_TRUE(callableNamed(model, "shop::Cart::bump").isSupported());
}

TEST_F(FrontendShopModelTest, UnsupportedCallablesSayWhy) {
  const ClassModel &model = *model_;
  // A std::array is a container of exactly its elements, up to 64 of them.
  const TypeDesc &prices = callableNamed(model, "shop::Cart::setPrices").params[0].type;
  EXPECT_EQ(prices.kind, TypeKind::Container);
  EXPECT_TRUE(prices.isFixedArray());
  EXPECT_EQ(prices.length, 3);
  EXPECT_EQ(prices.valueSpelling, "std::array<int, 3>");
  EXPECT_EQ(callableNamed(model, "shop::Cart::setManyPrices").unsupportedReason,
            "parameter 1 has type std::array<int, 65>: std::array of more than 64 elements is not "
            "supported");
  EXPECT_EQ(callableNamed(model, "shop::Cart::addAll").unsupportedReason,
            "a member template the project never instantiates (unitgen tests the specializations "
            "its code uses)");
  EXPECT_EQ(callableNamed(model, "shop::Cart::log").unsupportedReason,
            "variadic functions are not supported");
  EXPECT_NE(callableNamed(model, "shop::Cart::adopt").unsupportedReason.find("cannot be moved"),
            std::string::npos);
}

TEST_F(FrontendShopModelTest, InvariantAndObservers) {
  const ClassModel &model = *model_;
  EXPECT_EQ(model.classes[0].invariant, "isValid");
  EXPECT_TRUE(callableNamed(model, "shop::Cart::isValid").isInvariant);
  EXPECT_FALSE(callableNamed(model, "shop::Cart::isValid").isObserver);
  for (const char *observer : {"shop::Cart::color", "shop::Cart::initial", "shop::Cart::total",
                               "shop::Cart::label", "shop::Item::price", "shop::Item::name"})
    EXPECT_TRUE(callableNamed(model, observer).isObserver) << observer;
  for (const char *other :
       {"shop::Cart::find", "shop::Cart::maxItems", "shop::Cart::operator[]", "shop::Cart::take"})
    EXPECT_FALSE(callableNamed(model, other).isObserver) << other;
}

TEST_F(FrontendShopModelTest, FieldsWithShapes) {
  const ClassInfo &cart = classNamed(*model_, "shop::Cart");
  EXPECT_EQ(cart.fields.size(), 7u) << "static data members are not fields";
  const Field &items = fieldNamed(cart, "items_");
  EXPECT_EQ(items.typeSpelling, "std::vector<shop::Item>");
  EXPECT_EQ(items.shape, FieldShape::Opaque);
  const Field &featured = fieldNamed(cart, "featured_");
  EXPECT_EQ(featured.shape, FieldShape::Ref);
  EXPECT_EQ(featured.recordName, "shop::Item");
  EXPECT_FALSE(featured.isPointer);
  EXPECT_EQ(fieldNamed(cart, "last_").shape, FieldShape::Embedded);
  // A pointer to primitives is read as the heap array it points to; Cart keeps no count.
  EXPECT_EQ(fieldNamed(cart, "counter_").shape, FieldShape::HeapArray);
  EXPECT_EQ(fieldNamed(cart, "counter_").countField, "");
  EXPECT_EQ(fieldNamed(cart, "total_").shape, FieldShape::Value);
  EXPECT_EQ(fieldNamed(cart, "total_").access, Access::Private);
  EXPECT_EQ(fieldNamed(cart, "color_").shape, FieldShape::Value);
  EXPECT_EQ(fieldNamed(cart, "tags_").shape, FieldShape::Value);
  EXPECT_EQ(fieldNamed(classNamed(*model_, "shop::Tag"), "id").access, Access::Public);
}

TEST_F(FrontendShopModelTest, EffectsFollowPrivateHelpers) {
  const Callable &add = callableNamed(*model_, "shop::Cart::add", 0);
  // recount() is private: its writes show up in add().
  EXPECT_TRUE(contains(add.effects.writes, "shop::Cart::total_"));
  EXPECT_TRUE(contains(add.effects.writes, "shop::Cart::counter_")) << "*counter_ = ...";
  EXPECT_TRUE(contains(add.effects.writes, "shop::Cart::last_"));
  EXPECT_TRUE(contains(add.effects.reads, "shop::Item::price_")) << "through Item::price()";
  EXPECT_TRUE(std::is_sorted(add.effects.writes.begin(), add.effects.writes.end()));
  const Callable &find = callableNamed(*model_, "shop::Cart::find");
  EXPECT_TRUE(find.effects.writes.empty());
  EXPECT_TRUE(contains(find.effects.reads, "shop::Cart::items_"));
  const Callable &paint = callableNamed(*model_, "shop::Cart::paint");
  EXPECT_EQ(paint.effects.writes, std::vector<std::string>{"shop::Cart::color_"});
  EXPECT_TRUE(paint.effects.reads.empty());
}

TEST_F(FrontendShopModelTest, DefinitionsSourcesAndIncludes) {
  const ClassModel &model = *model_;
  const Callable &paint = callableNamed(model, "shop::Cart::paint");
  EXPECT_EQ(paint.sourceFile, project_->path("shop.cpp"));
  EXPECT_EQ(paint.line, 35);
  ASSERT_EQ(model.sources.size(), 1u);
  EXPECT_EQ(model.sources[0].path, project_->path("shop.cpp"));
  EXPECT_EQ(model.sources[0].directory, project_->dir());
  EXPECT_EQ(model.sources[0].arguments,
            (std::vector<std::string>{"-std=c++17", "-I" + project_->path("include")}));
  EXPECT_EQ(model.includeSpellings, std::vector<std::string>{"shop/shop.h"});
  EXPECT_EQ(model.classes[0].header, project_->path("include/shop/shop.h"));
  EXPECT_EQ(model.classes[0].includeSpelling, "shop/shop.h");
}

TEST_F(FrontendShopModelTest, LiteralsFromBodiesConstantsAndEnums) {
  const Literals &literals = model_->literals;
  for (int64_t value : {-5, 2, 5, 42})
    EXPECT_TRUE(std::count(literals.integers.begin(), literals.integers.end(), value)) << value;
  EXPECT_EQ(literals.floats, std::vector<double>{1.5});
  for (const char *text : {"cart", "label", "negative price"})
    EXPECT_TRUE(contains(literals.strings, text)) << text;
  EXPECT_TRUE(std::is_sorted(literals.integers.begin(), literals.integers.end()));
  EXPECT_EQ(std::adjacent_find(literals.integers.begin(), literals.integers.end()),
            literals.integers.end());
}

TEST(FrontendFieldTest, AMutableMemberIsNoPartOfTheState) {
  // A const getter that fills a cache (tinyxml2's `mutable StrPair _value`) changes no state a
  // caller can see: the canonical state leaves the mutable member out, so the const-method
  // contract does not call it a change.
  test::TempProject project;
  project.write("cached.h", R"cpp(#pragma once
class Cached {
public:
  int value() const;
private:
  int base_ = 3;
  mutable int lookups_ = 0;
};
)cpp");
  project.write("cached.cpp", R"cpp(#include "cached.h"
int Cached::value() const { ++lookups_; return base_; }
)cpp");
  project.addSource("cached.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "Cached", false);
  ASSERT_TRUE(model) << model.error().message;
  const ClassInfo &cached = model->classes[0];
  ASSERT_EQ(cached.fields.size(), 2u);
  EXPECT_EQ(cached.fields[0].shape, FieldShape::Value);
  EXPECT_EQ(cached.fields[1].name, "lookups_");
  EXPECT_EQ(cached.fields[1].shape, FieldShape::Opaque);
  EXPECT_EQ(cached.fields[1].note, "mutable member");
}

TEST(FrontendConstructorTest, AConstructorLeavingFieldsUninitialisedIsSetAsideForOneThatSetsThem) {
  test::TempProject project;
  project.write("keys.h", R"cpp(#pragma once
namespace keys {
enum Kind { kValue, kDeletion };
struct Parsed {
  Parsed() {} // left uninitialised for speed
  Parsed(int seq, Kind kind) : seq(seq), kind(kind) {}
  int sequence() const { return seq; }
  int seq;
  Kind kind;
  const char *name = "key";
};
class Reset {
public:
  Reset() { clear(); }
  explicit Reset(int v) : value_(v) {}
  void clear();
  int value() const { return value_; }
private:
  int value_;
};
class Lazy { // its only constructor: kept
public:
  Lazy() {}
  int value() const { return value_; }
private:
  int value_;
};
}
)cpp");
  project.write("keys.cpp", "#include \"keys.h\"\nvoid keys::Reset::clear() { value_ = 0; }\n");
  project.addSource("keys.cpp");
  project.writeDatabase();
  auto reasonOf = [&](const std::string &target, size_t arguments) {
    Expected<ClassModel> model = buildModel(project.options(), target, false);
    EXPECT_TRUE(model) << model.error().message;
    if (!model)
      return std::string("no model");
    for (const Callable &callable : model->callables)
      if (callable.kind == CallableKind::Constructor && callable.owner == target &&
          callable.params.size() == arguments)
        return callable.unsupportedReason;
    return std::string("no such constructor");
  };
  EXPECT_EQ(reasonOf("keys::Parsed", 0),
            "leaves `seq`, `kind` uninitialised, so what it makes holds indeterminate values "
            "(another constructor sets them)");
  EXPECT_EQ(reasonOf("keys::Parsed", 2), "");
  EXPECT_EQ(reasonOf("keys::Reset", 0), "") << "it writes value_ through clear()";
  EXPECT_EQ(reasonOf("keys::Lazy", 0), "");
}

TEST(FrontendConstructorTest, AMethodItsCommentMarksInternalIsNotCalled) {
  test::TempProject project;
  project.write("pool.h", R"cpp(#pragma once
class Pool {
public:
  Pool() = default;
  // internal
  void markInUse(int slot);
  /// Hands out a slot.
  /// \internal Only the pool's own nodes call it.
  int reserve();
  /* Internal use only. */
  void compact();
  // Returns the internal slot count.
  int size() const { return size_; }

  int release(int slot);
private:
  int size_ = 0;
};
)cpp");
  project.write("pool.cpp", R"cpp(#include "pool.h"
void Pool::markInUse(int slot) { size_ += slot; }
int Pool::reserve() { return ++size_; }
void Pool::compact() { size_ = 0; }
int Pool::release(int slot) { return size_ -= slot; }
)cpp");
  project.addSource("pool.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "Pool", false);
  ASSERT_TRUE(model) << model.error().message;
  std::map<std::string, std::string> reasons;
  for (const Callable &callable : model->callables)
    reasons[callable.name] = callable.unsupportedReason;
  const std::string internal = "its comment marks it internal, not for callers";
  EXPECT_EQ(reasons["markInUse"], internal);
  EXPECT_EQ(reasons["reserve"], internal);
  EXPECT_EQ(reasons["compact"], internal);
  EXPECT_EQ(reasons["size"], "") << "a comment that mentions internal state marks nothing";
  EXPECT_EQ(reasons["release"], "") << "a blank line parts it from the comment above";
}

TEST(FrontendOverloadTest, MembersTheModelLeavesOutStillNameTheirOverloads) {
  test::TempProject project;
  project.write("shelf.h", R"cpp(#pragma once
class Item;
class Shelf {
public:
  Shelf() = default;
  void remove(const char *name);
  int count() const { return count_; }
private:
  explicit Shelf(Item *first);
  static void remove(Item *item, bool now = true);
  void tidy();
  int count_ = 0;
};
)cpp");
  project.write("shelf.cpp", R"cpp(#include "shelf.h"
void Shelf::remove(const char *name) { count_ -= name != nullptr; }
)cpp");
  project.addSource("shelf.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "Shelf", false);
  ASSERT_TRUE(model) << model.error().message;
  std::map<std::string, std::pair<size_t, size_t>> hidden;
  for (const HiddenOverload &overload : model->classes.front().hiddenOverloads)
    hidden[overload.name] = {overload.minParams, overload.maxParams};
  using Range = std::pair<size_t, size_t>;
  EXPECT_EQ(hidden["remove"], Range(1, 2)) << "`remove(nullptr)` is ambiguous";
  EXPECT_EQ(hidden["Shelf"], Range(1, 1)) << "so is `Shelf(nullptr)`";
  EXPECT_EQ(hidden["tidy"], Range(0, 0));
  EXPECT_EQ(hidden.count("count"), 0u) << "a callable of the model is no hidden overload";
}

TEST(FrontendForwardingTest, AMethodThatOnlyPassesTheCallOnNamesWhereItGoes) {
  test::TempProject project;
  project.write("keys.h", R"cpp(#pragma once
#include <string>
namespace keys {
struct View {
  const char *data;
  unsigned size;
};
View extractUser(const std::string &key);
View checked(const std::string &key);
class Key {
public:
  View user() const { return extractUser(rep_); }
  View userChecked() const { return checkedUser(); }
  unsigned length() const { return extractUser(rep_).size; }
  View logged() const;
  void clear() { rep_.clear(); }
private:
  View checkedUser() const { return checked(rep_); }
  std::string rep_;
};
}
)cpp");
  project.write("keys.cpp", R"cpp(#include "keys.h"
#include <cassert>
keys::View keys::extractUser(const std::string &key) {
  assert(key.size() >= 8);
  return {key.data(), static_cast<unsigned>(key.size() - 8)};
}
keys::View keys::checked(const std::string &key) { return extractUser(key); }
keys::View keys::Key::logged() const {
  View view = user();
  return view;
}
)cpp");
  project.addSource("keys.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "keys::Key", false);
  ASSERT_TRUE(model) << model.error().message;
  std::map<std::string, std::vector<std::string>> forwards;
  for (const Callable &callable : model->callables)
    forwards[callable.name] = callable.forwardsTo;
  using Names = std::vector<std::string>;
  EXPECT_EQ(forwards["user"], Names{"keys::extractUser"});
  EXPECT_EQ(forwards["userChecked"],
            (Names{"keys::Key::checkedUser", "keys::checked", "keys::extractUser"}))
      << "a chain of forwarding bodies, followed to its end";
  EXPECT_EQ(forwards["length"], Names{}) << "it reads a member of the result: more than passing on";
  EXPECT_EQ(forwards["logged"], Names{}) << "two statements";
  EXPECT_EQ(forwards["clear"], Names{}) << "std::string's clear is not the project's";
}

} // namespace
} // namespace unitgen
