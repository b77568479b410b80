// unitgen's entry point: hands the command line to the cli module.
#include "cli/Cli.h"

int main(int argc, char **argv) { return unitgen::runCli(argc, argv); }
