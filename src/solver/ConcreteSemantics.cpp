// ConcreteSemantics: the solver's entry to the concrete meaning of each expression kind
// (model/ExprSemantics.h, shared with the symbolic runtime).
#include "solver/ConcreteSemantics.h"

#include "model/ExprSemantics.h"

namespace unitgen {

uint64_t maskToWidth(uint64_t bits, uint16_t width) {
  return unitgen_semantics::maskToWidth(bits, width);
}

uint64_t evaluateNode(const PoolNode &node, const uint64_t *op, const uint16_t *opWidth) {
  return unitgen_semantics::evaluateExpr(node.kind, node.width, node.value, op, opWidth);
}

} // namespace unitgen
