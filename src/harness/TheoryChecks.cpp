// TheoryChecks: theories_<t> and the base-class helper it calls, as C++ text.
#include "harness/TheoryChecks.h"

#include <sstream>

namespace unitgen {

std::string theoryPreamble() {
  return "#include <unitgen/theory.h>\n\n#include <string>\n#include <type_traits>\n\n"
         "namespace {\n"
         "template <typename Base, typename T>\n"
         "bool baseTheoriesHold(const T &o, std::string &theory, std::string &violation) {\n"
         "  if constexpr (std::is_base_of_v<Base, T> && !std::is_same_v<Base, T>)\n"
         "    return unitgen::theoriesHold(static_cast<const Base &>(o), theory, violation);\n"
         "  else\n"
         "    return true;\n"
         "}\n"
         "} // namespace\n\n";
}

std::string theoryFunction(const ClassModel &model, size_t t) {
  const ClassInfo &info = model.classes[t];
  std::ostringstream out;
  out << "bool theories_" << t << "(const void *p, std::string &theory, std::string &violation) {\n"
      << "  const auto &o = *static_cast<const " << info.qualifiedName << " *>(p);\n"
      << "  return unitgen::theoriesHold(o, theory, violation)";
  for (const ClassInfo &base : model.classes)
    if (base.qualifiedName != info.qualifiedName)
      out << " &&\n         baseTheoriesHold<" << base.qualifiedName << ">(o, theory, violation)";
  out << ";\n}\n";
  return out.str();
}

} // namespace unitgen
