# Makefile - builds the awale library and program, runs the tests.
#
#   make            build build/release/awale
#   make play       build, then start a game in the terminal
#   make test       install missing Debian packages, build, run every test, then
#                   run them all again under AddressSanitizer + UBSan
#   make bench      speed figures (never fails on timing)
#   make fuzz       build the libFuzzer targets (clang) and fuzz each for a while
#   make install    install the program under PREFIX (default /usr/local)
#
# Variables: CC (gcc or clang), MODE (release, asan, debug), BUILD (output dir),
# V=1 to show the full compiler commands.

CC     ?= cc
MODE   ?= release
BUILD  ?= build/$(MODE)
PREFIX ?= /usr/local
ifeq ($(V),1)
  Q :=
else
  Q := @
endif

WARN   := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS_BASE := -std=c11 $(WARN) -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -pthread -MMD -MP
ifeq ($(MODE),release)
  CFLAGS_MODE := -O2 -g
else ifeq ($(MODE),asan)
  CFLAGS_MODE := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                 -fno-sanitize-recover=all
else ifeq ($(MODE),debug)
  CFLAGS_MODE := -O0 -g -DAW_DEBUG
else
  $(error unknown MODE '$(MODE)': use release, asan or debug)
endif
ALL_CFLAGS  := $(CFLAGS_BASE) $(CFLAGS_MODE) $(CFLAGS)
ALL_LDFLAGS := -pthread $(filter -fsanitize=%,$(CFLAGS_MODE)) $(LDFLAGS)
LIBS        := -lm
# zstd compresses endgame tables when its header is there (Debian: libzstd-dev).
ifneq ($(wildcard /usr/include/zstd.h),)
  ALL_CFLAGS += -DAW_HAVE_ZSTD
  LIBS       += -lzstd
endif

LIB_SRC  := $(sort $(wildcard src/rules/*.c src/engine/*.c src/tables/*.c))
APP_SRC  := $(sort $(wildcard src/cli/*.c src/protocol/*.c src/match/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TEST_SUPPORT := $(filter-out $(TEST_SRC),$(wildcard tests/unit/*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
APP_OBJ  := $(APP_SRC:%.c=$(BUILD)/obj/%.o)
LIBAWALE := $(BUILD)/libawale.a
AWALE    := $(BUILD)/awale
TESTS    := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_REPLAY := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz-replay/%)

.PHONY: all play test check deps bench bench-tables tune strength fuzz install uninstall clean
.DEFAULT_GOAL := all

all: $(AWALE)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIBAWALE): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	@$(if $(Q),echo "  AR      $@")
	$(Q)ar rcs $@ $^

$(AWALE): $(APP_OBJ) $(LIBAWALE)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(APP_OBJ) $(LIBAWALE) $(LIBS)

# Unit tests: one cmocka program per test_*.c; the other files of tests/unit
# (support, the reference implementations) are linked into each.
$(BUILD)/tests/%: tests/unit/%.c $(TEST_SUPPORT) $(wildcard tests/unit/*.h) $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -DAW_TEST_DATA='"tests/data"' $(ALL_LDFLAGS) -o $@ \
	    $< $(TEST_SUPPORT) $(LIBAWALE) -lcmocka $(LIBS)

# Fuzz targets built with a replay driver, so the corpus runs in every test.
$(BUILD)/fuzz-replay/%: tests/fuzz/%.c tests/fuzz/replay.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/replay.c $(LIBAWALE) $(LIBS)

play: $(AWALE)
	./$(AWALE) play

deps:
	@scripts/install-deps.sh

# Everything, in one build mode.
check: $(AWALE) $(TESTS) $(FUZZ_REPLAY)
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done
	@set -e; for f in $(FUZZ_REPLAY); do \
	    name=$$(basename $$f); echo "== $$f"; $$f tests/fuzz/corpus/$${name#fuzz_}; done
	@tests/cli/run.sh $(AWALE)
	@echo "== all tests passed ($(MODE))"

test: deps
	$(MAKE) MODE=release check
	$(MAKE) MODE=asan check

# Speed figures: the search signature (node count and nodes per second),
# the move generator (perft), the relay generator, and a small table build.
bench: $(AWALE)
	./$(AWALE) bench
	./$(AWALE) bench perft --rules abapa --depth 12
	./$(AWALE) bench perft --rules relay
	./$(AWALE) bench tables --seeds 16

# Endgame tables: a build from scratch in a temporary directory, with the
# figures (positions per second per core, bytes per position, peak memory).
# TABLES_SEEDS=25 is the 1.85-billion-position run of docs/tables.md.
TABLES_SEEDS ?= 20
bench-tables: $(AWALE)
	./$(AWALE) bench tables --seeds $(TABLES_SEEDS)

# The engine: tuning the evaluation from self-play, and measuring strength
# (docs/engine.md). Long runs; both stop cleanly on Ctrl-C.
tune: $(AWALE) $(BUILD)/tune
	scripts/tune.sh $(AWALE) $(BUILD)/tune

strength: $(AWALE)
	scripts/strength.sh $(AWALE)

$(BUILD)/tune: tools/tune.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/tune.c $(LIBAWALE) $(LIBS)

# libFuzzer: make fuzz FUZZ_SECONDS=60
FUZZ_SECONDS ?= 30
fuzz:
	@command -v clang >/dev/null || scripts/install-deps.sh clang
	@mkdir -p build/fuzz
	@set -e; for src in $(FUZZ_SRC); do \
	    name=$$(basename $$src .c); corpus=tests/fuzz/corpus/$${name#fuzz_}; \
	    clang -std=c11 -g -O1 -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L \
	        -fsanitize=fuzzer,address,undefined $$src $(LIB_SRC) -o build/fuzz/$$name -lm -pthread; \
	    mkdir -p build/fuzz/$$name.corpus; \
	    build/fuzz/$$name -max_total_time=$(FUZZ_SECONDS) build/fuzz/$$name.corpus $$corpus; \
	done

install: $(AWALE)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(AWALE) $(DESTDIR)$(PREFIX)/bin/awale

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/awale

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
