// Frontend: which pointer and reference parameters are out-parameters, buffers, user data or
// callbacks, which a call leaves out for their defaults, and which classes are handles.
#include "TempProject.h"

#include "frontend/Frontend.h"
#include "model/Handles.h"

#include <gtest/gtest.h>

#include <map>

namespace unitgen {
namespace {

const char *const kReaderHeader = R"cpp(#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace io {
enum class Mode { kText, kBinary };
/// Nothing in the project implements it: mocked.
class Sink {
public:
  virtual ~Sink();
  virtual void write(const std::string &text) = 0;
  virtual int flush(bool hard) const = 0;
};
/// Abstract, but a factory makes one: not mocked.
class Clock {
public:
  virtual ~Clock();
  virtual long now() const = 0;
  /// Pure virtual: whether the caller owns the copy is read from the overrides.
  virtual bool copy(Clock **made) const = 0;
};
Clock *systemClock();
/// Factories: a new object the caller owns, or one of two kinds (the caller deletes either
/// through the base: virtual destructor); an object something else keeps; one of two paths
/// new; an array.
Clock *newClock(long start);
Clock *anyClock(bool fixed);
Clock *sharedOrNewClock(bool shared);
class Reader;
Reader *newReaders(int n);
/// A configuration struct: its public value fields are set by assignment.
struct Settings {
  int depth = 2;
  bool strict = false;
  std::string name;
  Mode mode = Mode::kText;
  const int limit = 5;
  Reader *owner = nullptr;
  static int count;
  int readDepth() const { return depth; }
private:
  int hidden_ = 0;
};
/// A view of text: an array of them is written from C strings.
struct Word {
  Word() = default;
  Word(const char *text) : text(text) {}
  explicit Word(long) {}
  const char *text = "";
};
class Reader {
public:
  Reader() = default;
  size_t checksum(const uint8_t *data, size_t length) const;
  void feed(const void *bytes, size_t n);
  size_t join(const Word *words, int count) const;
  size_t joinAll(const std::vector<Word> &words) const;
  void splitInto(std::vector<Word> *words) const;
  std::vector<Word> words() const;
  size_t joinSet(const std::set<Word> &words) const;
  size_t readers(std::vector<Reader> readers) const;
  void appendNumber(std::string *out, uint64_t num) const;
  bool readInt(const char *name, int *value) const;
  bool readText(std::string *text) const;
  void readMode(Mode &mode) const;
  bool readName(const char **name) const;
  void readAll(double *values, size_t count) const;
  int print(int value, char *buffer, int bufferSize) const;
  void rename(char *name) const;
  void readByte(uint8_t *byte) const;
  int sum(const int *values) const;
  void readPair(int **pair) const;
  void readUntyped(void *data) const;
  void readList(std::vector<int> *list) const;
  std::map<std::string, std::vector<long>> groups(const std::set<unsigned> &ids) const;
  const std::unordered_map<int, bool> &flags() const;
  std::vector<Reader *> peers() const;
  void keep(const std::set<int, std::greater<int>> &descending);
  int load(std::istream &in);
  void save(std::ostream &out) const;
  std::ostream &write(std::ostream &out) const;
  void peek(const std::istream &in) const;
  void title(std::string_view text);
  std::string_view title() const;
  void lastTitle(std::string_view *out) const;
  std::pair<int, std::string> where() const;
  std::tuple<int, std::string, bool> state() const;
  void restore(const std::tuple<long, std::vector<int>> &saved);
  void moveTo(const std::pair<int, int> &to);
  std::variant<int, std::string> shown() const;
  void show(const std::variant<long, std::vector<int>, long> &value);
  void nest(const std::vector<std::variant<int, bool>> &values);
  std::vector<std::pair<std::string, double>> scores() const;
  int *cursor();
  void dump(int level, int Reader::*member = nullptr, bool flush = false) const;
  void dumpWith(int Reader::*member, int level = 0) const;
  void dumpTo(FILE *file, int level = 0) const;
  void loadFrom(std::FILE *file);
  FILE *openLog() const;
  void visitAll(void (*visit)(int value, void *context), void *context) const;
  void *context() const;
  void sortWith(int (*compare)(const void *, const void *));
  void readBytes(const void *data) const;
  void logTo(void (*sink)(const char *format, ...));
  void drain(Sink &sink) const;
  int sizeOf(const Reader *readers, int n) const;
  int depthOf(const Settings &settings) const;
  void resize(Reader *reader, int n) const;
  long stamp(const Clock *clock) const;
  /// Objects made through a `T **`: one the caller owns (every store a `new` or null), one it
  /// does not, two at once, and one whose definition is nowhere to be seen.
  static bool openSettings(int depth, Settings **settings);
  /// Shared objects: made, taken by value and by `const&`; of a number or set by the call, not.
  std::shared_ptr<Settings> sharedSettings() const;
  int depthOfShared(std::shared_ptr<Settings> settings) const;
  int depthOfSharedRef(const std::shared_ptr<Settings> &settings) const;
  void sharedNumber(std::shared_ptr<int> number) const;
  void replaceShared(std::shared_ptr<Settings> &settings) const;
  /// std::function: a callback, by value or const&; one the call sets is not.
  int visitWhile(const std::function<bool(int)> &keep) const;
  void onName(std::function<void(const std::string &)> sink);
  void swapVisitor(std::function<void()> &visitor);
  void self(Reader **reader);
  void split(Reader **first, Reader **second);
  void later(Reader **reader) const;
  struct Handle {};
  Handle *open();
  void close(Handle *handle);
private:
  int position_ = 0;
};
} // namespace io
)cpp";

const char *const kReaderSource = R"cpp(#include "reader.h"
namespace io {
bool Reader::readInt(const char *, int *value) const { *value = position_; return true; }
bool Reader::readText(std::string *text) const { *text += "x"; return true; }
void Reader::readMode(Mode &mode) const { mode = Mode::kBinary; }
bool Reader::readName(const char **name) const { *name = "reader"; return true; }
void Reader::readAll(double *values, size_t count) const {
  for (size_t i = 0; i < count; ++i) values[i] = 0;
}
void Reader::readByte(uint8_t *byte) const { *byte = 1; }
int Reader::print(int value, char *buffer, int bufferSize) const {
  return snprintf(buffer, bufferSize, "%d", value);
}
void Reader::rename(char *name) const { name[0] = 'r'; }
int Reader::sum(const int *values) const { return values[0]; }
void Reader::readPair(int **pair) const { *pair = nullptr; }
void Reader::readUntyped(void *) const {}
Sink::~Sink() = default;
Clock::~Clock() = default;
namespace {
class FixedClock : public Clock {
public:
  long now() const override { return 7; }
  bool copy(Clock **made) const override {
    *made = new FixedClock;
    return true;
  }
};
} // namespace
Clock *systemClock() { static FixedClock clock; return &clock; }
Clock *newClock(long) { return (new FixedClock); }
Clock *anyClock(bool fixed) {
  auto lazy = [] { return static_cast<Clock *>(nullptr); }; // a lambda's return is its own
  if (fixed)
    return new FixedClock;
  (void)lazy;
  return static_cast<Clock *>(new FixedClock());
}
Clock *sharedOrNewClock(bool shared) { return shared ? systemClock() : new FixedClock; }
Reader *newReaders(int n) { return new Reader[n]; }
void Reader::drain(Sink &sink) const { sink.write("x"); }
int Settings::count = 0;
int Reader::depthOf(const Settings &settings) const { return settings.depth; }
int Reader::sizeOf(const Reader *readers, int n) const { return n > 0 ? readers[n - 1].position_ : 0; }
void Reader::resize(Reader *reader, int n) const { reader->position_ = n; }
long Reader::stamp(const Clock *clock) const { return clock->now(); }
void Reader::readList(std::vector<int> *list) const { list->push_back(1); }
std::map<std::string, std::vector<long>> Reader::groups(const std::set<unsigned> &) const {
  return {};
}
const std::unordered_map<int, bool> &Reader::flags() const {
  static const std::unordered_map<int, bool> none;
  return none;
}
std::vector<Reader *> Reader::peers() const { return {}; }
void Reader::keep(const std::set<int, std::greater<int>> &) {}
int Reader::load(std::istream &in) { in >> position_; return position_; }
void Reader::save(std::ostream &out) const { out << position_; }
std::ostream &Reader::write(std::ostream &out) const { return out << position_; }
void Reader::peek(const std::istream &) const {}
void Reader::title(std::string_view) {}
std::string_view Reader::title() const { return "t"; }
void Reader::lastTitle(std::string_view *) const {}
std::pair<int, std::string> Reader::where() const { return {position_, "r"}; }
void Reader::moveTo(const std::pair<int, int> &to) { position_ = to.first; }
std::vector<std::pair<std::string, double>> Reader::scores() const { return {}; }
int *Reader::cursor() { return &position_; }
void Reader::dump(int, int Reader::*, bool) const {}
void Reader::dumpTo(FILE *, int) const {}
void Reader::visitAll(void (*visit)(int, void *), void *context) const { visit(position_, context); }
void *Reader::context() const { return nullptr; }
void Reader::sortWith(int (*)(const void *, const void *)) {}
void Reader::readBytes(const void *) const {}
void Reader::logTo(void (*)(const char *, ...)) {}
bool Reader::openSettings(int depth, Settings **settings) {
  *settings = nullptr;
  if (depth < 0)
    return false;
  Settings *made = new Settings;
  made->depth = depth;
  *settings = made;
  return true;
}
void Reader::self(Reader **reader) { *reader = this; }
void Reader::split(Reader **first, Reader **second) { *first = *second = this; }
Reader::Handle *Reader::open() { return new Handle; }
void Reader::close(Handle *handle) { delete handle; }
} // namespace io
)cpp";

class FrontendParameterKindsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    project_ = new test::TempProject();
    project_->write("reader.h", kReaderHeader);
    project_->write("reader.cpp", kReaderSource);
    project_->addSource("reader.cpp");
    project_->writeDatabase();
    Expected<ClassModel> built = buildModel(project_->options(), "io::Reader", false);
    ASSERT_TRUE(built) << built.error().message;
    model_ = new ClassModel(std::move(*built));
  }
  static void TearDownTestSuite() {
    delete model_;
    delete project_;
  }
  static const Callable &method(const std::string &name) {
    for (const Callable &callable : model_->callables)
      if (callable.qualifiedName == "io::Reader::" + name)
        return callable;
    ADD_FAILURE() << "no callable " << name;
    static const Callable missing;
    return missing;
  }
  static test::TempProject *project_;
  static ClassModel *model_;
};
test::TempProject *FrontendParameterKindsTest::project_ = nullptr;
ClassModel *FrontendParameterKindsTest::model_ = nullptr;

TEST_F(FrontendParameterKindsTest, PointersAndReferencesToValuesAreOutParameters) {
  const TypeDesc &number = method("readInt").params[1].type;
  EXPECT_EQ(number.kind, TypeKind::Integer);
  EXPECT_EQ(number.passing, Passing::Pointer);
  EXPECT_EQ(number.spelling, "int*");
  EXPECT_TRUE(number.isOutParameter());
  EXPECT_FALSE(method("readInt").params[0].type.isOutParameter()); // a C string to read

  const TypeDesc &text = method("readText").params[0].type;
  EXPECT_EQ(text.kind, TypeKind::String);
  EXPECT_TRUE(text.isOutParameter());

  const TypeDesc &mode = method("readMode").params[0].type;
  EXPECT_EQ(mode.kind, TypeKind::Enum);
  EXPECT_EQ(mode.passing, Passing::Reference);
  EXPECT_TRUE(mode.isOutParameter());

  const TypeDesc &name = method("readName").params[0].type;
  EXPECT_EQ(name.kind, TypeKind::CString);
  EXPECT_EQ(name.passing, Passing::Pointer);
  EXPECT_EQ(name.spelling, "const char**");
  EXPECT_TRUE(name.isOutParameter());

  // `char *buffer, int bufferSize`: a buffer of that many chars the call writes.
  const Callable &print = method("print");
  EXPECT_EQ(print.params[1].type.kind, TypeKind::CString);
  EXPECT_EQ(print.params[1].type.passing, Passing::Buffer);
  EXPECT_EQ(print.params[1].type.spelling, "char*");
  EXPECT_TRUE(print.params[1].type.isOutParameter());
  EXPECT_FALSE(print.params[1].type.isPrintable());
  EXPECT_TRUE(isOutputBufferLength(print, 2));
  EXPECT_FALSE(isOutputBufferLength(print, 1));
  EXPECT_FALSE(isBufferLength(print, 2)); // no input bytes

  for (const char *supported : {"readInt", "readText", "readMode", "readName", "print"})
    EXPECT_TRUE(method(supported).isSupported())
        << supported << ": " << method(supported).unsupportedReason;
}

TEST_F(FrontendParameterKindsTest, APointerWithItsLengthIsAnArrayOfThatMany) {
  // Numbers the call reads, bytes behind a `const void *`, numbers it may change.
  const Callable &checksum = method("checksum");
  ASSERT_TRUE(checksum.isSupported()) << checksum.unsupportedReason;
  ASSERT_EQ(checksum.params.size(), 2u);
  EXPECT_EQ(checksum.params[0].type.kind, TypeKind::Array);
  EXPECT_EQ(checksum.params[0].type.passing, Passing::ConstPointer);
  EXPECT_EQ(checksum.params[0].type.valueSpelling, "uint8_t");
  EXPECT_FALSE(checksum.params[0].type.isOutParameter());
  ASSERT_EQ(checksum.params[0].type.elements.size(), 1u);
  EXPECT_EQ(checksum.params[0].type.elements[0].bits, 8);
  EXPECT_EQ(checksum.params[1].type.kind, TypeKind::ArraySize);
  EXPECT_EQ(checksum.params[1].type.valueSpelling, "unsigned long");
  const TypeDesc &bytes = method("feed").params[0].type;
  EXPECT_EQ(bytes.kind, TypeKind::Array);
  EXPECT_EQ(bytes.valueSpelling, "unsigned char");
  const TypeDesc &values = method("readAll").params[0].type;
  EXPECT_EQ(values.kind, TypeKind::Array);
  EXPECT_EQ(values.passing, Passing::Pointer);
  EXPECT_TRUE(values.isOutParameter());
  EXPECT_EQ(values.elements.at(0).kind, TypeKind::Floating);
  // An array of a class is written from what its non-explicit constructor converts.
  const TypeDesc &words = method("join").params[0].type;
  ASSERT_EQ(words.kind, TypeKind::Array) << words.unsupportedReason;
  EXPECT_EQ(words.className, "io::Word");
  EXPECT_EQ(words.valueSpelling, "io::Word");
  EXPECT_EQ(words.elements.at(0).kind, TypeKind::CString);
  EXPECT_EQ(method("join").params[1].type.kind, TypeKind::ArraySize);
  // A std::vector of them likewise, as an argument the call reads only.
  const TypeDesc &wordList = method("joinAll").params[0].type;
  ASSERT_EQ(wordList.kind, TypeKind::Container) << wordList.unsupportedReason;
  EXPECT_TRUE(wordList.holdsObjects());
  EXPECT_EQ(wordList.className, "io::Word");
  EXPECT_EQ(wordList.valueSpelling, "std::vector<io::Word>");
  EXPECT_EQ(wordList.passing, Passing::ConstReference);
  EXPECT_EQ(wordList.elements.at(0).kind, TypeKind::CString);
  EXPECT_EQ(method("splitInto").unsupportedReason,
            "parameter 1 has type std::vector<io::Word> *: a container of io::Word is supported "
            "only as an argument the call reads");
  // As a result it is not asserted (the call is made, its result left alone).
  EXPECT_EQ(method("words").returnType.unsupportedReason,
            "a container of io::Word is supported only as a std::vector, std::deque or std::list "
            "the call reads");
  EXPECT_FALSE(method("joinSet").isSupported());
  EXPECT_EQ(method("readers").unsupportedReason,
            "parameter 1 has type std::vector<io::Reader>: a container of io::Reader: it has no "
            "public non-explicit constructor from one number or string");
  EXPECT_EQ(method("sizeOf").unsupportedReason,
            "parameter 1 has type const io::Reader *: an array of io::Reader: it has no public "
            "non-explicit constructor from one number or string");
  // A string and a number are one string to write (`AppendNumberTo(std::string *str, uint64_t
  // num)`); a mutable object and a number one object to change (`SetCount(WriteBatch *batch,
  // int n)`).
  const Callable &appendNumber = method("appendNumber");
  ASSERT_TRUE(appendNumber.isSupported()) << appendNumber.unsupportedReason;
  EXPECT_EQ(appendNumber.params[0].type.kind, TypeKind::String);
  EXPECT_TRUE(appendNumber.params[0].type.isOutParameter());
  EXPECT_EQ(appendNumber.params[1].type.kind, TypeKind::Integer);
  EXPECT_TRUE(method("resize").isSupported()) << method("resize").unsupportedReason;
  EXPECT_EQ(method("resize").params[0].type.kind, TypeKind::Class);
}

TEST_F(FrontendParameterKindsTest, ASharedPointerToAClassOfTheProjectIsSharedOwnership) {
  const TypeDesc &made = method("sharedSettings").returnType;
  EXPECT_EQ(made.kind, TypeKind::Class);
  EXPECT_EQ(made.passing, Passing::SharedPtr);
  EXPECT_EQ(made.className, "io::Settings");
  EXPECT_EQ(made.spelling, "std::shared_ptr<io::Settings>");
  for (const char *name : {"depthOfShared", "depthOfSharedRef"}) {
    const TypeDesc &taken = method(name).params.at(0).type;
    EXPECT_EQ(taken.kind, TypeKind::Class) << name;
    EXPECT_EQ(taken.passing, Passing::SharedPtr) << name;
  }
  EXPECT_EQ(method("sharedNumber").unsupportedReason,
            "parameter 1 has type std::shared_ptr<int>: std::shared_ptr is supported only to "
            "(non-const) classes of the project");
  EXPECT_EQ(method("replaceShared").unsupportedReason,
            "parameter 1 has type std::shared_ptr<io::Settings> &: a std::shared_ptr the call "
            "sets is not supported yet");
}

TEST_F(FrontendParameterKindsTest, AStdFunctionIsACallbackOfItsSignature) {
  const TypeDesc &keep = method("visitWhile").params.at(0).type;
  EXPECT_EQ(keep.kind, TypeKind::Callback);
  EXPECT_EQ(keep.passing, Passing::ConstReference);
  EXPECT_EQ(keep.callbackResult(), "bool");
  EXPECT_EQ(keep.callbackParameters(), "int");
  const TypeDesc &sink = method("onName").params.at(0).type;
  EXPECT_EQ(sink.kind, TypeKind::Callback);
  EXPECT_EQ(sink.passing, Passing::Value);
  EXPECT_EQ(sink.callbackResult(), "void");
  EXPECT_EQ(sink.callbackParameters(), "const std::string&");
  EXPECT_EQ(method("swapVisitor").unsupportedReason,
            "parameter 1 has type std::function<void ()> &: a std::function the call sets is not "
            "supported yet");
}

TEST_F(FrontendParameterKindsTest, BuffersAndOtherPointersSayWhyNot) {
  auto reason = [](const std::string &name) { return method(name).unsupportedReason; };
  // A `char *` without a length: plenty of chars, as the callee's size is written nowhere.
  const Callable &rename = method("rename");
  EXPECT_TRUE(rename.isSupported()) << rename.unsupportedReason;
  EXPECT_EQ(rename.params[0].type.passing, Passing::Buffer);
  EXPECT_EQ(outputBufferChars(rename, 0, 0), kUnsizedOutputBuffer);
  EXPECT_EQ(outputBufferChars(method("print"), 1, 8), 8); // `print(value, buffer, bufferSize)`
  EXPECT_EQ(reason("readByte"),
            "parameter 1 has type uint8_t *: byte buffers (uint8_t *) are not supported yet");
  EXPECT_EQ(reason("sum"), "parameter 1 has type const int *: pointers to const values (input "
                           "arrays) are not supported yet");
  EXPECT_NE(reason("readPair"), "");
  // A result `int*` is no out-parameter: the call is made, its result neither printed nor kept.
  EXPECT_FALSE(method("cursor").returnType.isSupported());
  EXPECT_FALSE(method("cursor").returnType.isOutParameter());
}

TEST_F(FrontendParameterKindsTest, StandardContainersOfValuesAreValuesOfTheirElements) {
  const TypeDesc &list = method("readList").params[0].type;
  EXPECT_EQ(list.kind, TypeKind::Container);
  EXPECT_EQ(list.container, "vector");
  EXPECT_EQ(list.passing, Passing::Pointer);
  EXPECT_EQ(list.spelling, "std::vector<int>*");
  EXPECT_TRUE(list.isOutParameter());
  ASSERT_EQ(list.elements.size(), 1u);
  EXPECT_EQ(list.elements[0].kind, TypeKind::Integer);

  // A map of key and mapped type, the mapped one a container itself; spelled as a test
  // declares it (no allocator, no comparator).
  const Callable &groups = method("groups");
  EXPECT_TRUE(groups.isSupported()) << groups.unsupportedReason;
  EXPECT_EQ(groups.returnType.valueSpelling, "std::map<std::string, std::vector<long>>");
  ASSERT_EQ(groups.returnType.elements.size(), 2u);
  EXPECT_EQ(groups.returnType.elements[1].kind, TypeKind::Container);
  EXPECT_TRUE(groups.returnType.isPrintable());
  EXPECT_EQ(groups.params[0].type.passing, Passing::ConstReference);
  EXPECT_EQ(groups.params[0].type.valueSpelling, "std::set<unsigned int>");
  EXPECT_FALSE(groups.params[0].type.isOutParameter());

  const TypeDesc &flags = method("flags").returnType;
  EXPECT_EQ(flags.container, "unordered_map");
  EXPECT_EQ(flags.spelling, "const std::unordered_map<int, bool>&");

  // A container of objects: the call is made, its result neither asserted nor kept.
  EXPECT_FALSE(method("peers").returnType.isSupported());
  EXPECT_EQ(method("peers").returnType.unsupportedReason,
            "containers are supported only of numbers, enums, strings and containers of them "
            "(not io::Reader *)");
  EXPECT_EQ(method("keep").unsupportedReason,
            "parameter 1 has type const std::set<int, std::greater<int>> &: containers with their "
            "own comparator, hash or allocator are not supported yet");
}

TEST_F(FrontendParameterKindsTest, StreamsAreAStringStreamToReadOrToWrite) {
  const TypeDesc &in = method("load").params[0].type;
  EXPECT_EQ(in.kind, TypeKind::InputStream);
  EXPECT_EQ(in.spelling, "std::istream&");
  EXPECT_FALSE(in.isOutParameter()); // its text is an argument
  const TypeDesc &out = method("save").params[0].type;
  EXPECT_EQ(out.kind, TypeKind::OutputStream);
  EXPECT_EQ(out.spelling, "std::ostream&");
  EXPECT_TRUE(out.isOutParameter()); // what the call wrote is asserted
  // `write(out)` returns its argument: the call is made, its result not asserted.
  EXPECT_TRUE(method("write").isSupported()) << method("write").unsupportedReason;
  EXPECT_FALSE(method("write").returnType.isSupported());
  EXPECT_EQ(method("peek").unsupportedReason,
            "parameter 1 has type const std::istream &: streams are supported only as non-const "
            "reference parameters");
}

TEST_F(FrontendParameterKindsTest, AStringViewIsAStringWhoseTextTheTestKeeps) {
  const Callable *setter = nullptr, *getter = nullptr;
  for (const Callable &callable : model_->callables)
    if (callable.qualifiedName == "io::Reader::title")
      (callable.params.empty() ? getter : setter) = &callable;
  ASSERT_TRUE(setter && getter);
  EXPECT_EQ(setter->params[0].type.kind, TypeKind::String);
  EXPECT_TRUE(setter->params[0].type.isStringView());
  EXPECT_EQ(setter->params[0].type.spelling, "std::string_view");
  EXPECT_TRUE(getter->returnType.isStringView());
  EXPECT_TRUE(getter->returnType.isPrintable());
  EXPECT_EQ(method("lastTitle").unsupportedReason,
            "parameter 1 has type std::string_view *: a std::string_view the call sets is not "
            "supported yet");
}

TEST_F(FrontendParameterKindsTest, APairIsAContainerOfItsTwoValues) {
  const TypeDesc &where = method("where").returnType;
  EXPECT_EQ(where.kind, TypeKind::Container);
  EXPECT_TRUE(where.isProduct());
  EXPECT_EQ(where.valueSpelling, "std::pair<int, std::string>");
  ASSERT_EQ(where.elements.size(), 2u);
  EXPECT_EQ(where.elements[1].kind, TypeKind::String);
  EXPECT_TRUE(method("moveTo").isSupported()) << method("moveTo").unsupportedReason;
  EXPECT_EQ(method("moveTo").params[0].type.spelling, "const std::pair<int, int>&");
  const TypeDesc &scores = method("scores").returnType;
  EXPECT_FALSE(scores.isProduct());
  ASSERT_EQ(scores.elements.size(), 1u);
  EXPECT_TRUE(scores.elements[0].isProduct());
  EXPECT_EQ(scores.valueSpelling, "std::vector<std::pair<std::string, double>>");
  // A tuple likewise: one value of each of its types.
  const TypeDesc &state = method("state").returnType;
  EXPECT_TRUE(state.isProduct());
  EXPECT_EQ(state.container, "tuple");
  EXPECT_EQ(state.valueSpelling, "std::tuple<int, std::string, bool>");
  ASSERT_EQ(state.elements.size(), 3u);
  EXPECT_EQ(state.elements[2].kind, TypeKind::Bool);
  EXPECT_TRUE(method("restore").isSupported()) << method("restore").unsupportedReason;
  EXPECT_EQ(method("restore").params[0].type.elements.at(1).kind, TypeKind::Container);
  // A variant's alternatives are its elements, one type twice too; none inside a container.
  const TypeDesc &shown = method("shown").returnType;
  EXPECT_TRUE(shown.isVariant());
  EXPECT_FALSE(shown.isProduct());
  EXPECT_EQ(shown.valueSpelling, "std::variant<int, std::string>");
  ASSERT_EQ(shown.elements.size(), 2u);
  EXPECT_EQ(shown.elements[1].kind, TypeKind::String);
  ASSERT_TRUE(method("show").isSupported()) << method("show").unsupportedReason;
  EXPECT_EQ(method("show").params[0].type.elements.size(), 3u);
  EXPECT_EQ(method("show").params[0].type.elements[1].container, "vector");
  EXPECT_FALSE(method("nest").isSupported());
  EXPECT_NE(method("nest").unsupportedReason.find("std::variant<int, bool>"), std::string::npos)
      << method("nest").unsupportedReason;
}

TEST_F(FrontendParameterKindsTest, AFactorysNewObjectIsTheCallersAnotherKeptOneIsNot) {
  auto function = [](const std::string &name) -> const Callable * {
    for (const Callable &callable : model_->callables)
      if (callable.qualifiedName == "io::" + name)
        return &callable;
    return nullptr;
  };
  for (const char *owned : {"newClock", "anyClock"}) {
    ASSERT_TRUE(function(owned)) << owned;
    EXPECT_TRUE(function(owned)->returnsOwned) << owned;
  }
  for (const char *kept : {"systemClock", "sharedOrNewClock"}) {
    ASSERT_TRUE(function(kept)) << kept;
    EXPECT_FALSE(function(kept)->returnsOwned) << kept;
  }
  // A handle the reader allocates is the reader's to free (`close`).
  EXPECT_FALSE(method("open").returnsOwned);
  EXPECT_FALSE(method("cursor").returnsOwned);
  if (const Callable *array = function("newReaders"))
    EXPECT_FALSE(array->returnsOwned);
}

TEST_F(FrontendParameterKindsTest, PublicValueFieldsAreSetByAssignment) {
  std::map<std::string, const Callable *> setters;
  for (const Callable &callable : model_->callables)
    if (callable.isFieldSetter)
      setters[callable.qualifiedName] = &callable;
  // Numbers, bools, strings and enums; not a const, static, pointer or private one.
  ASSERT_EQ(setters.size(), 4u);
  for (const char *field : {"depth", "strict", "name", "mode"}) {
    const Callable *setter = setters["io::Settings::" + std::string(field)];
    ASSERT_TRUE(setter) << field;
    EXPECT_TRUE(setter->isSupported()) << setter->unsupportedReason;
    EXPECT_EQ(setter->kind, CallableKind::Method);
    EXPECT_EQ(setter->owner, "io::Settings");
    ASSERT_EQ(setter->params.size(), 1u);
    EXPECT_EQ(setter->params[0].name, field);
    EXPECT_FALSE(setter->isConst);
    EXPECT_EQ(setter->effects.writes,
              (std::vector<std::string>{"io::Settings::" + std::string(field)}));
  }
  EXPECT_EQ(setters["io::Settings::depth"]->params[0].type.kind, TypeKind::Integer);
  EXPECT_EQ(setters["io::Settings::mode"]->params[0].type.kind, TypeKind::Enum);
}

TEST_F(FrontendParameterKindsTest, AParameterUnitgenCannotPassButCanLeaveOutTakesItsDefault) {
  // `dump(level, int Reader::*member = nullptr, bool flush = false)` is called as `dump(level)`.
  const Callable &dump = method("dump");
  EXPECT_TRUE(dump.isSupported()) << dump.unsupportedReason;
  ASSERT_EQ(dump.params.size(), 1u);
  EXPECT_EQ(dump.params[0].name, "level");
  // Without a default, the parameter still blocks.
  EXPECT_FALSE(method("dumpWith").isSupported());
}

TEST_F(FrontendParameterKindsTest, AFileParameterIsAFileOfTheTestsFolder) {
  for (const char *name : {"dumpTo", "loadFrom"}) { // `FILE *` and `std::FILE *` alike
    const Callable &callable = method(name);
    ASSERT_TRUE(callable.isSupported()) << name << ": " << callable.unsupportedReason;
    const TypeDesc &file = callable.params[0].type;
    EXPECT_EQ(file.kind, TypeKind::File) << name;
    EXPECT_EQ(file.passing, Passing::Pointer) << name;
    EXPECT_EQ(file.spelling, "std::FILE*") << name;
    EXPECT_TRUE(file.isOutParameter()) << name; // the text the call left in it is asserted
  }
  // A file a call opens is the caller's to close: nothing a test could assert.
  EXPECT_EQ(method("openLog").returnType.unsupportedReason,
            "FILE * is supported only as a parameter");
}

TEST_F(FrontendParameterKindsTest, AnObjectMadeThroughAPointerToPointerIsTheCallsObject) {
  const Callable &open = method("openSettings");
  ASSERT_TRUE(open.isSupported()) << open.unsupportedReason;
  EXPECT_EQ(open.madeThrough, 1);
  const TypeDesc &made = open.params[1].type;
  EXPECT_EQ(made.kind, TypeKind::MadeObject);
  EXPECT_EQ(made.className, "io::Settings");
  EXPECT_EQ(made.spelling, "io::Settings**");
  EXPECT_FALSE(made.isOutParameter()); // the object is the statement's, not a value to assert
  // The call's result is that object, as a factory's; what it returns is kept aside.
  EXPECT_EQ(open.returnType.kind, TypeKind::Class);
  EXPECT_EQ(open.returnType.className, "io::Settings");
  EXPECT_EQ(open.returnType.passing, Passing::Pointer);
  EXPECT_EQ(open.madeReturn.kind, TypeKind::Bool);
  // Every store through it is a `new` (by way of a local) or null: the test owns the object.
  EXPECT_TRUE(open.returnsOwned);

  const Callable &self = method("self"); // stores `this`: something else owns it
  ASSERT_TRUE(self.isSupported()) << self.unsupportedReason;
  EXPECT_EQ(self.madeThrough, 0);
  EXPECT_FALSE(self.returnsOwned);
  EXPECT_EQ(self.madeReturn.kind, TypeKind::Void);

  EXPECT_EQ(method("split").unsupportedReason,
            "parameter 2 has type io::Reader**: a call that makes two objects through parameters "
            "is not supported");
  EXPECT_EQ(method("later").unsupportedReason,
            "parameter 1 has type io::Reader**: unitgen sees no definition of it or of an override "
            "that stores through it, so who owns the object it makes is unknown");
  // A pure virtual method has no definition: its overrides that store through the parameter
  // store `new` objects, so the caller owns what it makes.
  const Callable *copy = nullptr;
  for (const Callable &callable : model_->callables)
    if (callable.qualifiedName == "io::Clock::copy")
      copy = &callable;
  ASSERT_NE(copy, nullptr);
  EXPECT_TRUE(copy->isSupported()) << copy->unsupportedReason;
  EXPECT_EQ(copy->madeThrough, 0);
  EXPECT_TRUE(copy->returnsOwned);
}

TEST_F(FrontendParameterKindsTest, FunctionPointersAreCallbacksAndVoidPointersUserData) {
  const Callable &visitAll = method("visitAll");
  EXPECT_TRUE(visitAll.isSupported()) << visitAll.unsupportedReason;
  const TypeDesc &visit = visitAll.params[0].type;
  EXPECT_EQ(visit.kind, TypeKind::Callback);
  // Its return type, then its parameters: what the lambda a test passes is spelled with.
  ASSERT_EQ(visit.elements.size(), 3u);
  EXPECT_EQ(visit.elements[0].kind, TypeKind::Void);
  EXPECT_EQ(visit.elements[1].spelling, "int");
  EXPECT_EQ(visit.elements[2].spelling, "void *");
  EXPECT_EQ(visitAll.params[1].type.kind, TypeKind::UserData);
  EXPECT_EQ(method("context").returnType.kind, TypeKind::UserData);
  EXPECT_TRUE(method("context").returnType.isPrintable());

  const TypeDesc &compare = method("sortWith").params[0].type;
  EXPECT_EQ(compare.kind, TypeKind::Callback);
  EXPECT_EQ(compare.elements[0].spelling, "int");
  EXPECT_EQ(
      method("readBytes").unsupportedReason,
      "parameter 1 has type const void *: input buffers (const void *) are not supported yet");
  EXPECT_EQ(method("logTo").unsupportedReason,
            "parameter 1 has type void (*)(const char *, ...): variadic function pointers are not "
            "supported");
}

TEST_F(FrontendParameterKindsTest, AnAbstractClassNothingMakesIsMockedOneAFactoryMakesIsNot) {
  const ClassInfo *sink = model_->findClass("io::Sink");
  ASSERT_NE(sink, nullptr);
  ASSERT_EQ(sink->mockMethods.size(), 2u);
  EXPECT_EQ(sink->mockMethods[0].name, "flush");
  EXPECT_TRUE(sink->mockMethods[0].isConst);
  EXPECT_EQ(sink->mockMethods[0].returnSpelling, "int");
  EXPECT_EQ(sink->mockMethods[1].name, "write");
  EXPECT_EQ(sink->mockMethods[1].paramSpellings, std::vector<std::string>{"const std::string &"});
  // Each parameter described too, for the driver to record its argument with each call.
  ASSERT_EQ(sink->mockMethods[1].params.size(), 1u);
  EXPECT_EQ(sink->mockMethods[1].params[0].kind, TypeKind::String);
  EXPECT_EQ(sink->mockMethods[1].params[0].passing, Passing::ConstReference);
  ASSERT_EQ(sink->mockMethods[0].params.size(), 1u);
  EXPECT_EQ(sink->mockMethods[0].params[0].kind, TypeKind::Bool);
  // What flush() returns is the mock constructor's one argument, for the strategies to choose;
  // write() returns nothing.
  EXPECT_EQ(sink->mockMethods[0].resultParameter, 0);
  EXPECT_EQ(sink->mockMethods[0].result.kind, TypeKind::Integer);
  EXPECT_EQ(sink->mockMethods[1].resultParameter, -1);
  int mocks = 0;
  for (int id : sink->callables) {
    const Callable &callable = model_->callables[id];
    mocks += callable.isMock;
    if (callable.isMock) {
      ASSERT_EQ(callable.params.size(), 1u);
      EXPECT_EQ(callable.params[0].name, "flush");
      EXPECT_EQ(callable.params[0].type.kind, TypeKind::Integer);
    }
    // The mock's methods are the code under test's to call.
    if (!callable.isMock)
      EXPECT_FALSE(callable.isSupported()) << callable.name;
  }
  EXPECT_EQ(mocks, 1);
  EXPECT_TRUE(method("drain").isSupported()) << method("drain").unsupportedReason;
  const ClassInfo *clock = model_->findClass("io::Clock");
  ASSERT_NE(clock, nullptr);
  EXPECT_TRUE(clock->mockMethods.empty());
  EXPECT_TRUE(method("stamp").isSupported()) << method("stamp").unsupportedReason;
}

TEST_F(FrontendParameterKindsTest, AnEmptyClassIsAHandleTestsGetOnlyFromCalls) {
  ASSERT_TRUE(isHandleClass(*model_, "io::Reader::Handle"));
  EXPECT_FALSE(isHandleClass(*model_, "io::Reader"));
  const ClassInfo *handle = model_->findClass("io::Reader::Handle");
  ASSERT_NE(handle, nullptr);
  for (int id : handle->callables)
    EXPECT_NE(model_->callables[id].unsupportedReason.find("handle"), std::string::npos);
  EXPECT_TRUE(method("close").isSupported()) << method("close").unsupportedReason;
}

TEST(FrontendSubclassTest, AnAbstractClassASubclassImplementsGetsTheSubclassNotAMock) {
  test::TempProject project;
  project.write("shapes.h", R"cpp(#pragma once
namespace geo {
class Shape {
public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
class Square : public Shape {
public:
  explicit Square(double side) : side_(side) {}
  double area() const override { return side_ * side_; }
private:
  double side_;
};
/// A subclass a test cannot name: never used.
class Canvas {
  class Dot : public Shape {
  public:
    double area() const override { return 0; }
  };
public:
  void add(const Shape &shape);
  double total() const { return total_; }
private:
  double total_ = 0;
};
} // namespace geo
)cpp");
  project.write("shapes.cpp", "#include \"shapes.h\"\n"
                              "void geo::Canvas::add(const Shape &shape) { total_ += "
                              "shape.area(); }\n");
  project.addSource("shapes.cpp");
  project.writeDatabase();
  Expected<ClassModel> model = buildModel(project.options(), "geo::Canvas", false);
  ASSERT_TRUE(model) << model.error().message;
  const ClassInfo *shape = model->findClass("geo::Shape");
  ASSERT_NE(shape, nullptr);
  EXPECT_TRUE(shape->mockMethods.empty()) << "a subclass is there to construct";
  ASSERT_NE(model->findClass("geo::Square"), nullptr);
  EXPECT_EQ(model->findClass("geo::Canvas::Dot"), nullptr);
  const Callable *upcast = nullptr;
  for (const Callable &callable : model->callables)
    if (callable.isUpcast)
      upcast = &callable;
  ASSERT_NE(upcast, nullptr);
  EXPECT_EQ(upcast->owner, "geo::Square");
  EXPECT_EQ(upcast->name, "static_cast<geo::Shape &>");
  EXPECT_EQ(upcast->returnType.className, "geo::Shape");
  EXPECT_EQ(upcast->returnType.passing, Passing::Reference);
  EXPECT_TRUE(upcast->isSupported()) << upcast->unsupportedReason;
  EXPECT_FALSE(model->isUnderTest(*upcast));
  for (const Callable &callable : model->callables)
    if (callable.name == "add")
      EXPECT_TRUE(callable.isSupported()) << callable.unsupportedReason;

  // `unitgen list` counts the class's own callables, never an upcast.
  Expected<std::vector<TestableEntry>> entries = listTestables(project.options());
  ASSERT_TRUE(entries) << entries.error().message;
  for (const TestableEntry &entry : *entries)
    if (entry.name == "geo::Square")
      EXPECT_EQ(entry.callables, 2u); // Square(double), area()
}

} // namespace
} // namespace unitgen
