# mk/wasm.mk - the library compiled to WebAssembly (make web-static, docs/web.md
# "In the page, with no server"): Debian's clang for the wasm32-wasi target,
# with wasi-libc and the compiler's runtime for wasm32 (make wasm-deps
# installs them). Threads: none (src/wasm/include/pthread.h); the engine runs
# on one thread in a Web Worker.

WASM_DIR    := build/wasm
WASM_CC     ?= clang
WASM_TARGET := --target=wasm32-wasi --sysroot=/usr
WASM_CFLAGS := $(WASM_TARGET) -std=c11 $(WARN) -O2 -Iinclude -Isrc -isystem src/wasm/include \
               -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_MMAN \
               -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_GETPID -DNDEBUG -MMD -MP
WASM_LDLIBS := -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks \
               -lwasi-emulated-getpid
# The whole library (the distributed build is left out by its own #ifdef).
WASM_LIB_SRC := $(LIB_SRC)
WASM_LIB_OBJ := $(WASM_LIB_SRC:%.c=$(WASM_DIR)/obj/%.o)
WASM_LIBAWALE := $(WASM_DIR)/libawale.a

.PHONY: wasm-deps wasm-lib
wasm-deps:
	@{ command -v $(WASM_CC) >/dev/null && command -v wasm-ld >/dev/null && \
	   test -f /usr/lib/wasm32-wasi/libc.a && \
	   ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a >/dev/null 2>&1; } || \
	    scripts/install-deps.sh clang lld wasi-libc libclang-rt-dev-wasm32

wasm-lib: $(WASM_LIBAWALE)

$(WASM_DIR)/obj/%.o: %.c | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -c $< -o $@

$(WASM_LIBAWALE): $(WASM_LIB_OBJ)
	@rm -f $@
	llvm-ar rcs $@ $^ 2>/dev/null || ar rcs $@ $^
