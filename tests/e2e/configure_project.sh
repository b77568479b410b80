#!/usr/bin/env bash
# Configures and builds a CMake project with a compile database:
# configure_project.sh SRC BUILD [CMAKE_ARGS...]
set -euo pipefail
src=$1 build=$2
shift 2
rm -rf "$build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >/dev/null
cmake --build "$build" >/dev/null
echo "configured $src in $build"
