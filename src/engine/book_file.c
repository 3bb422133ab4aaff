/*
 * book_file.c - the opening-book file: writing it (aw_book_encode,
 * aw_book_save), and reading it with the loader that checks a book
 * completely before it is used (aw_book_read, aw_book_load). docs/book.md.
 *
 * Layout (little-endian):
 *   header   256 bytes: magic "AWALEBK1", format version, header and entry
 *            sizes, position and inner-position counts, the leaf searches
 *            (depth or nodes, table size), alpha, the entries' checksum, the
 *            rules as text, the root position as text, the header's own
 *            checksum;
 *   entries  16 bytes each, sorted by key, keys distinct: key (64 bits),
 *            verification hash (32), value (16, signed), flags (8: inner),
 *            a zero byte.
 * The file holds no positions and no moves: they come back by playing from
 * the root, which is also how the loader checks the tree. Every inner
 * position must have all its children (a move that ends the game needs no
 * entry: its value is exact), every entry must be reached from the root,
 * there must be no cycle, and every inner value must be the negamax of its
 * children's. A book that passes is consistent; one that does not is
 * rejected with the reason, never used (the check: book_graph.c).
 */
#define _DEFAULT_SOURCE
#include "book_internal.h"

#include "util/io.h"
#include "rules/rules_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
void *aw_book_encode(const aw_book *book, size_t *size)
{
    const size_t n = BOOK_HEADER_SIZE + (size_t)book->count * BOOK_ENTRY_SIZE;
    uint8_t *buf = calloc(1, n);
    if (!buf)
        return NULL;
    uint8_t *e = buf + BOOK_HEADER_SIZE;
    for (int i = 0; i < book->count; i++, e += BOOK_ENTRY_SIZE) {
        const book_entry *x = &book->entries[i];
        io_put64(e, x->key);
        io_put32(e + 8, x->check);
        e[12] = (uint8_t)((uint16_t)x->value & 0xFF);
        e[13] = (uint8_t)((uint16_t)x->value >> 8);
        e[14] = x->flags;
    }
    memcpy(buf, BOOK_MAGIC, 8);
    io_put32(buf + 8, BOOK_VERSION);
    io_put32(buf + 12, BOOK_HEADER_SIZE);
    io_put32(buf + 16, BOOK_ENTRY_SIZE);
    io_put32(buf + 20, (uint32_t)book->count);
    io_put32(buf + 24, (uint32_t)book->inner);
    io_put32(buf + 28, (uint32_t)book->depth);
    io_put64(buf + 32, book->nodes);
    io_put32(buf + 40, book->alpha_milli);
    io_put32(buf + 44, (uint32_t)book->hash_mb);
    io_put64(buf + 48, book_checksum(buf + BOOK_HEADER_SIZE, n - BOOK_HEADER_SIZE));
    book_rules_text(&book->rules, (char *)buf + 64, BOOK_RULES_TEXT);
    aw_position_format(&book->root, (char *)buf + 160);
    io_put64(buf + 248, book_checksum(buf, 248));
    *size = n;
    return buf;
}

/* The header's fields, checked on their own (aw_book_read checks the rest). */
typedef struct book_header {
    uint32_t count, inner, depth, alpha, hash;
    uint64_t nodes;
    char text[BOOK_RULES_TEXT + 1], root[65];
} book_header;

/* Read and check the header of a book of `size` bytes: 0, or -1 with the
 * reason. */
static int header_read(const uint8_t *p, size_t size, book_header *h, aw_error *err)
{
    if (size < BOOK_HEADER_SIZE) {
        aw_fail(err, "truncated: %zu bytes, shorter than a book header (%d)", size,
                BOOK_HEADER_SIZE);
        return -1;
    }
    if (memcmp(p, BOOK_MAGIC, 7) != 0) {
        aw_fail(err, "not an awale opening book (bad magic number)");
        return -1;
    }
    if (memcmp(p, BOOK_MAGIC, 8) != 0 || io_get32(p + 8) != BOOK_VERSION) {
        aw_fail(err, "book format version %u; this program reads version %d (rebuild the book)",
                io_get32(p + 8), BOOK_VERSION);
        return -1;
    }
    if (io_get64(p + 248) != book_checksum(p, 248)) {
        aw_fail(err, "damaged header (checksum mismatch)");
        return -1;
    }
    if (io_get32(p + 12) != BOOK_HEADER_SIZE || io_get32(p + 16) != BOOK_ENTRY_SIZE) {
        aw_fail(err, "bad header: header size %u, entry size %u", io_get32(p + 12), io_get32(p + 16));
        return -1;
    }
    for (int i = 56; i < 64; i++)
        if (p[i]) {
            aw_fail(err, "bad header (reserved byte %d set)", i);
            return -1;
        }
    for (int i = 224; i < 248; i++)
        if (p[i]) {
            aw_fail(err, "bad header (reserved byte %d set)", i);
            return -1;
        }
    const uint32_t count = h->count = io_get32(p + 20), inner = h->inner = io_get32(p + 24);
    if (count == 0 || count > BOOK_MAX_POSITIONS || inner > count) {
        aw_fail(err, "bad header: %u positions, %u inner", count, inner);
        return -1;
    }
    const uint64_t want = BOOK_HEADER_SIZE + (uint64_t)count * BOOK_ENTRY_SIZE;
    if (size != want) {
        aw_fail(err, "%s: the file has %zu bytes, its header says %llu",
                size < want ? "truncated" : "trailing bytes", size, (unsigned long long)want);
        return -1;
    }
    const uint32_t depth = h->depth = io_get32(p + 28), alpha = h->alpha = io_get32(p + 40),
                   hash = h->hash = io_get32(p + 44);
    const uint64_t nodes = h->nodes = io_get64(p + 32);
    if ((depth == 0) == (nodes == 0) || depth > AW_SEARCH_MAX_DEPTH) {
        aw_fail(err, "bad header: leaf searches of depth %u and %llu nodes", depth,
                (unsigned long long)nodes);
        return -1;
    }
    if (alpha > 1000000 || hash < 1 || hash > 65536) {
        aw_fail(err, "bad header: alpha %u/1000, table %u MB", alpha, hash);
        return -1;
    }
    if (io_get64(p + 48) != book_checksum(p + BOOK_HEADER_SIZE, (size_t)(want - BOOK_HEADER_SIZE))) {
        aw_fail(err, "damaged: the entries fail their checksum");
        return -1;
    }
    memcpy(h->text, p + 64, BOOK_RULES_TEXT);
    memcpy(h->root, p + 160, 64);
    if (!memchr(h->text, 0, BOOK_RULES_TEXT) || !memchr(h->root, 0, 64)) {
        aw_fail(err, "bad header: the rules or the root are not terminated");
        return -1;
    }
    return 0;
}

aw_book *aw_book_read(const void *data, size_t size, aw_error *err)
{
    const uint8_t *p = data;
    book_header h;
    if (header_read(p, size, &h, err))
        return NULL;
    const uint32_t count = h.count, inner = h.inner, depth = h.depth, alpha = h.alpha, hash = h.hash;
    const uint64_t nodes = h.nodes;
    aw_book *b = calloc(1, sizeof *b);
    if (!b) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    aw_error e;
    if (book_rules_parse(h.text, &b->rules, &e)) {
        aw_fail(err, "bad rules in the header: %s", e.msg);
        free(b);
        return NULL;
    }
    if (aw_position_parse(h.root, &b->root, &e)) {
        aw_fail(err, "bad root position in the header: %s", e.msg);
        free(b);
        return NULL;
    }
    /* The fields must be exactly as a writer puts them (zeros after the
     * text): then a book is one sequence of bytes. */
    char canon_rules[BOOK_RULES_TEXT], canon_root[64];
    memset(canon_rules, 0, sizeof canon_rules);
    memset(canon_root, 0, sizeof canon_root);
    book_rules_text(&b->rules, canon_rules, sizeof canon_rules);
    aw_position_format(&b->root, canon_root);
    if (memcmp(canon_rules, p + 64, BOOK_RULES_TEXT) != 0 || memcmp(canon_root, p + 160, 64) != 0) {
        aw_fail(err, "bad header: the rules or the root are not written as a book writes them");
        free(b);
        return NULL;
    }
    if (aw_position_status(&b->rules, &b->root) != AW_ONGOING) {
        aw_fail(err, "bad header: the game is over at the root");
        free(b);
        return NULL;
    }
    b->depth = (int)depth;
    b->nodes = nodes;
    b->hash_mb = (int)hash;
    b->alpha_milli = alpha;
    b->count = (int)count;
    b->inner = (int)inner;
    b->entries = malloc((size_t)count * sizeof *b->entries);
    if (!b->entries) {
        aw_fail(err, "out of memory for %u positions", count);
        free(b);
        return NULL;
    }
    const uint8_t *q = p + BOOK_HEADER_SIZE;
    for (uint32_t i = 0; i < count; i++, q += BOOK_ENTRY_SIZE) {
        book_entry *x = &b->entries[i];
        x->key = io_get64(q);
        x->check = io_get32(q + 8);
        x->value = (int16_t)(uint16_t)(q[12] | q[13] << 8);
        x->flags = q[14];
        const char *bad = NULL;
        if (i > 0 && x->key <= b->entries[i - 1].key)
            bad = "keys out of order";
        else if (x->flags & ~BOOK_FLAG_INNER || q[15])
            bad = "unknown flags";
        else if (!book_value_ok(x->value))
            bad = "a value no search gives";
        if (bad) {
            aw_fail(err, "damaged: entry %u: %s", i, bad);
            aw_book_free(b);
            return NULL;
        }
    }
    book_graph g;
    if (graph_from_book(b, &g, err)) {
        aw_book_free(b);
        return NULL;
    }
    b->root_value = g.node[0].value;
    b->max_plies = g.node[0].height;
    graph_free(&g);
    return b;
}

void aw_book_free(aw_book *book)
{
    if (!book)
        return;
    free(book->entries);
    free(book);
}

aw_book *aw_book_load(const char *path, aw_error *err)
{
    aw_error oe;
    int fd = aw_file_open(path, &oe);
    if (fd < 0) {
        aw_fail(err, "%s: %s", path, oe.msg);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        aw_fail(err, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    const uint64_t max = BOOK_HEADER_SIZE + (uint64_t)BOOK_MAX_POSITIONS * BOOK_ENTRY_SIZE;
    if ((uint64_t)st.st_size > max) {
        aw_fail(err, "%s: too large for a book (%lld bytes)", path, (long long)st.st_size);
        close(fd);
        return NULL;
    }
    const size_t size = (size_t)st.st_size;
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf) {
        aw_fail(err, "%s: out of memory", path);
        close(fd);
        return NULL;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    aw_error e;
    aw_book *b = got == size ? aw_book_read(buf, size, &e) : NULL;
    if (got != size)
        snprintf(e.msg, sizeof e.msg, "read error");
    free(buf);
    if (!b)
        aw_fail(err, "%s: %s", path, e.msg);
    return b;
}

int aw_book_save(const aw_book *book, const char *path, aw_error *err)
{
    size_t size;
    uint8_t *buf = aw_book_encode(book, &size);
    if (!buf)
        return aw_fail(err, "out of memory writing %s", path);
    io_atomic a;
    io_step step;
    const int rc = io_replace(&a, path, buf, size, IO_PID, &step);
    if (rc && step == IO_CREATE)
        aw_fail(err, "cannot create %s: %s", a.tmp, strerror(errno));
    else if (rc)
        aw_fail(err, "cannot write %s: %s", step == IO_CLOSE || step == IO_RENAME ? path : a.tmp,
                strerror(errno));
    free(buf);
    return rc;
}

void aw_book_get_info(const aw_book *book, aw_book_info *info)
{
    memset(info, 0, sizeof *info);
    info->rules = book->rules;
    info->root = book->root;
    info->positions = book->count;
    info->inner = book->inner;
    info->depth = book->depth;
    info->nodes = book->nodes;
    info->hash_mb = book->hash_mb;
    info->alpha = book->alpha_milli / 1000.0;
    info->max_plies = book->max_plies;
    info->value = sc_public(book->root_value, 0);
}
