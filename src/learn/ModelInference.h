// ModelInference: the call-sequence model (model/CallSequenceModel.h) of the calls a sample
// execution recorded — each object's calls a path from its class's root, merged per class.
#pragma once

#include "learn/SampleExecution.h"
#include "model/CallSequenceModel.h"
#include "model/ClassModel.h"

#include <vector>

namespace unitgen {

CallSequenceModel inferCallSequenceModel(const ClassModel &model,
                                         const std::vector<RecordedProcess> &processes);

/// Adds to `model` an upcast (Callable::isUpcast, onlyGuided) from each class to each base the
/// tests passed its objects as (an `XMLElement` where an `XMLNode *` is taken) and the model has
/// none for; appended, so the sample's callable numbers stay. Returns how many.
int addObservedUpcasts(ClassModel &model, const CallSequenceModel &sample);

} // namespace unitgen
