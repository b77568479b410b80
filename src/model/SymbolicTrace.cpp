// SymbolicTrace: arity and names of expression kinds, generated from SymExpr.def.
#include "model/SymbolicTrace.h"

namespace unitgen {

int arity(ExprKind kind) {
  switch (kind) {
#define UNITGEN_EXPR(Name, Arity, Meaning)                                                         \
  case ExprKind::Name:                                                                             \
    return Arity;
#include "model/SymExpr.def"
  }
  return 0;
}

const char *toString(ExprKind kind) {
  switch (kind) {
#define UNITGEN_EXPR(Name, Arity, Meaning)                                                         \
  case ExprKind::Name:                                                                             \
    return #Name;
#include "model/SymExpr.def"
  }
  return "?";
}

} // namespace unitgen
