/*
 * format.c - the table files: one file per layer (every board with n seeds),
 * written atomically, checked completely before a single value is trusted.
 *
 * Layout (little-endian), see docs/tables.md:
 *   header     128 bytes: magic "AWALETB1", format version, the table key
 *              (the rule parameters the values depend on), seed count,
 *              planes, entry count, block size and count, compression, the
 *              expected file size, the rule set's name, the checksum of the
 *              block index and the checksum of the header itself;
 *   index      one 24-byte entry per block: offset, stored size, entry
 *              count, checksum of the block's entries;
 *   blocks     the entries (one signed byte each, plane after plane, in rank
 *              order), 4 Mi entries per block, stored raw or as one zstd
 *              frame each, so one block can be read without the others.
 * A file is written to a temporary name in the same directory, synced, then
 * renamed over the final name: a reader sees either the old file or the
 * whole new one. The reader checks every field against what it expects and
 * every block against its checksum; any disagreement is an error that says
 * what is wrong, never a value.
 */
#define _DEFAULT_SOURCE /* madvise(MADV_HUGEPAGE) */
#include "tables_internal.h"

#include "util/io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(AW_HAVE_ZSTD)
#include <zstd.h>
#endif

int tb_zstd_available(void)
{
#if defined(AW_HAVE_ZSTD)
    return 1;
#else
    return 0;
#endif
}

void tb_huge_pages(void *p, size_t size)
{
#if defined(MADV_HUGEPAGE) && !defined(__wasi__) /* WebAssembly: no madvise */
    const uintptr_t huge = (uintptr_t)2 << 20;
    const uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    const uintptr_t hi = ((uintptr_t)p + size) & ~(huge - 1);
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p, (void)size;
#endif
}

/* ---------------------------------------------------------------- checksum */

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

uint64_t tb_checksum(const void *data, size_t n)
{
    const uint8_t *p = data;
    const uint64_t k1 = UINT64_C(0x9E3779B185EBCA87), k2 = UINT64_C(0xC2B2AE3D27D4EB4F);
    uint64_t h[4] = {k1, k2, ~k1, ~k2};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int j = 0; j < 4; j++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * j, 8);
            h[j] = rotl(h[j] ^ (w * k2), 31) * k1;
        }
    uint64_t r = rotl(h[0], 1) ^ rotl(h[1], 7) ^ rotl(h[2], 12) ^ rotl(h[3], 18);
    for (; i < n; i++)
        r = rotl(r ^ (p[i] * k1), 23) * k2;
    r ^= (uint64_t)n;
    r ^= r >> 33;
    r *= k2;
    r ^= r >> 29;
    return r;
}

/* ---------------------------------------------------------- encode/decode */

void tb_header_encode(const tb_header *h, const tb_block *blocks, uint8_t *buf)
{
    memset(buf, 0, TB_HEADER_SIZE);
    memcpy(buf, TB_MAGIC, 8);
    io_put32(buf + 8, h->version);
    io_put32(buf + 12, TB_HEADER_SIZE);
    io_put64(buf + 16, h->key.captures);
    buf[24] = h->key.slam;
    buf[25] = h->key.cannot_feed;
    buf[26] = h->key.empty_row;
    buf[27] = h->key.convention;
    io_put16(buf + 28, h->key.no_capture);
    io_put16(buf + 30, (uint16_t)h->seeds);
    io_put32(buf + 32, h->planes);
    io_put32(buf + 36, h->compression);
    io_put64(buf + 40, h->entries);
    io_put32(buf + 48, h->block_entries);
    io_put32(buf + 52, h->blocks);
    io_put64(buf + 56, h->file_size);
    memcpy(buf + 64, h->rules_name, sizeof h->rules_name);
    buf[64 + sizeof h->rules_name - 1] = 0;
    buf[96] = (uint8_t)h->plies_bytes;
    uint8_t *index = buf + TB_HEADER_SIZE;
    for (uint32_t i = 0; i < h->blocks; i++) {
        uint8_t *e = index + (size_t)i * TB_BLOCK_ENTRY_SIZE;
        io_put64(e, blocks[i].offset);
        io_put32(e + 8, blocks[i].stored);
        io_put32(e + 12, blocks[i].raw);
        io_put64(e + 16, blocks[i].checksum);
    }
    io_put64(buf + 88, tb_checksum(index, (size_t)h->blocks * TB_BLOCK_ENTRY_SIZE));
    io_put64(buf + 120, tb_checksum(buf, 120));
}

int tb_header_parse(const uint8_t *buf, size_t size, uint64_t file_size, tb_header *h,
                    aw_error *err)
{
    memset(h, 0, sizeof *h);
    if (size < TB_HEADER_SIZE)
        return aw_fail(err, "truncated: %zu bytes, shorter than a table header (%d)", size,
                       TB_HEADER_SIZE);
    if (memcmp(buf, TB_MAGIC, 7) != 0)
        return aw_fail(err, "not an awale endgame table (bad magic number)");
    h->version = io_get32(buf + 8);
    if (memcmp(buf, TB_MAGIC, 8) != 0 || (h->version != TB_VERSION && h->version != TB_VERSION_OLD))
        return aw_fail(err, "table format version %u; this program reads versions %d and %d "
                            "(rebuild it)",
                       h->version, TB_VERSION_OLD, TB_VERSION);
    if (io_get64(buf + 120) != tb_checksum(buf, 120))
        return aw_fail(err, "damaged header (checksum mismatch)");
    h->plies_bytes = buf[96];
    for (int i = 97; i < 120; i++)
        if (buf[i])
            return aw_fail(err, "bad header (reserved byte %d set)", i);
    if (io_get32(buf + 12) != TB_HEADER_SIZE)
        return aw_fail(err, "bad header size %u", io_get32(buf + 12));
    h->key.captures = io_get64(buf + 16);
    h->key.slam = buf[24];
    h->key.cannot_feed = buf[25];
    h->key.empty_row = buf[26];
    h->key.convention = buf[27];
    h->key.no_capture = io_get16(buf + 28);
    h->seeds = io_get16(buf + 30);
    h->planes = io_get32(buf + 32);
    h->compression = io_get32(buf + 36);
    h->entries = io_get64(buf + 40);
    h->block_entries = io_get32(buf + 48);
    h->blocks = io_get32(buf + 52);
    h->file_size = io_get64(buf + 56);
    memcpy(h->rules_name, buf + 64, sizeof h->rules_name);
    if (h->rules_name[sizeof h->rules_name - 1] != 0)
        return aw_fail(err, "bad rule-set name in the header");
    if ((h->key.captures & 1) || h->key.slam > AW_SLAM_CAPTURE ||
        (h->key.cannot_feed != AW_LEFT_NOBODY && h->key.cannot_feed != AW_LEFT_MOVER &&
         h->key.cannot_feed != AW_LEFT_OPPONENT) ||
        (h->key.empty_row != AW_LEFT_NOBODY && h->key.empty_row != AW_LEFT_OWNER) ||
        h->key.convention != 0 || h->key.no_capture > 255)
        return aw_fail(err, "bad rule parameters in the header");
    if (h->seeds > TB_MAX_SEEDS)
        return aw_fail(err, "bad seed count %d in the header", h->seeds);
    /* Version 1 holds values only; version 2 adds the plies to the end
     * exactly when the rules have a no-capture limit. */
    if (h->version == TB_VERSION_OLD && h->plies_bytes)
        return aw_fail(err, "bad header (reserved byte 96 set)");
    if (h->version == TB_VERSION && h->key.no_capture && h->plies_bytes != 1 && h->plies_bytes != 2)
        return aw_fail(err, "bad header (%u bytes of plies per entry, expected 1 or 2)",
                       h->plies_bytes);
    if (h->version == TB_VERSION && !h->key.no_capture && h->plies_bytes)
        return aw_fail(err, "bad header (plies without a no-capture limit)");
    if (h->planes != (uint32_t)tb_planes(&h->key))
        return aw_fail(err, "header says %u planes, its rules need %d", h->planes,
                       tb_planes(&h->key));
    if (h->entries != (uint64_t)h->planes * tb_layer_size(h->seeds))
        return aw_fail(err, "header says %llu entries; %d seeds need %llu",
                       (unsigned long long)h->entries, h->seeds,
                       (unsigned long long)((uint64_t)h->planes * tb_layer_size(h->seeds)));
    if (h->compression != TB_COMPRESS_NONE && h->compression != TB_COMPRESS_ZSTD)
        return aw_fail(err, "unknown compression %u", h->compression);
    if (h->block_entries == 0 || h->block_entries > (UINT32_C(1) << 30))
        return aw_fail(err, "bad block size %u", h->block_entries);
    const uint64_t payload = tb_payload_bytes(h);
    if ((uint64_t)h->blocks != (payload + h->block_entries - 1) / h->block_entries)
        return aw_fail(err, "header says %u blocks; %llu bytes of entries need %llu", h->blocks,
                       (unsigned long long)payload,
                       (unsigned long long)((payload + h->block_entries - 1) / h->block_entries));
    if (h->file_size != file_size)
        return aw_fail(err, "%s: the file has %llu bytes, its header says %llu",
                       file_size < h->file_size ? "truncated" : "trailing bytes",
                       (unsigned long long)file_size, (unsigned long long)h->file_size);
    if (file_size < tb_index_bytes(h->blocks))
        return aw_fail(err, "truncated: the file is shorter than its block index");
    return 0;
}

int tb_blocks_parse(const uint8_t *buf, size_t size, const tb_header *h, tb_block *blocks,
                    aw_error *err)
{
    const size_t need = tb_index_bytes(h->blocks);
    if (size < need)
        return aw_fail(err, "truncated block index");
    const uint8_t *index = buf + TB_HEADER_SIZE;
    if (io_get64(buf + 88) != tb_checksum(index, (size_t)h->blocks * TB_BLOCK_ENTRY_SIZE))
        return aw_fail(err, "damaged block index (checksum mismatch)");
    uint64_t at = need, left = tb_payload_bytes(h);
    for (uint32_t i = 0; i < h->blocks; i++) {
        const uint8_t *e = index + (size_t)i * TB_BLOCK_ENTRY_SIZE;
        tb_block *b = &blocks[i];
        b->offset = io_get64(e);
        b->stored = io_get32(e + 8);
        b->raw = io_get32(e + 12);
        b->checksum = io_get64(e + 16);
        const uint64_t want = left < h->block_entries ? left : h->block_entries;
        if (b->raw != want)
            return aw_fail(err, "block %u holds %u bytes, expected %llu", i, b->raw,
                           (unsigned long long)want);
        if (b->offset != at)
            return aw_fail(err, "block %u starts at %llu, expected %llu", i,
                           (unsigned long long)b->offset, (unsigned long long)at);
        if (h->compression == TB_COMPRESS_NONE ? b->stored != b->raw : b->stored == 0)
            return aw_fail(err, "block %u has a bad stored size %u", i, b->stored);
        if (b->stored > h->file_size - at)
            return aw_fail(err, "block %u runs past the end of the file", i);
        at += b->stored;
        left -= want;
    }
    if (at != h->file_size)
        return aw_fail(err, "the blocks end at %llu, the file at %llu", (unsigned long long)at,
                       (unsigned long long)h->file_size);
    return 0;
}

/* ------------------------------------------------------------------ reading */

/* A source of bytes: a file descriptor or a buffer. */
typedef struct source {
    int fd;
    const uint8_t *mem;
    uint64_t size;
} source;

static int source_read(const source *s, uint64_t offset, void *buf, size_t n, aw_error *err)
{
    if (offset > s->size || n > s->size - offset)
        return aw_fail(err, "truncated: read past the end of the file");
    if (s->mem) {
        memcpy(buf, s->mem + offset, n);
        return 0;
    }
    uint8_t *p = buf;
    while (n) {
        ssize_t got = pread(s->fd, p, n, (off_t)offset);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return aw_fail(err, "read error: %s", got < 0 ? strerror(errno) : "unexpected end of file");
        p += got, n -= (size_t)got, offset += (uint64_t)got;
    }
    return 0;
}

/* Read, check and decode a whole table from a source: into out (the whole
 * payload) when out is not NULL, else block by block to sink (when not
 * NULL; with neither, only check). Values are checked against the seed
 * count as they come; plies against their bound as they come (block by
 * block) or once the whole payload is there (out). */
static int decode(const source *s, tb_header *h, uint8_t *out, tb_sink_fn sink, void *ctx,
                  aw_error *err)
{
    uint8_t head[TB_HEADER_SIZE];
    if (s->size < TB_HEADER_SIZE)
        return aw_fail(err, "truncated: %llu bytes, shorter than a table header (%d)",
                       (unsigned long long)s->size, TB_HEADER_SIZE);
    if (source_read(s, 0, head, sizeof head, err) || tb_header_parse(head, sizeof head, s->size, h, err))
        return -1;
    const size_t index_bytes = tb_index_bytes(h->blocks);
    uint8_t *index = malloc(index_bytes);
    tb_block *blocks = malloc((size_t)h->blocks * sizeof *blocks);
    uint8_t *stored = NULL, *scratch = NULL;
    int rc = -1;
    if (!index || !blocks) {
        aw_fail(err, "out of memory reading a block index");
        goto done;
    }
    if (source_read(s, 0, index, index_bytes, err) || tb_blocks_parse(index, index_bytes, h, blocks, err))
        goto done;
    if (!out || h->compression != TB_COMPRESS_NONE)
        scratch = malloc(h->block_entries);
    if (h->compression != TB_COMPRESS_NONE)
        stored = malloc(h->block_entries + h->block_entries / 64 + 1024);
    if ((!out || h->compression != TB_COMPRESS_NONE) && !scratch) {
        aw_fail(err, "out of memory reading a table");
        goto done;
    }
    uint64_t at = 0;
    uint32_t carry = 0;
    for (uint32_t i = 0; i < h->blocks; at += blocks[i].raw, i++) {
        const tb_block *b = &blocks[i];
        uint8_t *dest = out ? out + at : scratch;
        if (h->compression == TB_COMPRESS_NONE) {
            if (source_read(s, b->offset, dest, b->raw, err))
                goto done;
        } else {
#if defined(AW_HAVE_ZSTD)
            if (!stored || b->stored > h->block_entries + h->block_entries / 64 + 1024) {
                aw_fail(err, "block %u: bad compressed size %u", i, b->stored);
                goto done;
            }
            if (source_read(s, b->offset, stored, b->stored, err))
                goto done;
            size_t got = ZSTD_decompress(dest, b->raw, stored, b->stored);
            if (ZSTD_isError(got) || got != b->raw) {
                aw_fail(err, "block %u does not decompress (%s)", i,
                        ZSTD_isError(got) ? ZSTD_getErrorName(got) : "wrong size");
                goto done;
            }
#else
            aw_fail(err, "the table is compressed with zstd, and this program was built without "
                         "zstd (install libzstd-dev and rebuild)");
            goto done;
#endif
        }
        if (tb_checksum(dest, b->raw) != b->checksum) {
            aw_fail(err, "damaged: block %u of %u fails its checksum", i, h->blocks);
            goto done;
        }
        /* Values beyond the seed count cannot be right. */
        const uint64_t values_here = at >= h->entries ? 0
                                     : h->entries - at < b->raw ? h->entries - at
                                                                : b->raw;
        for (uint64_t j = 0; j < values_here; j++)
            if (((int8_t *)dest)[j] > h->seeds || ((int8_t *)dest)[j] < -h->seeds) {
                aw_fail(err, "damaged: block %u holds the value %d with %d seeds", i,
                        ((int8_t *)dest)[j], h->seeds);
                goto done;
            }
        if (!out && h->plies_bytes) {
            /* The plies in this block, checked against their bound (an
             * entry of 2 bytes may straddle two blocks: carry). */
            const uint32_t bound = tb_plies_bound(h->seeds, h->key.no_capture);
            for (uint64_t j = values_here; j < b->raw; j++) {
                const uint64_t byte = at + j - h->entries;
                uint32_t d = dest[j];
                if (h->plies_bytes == 2) {
                    if (!(byte & 1)) {
                        carry = dest[j];
                        continue;
                    }
                    d = carry | d << 8;
                }
                if (d > bound) {
                    aw_fail(err, "damaged: entry %llu is %u plies from the end, more than %u",
                            (unsigned long long)(byte / h->plies_bytes), d, bound);
                    goto done;
                }
            }
        }
        if (!out && sink && sink(ctx, at, dest, b->raw, err))
            goto done;
    }
    if (out && h->plies_bytes) {
        const uint32_t bound = tb_plies_bound(h->seeds, h->key.no_capture);
        const uint8_t *plies = out + h->entries;
        for (uint64_t j = 0; j < h->entries; j++)
            if ((uint32_t)tb_plies_at(plies, (int)h->plies_bytes, j) > bound) {
                aw_fail(err, "damaged: entry %llu is %d plies from the end, more than %u",
                        (unsigned long long)j, tb_plies_at(plies, (int)h->plies_bytes, j), bound);
                goto done;
            }
    }
    rc = 0;
done:
    free(index);
    free(blocks);
    free(stored);
    free(scratch);
    return rc;
}

int tb_file_decode(const uint8_t *file, size_t size, tb_header *h, uint8_t *out, aw_error *err)
{
    source s = {.fd = -1, .mem = file, .size = size};
    return decode(&s, h, out, NULL, NULL, err);
}

/* Open a layer file and check its header against what is expected. */
static int open_layer(const char *path, const tb_key *key, int seeds, source *s, tb_header *h,
                      aw_error *e)
{
    s->fd = aw_file_open(path, e);
    s->mem = NULL;
    if (s->fd < 0)
        return -1;
    struct stat st;
    if (fstat(s->fd, &st) != 0)
        return aw_fail(e, "%s", strerror(errno));
    s->size = (uint64_t)st.st_size;
    uint8_t head[TB_HEADER_SIZE];
    if (s->size < TB_HEADER_SIZE)
        return aw_fail(e, "truncated: %llu bytes, shorter than a table header",
                       (unsigned long long)s->size);
    if (source_read(s, 0, head, sizeof head, e) || tb_header_parse(head, sizeof head, s->size, h, e))
        return -1;
    if (memcmp(&h->key, key, sizeof *key) != 0)
        return aw_fail(e, "built for other rules (%s) than asked for", h->rules_name);
    if (h->seeds != seeds)
        return aw_fail(e, "holds the layer of %d seeds, expected %d", h->seeds, seeds);
    if (key->no_capture && !h->plies_bytes)
        return aw_fail(e, "made by an older awale (table format version %u) without the plies to "
                          "the end that rule sets with a no-capture limit now keep: build it again",
                       h->version);
    return 0;
}

int tb_load_layer(const char *path, const tb_key *key, int seeds, tb_data *out, aw_error *err)
{
    memset(out, 0, sizeof *out);
    source s = {.fd = -1};
    tb_header h;
    aw_error e;
    int rc = -1;
    uint8_t *payload = NULL;
    if (open_layer(path, key, seeds, &s, &h, &e))
        goto fail;
    const uint64_t bytes = tb_payload_bytes(&h);
    payload = malloc(bytes ? bytes : 1);
    if (!payload) {
        aw_fail(&e, "out of memory (%llu bytes)", (unsigned long long)bytes);
        goto fail;
    }
    tb_huge_pages(payload, bytes);
    if (decode(&s, &h, payload, NULL, NULL, &e))
        goto fail;
    out->values = (int8_t *)payload;
    out->plies = h.plies_bytes ? payload + h.entries : NULL;
    out->plies_bytes = (int)h.plies_bytes;
    out->entries = h.entries;
    rc = 0;
fail:
    if (s.fd >= 0)
        close(s.fd);
    if (rc) {
        free(payload);
        aw_fail(err, "%s: %s", path, e.msg);
    }
    return rc;
}

void tb_data_free(tb_data *d)
{
    free(d->values);
    memset(d, 0, sizeof *d);
}

int tb_stream_layer(const char *path, const tb_key *key, int seeds, tb_header *h, tb_sink_fn sink,
                    void *ctx, aw_error *err)
{
    source s = {.fd = -1};
    aw_error e;
    int rc = -1;
    /* decode parses the header into *h again before the first block. */
    if (open_layer(path, key, seeds, &s, h, &e) == 0 && decode(&s, h, NULL, sink, ctx, &e) == 0)
        rc = 0;
    if (s.fd >= 0)
        close(s.fd);
    if (rc)
        aw_fail(err, "%s: %s", path, e.msg);
    return rc;
}

/* ------------------------------------------------------------------ writing */

struct tb_writer {
    tb_header h;
    tb_block *blocks;
    uint8_t *head;   /* header and block index */
    uint8_t *block;  /* the block being filled */
    uint8_t *packed; /* its zstd frame */
    size_t packed_size;
    uint32_t fill, next; /* bytes in the block, blocks written */
    uint64_t at;         /* file offset of the next block */
    io_atomic file;      /* the temporary file */
    char path[4200];
};

static void writer_free(tb_writer *w)
{
    io_atomic_abandon(&w->file);
    free(w->blocks);
    free(w->head);
    free(w->block);
    free(w->packed);
    free(w);
}

/* Temporary files of this layer left by a writer that died (a killed
 * build, a rank of a distributed build taken down by mpirun): removed when
 * the process named in them is gone from this machine. */
static void remove_stale(const char *path)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : path;
    if (slash)
        *slash = 0;
    DIR *dp = opendir(slash ? (dir[0] ? dir : "/") : ".");
    if (!dp)
        return;
    const size_t len = strlen(base);
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (strncmp(e->d_name, base, len) != 0 || strncmp(e->d_name + len, ".tmp.", 5) != 0)
            continue;
        char *end;
        const long pid = strtol(e->d_name + len + 5, &end, 10);
#if defined(__wasi__)
        /* WebAssembly: one program, no other process can own the file. */
        if (*end || pid <= 0)
            continue;
#else
        if (*end || pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
#endif
        char stale[8500];
        snprintf(stale, sizeof stale, "%s/%s", slash ? (dir[0] ? dir : "") : ".", e->d_name);
        unlink(stale);
    }
    closedir(dp);
}

tb_writer *tb_writer_open(const char *path, const tb_key *key, const char *rules_name, int seeds,
                          uint64_t entries, int plies_bytes, int compress, aw_error *err)
{
#if !defined(AW_HAVE_ZSTD)
    if (compress) {
        aw_fail(err, "this program was built without zstd (install libzstd-dev and rebuild)");
        return NULL;
    }
#endif
    tb_writer *w = calloc(1, sizeof *w);
    if (!w) {
        aw_fail(err, "out of memory writing %s", path);
        return NULL;
    }
    w->file.fd = -1;
    tb_header *h = &w->h;
    h->version = TB_VERSION;
    h->key = *key;
    h->seeds = seeds;
    h->planes = (uint32_t)tb_planes(key);
    h->entries = entries;
    h->plies_bytes = (uint32_t)plies_bytes;
    h->block_entries = TB_BLOCK_ENTRIES;
    const uint64_t payload = tb_payload_bytes(h);
    h->blocks = (uint32_t)((payload + TB_BLOCK_ENTRIES - 1) / TB_BLOCK_ENTRIES);
    h->compression = compress ? TB_COMPRESS_ZSTD : TB_COMPRESS_NONE;
    snprintf(h->rules_name, sizeof h->rules_name, "%s", rules_name);
    snprintf(w->path, sizeof w->path, "%s", path);
    w->blocks = calloc(h->blocks + 1, sizeof *w->blocks);
    w->head = calloc(1, tb_index_bytes(h->blocks));
    w->block = malloc(TB_BLOCK_ENTRIES);
#if defined(AW_HAVE_ZSTD)
    if (compress) {
        w->packed_size = ZSTD_compressBound(TB_BLOCK_ENTRIES);
        w->packed = malloc(w->packed_size);
    }
#endif
    if (!w->blocks || !w->head || !w->block || (compress && !w->packed)) {
        aw_fail(err, "out of memory writing %s", path);
        writer_free(w);
        return NULL;
    }
    remove_stale(w->path);
    io_step step;
    if (io_atomic_open(&w->file, path, IO_PID, &step)) {
        aw_fail(err, "cannot create %s: %s", w->file.tmp, strerror(errno));
        writer_free(w);
        return NULL;
    }
    w->at = tb_index_bytes(h->blocks);
    if (io_write_all(w->file.fd, w->head, (size_t)w->at)) {
        aw_fail(err, "cannot write %s: %s", w->file.tmp, strerror(errno));
        writer_free(w);
        return NULL;
    }
    return w;
}

static int writer_flush(tb_writer *w, aw_error *err)
{
    if (!w->fill)
        return 0;
    if (w->next >= w->h.blocks)
        return aw_fail(err, "%s: more data than its header announces", w->path);
    tb_block *b = &w->blocks[w->next++];
    b->offset = w->at;
    b->raw = w->fill;
    b->checksum = tb_checksum(w->block, w->fill);
    const uint8_t *data = w->block;
    size_t n = w->fill;
#if defined(AW_HAVE_ZSTD)
    if (w->h.compression == TB_COMPRESS_ZSTD) {
        n = ZSTD_compress(w->packed, w->packed_size, w->block, w->fill, 3);
        if (ZSTD_isError(n))
            return aw_fail(err, "zstd: %s", ZSTD_getErrorName(n));
        data = w->packed;
    }
#endif
    b->stored = (uint32_t)n;
    if (io_write_all(w->file.fd, data, n))
        return aw_fail(err, "cannot write %s: %s", w->file.tmp, strerror(errno));
    w->at += n;
    w->fill = 0;
    return 0;
}

int tb_writer_put(tb_writer *w, const void *data, size_t n, aw_error *err)
{
    const uint8_t *p = data;
    while (n) {
        size_t take = TB_BLOCK_ENTRIES - w->fill;
        take = take < n ? take : n;
        memcpy(w->block + w->fill, p, take);
        w->fill += (uint32_t)take;
        p += take, n -= take;
        if (w->fill == TB_BLOCK_ENTRIES && writer_flush(w, err))
            return -1;
    }
    return 0;
}

int tb_writer_close(tb_writer *w, bool abandon, aw_error *err)
{
    if (!w)
        return -1;
    int rc = -1;
    if (abandon)
        goto done;
    if (writer_flush(w, err))
        goto done;
    if (w->next != w->h.blocks) {
        aw_fail(err, "%s: %u blocks written, its header announces %u", w->path, w->next,
                w->h.blocks);
        goto done;
    }
    w->h.file_size = w->at;
    tb_header_encode(&w->h, w->blocks, w->head);
    if (io_pwrite_all(w->file.fd, w->head, tb_index_bytes(w->h.blocks), 0)) {
        aw_fail(err, "cannot write %s: %s", w->file.tmp, strerror(errno));
        goto done;
    }
    io_step step;
    if (io_atomic_commit(&w->file, w->path, &step)) {
        if (step == IO_RENAME)
            aw_fail(err, "cannot rename %s to %s: %s", w->file.tmp, w->path, strerror(errno));
        else
            aw_fail(err, "cannot write %s: %s", w->file.tmp, strerror(errno));
        goto done;
    }
    rc = 0;
done:
    writer_free(w);
    return rc;
}

int tb_write_layer(const char *path, const tb_key *key, const char *rules_name, int seeds,
                   const int8_t *values, const uint16_t *plies, uint64_t entries, int compress,
                   aw_error *err)
{
    int width = 0;
    if (key->no_capture) {
        if (!plies)
            return aw_fail(err, "%s: no plies to write", path);
        uint16_t most = 0;
        for (uint64_t i = 0; i < entries; i++)
            most = plies[i] > most ? plies[i] : most;
        width = most < 256 ? 1 : 2;
    }
    tb_writer *w = tb_writer_open(path, key, rules_name, seeds, entries, width, compress, err);
    if (!w)
        return -1;
    if (tb_writer_put(w, values, entries, err))
        return tb_writer_close(w, true, err);
    uint8_t buf[8192];
    for (uint64_t i = 0; width && i < entries;) {
        size_t n = 0;
        for (; i < entries && n + 2 <= sizeof buf; i++) {
            buf[n++] = (uint8_t)plies[i];
            if (width == 2)
                buf[n++] = (uint8_t)(plies[i] >> 8);
        }
        if (tb_writer_put(w, buf, n, err))
            return tb_writer_close(w, true, err);
    }
    return tb_writer_close(w, false, err);
}

int tb_layer_path(const char *dir, const tb_key *key, int seeds, char *buf, size_t size)
{
    char name[128];
    tb_key_dirname(key, name, sizeof name);
    int n = snprintf(buf, size, "%s/%s/layer-%02d.awt", dir, name, seeds);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* ------------------------------------------------------------------ mapping */

int tb_map_layer(const char *path, const tb_key *key, int seeds, bool check, tb_map *m,
                 aw_error *err)
{
    memset(m, 0, sizeof *m);
#if defined(__wasi__)
    (void)path, (void)key, (void)seeds, (void)check, (void)err;
    return 1; /* no mmap: the caller loads the layer */
#else
    aw_error e;
    tb_header h;
    if (check && tb_stream_layer(path, key, seeds, &h, NULL, NULL, err))
        return -1;
    source s = {.fd = -1};
    tb_block *blocks = NULL;
    uint8_t *index = NULL;
    int rc = -1;
    if (open_layer(path, key, seeds, &s, &h, &e))
        goto done;
    if (h.compression != TB_COMPRESS_NONE) {
        rc = 1;
        goto done;
    }
    const size_t index_bytes = tb_index_bytes(h.blocks);
    index = malloc(index_bytes);
    blocks = malloc((size_t)h.blocks * sizeof *blocks + 1);
    if (!index || !blocks) {
        aw_fail(&e, "out of memory reading a block index");
        goto done;
    }
    if (source_read(&s, 0, index, index_bytes, &e) ||
        tb_blocks_parse(index, index_bytes, &h, blocks, &e))
        goto done;
    /* Mapped directly only when the payload lies in one piece. */
    const uint64_t start = h.blocks ? blocks[0].offset : index_bytes;
    uint64_t at = start;
    for (uint32_t i = 0; i < h.blocks; i++) {
        if (blocks[i].offset != at || blocks[i].stored != blocks[i].raw) {
            rc = 1;
            goto done;
        }
        at += blocks[i].raw;
    }
    if (at - start != tb_payload_bytes(&h) || at > s.size) {
        aw_fail(&e, "truncated: the payload ends at byte %llu", (unsigned long long)at);
        goto done;
    }
    void *base = mmap(NULL, (size_t)s.size, PROT_READ, MAP_SHARED, s.fd, 0);
    if (base == MAP_FAILED) {
        rc = 1; /* not mappable here: the caller loads it */
        goto done;
    }
    m->base = base;
    m->size = (size_t)s.size;
    m->values = (const int8_t *)base + start;
    m->plies = h.plies_bytes ? (const uint8_t *)base + start + h.entries : NULL;
    m->plies_bytes = (int)h.plies_bytes;
    m->entries = h.entries;
    rc = 0;
done:
    if (s.fd >= 0)
        close(s.fd);
    free(index);
    free(blocks);
    if (rc < 0)
        aw_fail(err, "%s: %s", path, e.msg);
    return rc;
#endif
}

void tb_map_populate(const tb_map *m)
{
#if defined(MADV_POPULATE_READ) && !defined(__wasi__)
    if (m->base)
        madvise(m->base, m->size, MADV_POPULATE_READ); /* a hint: failure is harmless */
#else
    (void)m;
#endif
}

void tb_unmap_layer(tb_map *m)
{
#if !defined(__wasi__)
    if (m->base)
        munmap(m->base, m->size);
#endif
    memset(m, 0, sizeof *m);
}
