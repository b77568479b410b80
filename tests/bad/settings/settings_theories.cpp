// A theory of cfg::Settings for `unitgen generate --theories`: the body of any settings, signed,
// loads back into the same settings.
#include <unitgen/theory.h>

#include "settings.h"

#include <sstream>
#include <string>

UNITGEN_THEORY(cfg::Settings, BodyLoadsBack)(const cfg::Settings &settings) {
  const std::string body = settings.body();
  std::istringstream lines(body);
  int count = 0, sum = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    // Only settings the body lists as they are: a key with `=` or a value with a line break
    // (which set() allows) has no line of its own.
    const size_t equals = line.find('=');
    UNITGEN_ASSUME(equals != std::string::npos && equals > 0);
    UNITGEN_ASSUME(settings.text(line.substr(0, equals)) == line.substr(equals + 1));
    for (char c : line + "\n")
      sum += static_cast<unsigned char>(c);
  }
  UNITGEN_ASSUME(count == settings.size());
  cfg::Settings again;
  UNITGEN_ASSERT(
      again.load("cfg " + std::to_string(count) + " " + std::to_string(sum % 997) + "\n" + body));
  UNITGEN_ASSERT(again.body() == body);
}
