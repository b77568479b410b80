// ObjectProfiles: one profile function per class, over the fields the heap walker reads.
#include "harness/ObjectProfiles.h"

#include "harness/DriverGenerator.h"

#include <fmt/format.h>

namespace unitgen {

std::string objectProfileFunctions(const ClassModel &model) {
  std::string out;
  for (size_t t = 0; t < model.classes.size(); ++t)
    out += fmt::format("[[maybe_unused]] static void profile_{}(unitgen_rt::ObjectProfile &p, "
                       "const void *object);\n",
                       t);
  out += "\n";
  for (size_t t = 0; t < model.classes.size(); ++t) {
    const ClassInfo &info = model.classes[t];
    std::string body;
    for (const Field &field : info.fields) {
      const int target = typeIdOf(model, field.recordName);
      switch (field.shape) {
      case FieldShape::Value:
      case FieldShape::Ref:
      case FieldShape::HeapArray:
        body += fmt::format("  p.field(o.{});\n", field.name);
        break;
      case FieldShape::Embedded:
        if (target >= 0)
          body += fmt::format("  profile_{}(p, &o.{});\n", target, field.name);
        break;
      case FieldShape::Opaque:
        break;
      }
    }
    out += fmt::format("static void profile_{}(unitgen_rt::ObjectProfile &p, const void *object) "
                       "{{\n",
                       t);
    if (body.empty())
      out += "  (void)p;\n  (void)object;\n";
    else
      out += fmt::format("  const auto &o = *static_cast<const {} *>(object);\n{}",
                         info.qualifiedName, body);
    out += "}\n";
    out += fmt::format("[[maybe_unused]] static uint64_t profileOf_{0}(const void *object) {{\n"
                       "  if (!object)\n    return 0;\n"
                       "  unitgen_rt::ObjectProfile p;\n  profile_{0}(p, object);\n"
                       "  return p.hash();\n}}\n\n",
                       t);
  }
  return out;
}

} // namespace unitgen
