# Makefile - builds the awale library and program, runs the tests.
#
#   make            build build/release/awale
#   make play       build, then start a game in the terminal
#   make serve      build, then start the web app (awale serve) on localhost:8080
#   make test       install missing Debian packages, build, run every test, then
#                   run them all again under AddressSanitizer + UBSan, then the
#                   web server's tests under ThreadSanitizer (make tsan), build
#                   everything with clang -Werror (make check-clang), build and
#                   briefly run every fuzz target (make fuzz-smoke), and build,
#                   check and install the Debian packages (make test-deb),
#                   then the page with no server (make test-static)
#   make web-static the page with no server, the web app in WebAssembly, in
#                   build/web-static (mk/web-static.mk; make test-web-static)
#   make test-static  build build/web-static and play it in chromium from a
#                   plain static file server, online and offline
#   make tsan       the web server built with ThreadSanitizer (build/tsan), and
#                   its tests against it: the API tests and the stress test
#   make bench      speed figures (never fails on timing)
#   make bench-signature  rewrite tests/data/bench-signature.txt, the bench's
#                   node counts that make check compares (after a commit that
#                   changes the search or the evaluation on purpose)
#   make bestmoves-prove  prove every position of tests/data/bestmoves.txt
#                   again (endgame tables, deep searches; minutes)
#   make soak       the engine protocol under many random command streams
#   make bench-web  load on the web server: wrk, then GAMES (1000) games at
#                   once between simulated players (docs/web.md)
#   make book       grow the built-in opening books again (minutes)
#   make fuzz       build the libFuzzer targets (clang) and fuzz each for a while
#                   (FUZZ_SECONDS, 30 by default)
#   make install    install the program, the library (shared and static), its
#                   header and pkg-config file, the manual pages, the bash
#                   completion and the Python module under PREFIX (default
#                   /usr/local); DESTDIR=DIR stages them under DIR
#   make deb        build the Debian packages into build/deb (docs/library.md);
#                   make test-deb builds, checks, installs and removes them
#   make bench-python   random playouts and VectorGame steps from Python (docs/python.md)
#   make mpi        build build/release-mpi/awale with mpicc: the endgame table
#                   build spread over the ranks of an MPI job (docs/tables.md)
#   make bench-mpi  figures of the distributed table build (an hour or more)
#
# Variables: CC (gcc or clang), MODE (release, asan, tsan, debug), BUILD (output dir),
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
# AW_CHECKS turns on the invariant checks (AW_ASSERT, src/util/check.h): in
# the sanitizer pass of `make test` and in debug builds, never in release.
ifeq ($(MODE),release)
  CFLAGS_MODE := -O2 -g
else ifeq ($(MODE),asan)
  CFLAGS_MODE := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                 -fno-sanitize-recover=all -DAW_CHECKS
else ifeq ($(MODE),tsan)
  CFLAGS_MODE := -O1 -g -fno-omit-frame-pointer -fsanitize=thread -DAW_TSAN
else ifeq ($(MODE),debug)
  CFLAGS_MODE := -O0 -g -DAW_DEBUG -DAW_CHECKS
else
  $(error unknown MODE '$(MODE)': use release, asan, tsan or debug)
endif
ALL_CFLAGS  := $(CFLAGS_BASE) $(CFLAGS_MODE) $(CFLAGS)
ALL_LDFLAGS := -pthread $(filter -fsanitize=%,$(CFLAGS_MODE)) $(LDFLAGS)
LIBS        := -lm
# zstd compresses endgame tables when its header is there (Debian: libzstd-dev).
ifneq ($(wildcard /usr/include/zstd.h),)
  ALL_CFLAGS += -DAW_HAVE_ZSTD
  LIBS       += -lzstd
endif

# The web server (src/web) uses libmicrohttpd, jansson, SQLite, which keeps
# its games (src/web/store.c), and libqrencode (the QR codes of its
# addresses; Debian: libmicrohttpd-dev, libjansson-dev, libsqlite3-dev,
# libqrencode-dev; `make deps` installs them).
WEB_PKGS := libmicrohttpd jansson sqlite3 libqrencode
HAVE_PKGCONFIG := $(shell command -v pkg-config >/dev/null 2>&1 && echo yes)
ifeq ($(HAVE_PKGCONFIG),yes)
  WEB_CFLAGS := $(shell pkg-config --cflags $(WEB_PKGS) 2>/dev/null)
  WEB_LIBS   := $(shell pkg-config --libs $(WEB_PKGS) 2>/dev/null)
endif
ifeq ($(strip $(WEB_LIBS)),)
  WEB_LIBS := -lmicrohttpd -ljansson -lsqlite3 -lqrencode
endif
# What the games' store alone needs (its unit test and fuzz target).
STORE_LIBS := -lsqlite3
ALL_CFLAGS += $(WEB_CFLAGS)

# The full-screen interface of `awale play` uses ncursesw when its header is
# there (Debian: libncurses-dev); without it, play has its line mode only.
CURSES_CFLAGS := $(shell pkg-config --cflags ncursesw 2>/dev/null)
CURSES_LIBS   := $(shell pkg-config --libs ncursesw 2>/dev/null)
ifeq ($(CURSES_LIBS),)
  ifneq ($(wildcard /usr/include/ncursesw/curses.h),)
    CURSES_CFLAGS := -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600
    CURSES_LIBS   := -lncursesw
  endif
endif

# Translations (gettext domain awale): po/LANG.po compiled by msgfmt into
# $(BUILD)/locale, installed under $(LOCALEDIR) (compiled into the program,
# which also looks next to itself: see src/front/i18n.c).
LOCALEDIR ?= $(PREFIX)/share/locale
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))
MSGFMT    := $(shell command -v msgfmt 2>/dev/null)
ifneq ($(MSGFMT),)
  MO_FILES := $(LANGUAGES:%=$(BUILD)/locale/%/LC_MESSAGES/awale.mo)
endif
ALL_CFLAGS += -DAW_LOCALEDIR='"$(LOCALEDIR)"'

# The distributed table build (docs/tables.md, "Across machines"): MPI=1
# compiles it in (src/tables/build_mpi.c); `make mpi` does so with mpicc.
# Without it the program has no MPI dependency.
ifeq ($(MPI),1)
  ALL_CFLAGS += -DAW_HAVE_MPI
endif

LIB_SRC  := $(sort $(wildcard src/util/*.c src/rules/*.c src/engine/*.c src/tables/*.c))
FRONT_SRC := $(sort $(wildcard src/front/*.c))
APP_SRC  := $(sort $(wildcard src/cli/*.c src/protocol/*.c src/match/*.c))
WEB_SRC  := $(sort $(wildcard src/web/*.c))
# The page's files, embedded in the program (gen/web_data.c), with its
# catalog of words made from po/ (gen/web/js/catalog.js, scripts/po-js.sh).
WEB_FILES := $(sort $(shell find web -type f 2>/dev/null))
WEB_CATALOG = $(BUILD)/gen/web/js/catalog.js
ifneq ($(CURSES_LIBS),)
  TUI_SRC := $(sort $(wildcard src/tui/*.c))
  ALL_CFLAGS += -DAW_HAVE_CURSES
  LIBS += $(CURSES_LIBS)
else
  TUI_SRC :=
endif
APP_SRC  += $(TUI_SRC)
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TEST_SUPPORT := $(filter-out $(TEST_SRC),$(wildcard tests/unit/*.c))
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_WEB := tests/fuzz/fuzz_web.c

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
WEB_OBJ  := $(WEB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/web_data.o
APP_OBJ  := $(APP_SRC:%.c=$(BUILD)/obj/%.o) $(WEB_OBJ)
FRONT_OBJ := $(FRONT_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/book_data.o \
             $(BUILD)/obj/gen/puzzle_data.o
LIBAWALE := $(BUILD)/libawale.a
LIBFRONT := $(BUILD)/libfront.a
AWALE    := $(BUILD)/awale
TESTS    := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
FUZZ_REPLAY := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz-replay/%)
UCI_RANDOM := $(BUILD)/uci_random

.PHONY: FORCE all play serve test test-all test-static bench-static check deps build-deps pot bench soak bench-web load-smoke bench-sse bench-tables bench-updates tune nnue check-nnue-train \
        tune-relay strength strength-book strength-relay book fuzz install uninstall clean \
        mpi mpi-deps check-mpi bench-mpi tsan bench-signature bestmoves-prove strength-nnue strength-smp \
        strength-clock
.DEFAULT_GOAL := all

all: $(AWALE) $(MO_FILES)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/obj/src/tui/%.o: src/tui/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(CURSES_CFLAGS) -c $< -o $@

$(BUILD)/locale/%/LC_MESSAGES/awale.mo: po/%.po
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  MSGFMT  $<")
	$(Q)$(MSGFMT) --check -o $@ $<

$(LIBAWALE): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	@$(if $(Q),echo "  AR      $@")
	$(Q)ar rcs $@ $^

# The built-in opening books, embedded in the program as byte arrays
# (docs/book.md): every data/book-*.awb; without them the program has no
# built-in book.
BOOK_FILES := $(sort $(wildcard data/book-*.awb))
# The list of books, rewritten only when it changes, so that removing a
# book rebuilds too.
$(BUILD)/gen/book_list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(BOOK_FILES)' | cmp -s - $@ || echo '$(BOOK_FILES)' >$@
FORCE:
$(BUILD)/gen/book_data.c: $(BOOK_FILES) $(BUILD)/gen/book_list Makefile
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q){ echo '/* Generated by the Makefile from data/book-*.awb: the built-in opening books. */'; \
	  echo '#include <stddef.h>'; \
	  echo 'typedef struct builtin_book { const char *name; const unsigned char *data; size_t size; } builtin_book;'; \
	  echo 'extern const builtin_book awale_books[];'; \
	  echo 'extern const int awale_books_count;'; \
	  n=0; for f in $(BOOK_FILES); do \
	    echo "static const unsigned char book$$n[] ="; \
	    od -An -v -tx1 $$f | sed 's/ /\\x/g; s/^/"/; s/$$/"/'; \
	    echo ';'; n=$$((n+1)); \
	  done; \
	  echo 'const builtin_book awale_books[] = {'; \
	  n=0; for f in $(BOOK_FILES); do \
	    echo "    {\"$$(basename $$f)\", book$$n, sizeof book$$n - 1},"; n=$$((n+1)); \
	  done; \
	  echo '    {NULL, NULL, 0}};'; \
	  echo "const int awale_books_count = $$n;"; } >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/book_data.o: $(BUILD)/gen/book_data.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

# The shipped puzzles (docs/puzzles.md), embedded as text: every
# data/puzzles-RULES.tsv, parsed on first use by src/front/puzzles.c.
PUZZLE_FILES := $(sort $(wildcard data/puzzles-*.tsv))
$(BUILD)/gen/puzzle_list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PUZZLE_FILES)' | cmp -s - $@ || echo '$(PUZZLE_FILES)' >$@
$(BUILD)/gen/puzzle_data.c: $(PUZZLE_FILES) $(BUILD)/gen/puzzle_list Makefile
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q){ echo '/* Generated by the Makefile from data/puzzles-*.tsv: the shipped puzzles. */'; \
	  echo '#include <stddef.h>'; \
	  echo 'typedef struct builtin_puzzles { const char *rules; const unsigned char *text; size_t size; } builtin_puzzles;'; \
	  echo 'extern const builtin_puzzles awale_puzzle_files[];'; \
	  echo 'extern const int awale_puzzle_files_count;'; \
	  n=0; for f in $(PUZZLE_FILES); do \
	    echo "static const unsigned char puzzles$$n[] ="; \
	    if [ -s $$f ]; then od -An -v -tx1 $$f | sed 's/ /\\x/g; s/^/"/; s/$$/"/'; else echo '""'; fi; \
	    echo ';'; n=$$((n+1)); \
	  done; \
	  echo 'const builtin_puzzles awale_puzzle_files[] = {'; \
	  n=0; for f in $(PUZZLE_FILES); do \
	    b=$$(basename $$f .tsv); echo "    {\"$${b#puzzles-}\", puzzles$$n, sizeof puzzles$$n - 1},"; n=$$((n+1)); \
	  done; \
	  echo '    {NULL, NULL, 0}};'; \
	  echo "const int awale_puzzle_files_count = $$n;"; } >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/puzzle_data.o: $(BUILD)/gen/puzzle_data.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

# The page (web/), embedded as byte arrays with their paths (src/web/static.c
# serves them; nothing is read from disk at run time).
$(WEB_CATALOG): $(wildcard po/*.po) scripts/po-js.sh
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q)scripts/po-js.sh $@ $(wildcard po/*.po)

$(BUILD)/gen/web_data.c: $(WEB_FILES) $(WEB_CATALOG) Makefile
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q){ echo '/* Generated by the Makefile from web/: the page, embedded. */'; \
	  echo '#include "web/static.h"'; \
	  n=0; for f in $(WEB_FILES) $(WEB_CATALOG); do \
	    echo "static const unsigned char file_$$n[] ="; \
	    if [ -s $$f ]; then od -An -v -tx1 $$f | sed 's/ /\\x/g; s/^/"/; s/$$/"/'; else echo '""'; fi; \
	    echo ';'; n=$$((n + 1)); \
	  done; \
	  echo 'const web_file web_files[] = {'; \
	  n=0; for f in $(WEB_FILES) $(WEB_CATALOG); do \
	    p=$${f#$(BUILD)/gen/}; echo "    {\"$${p#web}\", file_$$n, sizeof file_$$n - 1},"; n=$$((n + 1)); \
	  done; \
	  echo '    {0, 0, 0}};'; \
	  echo "const size_t web_file_count = $(words $(WEB_FILES) $(WEB_CATALOG));"; } >$@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/web_data.o: $(BUILD)/gen/web_data.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

# The web server's libraries, installed when missing (make deps does it for
# the tests too).
$(WEB_OBJ): | build-deps
build-deps:
	@if [ ! -f /usr/include/microhttpd.h ] || [ ! -f /usr/include/jansson.h ] || \
	    [ ! -f /usr/include/sqlite3.h ] || [ ! -f /usr/include/qrencode.h ]; then \
	    scripts/install-deps.sh libmicrohttpd-dev libjansson-dev libsqlite3-dev libqrencode-dev \
	        pkg-config; fi

# What the front ends share (src/front): a static library of its own, so
# that the unit tests link it too.
$(LIBFRONT): $(FRONT_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	@$(if $(Q),echo "  AR      $@")
	$(Q)ar rcs $@ $^

$(AWALE): $(APP_OBJ) $(LIBFRONT) $(LIBAWALE)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(APP_OBJ) $(LIBFRONT) $(LIBAWALE) $(WEB_LIBS) $(LIBS)

# Unit tests: one cmocka program per test_*.c; the other files of tests/unit
# (support, the reference implementations) are linked into each.
$(BUILD)/tests/%: tests/unit/%.c $(TEST_SUPPORT) $(wildcard tests/unit/*.h) $(LIBFRONT) $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -DAW_TEST_DATA='"tests/data"' \
	    -DAW_TEST_LOCALEDIR='"$(BUILD)/locale"' $(ALL_LDFLAGS) -o $@ \
	    $< $(TEST_OBJ) $(TEST_SUPPORT) $(LIBFRONT) $(LIBAWALE) -lcmocka $(TEST_LIBS) $(LIBS)

# The web server's worker pool, its secrets, its limits per address, its
# QR codes and the addresses it gives other devices, each tested on its own.
$(BUILD)/tests/test_pool: $(BUILD)/obj/src/web/pool.o $(BUILD)/obj/src/web/job_queue.o
$(BUILD)/tests/test_pool: TEST_OBJ := $(BUILD)/obj/src/web/pool.o $(BUILD)/obj/src/web/job_queue.o
$(BUILD)/tests/test_secret: $(BUILD)/obj/src/web/secret.o
$(BUILD)/tests/test_secret: TEST_OBJ := $(BUILD)/obj/src/web/secret.o
$(BUILD)/tests/test_ratelimit: $(BUILD)/obj/src/web/ratelimit.o
$(BUILD)/tests/test_ratelimit: TEST_OBJ := $(BUILD)/obj/src/web/ratelimit.o
$(BUILD)/tests/test_qr: $(BUILD)/obj/src/web/qr.o
$(BUILD)/tests/test_qr: TEST_OBJ := $(BUILD)/obj/src/web/qr.o -lqrencode
$(BUILD)/tests/test_announce: $(BUILD)/obj/src/web/announce.o $(BUILD)/obj/src/web/qr.o
$(BUILD)/tests/test_announce: TEST_OBJ := $(BUILD)/obj/src/web/announce.o $(BUILD)/obj/src/web/qr.o -lqrencode
# The games' store (src/web/store.c) on its own, over SQLite.
$(BUILD)/tests/test_store: $(BUILD)/obj/src/web/store.o
$(BUILD)/tests/test_store: TEST_OBJ := $(BUILD)/obj/src/web/store.o
$(BUILD)/tests/test_store: TEST_LIBS := $(STORE_LIBS)

# Fuzz targets built with a replay driver, so the corpus runs in every test.
$(BUILD)/fuzz-replay/%: tests/fuzz/%.c tests/fuzz/replay.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/replay.c $(LIBAWALE) $(LIBS)

# The puzzle line parser (src/front/puzzles.c) with the shipped puzzles it
# embeds.
PUZZLE_FUZZ_OBJ := $(BUILD)/obj/src/front/puzzles.o $(BUILD)/obj/gen/puzzle_data.o
$(BUILD)/fuzz-replay/fuzz_puzzle: tests/fuzz/fuzz_puzzle.c tests/fuzz/replay.c $(PUZZLE_FUZZ_OBJ) $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/replay.c $(PUZZLE_FUZZ_OBJ) \
	    $(LIBAWALE) $(LIBS)

# The protocol's state machine under random command streams (tests/uci).
$(UCI_RANDOM): tests/uci/uci_random.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIBAWALE) $(LIBS)

# The web request fuzz target drives the router (src/web without the HTTP
# library) and so links the web objects, the front ends' library and jansson.
WEB_FUZZ_OBJ := $(filter-out $(BUILD)/obj/src/web/server.o,$(WEB_OBJ))
$(BUILD)/fuzz-replay/fuzz_web: $(FUZZ_WEB) tests/fuzz/replay.c $(WEB_FUZZ_OBJ) $(LIBFRONT) $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/replay.c $(WEB_FUZZ_OBJ) \
	    $(LIBFRONT) $(LIBAWALE) -ljansson $(STORE_LIBS) -lqrencode $(LIBS)

# The games' store fuzz target opens database files (src/web/store.c alone).
$(BUILD)/fuzz-replay/fuzz_store: tests/fuzz/fuzz_store.c tests/fuzz/replay.c $(BUILD)/obj/src/web/store.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< tests/fuzz/replay.c \
	    $(BUILD)/obj/src/web/store.o $(STORE_LIBS) $(LIBS)

play: $(AWALE)
	./$(AWALE) play

# The shipped puzzles (docs/puzzles.md). make puzzles finds them again into
# data/puzzles-*.tsv (PUZZLE_COUNTS rule set:count, PUZZLE_SEED; one thread;
# resumes: delete a file to start it afresh); make check-puzzles solves every
# shipped puzzle again, deeper than the finder (its depth + 2) or with the
# tables, and checks that no second move also wins (part of make check).
# Both use the same endgame tables (PUZZLE_TABLES, built once: abapa 16
# seeds, the others 14), since the search's estimates depend on them.
PUZZLE_TABLES ?= build/puzzle-tables
PUZZLE_COUNTS ?= abapa:520 seven-turns:110 grand-slam:110 two-seeds:110 relay:110
PUZZLE_SEED   ?= 22
.PHONY: puzzles check-puzzles puzzle-tables
puzzle-tables: $(AWALE)
	@for spec in abapa:16 seven-turns:14 grand-slam:14 two-seeds:14; do \
	    r=$${spec%%:*}; n=$${spec#*:}; \
	    ./$(AWALE) tables info --rules $$r --dir $(PUZZLE_TABLES) --seeds $$n 2>/dev/null | \
	        grep -qx "seeds $$n" || \
	    ./$(AWALE) tables build --rules $$r --seeds $$n --dir $(PUZZLE_TABLES) >/dev/null || exit 1; \
	done
puzzles: $(AWALE) puzzle-tables
	@set -e; for spec in $(PUZZLE_COUNTS); do \
	    r=$${spec%%:*}; n=$${spec#*:}; \
	    ./$(AWALE) puzzles build --rules $$r --count $$n --seed $(PUZZLE_SEED) \
	        --tables $(PUZZLE_TABLES) --out data/puzzles-$$r.tsv; \
	done
	$(MAKE) BUILD=$(BUILD) MODE=$(MODE)
# Under the sanitizers (several times slower) every 8th puzzle: the
# release check solves them all.
PUZZLE_EVERY := $(if $(filter release,$(MODE)),1,8)
check-puzzles: $(AWALE) puzzle-tables
	@echo "== the shipped puzzles solved again (awale puzzles verify --every $(PUZZLE_EVERY))"
	@./$(AWALE) puzzles verify --tables $(PUZZLE_TABLES) --every $(PUZZLE_EVERY) --quiet

# The network trainer end to end on a small sample (tests/nnue): a few seconds.
check-nnue-train: $(AWALE) $(BUILD)/nnue_train
	@echo "== the network trainer (tests/nnue/test_train.sh)"
	@tests/nnue/test_train.sh $(BUILD)/nnue_train $(AWALE)

# The web app on http://127.0.0.1:8080/ (PORT=... to change).
PORT ?= 8080
serve: $(AWALE)
	./$(AWALE) serve --port $(PORT)

deps:
	@scripts/install-deps.sh

# Everything, in one build mode. UCI_SEQUENCES random protocol sessions
# (a new seed each run, printed; UCI_SEED=S replays one); the web server's
# stress test for STRESS_SECONDS (30 under the sanitizers, 10 in release).
UCI_SEQUENCES ?= 200
UCI_SEED ?=
STRESS_SECONDS ?= $(if $(filter release,$(MODE)),10,30)
check: $(AWALE) $(MO_FILES) $(TESTS) $(FUZZ_REPLAY) $(UCI_RANDOM) $(BUILD)/bench_updates
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done
	@echo "== $(BUILD)/bench_updates (small, and a bad argument refused)"
	@$(BUILD)/bench_updates 100000 100000 8 | grep -q '^bucketed .* ns per update'
	@! $(BUILD)/bench_updates 1000 x 2>/dev/null
	@set -e; for f in $(FUZZ_REPLAY); do \
	    name=$$(basename $$f); echo "== $$f"; $$f tests/fuzz/corpus/$${name#fuzz_}; done
	@tests/cli/run.sh $(AWALE)
	@echo "== $(UCI_RANDOM)"
	@$(UCI_RANDOM) $(AWALE) --count $(UCI_SEQUENCES) $(if $(UCI_SEED),--seed $(UCI_SEED))
	@tests/api/run.sh $(AWALE)
	@tests/stress/run.sh $(AWALE) $(STRESS_SECONDS)
	@$(MAKE) --no-print-directory MODE=$(MODE) BUILD=$(BUILD) load-smoke
	@# (the browser tests also try the page with no server: built first, so never stale)
	@$(MAKE) --no-print-directory web-static
	@tests/browser/run.sh $(AWALE) $(BUILD)/screenshots
	@if [ -x tests/tui/run.sh ]; then tests/tui/run.sh $(AWALE); fi
	@if [ -x scripts/po-check.sh ]; then scripts/po-check.sh; fi
	@$(MAKE) --no-print-directory MODE=$(MODE) BUILD=$(BUILD) check-puzzles
	@$(MAKE) --no-print-directory MODE=$(MODE) BUILD=$(BUILD) check-nnue-train
	@$(MAKE) --no-print-directory MODE=$(MODE) BUILD=$(BUILD) check-mpi
	@echo "== all tests passed ($(MODE))"

# make test: every test once, in the release build, the page's module and
# the page with no server (about 20 minutes here from a fresh clone).
# make test-all (what CI runs, .ci/run): make test, then every test again
# under AddressSanitizer + UBSan, the server's under ThreadSanitizer, the
# clang -Werror build, the WebAssembly builds' own tests, each fuzz target
# briefly and the Debian packages built, installed and tried (about 45
# minutes here).
test: deps
	$(MAKE) MODE=release check
	$(MAKE) test-web-static
	$(MAKE) test-static

test-all: test
	$(MAKE) MODE=asan check
	$(MAKE) tsan
	$(MAKE) check-clang
	$(MAKE) test-wasm
	$(MAKE) fuzz-smoke
	$(MAKE) test-deb

# The page with no server: build/web-static (make web-static) served by a
# plain static file server, played in chromium at desktop and phone sizes,
# online then offline, and updated to a new version (tests/browser/static.test.mjs).
test-static: web-static
	@tests/browser/run-static.sh build/web-static $(BUILD)/screenshots

# The static page's figures (docs/web.md): the first visit's bytes on the
# wire, the time to a board and to the computer's first move at 1x and 4x
# CPU throttling (scripts/bench-static.mjs); never fails on timing.
bench-static: web-static
	@tests/browser/run-static.sh --install-only
	@node scripts/bench-static.mjs --dir build/web-static

# Everything built with clang too (-Wall -Wextra -Werror, as with gcc), into
# build/clang: no tests, only the warnings of the second compiler.
check-clang: fuzz-deps
	@echo "== clang -Werror build"
	@$(MAKE) --no-print-directory MODE=release CC=clang BUILD=build/clang all

# The web server's tests (the unit tests of its pool and of its limits per
# address, the API tests and STRESS_SECONDS,
# default 20, of the stress test) against the program built with
# ThreadSanitizer in build/tsan: a data race, a lock-order inversion or a use
# after free across threads is reported and fails the test (the server exits
# with status 66). tests/tsan.supp would hold suppressions, each with its
# reason (none so far). The small set of endgame tables that every server
# builds at its start is built once here, by the same program (the table
# builder under ThreadSanitizer too), and each test server finds a copy of it
# (AWALE_TEST_TABLES, tests/api/server.mjs). About 2 minutes once built.
TSAN_OPTIONS_TEST := suppressions=$(CURDIR)/tests/tsan.supp second_deadlock_stack=1 history_size=4
TSAN_TABLES := build/tsan/tables
tsan:
	@$(MAKE) --no-print-directory MODE=tsan build/tsan/awale build/tsan/tests/test_pool \
	    build/tsan/tests/test_ratelimit \
	    build/tsan/tests/test_store \
	    $(LANGUAGES:%=build/tsan/locale/%/LC_MESSAGES/awale.mo)
	@$(MAKE) --no-print-directory $(TSAN_TABLES)/.stamp
	@echo "== build/tsan/tests/test_pool"
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" build/tsan/tests/test_pool
	@echo "== build/tsan/tests/test_ratelimit"
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" build/tsan/tests/test_ratelimit
	@echo "== build/tsan/tests/test_store"
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" build/tsan/tests/test_store
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" AWALE_TEST_TABLES=$(CURDIR)/$(TSAN_TABLES) \
	    tests/api/run.sh build/tsan/awale
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" tests/stress/run.sh build/tsan/awale \
	    $(if $(filter command line environment,$(origin STRESS_SECONDS)),$(STRESS_SECONDS),20)
	@echo "== the web server's tests passed (tsan)"

$(TSAN_TABLES)/.stamp: build/tsan/awale
	@echo "== the small set of endgame tables (tsan)"
	@rm -rf $(TSAN_TABLES)
	@TSAN_OPTIONS="$(TSAN_OPTIONS_TEST) $(TSAN_OPTIONS)" build/tsan/awale tables build --rules abapa \
	    --seeds 12 --dir $(TSAN_TABLES) >/dev/null
	@touch $@

# Speed figures: the search signature (node count and nodes per second),
# the move generator (perft), the relay generator, and a small table build.
bench: $(AWALE)
	./$(AWALE) bench
	./$(AWALE) bench perft --rules abapa --depth 12
	./$(AWALE) bench perft --rules relay
	./$(AWALE) bench tables --seeds 16

# The golden bench signature that make check compares (tests/cli/test_regress.sh):
# rewritten by a commit that changes the search or the evaluation on purpose
# (docs/contributing.md).
bench-signature: $(AWALE)
	scripts/bench-signature.sh $(AWALE) tests/data/bench-signature.txt

# Proves every position of tests/data/bestmoves.txt again (the exact endgame
# tables, or a search twice as deep as the test's): minutes, with the tables
# built on first use in BESTMOVES_TABLES (scripts/bestmoves-prove.sh).
bestmoves-prove: $(AWALE)
	scripts/bestmoves-prove.sh $(AWALE) tests/data/bestmoves.txt

# The engine protocol soaked: many more random sessions than make test runs.
SOAK_SEQUENCES ?= 5000
soak: $(AWALE) $(UCI_RANDOM)
	./$(UCI_RANDOM) $(AWALE) --count $(SOAK_SEQUENCES) $(if $(UCI_SEED),--seed $(UCI_SEED))

# The web server under load (docs/web.md, "Load"); not a test. First wrk on
# loopback against the state and move endpoints for a bounded time
# (BENCH_WEB_SECONDS each); then GAMES games at once between simulated
# players, each from its own loopback address, every move awaited on the
# opponent's event stream, with watchers (scripts/bench-games.mjs, Node):
# games held, moves/s, the delay move -> opponent's event, errors, memory,
# the database's size, for BENCH_GAMES_SECONDS after a ramp.
BENCH_WEB_SECONDS ?= 10
GAMES ?= 1000
BENCH_GAMES_SECONDS ?= 60
bench-web: $(AWALE)
	@command -v wrk >/dev/null || scripts/install-deps.sh wrk
	@command -v node >/dev/null || scripts/install-deps.sh nodejs
	scripts/bench-web.sh $(AWALE) $(BENCH_WEB_SECONDS)
	node scripts/bench-games.mjs --awale $(AWALE) --games $(GAMES) --seconds $(BENCH_GAMES_SECONDS)

# libmicrohttpd alone with SSE_STREAMS (3000) suspended event streams, as
# the server runs it (epoll, 2 threads, suspend and resume), one event a
# second to all for 10 s (tests/load/sse_scale.c and .mjs).
SSE_STREAMS ?= 3000
bench-sse: build-deps
	@mkdir -p $(BUILD)/load
	$(CC) $(ALL_CFLAGS) -o $(BUILD)/load/sse_scale tests/load/sse_scale.c $(ALL_LDFLAGS) -lmicrohttpd
	@set -e; port=$$((20000 + $$$$ % 20000)); \
	$(BUILD)/load/sse_scale $$port $$(($(SSE_STREAMS) + 100)) 1000 2>$(BUILD)/load/sse_scale.log & pid=$$!; \
	sleep 0.3; status=0; node tests/load/sse_scale.mjs $$port $(SSE_STREAMS) 10 || status=$$?; \
	grep -E 'VmRSS|VmHWM' /proc/$$pid/status; tail -1 $(BUILD)/load/sse_scale.log; \
	kill -INT $$pid; wait $$pid; exit $$status

# The same simulated players, briefly (5 games for 5 s, a move every half
# second): the path of a game between two devices, end to end, with no
# error (for make check).
load-smoke: $(AWALE)
	@echo "== scripts/bench-games.mjs (smoke)"
	@node scripts/bench-games.mjs --awale $(AWALE) --games 5 --seconds 5 --interval 500 --ramp 1 --quiet

# Endgame tables: a build from scratch in a temporary directory, with the
# figures (positions per second per core, bytes per position, peak memory).
# TABLES_SEEDS=25 is the 1.85-billion-position run of docs/tables.md.
TABLES_SEEDS ?= 20
bench-tables: $(AWALE)
	./$(AWALE) bench tables --seeds $(TABLES_SEEDS)

# The cost of the table builder's random updates, direct (as it does them)
# and sorted into buckets first (tools/bench_updates.c, docs/tables.md
# section 7): at the sizes of layers 25 and 30. A figure, not a test.
BENCH_UPDATES ?= 600000000:100000000 3000000000:100000000 3000000000:300000000
$(BUILD)/bench_updates: tools/bench_updates.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/bench_updates.c

bench-updates: $(BUILD)/bench_updates
	@for run in $(BENCH_UPDATES); do $(BUILD)/bench_updates $${run%%:*} $${run##*:} || exit 1; done

# ------------------------------------------------------------------ MPI
# `make mpi`: the program built with mpicc and the distributed table build,
# as build/MODE-mpi/awale (Debian: libopenmpi-dev and openmpi-bin, installed
# when missing). Start it with `mpirun -np N build/release-mpi/awale tables
# build ...`. `make check` tests it too (tests/mpi): its files must be
# byte for byte those of one process.
MPICC     ?= mpicc
MPI_BUILD := build/$(MODE)-mpi
MPI_AWALE := $(MPI_BUILD)/awale
mpi-deps:
	@scripts/install-deps.sh libopenmpi-dev openmpi-bin

mpi: mpi-deps
	@$(MAKE) --no-print-directory MODE=$(MODE) MPI=1 CC=$(MPICC) BUILD=$(MPI_BUILD) $(MPI_AWALE)
	@echo "built $(MPI_AWALE): mpirun -np N $(MPI_AWALE) tables build --seeds S"

check-mpi: mpi $(AWALE)
	@echo "== tests/mpi/test_mpi.sh"
	@MPI_TEST_QUICK=$(if $(filter asan,$(MODE)),1) tests/mpi/test_mpi.sh $(AWALE) $(MPI_AWALE)

# Figures of the distributed build (docs/tables.md): for 20 and 22 seeds,
# one process (1 and 2 threads), then 2 and 4 ranks of the MPI program: wall
# and CPU time, bytes each rank sends per layer, memory per rank. Long (an
# hour or more on two busy cores); the logs go to build/bench-mpi.
BENCH_MPI_SEEDS ?= 20 22
bench-mpi: mpi $(AWALE)
	scripts/bench-mpi.sh $(AWALE) $(MPI_AWALE) build/bench-mpi $(BENCH_MPI_SEEDS)

# The engine: tuning the evaluation from self-play, and measuring strength
# (docs/engine.md). Long runs; both stop cleanly on Ctrl-C.
tune: $(AWALE) $(BUILD)/tune
	scripts/tune.sh $(AWALE) $(BUILD)/tune

tune-relay: $(AWALE) $(BUILD)/tune
	TUNE_RULES=relay scripts/tune.sh $(AWALE) $(BUILD)/tune

# The evaluation network (docs/engine.md, "Training recipe"): self-play data
# into build/nnue (NNUE_GAMES, NNUE_DEPTH, NNUE_OPENING_PLIES), endgame
# tables for exact labels (NNUE_TABLE_SEEDS), training (NNUE_EPOCHS,
# NNUE_LAMBDA, NNUE_TRAIN_ARGS) and export into src/engine/nnue_weights.c.
# About 40 minutes on two cores; Ctrl-C stops cleanly, rerunning resumes.
nnue: $(AWALE) $(BUILD)/nnue_train
	scripts/nnue.sh $(AWALE) $(BUILD)/nnue_train

strength: $(AWALE)
	scripts/strength.sh $(AWALE)

# The opening book against no book (docs/book.md), and the relay game's
# tuned evaluation against the hand-set one of STRENGTH_RELAY_OLD
# (docs/engine.md): 200-game matches at 50 ms a move.
strength-book: $(AWALE)
	scripts/strength.sh $(AWALE) book

strength-relay: $(AWALE)
	scripts/strength.sh $(AWALE) relay

# The matches of the learned evaluation, threads and time (docs/engine.md,
# "Measured figures"), hours each: the learned evaluation against Eval=linear (400 games at 100 ms, 200 at
# 1 s), two threads against one (600 games), the time manager against the
# old one under a 60+1 clock (awale match). Variables: scripts/strength.sh.
strength-nnue: $(AWALE)
	scripts/strength.sh $(AWALE) nnue

strength-smp: $(AWALE)
	scripts/strength.sh $(AWALE) smp

strength-clock: $(AWALE)
	scripts/strength.sh $(AWALE) clock

$(BUILD)/tune: tools/tune.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/tune.c $(LIBAWALE) $(LIBS)

# The network's scale against the linear model's (docs/review.md, "Marks and
# the evaluation"): build/release/eval_scale, read by scripts/eval-scale.py.
$(BUILD)/eval_scale: tools/eval_scale.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/eval_scale.c $(LIBAWALE) $(LIBS)

$(BUILD)/nnue_train: tools/nnue_train.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) -O3 $(ALL_LDFLAGS) -o $@ tools/nnue_train.c $(LIBAWALE) $(LIBS)

# A stand-in built-in network that needs no training (tools/nnue_placeholder.c):
# make nnue-placeholder overwrites the trained src/engine/nnue_weights.c.
$(BUILD)/nnue_placeholder: tools/nnue_placeholder.c $(LIBAWALE)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tools/nnue_placeholder.c $(LIBAWALE) $(LIBS)

.PHONY: nnue-placeholder
nnue-placeholder: $(BUILD)/nnue_placeholder
	$(BUILD)/nnue_placeholder src/engine/nnue_weights.c

# The built-in opening books (docs/book.md): each grown from the start
# position of an Oware rule set by drop-out expansion, each leaf scored by
# a search, then embedded in the program. About 10 minutes of CPU for the
# four (most of it abapa's); Ctrl-C stops and writes what is done, and the
# same command resumes. BOOK_RULES, BOOK_POSITIONS (abapa's; the others get
# a third), BOOK_DEPTH, BOOK_ALPHA and BOOK_THREADS change it.
BOOK_RULES     ?= abapa seven-turns grand-slam two-seeds
BOOK_POSITIONS ?= 12000
BOOK_DEPTH     ?= 14
BOOK_ALPHA     ?= 2
BOOK_THREADS   ?= 2
book: $(AWALE)
	@mkdir -p $(BUILD)/book data
	@set -e; for r in $(BOOK_RULES); do \
	    n=$(BOOK_POSITIONS); [ $$r = abapa ] || n=$$(( $(BOOK_POSITIONS) / 3 )); \
	    ./$(AWALE) book build --rules $$r --depth $(BOOK_DEPTH) --positions $$n \
	        --alpha $(BOOK_ALPHA) --threads $(BOOK_THREADS) --out $(BUILD)/book/book-$$r.awb; \
	    cp $(BUILD)/book/book-$$r.awb data/book-$$r.awb; \
	done
	$(MAKE) BUILD=$(BUILD) MODE=$(MODE)

# libFuzzer (tests/fuzz): every target built with clang, ASan and UBSan into
# build/fuzz, from objects of their own (build/fuzz/obj), then fuzzed for
# FUZZ_SECONDS each from its saved corpus (new inputs go to
# build/fuzz/NAME.corpus). make fuzz FUZZ_SECONDS=60; make fuzz-build only
# builds them; make test runs make fuzz-smoke (3 seconds each), so that
# every target keeps building and running.
FUZZ_SECONDS ?= 30
FUZZ_CC      ?= clang
FUZZ_DIR     := build/fuzz
FUZZ_CFLAGS  := -std=c11 $(WARN) -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -pthread -MMD -MP \
                -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
                $(filter -DAW_HAVE_ZSTD,$(ALL_CFLAGS)) $(WEB_CFLAGS)
FUZZ_LDFLAGS := -pthread -fsanitize=fuzzer,address,undefined
FUZZ_LIBS    := -lm $(filter -lzstd,$(LIBS))
FUZZ_TARGETS := $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_DIR)/%)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o)
# fuzz_web drives the router (src/web without the HTTP server) and the
# sessions of src/front, with the page and the built-in books they embed.
FUZZ_WEB_OBJ := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(filter-out src/web/server.c,$(WEB_SRC)) \
                $(FRONT_SRC) $(BUILD)/gen/web_data.c $(BUILD)/gen/book_data.c \
                $(BUILD)/gen/puzzle_data.c)

.PHONY: fuzz-deps fuzz-build fuzz-smoke check-clang
# clang with its sanitizer and libFuzzer runtimes (Debian: clang and
# libclang-rt-dev, which clang only recommends), installed when missing.
fuzz-deps:
	@printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' | \
	    $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -x c - -o /dev/null 2>/dev/null || \
	    scripts/install-deps.sh clang libclang-rt-dev

$(FUZZ_DIR)/obj/%.o: %.c | fuzz-deps build-deps
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (fuzz)")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/libawale.a: $(FUZZ_LIB_OBJ)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o $(FUZZ_DIR)/libawale.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $< $(FUZZ_DIR)/libawale.a $(FUZZ_LIBS)

$(FUZZ_DIR)/fuzz_web: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_web.o $(FUZZ_WEB_OBJ) $(FUZZ_DIR)/libawale.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $< $(FUZZ_WEB_OBJ) $(FUZZ_DIR)/libawale.a \
	    $(filter-out -lmicrohttpd,$(WEB_LIBS)) $(FUZZ_LIBS)

$(FUZZ_DIR)/fuzz_puzzle: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_puzzle.o $(FUZZ_DIR)/obj/src/front/puzzles.o \
                         $(FUZZ_DIR)/obj/$(BUILD)/gen/puzzle_data.o $(FUZZ_DIR)/libawale.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(FUZZ_LIBS)

$(FUZZ_DIR)/fuzz_store: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_store.o $(FUZZ_DIR)/obj/src/web/store.o
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(STORE_LIBS) $(FUZZ_LIBS)

# Kept, so that a second make fuzz builds nothing.
.SECONDARY: $(FUZZ_SRC:%.c=$(FUZZ_DIR)/obj/%.o)

fuzz-build: $(FUZZ_TARGETS)

fuzz: fuzz-build
	@set -e; for f in $(FUZZ_TARGETS); do \
	    name=$$(basename $$f); echo "== $$f ($(FUZZ_SECONDS) s)"; \
	    mkdir -p $$f.corpus; \
	    $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=0 $$f.corpus tests/fuzz/corpus/$${name#fuzz_} \
	        >$$f.log 2>&1 || { tail -40 $$f.log; echo "fuzz: $$name failed (log: $$f.log)"; exit 1; }; \
	    tail -1 $$f.log; \
	done

fuzz-smoke:
	@$(MAKE) --no-print-directory MODE=$(MODE) BUILD=$(BUILD) fuzz FUZZ_SECONDS=3

# The template of the translations (po/awale.pot) from the marked strings
# (_, N_, P_), merged into every po/LANG.po (scripts/po-check.sh).
pot:
	scripts/po-check.sh --update

# The program and its translations; the library, manual pages, completion
# and Python module are added by the "install" block below.
install: $(AWALE) $(MO_FILES)
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(AWALE) $(DESTDIR)$(BINDIR)/awale
	@set -e; for lang in $(if $(MO_FILES),$(LANGUAGES)); do \
	    echo "install $(BUILD)/locale/$$lang/LC_MESSAGES/awale.mo"; \
	    install -d $(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES; \
	    install -m 644 $(BUILD)/locale/$$lang/LC_MESSAGES/awale.mo \
	        $(DESTDIR)$(LOCALEDIR)/$$lang/LC_MESSAGES/awale.mo; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/awale
	rm -f $(LANGUAGES:%=$(DESTDIR)$(LOCALEDIR)/%/LC_MESSAGES/awale.mo)

clean:
	rm -rf build

# ---------------------------------------------------------------------------
# The library for other programs, installation and packages (docs/library.md,
# docs/python.md). The shared library libawale.so.MAJOR.MINOR.PATCH (soname
# libawale.so.MAJOR, from AW_VERSION in include/awale.h) is built from its
# own position-independent objects, with every symbol hidden but those marked
# AW_API; the program keeps linking the static library. Other parts add their
# files to the installation with a rule "install: install-NAME" (and
# "uninstall: uninstall-NAME") in their own block, using the directories
# below (LOCALEDIR for translations, DATADIR/applications for a desktop
# entry).
AWALE_VERSION := $(shell sed -n 's/^\#define AW_VERSION "\(.*\)"/\1/p' include/awale.h)
SOVERSION := $(firstword $(subst ., ,$(AWALE_VERSION)))
SONAME    := libawale.so.$(SOVERSION)
LIBAWALE_SO := $(BUILD)/libawale.so.$(AWALE_VERSION)
PIC_OBJ   := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
MAN_STAMP := $(BUILD)/man/.stamp
COMPLETION := $(BUILD)/completion/awale
PC_FILE   := $(BUILD)/awale.pc
comma     := ,

BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
LOCALEDIR    ?= $(DATADIR)/locale
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
# Debian's python3 reads /usr/lib/python3/dist-packages for PREFIX=/usr and
# PREFIX/lib/python3.X/dist-packages for others (/usr/local).
PYTHON       ?= /usr/bin/python3
PYTHONDIR    ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/lib/python3/dist-packages,$(PREFIX)/lib/python$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo 3)/dist-packages)

.PHONY: FORCE lib man completion install-lib install-man install-completion install-python \
        uninstall-lib uninstall-man uninstall-completion uninstall-python \
        check-install check-python bench-python deb test-deb

all: lib man completion
lib: $(LIBAWALE_SO) $(PC_FILE)
man: $(MAN_STAMP)
completion: $(COMPLETION)

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (shared)")
	$(Q)$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -c $< -o $@

$(LIBAWALE_SO): $(PIC_OBJ)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_LDFLAGS) -shared -Wl,-soname,$(SONAME) $(if $(filter release,$(MODE)),-Wl$(comma)--no-undefined) \
	    -o $@ $(PIC_OBJ) $(LIBS)
	$(Q)ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	$(Q)ln -sf $(SONAME) $(BUILD)/libawale.so

# The pkg-config file: the directories as installed (below ${prefix} when
# they are), the libraries a static link needs. Rewritten when the
# directories change (make install PREFIX=... after make).
PC_VARS := $(PREFIX) $(LIBDIR) $(INCLUDEDIR) $(AWALE_VERSION) $(LIBS)
$(BUILD)/pc-vars: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PC_VARS)' | cmp -s - $@ || echo '$(PC_VARS)' >$@
FORCE:

$(PC_FILE): $(BUILD)/pc-vars
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q){ echo 'prefix=$(PREFIX)'; \
	  echo 'libdir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))'; \
	  echo 'includedir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))'; \
	  echo; \
	  echo 'Name: awale'; \
	  echo 'Description: Awale (Oware) rules, move generators, engine and endgame tables'; \
	  echo 'Version: $(AWALE_VERSION)'; \
	  $(if $(filter -lzstd,$(LIBS)),echo 'Requires.private: libzstd';) \
	  echo 'Libs: -L$${libdir} -lawale'; \
	  echo 'Libs.private: -lm -pthread'; \
	  echo 'Cflags: -I$${includedir}'; } >$@.tmp && mv $@.tmp $@

# Manual pages (section 6) and the bash completion, generated from the
# program's own --help texts and 'awale rules', so that they cannot drift.
$(MAN_STAMP): $(AWALE) scripts/gen-man.sh
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $(dir $@)")
	$(Q)rm -f $(dir $@)*.6
	$(Q)scripts/gen-man.sh $(AWALE) $(dir $@)
	$(Q)touch $@

$(COMPLETION): $(AWALE) scripts/gen-completion.sh
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q)scripts/gen-completion.sh $(AWALE) >$@.tmp && mv $@.tmp $@

install: install-lib install-man install-completion install-python

install-lib: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(LIBAWALE_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIBAWALE_SO)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libawale.so
	install -m 644 $(LIBAWALE) $(DESTDIR)$(LIBDIR)/libawale.a
	install -m 644 include/awale.h $(DESTDIR)$(INCLUDEDIR)/awale.h
	install -m 644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/awale.pc

install-man: man
	install -d $(DESTDIR)$(MANDIR)/man6
	install -m 644 $(BUILD)/man/*.6 $(DESTDIR)$(MANDIR)/man6/

install-completion: completion
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 $(COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/awale

# The module, and where the library was installed (it is also found by its
# soname, as Debian's package installs it).
install-python:
	install -d $(DESTDIR)$(PYTHONDIR)/awale
	install -m 644 python/awale/*.py $(DESTDIR)$(PYTHONDIR)/awale/
	echo 'LIBDIR = "$(LIBDIR)"' >$(DESTDIR)$(PYTHONDIR)/awale/_paths.py

uninstall: uninstall-lib uninstall-man uninstall-completion uninstall-python

uninstall-lib:
	rm -f $(DESTDIR)$(LIBDIR)/$(notdir $(LIBAWALE_SO)) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libawale.so $(DESTDIR)$(LIBDIR)/libawale.a \
	    $(DESTDIR)$(INCLUDEDIR)/awale.h $(DESTDIR)$(PKGCONFIGDIR)/awale.pc

uninstall-man:
	rm -f $(DESTDIR)$(MANDIR)/man6/awale.6 $(DESTDIR)$(MANDIR)/man6/awale-*.6

uninstall-completion:
	rm -f $(DESTDIR)$(BASHCOMPDIR)/awale

uninstall-python:
	rm -rf $(DESTDIR)$(PYTHONDIR)/awale

# Tests of the installed files (release build only: the Python module and the
# example load the shared library, which the sanitizers' runtime would have
# to be preloaded for): a staged install, the example built against it with
# pkg-config, the exported symbols; the Python module's tests.
ifeq ($(MODE),release)
check: check-install check-python
endif

check-install: $(AWALE) lib man completion
	@echo "== tests/install/run.sh"
	@tests/install/run.sh "$(MAKE)" $(BUILD)

check-python: lib $(AWALE)
	@command -v $(PYTHON) >/dev/null && $(PYTHON) -c 'import pytest' 2>/dev/null || \
	    scripts/install-deps.sh python3-pytest
	@echo "== tests/python"
	@cd tests/python && AWALE_LIBRARY=$(CURDIR)/$(BUILD)/$(SONAME) AWALE_PROGRAM=$(CURDIR)/$(AWALE) \
	    PYTHONPATH=$(CURDIR)/python PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m pytest -q -p no:cacheprovider .

# Random playouts from Python and VectorGame's steps (docs/python.md): plies
# and steps per second.
bench-python: lib
	cd tests/python && AWALE_LIBRARY=$(CURDIR)/$(BUILD)/$(SONAME) PYTHONPATH=$(CURDIR)/python \
	    PYTHONDONTWRITEBYTECODE=1 $(PYTHON) bench_playout.py && \
	AWALE_LIBRARY=$(CURDIR)/$(BUILD)/$(SONAME) PYTHONPATH=$(CURDIR)/python \
	    PYTHONDONTWRITEBYTECODE=1 $(PYTHON) bench_vector.py

# Debian packages (debian/): built with dpkg-buildpackage from a copy of the
# sources in build/deb/src, the .deb files left in build/deb. The package
# build runs 'make check' unless DEB_BUILD_OPTIONS has nocheck; make deb sets
# it, as 'make test' runs the same tests. make test-deb (run by make test)
# builds them and checks them (contents, lintian, the program run from the
# unpacked packages), then installs them with apt-get, runs what they hold
# from where they put it and removes them (tests/deb/install.sh).
deb:
	@scripts/install-deps.sh dpkg-dev debhelper dh-python fakeroot pkgconf python3 libzstd-dev \
	    libmicrohttpd-dev libjansson-dev libsqlite3-dev libncurses-dev gettext
	rm -rf build/deb && mkdir -p build/deb/src
	tar -c --exclude=./build --exclude=./.git . | tar -x -C build/deb/src
	cd build/deb/src && DEB_BUILD_OPTIONS="nocheck $(DEB_BUILD_OPTIONS)" \
	    DEB_BUILD_PROFILES="nocheck $(DEB_BUILD_PROFILES)" dpkg-buildpackage -us -uc -b -j2
	@ls build/deb/*.deb

test-deb: deb
	@tests/deb/run.sh build/deb
	@tests/deb/install.sh build/deb

-include $(shell find build -name '*.d' 2>/dev/null)
include mk/wasm.mk
include mk/web-static.mk
