// ExhaustiveSetup: the frontend, finitize, the driver build and the sharing probe, in the order
// both exhaustive verbs need them.
#include "pipeline/ExhaustiveSetup.h"

#include "exhaustive/FieldCoverageSuite.h"
#include "exhaustive/SharingProbe.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"
#include "pipeline/RunSettings.h"

#include <cstdio>
#include <filesystem>
#include <tuple>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

Expected<FinitizationOptions> finitizationOptionsFrom(const Options &options) {
  FinitizationOptions finitization;
  finitization.scope = options.scope;
  finitization.file = options.finitizationFile;
  finitization.symbolicNumbers = options.numbers == "symbolic";
  for (auto [flag, text, range] : {std::tuple{"--sizes", &options.sizes, &finitization.sizes},
                                   std::tuple{"--values", &options.values, &finitization.values}}) {
    if (text->empty())
      continue;
    Expected<std::pair<long long, long long>> parsed = parseRange(flag, *text);
    if (!parsed)
      return parsed.error();
    *range = *parsed;
  }
  return finitization;
}

} // namespace

Expected<ExhaustiveSetup> prepareExhaustive(const Options &options) {
  Expected<FinitizationOptions> finitization = finitizationOptionsFrom(options);
  if (!finitization)
    return finitization.error();
  FrontendOptions frontendOptions = frontendOptionsOf(options);
  Expected<ClassModel> model = buildModel(frontendOptions, options.className, false);
  if (!model)
    return model.error();
  for (const std::string &theories : options.theories) // generate's: replay checks them
    model->theories.push_back(fs::absolute(theories).lexically_normal().string());
  Expected<Finitization> domains = finitize(*model, *finitization);
  if (!domains)
    return domains.error();
  return ExhaustiveSetup{std::move(*model), *finitization, std::move(*domains)};
}

Expected<std::string> buildExhaustiveDriver(const Options &options, double budgetSeconds,
                                            ExhaustiveSetup &setup) {
  BuildOptions buildOptions = buildOptionsOf(options);
  Expected<BuiltDriver> driver = buildDriver(setup.model, BuildKind::Exhaustive, buildOptions);
  if (!driver)
    return driver.error();
  // Without --criterion (plain explore; generate's default, fet) every heap is visited.
  CoverageCriterion criterion =
      parseCoverageCriterion(options.criterion).value_or(CoverageCriterion::FieldExhaustive);
  std::optional<HeapOrder> order =
      parseHeapOrder(options.heapOrder, criterion != CoverageCriterion::FieldExhaustive);
  bool byObjects = order && holdsCountFields(*order, criterion);
  Expected<std::vector<std::string>> notes = probeSmallScope(
      driver->path, setup.model, setup.finitization, budgetSeconds, byObjects, setup.domains);
  if (!notes)
    return notes.error();
  for (const std::string &note : *notes)
    std::fprintf(stderr, "unitgen: note: %s\n", note.c_str());
  return driver->path;
}

} // namespace unitgen
