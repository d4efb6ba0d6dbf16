# Convenience wrapper around CMake (in the style of neovim's top-level Makefile).
#
#   make test         install missing Debian packages, configure, build, run ctest
#   make bench        the main job (bench/main_job.sh): builds portable, asm-mul and asm
#                     (build-main-*), compares them on the field kernels and end to end in
#                     paired rounds (and asm run as x86_64-ifma against asm, on IFMA CPUs), each ratio with its 95% interval, a row per host of
#                     bench/hosts/ -> bench-results/latest.{jsonl,csv,md} (<= 10 min, builds reused)
#   make bench-full   same with the seed's settings (2 s warm-up, 8 s kernels / 15 s prover,
#                     >= 10 prover samples; 30 rounds, then 1-thread points 10 more at a time
#                     until asm vs asm-mul is within +-0.75%, up to 300, those two only:
#                     ADAPT=0 MAX_ROUNDS=N)
#   make bench-record append the last bench/bench-full run's rows to bench/hosts/<cpu>.jsonl
#   make bench-suites every pasta_bench suite (quick: fixed sizes, a time budget per row;
#                     `pasta_bench --quick --list` estimates it) on BUILD_DIR, then
#                     compare_backends.sh (candidate: BUILD_DIR when Release)
#                     -> bench-results/suites.jsonl;  make bench-suites-full: full sweep
#   make scaling      thread-count scaling study (bench/scaling.sh) on BUILD_DIR: msm, ntt,
#                     plonk_k11, orchard_k11 at 1, 2, 4, 8, 16 threads up to the cores: speedup,
#                     efficiency, per prover phase, plots -> bench-results/scaling-STAMP/ and
#                     bench-results/scaling.{jsonl,csv}; SCALING_FLAGS= (e.g. --backend all,
#                     --max-threads 16 --oversubscribe, --quick)
#   make test-rust    the Rust bindings (bindings/rust/): installs Debian's Rust group
#                     (scripts/deps.sh --rust), builds and installs the library in
#                     RUST_BUILD_DIR (build-rust/prefix), checks the generated declarations
#                     against the headers, cargo test --offline (Debian's crates only)
#   make deps         only the dependency check/installation (scripts/deps.sh)
#   make build        configure + build, no tests
#   make generate     rewrite the code generated from the lists (tools/gen_api.c: backends/
#                     *_gen.*, tests/api_cases_gen.h; committed, checked by ctest)
#   make clean        remove the build directory;  make distclean: every generated thing
#
# Variables (command line or environment):
#   BUILD_DIR=build  CMAKE_BUILD_TYPE=Release  CMAKE_FLAGS="-DPASTA_WERROR=ON ..."
#   CC=clang         (passed to CMake as CMAKE_C_COMPILER when set explicitly)
#   CMAKE_GENERATOR  (e.g. Ninja; default: CMake's)
#   JOBS=$(nproc)    CTEST_JOBS=2   CTEST_FLAGS=   BENCH_FLAGS=   PASTA_SKIP_DEPS=1
#   MAIN_JOB_FLAGS=  (bench/main_job.sh options, e.g. --no-build, --configs "asm-mul asm")
#   SCALING_FLAGS=   (bench/scaling.sh options)

BUILD_DIR        ?= build
CMAKE_BUILD_TYPE ?= Release
CMAKE_FLAGS      ?=
CTEST_JOBS       ?= 2
CTEST_FLAGS      ?=
BENCH_FLAGS      ?=
MAIN_JOB_FLAGS   ?=
SCALING_FLAGS    ?=
BENCH_RESULTS    ?= bench-results
JOBS             ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE            ?= cmake
CTEST            ?= ctest

# Only forward CC when the user chose it; make's built-in default `cc` is left to CMake.
ifneq ($(filter environment command line,$(origin CC)),)
  CMAKE_CC_FLAG := -DCMAKE_C_COMPILER=$(CC)
endif
ifdef CMAKE_GENERATOR
  CMAKE_GEN_FLAG := -G "$(CMAKE_GENERATOR)"
endif

BENCH_BIN := $(BUILD_DIR)/bench/pasta_bench
BENCH_OUT := $(BENCH_RESULTS)/suites.jsonl
# compare_backends.sh's candidate (asm on, Release) is BUILD_DIR when that is Release: one
# build fewer. Its control (asm off) is always built apart.
ifeq ($(CMAKE_BUILD_TYPE),Release)
  COMPARE_ENV := CANDIDATE_DIR=$(BUILD_DIR)
endif

.DEFAULT_GOAL := test
.PHONY: all test test-rust build configure deps generate bench bench-full bench-record bench-suites bench-suites-full scaling clean distclean help

all: test

help:
	@sed -n '2,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@./scripts/deps.sh

# Re-running cmake on an existing tree is cheap and picks up changed CMAKE_FLAGS.
configure: deps
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_GEN_FLAG) -DCMAKE_BUILD_TYPE=$(CMAKE_BUILD_TYPE) $(CMAKE_CC_FLAG) $(CMAKE_FLAGS)

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

test: build
	$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j$(CTEST_JOBS) $(CTEST_FLAGS)

# The dispatch code generated from the lists, written into the source tree.
generate: configure
	$(CMAKE) --build $(BUILD_DIR) --target generate

# Debian's cargo/rustc (/usr/bin), never a rustup toolchain earlier in PATH; the library
# from pkg-config (static). A clang-built library links clang's libomp: its directory
# (clang's resource dir/../.., e.g. /usr/lib/llvm-14/lib) goes to rustc, whose linker (cc)
# does not search it.
RUST_BUILD_DIR ?= build-rust
RUST_PREFIX    := $(abspath $(RUST_BUILD_DIR))/prefix
RUST_OMP_DIR    = $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null | head -n1)),$(abspath \
                  $(shell $(CC) -print-resource-dir)/../..))
RUST_ENV        = PATH=/usr/bin:$$PATH PKG_CONFIG_PATH=$(RUST_PREFIX)/lib/pkgconfig \
                  CARGO_TARGET_DIR=$(abspath $(RUST_BUILD_DIR))/cargo \
                  RUSTFLAGS="$(if $(RUST_OMP_DIR),-L $(RUST_OMP_DIR))"
test-rust:
	@./scripts/deps.sh --rust
	$(CMAKE) -S . -B $(RUST_BUILD_DIR) $(CMAKE_GEN_FLAG) -DCMAKE_BUILD_TYPE=$(CMAKE_BUILD_TYPE) \
	    -DBUILD_TESTING=OFF $(CMAKE_CC_FLAG) $(CMAKE_FLAGS)
	$(CMAKE) --build $(RUST_BUILD_DIR) -j$(JOBS)
	rm -rf $(RUST_PREFIX)
	$(CMAKE) --install $(RUST_BUILD_DIR) --prefix $(RUST_PREFIX) > /dev/null
	bindings/rust/pasta-sys/gen-bindings.sh --check $(RUST_BUILD_DIR)/include
	bindings/rust/pasta-engine/gen-twins.sh --check
	cd bindings/rust && $(RUST_ENV) /usr/bin/cargo test --release --offline --features rayon
	cd bindings/rust && $(RUST_ENV) /usr/bin/cargo test --release --offline -p pasta-engine --test halo2

# The main job builds its own three configurations (CC and CMAKE_FLAGS are passed on);
# each run keeps its files in bench-results/main-STAMP/.
bench: MAIN_MODE = --quick
bench-full: MAIN_MODE = --full
bench bench-full: deps
	@mkdir -p $(BENCH_RESULTS)
	@rm -f $(BENCH_RESULTS)/latest.jsonl
	@stamp=$$(date +%Y%m%d-%H%M%S); \
	  CC="$(if $(CMAKE_CC_FLAG),$(CC))" CMAKE_FLAGS="$(CMAKE_FLAGS)" JOBS=$(JOBS) \
	  echo $(BENCH_RESULTS)/main-$$stamp > $(BENCH_RESULTS)/latest.dir; \
	  ./bench/main_job.sh $(MAIN_MODE) --out $(BENCH_RESULTS)/main-$$stamp \
	    --json $(BENCH_RESULTS)/latest.jsonl --csv $(BENCH_RESULTS)/latest.csv \
	    --md $(BENCH_RESULTS)/latest.md $(MAIN_JOB_FLAGS)

# The rows of the last main job (bench-results/latest.dir) into bench/hosts/<cpu>.jsonl.
bench-record:
	@test -f $(BENCH_RESULTS)/latest.dir || { echo "no main job yet: make bench-full first"; exit 1; }
	@./bench/main_job.sh --analyse "$$(cat $(BENCH_RESULTS)/latest.dir)" --record | grep '^main_job: '

bench-suites: BENCH_MODE = --quick
bench-suites-full: BENCH_MODE = --full
# Only pasta_bench is built here (the tests and prover_bench are not needed).
bench-suites bench-suites-full: configure
	$(CMAKE) --build $(BUILD_DIR) --target pasta_bench -j$(JOBS)
	@mkdir -p $(BENCH_RESULTS)
	@rm -f $(BENCH_OUT)
	$(BENCH_BIN) $(BENCH_MODE) --json $(BENCH_OUT) $(BENCH_FLAGS)
	$(COMPARE_ENV) ./bench/compare_backends.sh $(BENCH_MODE) --json $(BENCH_OUT)
	@stamp=$$(date +%Y%m%d-%H%M%S); cp $(BENCH_OUT) $(BENCH_RESULTS)/suites-$$stamp.jsonl; \
	  echo "results: $(BENCH_OUT) (copy: $(BENCH_RESULTS)/suites-$$stamp.jsonl)"

scaling: build
	@mkdir -p $(BENCH_RESULTS)
	@rm -f $(BENCH_RESULTS)/scaling.jsonl
	@stamp=$$(date +%Y%m%d-%H%M%S); \
	  ./bench/scaling.sh --build-dir $(BUILD_DIR) --out $(BENCH_RESULTS)/scaling-$$stamp \
	    --json $(BENCH_RESULTS)/scaling.jsonl --csv $(BENCH_RESULTS)/scaling.csv $(SCALING_FLAGS)

clean:
	rm -rf $(BUILD_DIR)

# .fresh-debian/ (the chroot of scripts/fresh-debian-check.sh) is left alone: it may hold
# mounts while a check runs, and rebuilding it costs minutes. Remove it by hand.
distclean:
	rm -rf build build-* $(BENCH_RESULTS)
