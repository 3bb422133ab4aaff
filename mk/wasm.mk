# mk/wasm.mk - the library compiled to WebAssembly (make web-static, docs/web.md
# "In the page, with no server"): Debian's clang for the wasm32-wasi target,
# with wasi-libc and the compiler's runtime for wasm32 (make wasm-deps
# installs them). Threads: none (src/wasm/include/pthread.h); the engine runs
# on one thread in a Web Worker.
#
#   make wasm-lib     build/wasm/libawale.a
#   make wasm-lab     build/wasm/awale-lab.wasm (src/wasm/lab.c): perft, replay,
#                     search, bench, table builds, driven by arguments
#   make test-wasm    tests/wasm/core.test.mjs: the lab module under node
#                     (web/wasm/wasi.js) against the native build/release/awale
#   make bench-wasm   scripts/bench-wasm.mjs: nodes per second in node and in
#                     Chromium against the native engine on one thread
#
# WASM_OPT sets the optimisation, WASM_SIMD the vectors (docs/web.md,
# "WebAssembly figures", says what -O3, -msimd128 and -flto gave); another
# WASM_DIR keeps builds apart.

WASM_DIR    ?= build/wasm
WASM_OPT    ?= -O3 -flto
# WebAssembly's 128-bit SIMD carries the library's SSE2 paths (the boards,
# perft, the search, the table builder) through src/wasm/include/emmintrin.h;
# WASM_SIMD=no builds the plain C paths (for engines without SIMD: Safari
# before 16.4).
WASM_SIMD   ?= yes
ifeq ($(WASM_SIMD),yes)
  WASM_OPT  += -msimd128 -D__SSE2__
endif
WASM_CC     ?= clang
WASM_TARGET := --target=wasm32-wasi --sysroot=/usr
WASM_CFLAGS := $(WASM_TARGET) -std=c11 $(WARN) $(WASM_OPT) -Iinclude -Isrc -isystem src/wasm/include \
               -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_MMAN \
               -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_GETPID -DNDEBUG -MMD -MP
WASM_LDLIBS := -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks \
               -lwasi-emulated-getpid
# A program's link: 1 MB of stack (wasm-ld's default is 64 KB), memory that grows.
WASM_LDFLAGS := $(WASM_TARGET) $(WASM_OPT) -Wl,-z,stack-size=1048576
# The whole library (the distributed build is left out by its own #ifdef).
WASM_LIB_SRC := $(LIB_SRC)
WASM_LIB_OBJ := $(WASM_LIB_SRC:%.c=$(WASM_DIR)/obj/%.o)
WASM_LIBAWALE := $(WASM_DIR)/libawale.a

.PHONY: wasm-deps wasm-lib wasm-lab test-wasm bench-wasm
wasm-deps:
	@{ command -v $(WASM_CC) >/dev/null && command -v wasm-ld >/dev/null && \
	   test -f /usr/lib/wasm32-wasi/libc.a && \
	   ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a >/dev/null 2>&1; } || \
	    scripts/install-deps.sh clang lld wasi-libc libclang-rt-dev-wasm32

wasm-lib: $(WASM_LIBAWALE)

# The flags used, so that changing them builds everything again.
$(WASM_DIR)/cflags: wasm-cflags-check
	@mkdir -p $(@D)
	@echo '$(WASM_CFLAGS)' | cmp -s - $@ || echo '$(WASM_CFLAGS)' > $@
wasm-cflags-check:

$(WASM_DIR)/obj/%.o: %.c $(WASM_DIR)/cflags | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -c $< -o $@

$(WASM_LIBAWALE): $(WASM_LIB_OBJ)
	@rm -f $@
	llvm-ar rcs $@ $^ 2>/dev/null || ar rcs $@ $^

# The lab module (tests and figures).
WASM_LAB := $(WASM_DIR)/awale-lab.wasm
wasm-lab: $(WASM_LAB)

$(WASM_LAB): $(WASM_DIR)/obj/src/wasm/lab.o $(WASM_DIR)/obj/src/wasm/tables.o $(WASM_LIBAWALE)
	$(WASM_CC) $(WASM_LDFLAGS) -o $@ $^ $(WASM_LDLIBS)

# src/wasm/tables.c alone as a reactor module (no main: _initialize, then its
# exports, with malloc and free to pass strings), as the page's module is:
# web/wasm/wasi.js's initialize() is tested with it.
WASM_TABLES_REACTOR := $(WASM_DIR)/awale-tables.wasm
$(WASM_TABLES_REACTOR): $(WASM_DIR)/obj/src/wasm/tables.o $(WASM_LIBAWALE)
	$(WASM_CC) $(WASM_LDFLAGS) -mexec-model=reactor -Wl,--export=malloc,--export=free -o $@ $^ \
	    $(WASM_LDLIBS)

# The lab module against the native program (under a minute).
test-wasm: $(WASM_LAB) $(WASM_TABLES_REACTOR)
	@$(MAKE) --no-print-directory MODE=release build/release/awale
	@echo "== tests/wasm/core.test.mjs"
	@AWALE_LAB=$(WASM_LAB) AWALE_TABLES_WASM=$(WASM_TABLES_REACTOR) AWALE=build/release/awale \
	    node --test tests/wasm/core.test.mjs

# Speed of the WebAssembly engine (node, Chromium) against the native one;
# never fails on timing. Chromium comes with tests/browser (npm ci there).
bench-wasm: $(WASM_LAB)
	@$(MAKE) --no-print-directory MODE=release build/release/awale
	@test -d tests/browser/node_modules || (cd tests/browser && npm ci --no-audit --no-fund)
	@node scripts/bench-wasm.mjs --lab $(WASM_LAB) --awale build/release/awale
