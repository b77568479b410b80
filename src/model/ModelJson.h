// JSON (de)serialization of the model vocabulary: ClassModel, Sequence, Outcome.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

#include <nlohmann/json.hpp>

namespace unitgen {

void to_json(nlohmann::json &j, const TypeDesc &t);
void from_json(const nlohmann::json &j, TypeDesc &t);
void to_json(nlohmann::json &j, const ClassModel &m);
void from_json(const nlohmann::json &j, ClassModel &m);
void to_json(nlohmann::json &j, const Value &v);
void from_json(const nlohmann::json &j, Value &v);
void to_json(nlohmann::json &j, const Sequence &s);
void from_json(const nlohmann::json &j, Sequence &s);
void to_json(nlohmann::json &j, const Outcome &o);

} // namespace unitgen
