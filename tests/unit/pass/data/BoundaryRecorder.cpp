// BoundaryRecorder: the boundary probe's definition in pass test programs (drivers get
// Coverage.cpp's): appends `line site order` of each probe call that saw ordered operands to the
// file named by $UNITGEN_BOUNDARY_OUT, so a test can check which orders each comparison saw.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" {
#define UNITGEN_SYM_FUNCTION(Name, Ret, ...) Ret __unitgen_sym_##Name(__VA_ARGS__);
#include "symbolic/SymbolicAbi.def"

void __unitgen_sym_boundary(uint32_t site, uint32_t line, uint8_t order) {
  const char *path = std::getenv("UNITGEN_BOUNDARY_OUT");
  if (order == 0 || !path) // kOrderNone
    return;
  if (FILE *out = std::fopen(path, "a")) {
    std::fprintf(out, "%u %u %u\n", line, site, order);
    std::fclose(out);
  }
}
}
