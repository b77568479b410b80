// TheoryChecks: the generated C++ that runs the user's --theories (include/unitgen/theory.h) on
// an object of a model class, shared by the sequence drivers and the exhaustive driver.
#pragma once

#include "model/ClassModel.h"

#include <cstddef>
#include <string>

namespace unitgen {

/// The header, and `baseTheoriesHold<Base>(object, theory, violation)`: a base's theories on
/// an object of a class derived from it, true for any other class. Once per driver, after the
/// model's headers.
std::string theoryPreamble();

/// `bool theories_<t>(const void *object, std::string &theory, std::string &violation)`: the
/// theories of class `t` of `model`, then of each model class it derives from; false with the
/// first violated theory's name and its violation.
std::string theoryFunction(const ClassModel &model, size_t t);

} // namespace unitgen
