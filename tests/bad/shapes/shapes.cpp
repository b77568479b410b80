#include "shapes.h"

namespace geo {

void Canvas::add(const Shape &shape) {
  if (shape.area() > 10)
    total_ += shape.area();
  ++count_;
  last_ = shape.name();
}

} // namespace geo
