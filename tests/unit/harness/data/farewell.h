// Another function of the project beyond the code under test's own TUs.
#pragma once
int farewellLength();
