#!/usr/bin/env bash
# Installs unitgen's Debian packages, builds unitgen, and runs it on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

packages=(clang-14 llvm-14 llvm-14-dev llvm-14-tools libclang-14-dev libclang-cpp14-dev libclang-rt-14-dev
  libz3-dev googletest libgtest-dev libgmock-dev libbenchmark-dev nlohmann-json3-dev
  libcli11-dev libfmt-dev cmake ninja-build clang-format-14 python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_if_needed apt-get update
  DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
cmake --build build

# The example: configure it with a compile database, then let unitgen test bank::Account.
cmake -S examples/bank -B examples/bank/build -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
cmake --build examples/bank/build
build/bin/unitgen generate -p examples/bank/build --class bank::Account \
  --out examples/bank/generated --budget 10s --seed 1
build/bin/unitgen coverage -p examples/bank/build --class bank::Account \
  --tests examples/bank/generated
echo "setup: done. The generated tests are in examples/bank/generated/"
