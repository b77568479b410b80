// How the driver records the arguments of a mock's calls and the test's EXPECT_CALL matches them.
#include "model/MockArguments.h"

namespace unitgen {
namespace {

/// A method of `info` is the only one of its name: `&Class::name` is one pointer.
bool uniquelyNamed(const ClassModel &model, const ClassInfo &info, const Callable &method) {
  for (int id : info.callables)
    if (id != method.id && model.callables[id].name == method.name)
      return false;
  return true;
}

/// The observer of `className` that gives its objects' text, or -1.
int textObserver(const ClassModel &model, const std::string &className) {
  for (const ClassInfo &info : model.classes) {
    if (info.qualifiedName != className)
      continue;
    for (int id : assertedObservers(model, info)) {
      const Callable &observer = model.callables[id];
      const TypeDesc &text = observer.returnType;
      if (observer.isObserver && observer.kind == CallableKind::Method &&
          text.kind == TypeKind::String && !text.isStringView() && text.passing == Passing::Value &&
          uniquelyNamed(model, info, observer))
        return id;
    }
  }
  return -1;
}

} // namespace

MockArgumentReading mockArgumentReading(const ClassModel &model, const MockMethod &method,
                                        size_t position) {
  MockArgumentReading reading;
  if (position >= method.params.size())
    return reading;
  const TypeDesc &type = method.params[position];
  const bool byValue = type.passing == Passing::Value || type.passing == Passing::ConstReference;
  if (type.kind == TypeKind::Class) {
    if (byValue || type.passing == Passing::Reference) {
      reading.observer = textObserver(model, type.className);
      if (reading.observer >= 0)
        reading.kind = MockArgumentReading::Kind::Text;
    }
  } else if (byValue && type.isSupported() && type.isPrintable()) {
    // `const char *data, size_t n`: bytes with their length, no C string to read up to a NUL.
    const bool sized = type.kind == TypeKind::CString && position + 1 < method.params.size() &&
                       method.params[position + 1].kind == TypeKind::Integer &&
                       method.params[position + 1].passing == Passing::Value;
    if (!sized)
      reading.kind = MockArgumentReading::Kind::Value;
  }
  return reading;
}

bool recordsArguments(const ClassModel &model, const MockMethod &method) {
  for (size_t i = 0; i < method.params.size(); ++i)
    if (mockArgumentReading(model, method, i).kind != MockArgumentReading::Kind::Unrecorded)
      return true;
  return false;
}

} // namespace unitgen
