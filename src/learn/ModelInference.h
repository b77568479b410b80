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

} // namespace unitgen
