# mk/web-static.mk - the page with no server (docs/web.md, "In the page, with
# no server"): the web app of `awale serve` (src/front, src/web without its
# HTTP server, its database, its QR codes and its addresses) compiled to
# WebAssembly with the library (mk/wasm.mk), run by the page in a Web Worker.
#
#   make web-static       build/web-static/: the page, its scripts and styles,
#                         awale.wasm (and awale-plain.wasm, without SIMD),
#                         worker.js, wasm/wasi.js; copy the folder
#                         to any static host
#   make test-web-static  the router in WebAssembly under node answers a
#                         scripted game like `awale serve` (tests/wasm/app.test.mjs)
#
# jansson is built from Debian's source tarball (checked against its sha256,
# kept under build/cache so that a second build needs no network). The
# catalogs (po/*.po, compiled by msgfmt) are embedded: wasi-libc has no
# gettext (src/wasm/gettext.c reads them).

JANSSON_VERSION := 2.14
JANSSON_TGZ     := build/cache/jansson_$(JANSSON_VERSION).orig.tar.gz
JANSSON_URL     := http://deb.debian.org/debian/pool/main/j/jansson/jansson_$(JANSSON_VERSION).orig.tar.gz
JANSSON_SHA256  := c739578bf6b764aa0752db9a2fdadcfe921c78f1228c7ec0bb47fa804c55d17b
JANSSON_DIR     := $(WASM_DIR)/jansson
JANSSON_SRC     := dump error hashtable hashtable_seed load memory pack_unpack strbuffer strconv \
                   utf value version
JANSSON_OBJ     := $(JANSSON_SRC:%=$(JANSSON_DIR)/obj/%.o)
JANSSON_LIB     := $(WASM_DIR)/libjansson.a
# Its own warnings are not ours to fix: built without -Werror.
JANSSON_CFLAGS  := $(WASM_TARGET) -std=c99 -O2 -w -DNDEBUG -DHAVE_CONFIG_H -I$(JANSSON_DIR)/include

# The app: src/front but its Ctrl-C handler (signals: the server's and the
# terminal's), src/web but its server, its database (memory only here), its
# QR codes and its addresses (stubs in src/wasm refuse: games with friends
# and the archive need the server), its thread pool (src/wasm/pool_single.c
# instead), src/wasm but the lab module (mk/wasm.mk).
WASM_WEB_OUT  := server store qr announce pool
WASM_APP_SRC  := $(filter-out src/front/interrupt.c,$(FRONT_SRC)) $(filter-out $(WASM_WEB_OUT:%=src/web/%.c),$(WEB_SRC)) \
                 $(filter-out src/wasm/lab.c,$(sort $(wildcard src/wasm/*.c)))
WASM_APP_OBJ  := $(WASM_APP_SRC:%.c=$(WASM_DIR)/obj/%.o)
WASM_GEN_OBJ  := $(WASM_DIR)/obj/gen/book_data.o $(WASM_DIR)/obj/gen/puzzle_data.o \
                 $(WASM_DIR)/obj/gen/catalogs.o
WASM_APP      := $(WASM_DIR)/awale.wasm
# What the worker (web/worker.js) calls; everything else stays inside.
WASM_EXPORTS  := malloc free awale_init awale_error awale_request awale_answer_state \
                 awale_answer_status awale_answer_type awale_answer_headers awale_answer_body \
                 awale_answer_length awale_answer_free awale_stream_read awale_run awale_tick \
                 awale_jobs awale_tables_added awale_wasm_tables_build
WASM_APP_LDFLAGS := $(WASM_TARGET) $(WASM_OPT) -mexec-model=reactor -Wl,--strip-debug \
                    -Wl,-z,stack-size=1048576 $(WASM_EXPORTS:%=-Wl,--export=%)

# jansson's headers for every object (the same flags for all: mk/wasm.mk
# rebuilds when they change).
WASM_CFLAGS += -I$(JANSSON_DIR)/include
$(WASM_APP_OBJ): | $(JANSSON_DIR)/include/jansson.h

.PHONY: web-static test-web-static wasm-app wasm-app-plain
wasm-app: $(WASM_APP)

# Engines without WebAssembly's SIMD (Safari before 16.4) get a second
# module with the plain C paths (mk/wasm.mk, WASM_SIMD=no), which the worker
# takes when it cannot validate SIMD (the worker fetches only the one it uses).
WASM_PLAIN_DIR := build/wasm-plain
wasm-app-plain: $(BUILD)/gen/book_data.c $(BUILD)/gen/puzzle_data.c $(JANSSON_TGZ) # (made once, shared: not twice at once)
	@$(MAKE) --no-print-directory WASM_SIMD=no WASM_DIR=$(WASM_PLAIN_DIR) wasm-app

# ------------------------------------------------------------- jansson

$(JANSSON_TGZ):
	@mkdir -p $(dir $@)
	@command -v curl >/dev/null || scripts/install-deps.sh curl
	curl -fsSL -o $@.tmp $(JANSSON_URL)
	@mv $@.tmp $@

# The tarball checked, unpacked, with the configuration its configure
# script would write (jansson_config.h) for wasm32.
$(JANSSON_DIR)/include/jansson.h: $(JANSSON_TGZ) mk/web-static.mk
	@echo '$(JANSSON_SHA256)  $<' | sha256sum -c --quiet - || \
	    { echo "$<: not the expected jansson $(JANSSON_VERSION) (sha256); remove it"; exit 1; }
	@rm -rf $(JANSSON_DIR)/src $(JANSSON_DIR)/include
	@mkdir -p $(JANSSON_DIR)/src $(JANSSON_DIR)/include
	tar -xzf $< -C $(JANSSON_DIR)/src --strip-components=2 jansson-$(JANSSON_VERSION)/src
	@{ echo '/* jansson_config.h for wasm32-wasi (mk/web-static.mk) */'; \
	   echo '#ifndef JANSSON_CONFIG_H'; echo '#define JANSSON_CONFIG_H'; \
	   echo '#define JSON_INLINE inline'; \
	   echo '#define JSON_INTEGER_IS_LONG_LONG 1'; \
	   echo '#define JSON_HAVE_LOCALECONV 0'; \
	   echo '#define JSON_HAVE_ATOMIC_BUILTINS 1'; \
	   echo '#define JSON_HAVE_SYNC_BUILTINS 0'; \
	   echo '#define JSON_PARSER_MAX_DEPTH 2048'; \
	   echo '#endif'; } >$(JANSSON_DIR)/include/jansson_config.h
	@printf '%s\n' '/* What wasi-libc has (mk/web-static.mk) */' '#define HAVE_STDINT_H 1' \
	    '#define HAVE_UNISTD_H 1' '#define HAVE_SYS_TYPES_H 1' '#define HAVE_SYS_TIME_H 1' \
	    '#define HAVE_GETTIMEOFDAY 1' '#define HAVE_STDINT_H 1' \
	    >$(JANSSON_DIR)/include/jansson_private_config.h
	cp $(JANSSON_DIR)/src/jansson.h $(JANSSON_DIR)/include/
	@touch $@

$(JANSSON_DIR)/obj/%.o: $(JANSSON_DIR)/include/jansson.h | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(JANSSON_CFLAGS) -c $(JANSSON_DIR)/src/$*.c -o $@

$(JANSSON_LIB): $(JANSSON_OBJ)
	@rm -f $@
	llvm-ar rcs $@ $^ 2>/dev/null || ar rcs $@ $^

# ------------------------------------------------------ generated data

# The built-in books: the same file as the program's (Makefile).
$(WASM_DIR)/obj/gen/book_data.o: $(BUILD)/gen/book_data.c | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -Wno-missing-prototypes -c $< -o $@

# The shipped puzzles: the same file as the program's (Makefile).
$(WASM_DIR)/obj/gen/puzzle_data.o: $(BUILD)/gen/puzzle_data.c | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -Wno-missing-prototypes -c $< -o $@

# The catalogs, compiled by msgfmt, as byte arrays (src/wasm/gettext.c).
WASM_MO := $(LANGUAGES:%=$(WASM_DIR)/locale/%.mo)
$(WASM_DIR)/locale/%.mo: po/%.po
	@mkdir -p $(dir $@)
	@command -v msgfmt >/dev/null || scripts/install-deps.sh gettext
	msgfmt --check -o $@ $<

$(WASM_DIR)/gen/catalogs.c: $(WASM_MO) mk/web-static.mk
	@mkdir -p $(dir $@)
	@{ echo '/* Generated by mk/web-static.mk from the catalogs of po/ (.mo), embedded. */'; \
	  echo '#include "wasm/gettext.h"'; \
	  n=0; for f in $(WASM_MO); do \
	    echo "static const unsigned char mo$$n[] ="; \
	    od -An -v -tx1 $$f | sed 's/ /\\x/g; s/^/"/; s/$$/"/'; \
	    echo ';'; n=$$((n+1)); \
	  done; \
	  echo 'const wasm_catalog_data wasm_catalogs[] = {'; \
	  n=0; for f in $(WASM_MO); do \
	    echo "    {\"$$(basename $$f .mo)\", mo$$n, sizeof mo$$n - 1},"; n=$$((n+1)); \
	  done; \
	  echo '    {0, 0, 0}};'; } >$@.tmp && mv $@.tmp $@

$(WASM_DIR)/obj/gen/catalogs.o: $(WASM_DIR)/gen/catalogs.c | wasm-deps
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -c $< -o $@

# The page's pool compiled for the machine, tested with the unit tests
# (tests/unit/test_pool_single.c, in make check).
$(BUILD)/tests/test_pool_single: $(BUILD)/obj/src/wasm/pool_single.o $(BUILD)/obj/src/web/job_queue.o
$(BUILD)/tests/test_pool_single: TEST_OBJ := $(BUILD)/obj/src/wasm/pool_single.o $(BUILD)/obj/src/web/job_queue.o

# ------------------------------------------------------------- the link

$(WASM_APP): $(WASM_APP_OBJ) $(WASM_GEN_OBJ) $(WASM_LIBAWALE) $(JANSSON_LIB)
	$(WASM_CC) $(WASM_APP_LDFLAGS) -o $@ $(WASM_APP_OBJ) $(WASM_GEN_OBJ) $(WASM_LIBAWALE) \
	    $(JANSSON_LIB) $(WASM_LDLIBS) -lm

# ------------------------------------------------------- the static page

WEB_STATIC := build/web-static
web-static: $(WASM_APP) wasm-app-plain $(WEB_CATALOG)
	@rm -rf $(WEB_STATIC)
	@mkdir -p $(WEB_STATIC)
	cp -R web/. $(WEB_STATIC)/
	cp $(WEB_CATALOG) $(WEB_STATIC)/js/catalog.js
	cp $(WASM_APP) $(WEB_STATIC)/awale.wasm
	cp $(WASM_PLAIN_DIR)/awale.wasm $(WEB_STATIC)/awale-plain.wasm
	@# The flag that makes the page talk to the worker (web/js/transport.js).
	sed -i 's|<head>|<head>\n<meta name="awale-mode" content="static">|' $(WEB_STATIC)/index.html
	@grep -q 'name="awale-mode" content="static"' $(WEB_STATIC)/index.html
	@test -f $(WEB_STATIC)/wasm/wasi.js || { echo "web/wasm/wasi.js is missing"; exit 1; }
	@if [ -f scripts/web-static-finish.mjs ]; then \
	    command -v node >/dev/null || scripts/install-deps.sh nodejs; node scripts/web-static-finish.mjs $(WEB_STATIC); fi
	@echo "== $(WEB_STATIC): serve it with any static server (python3 -m http.server -d $(WEB_STATIC))"

# The router in WebAssembly against the native server (needs both).
test-web-static: $(WASM_APP) wasm-app-plain $(AWALE) $(MO_FILES)
	@command -v node >/dev/null || scripts/install-deps.sh nodejs
	@echo "== tests/wasm/app.test.mjs"
	@AWALE_WASM=$(WASM_APP) AWALE_WASM_PLAIN=$(WASM_PLAIN_DIR)/awale.wasm AWALE_BIN=$(AWALE) \
	    node --test tests/wasm/app.test.mjs
