// unitgen/theory.h: properties a user writes over any object of a class, which unitgen checks
// on the objects its calls make and change (`unitgen generate --theories FILE`).
//
//   #include <unitgen/theory.h>
//   #include "tinyxml2.h"
//
//   UNITGEN_THEORY(tinyxml2::XMLDocument, PrintedDocumentParsesBack)
//   (const tinyxml2::XMLDocument &doc) {
//     UNITGEN_ASSUME(!doc.Error() && doc.ProcessEntities()); // else: nothing said of doc
//     auto print = [](const tinyxml2::XMLDocument &d) {
//       tinyxml2::XMLPrinter printer;
//       d.Print(&printer);
//       return std::string(printer.CStr());
//     };
//     tinyxml2::XMLDocument parsed, again;
//     UNITGEN_ASSUME(parsed.Parse(print(doc).c_str()) == tinyxml2::XML_SUCCESS);
//     UNITGEN_ASSERT(again.Parse(print(parsed).c_str()) == tinyxml2::XML_SUCCESS);
//     UNITGEN_ASSERT(print(again) == print(parsed));
//   }
//
// A theory of a class holds for its subclasses' objects too. A failed UNITGEN_ASSUME or
// UNITGEN_ASSERT returns from the theory, so both work with -fno-exceptions; a helper function
// using them returns from the helper only. A theory must not change global state: unitgen runs
// it after every call.
#pragma once

#include <string>
#include <vector>

namespace unitgen {
namespace theory_detail {

/// A class's identity without RTTI (projects build with -fno-rtti): one address per type.
template <typename T> inline const char typeKey = 0;

/// One UNITGEN_THEORY, registered before main runs.
struct Theory {
  const char *className;
  const char *name;
  const void *type; ///< &typeKey<Class>
  void (*check)(const void *object);
};

inline std::vector<Theory> &registry() {
  static std::vector<Theory> theories;
  return theories;
}

struct Registration {
  explicit Registration(const Theory &theory) { registry().push_back(theory); }
};

/// What the theory running now has said: nothing yet, that its assumption does not hold, or
/// which assertion failed.
struct Verdict {
  bool assumptionFailed = false;
  std::string violation;
};

inline Verdict *&currentVerdict() {
  static thread_local Verdict *verdict = nullptr;
  return verdict;
}

inline const char *baseName(const char *path) {
  const char *name = path;
  for (const char *c = path; *c; ++c)
    if (*c == '/' || *c == '\\')
      name = c + 1;
  return name;
}

inline void assumptionFailed() {
  if (Verdict *verdict = currentVerdict())
    verdict->assumptionFailed = true;
}

inline void assertionFailed(const char *condition, const char *file, int line) {
  if (Verdict *verdict = currentVerdict())
    verdict->violation = std::string("UNITGEN_ASSERT(") + condition + ") failed at " +
                         baseName(file) + ":" + std::to_string(line);
}

/// Runs `theory` on `object` (of its class): empty when it holds or its assumptions do not,
/// else `<theory>: <failed assertion>`.
inline std::string violationOf(const Theory &theory, const void *object) {
  Verdict verdict;
  Verdict *outer = currentVerdict();
  currentVerdict() = &verdict;
  theory.check(object);
  currentVerdict() = outer;
  if (verdict.assumptionFailed || verdict.violation.empty())
    return "";
  return std::string(theory.name) + ": " + verdict.violation;
}

} // namespace theory_detail

/// What theory `name` says of `object`: empty when it holds (or its assumptions do not), else
/// which of its assertions failed. A failure test unitgen writes asserts it is empty; a theory
/// of another class, or none of that name, says so.
template <typename T> std::string theoryViolation(const char *name, const T &object) {
  for (const theory_detail::Theory &theory : theory_detail::registry())
    if (std::string(theory.name) == name) {
      if (theory.type != &theory_detail::typeKey<T>)
        return std::string(name) + " is a theory of " + theory.className + ", not of this object";
      return theory_detail::violationOf(theory, &object);
    }
  return std::string("no theory named ") + name + " is linked in";
}

/// The first violation among the theories of exactly class T (the driver asks for each class
/// an object is, its own and its bases): false and `theory` and `violation` set, or true.
template <typename T>
bool theoriesHold(const T &object, std::string &theory, std::string &violation) {
  for (const theory_detail::Theory &registered : theory_detail::registry()) {
    if (registered.type != &theory_detail::typeKey<T>)
      continue;
    std::string found = theory_detail::violationOf(registered, &object);
    if (!found.empty()) {
      theory = registered.name;
      violation = found;
      return false;
    }
  }
  return true;
}

} // namespace unitgen

/// `UNITGEN_THEORY(Class, Name)(const Class &object) { ... }`: a theory over every object of
/// Class. Name is an identifier, unique among the theories of a program.
#define UNITGEN_THEORY(Class, Name)                                                                \
  void unitgen_theory_##Name(const Class &);                                                       \
  static const ::unitgen::theory_detail::Registration unitgen_theory_registration_##Name{          \
      {#Class, #Name, &::unitgen::theory_detail::typeKey<Class>,                                   \
       [](const void *object) { unitgen_theory_##Name(*static_cast<const Class *>(object)); }}};   \
  void unitgen_theory_##Name

/// Ends the theory silently when `condition` is false: it says nothing of this object.
#define UNITGEN_ASSUME(condition)                                                                  \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      ::unitgen::theory_detail::assumptionFailed();                                                \
      return;                                                                                      \
    }                                                                                              \
  } while (false)

/// Ends the theory with a violation when `condition` is false.
#define UNITGEN_ASSERT(condition)                                                                  \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      ::unitgen::theory_detail::assertionFailed(#condition, __FILE__, __LINE__);                   \
      return;                                                                                      \
    }                                                                                              \
  } while (false)
