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

#include <errno.h>
#include <fcntl.h>
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
#if defined(MADV_HUGEPAGE)
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

static void put16(uint8_t *b, uint16_t v) { b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}
static void put64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}
static uint16_t get16(const uint8_t *b) { return (uint16_t)(b[0] | b[1] << 8); }
static uint32_t get32(const uint8_t *b)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}
static uint64_t get64(const uint8_t *b)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

void tb_header_encode(const tb_header *h, const tb_block *blocks, uint8_t *buf)
{
    memset(buf, 0, TB_HEADER_SIZE);
    memcpy(buf, TB_MAGIC, 8);
    put32(buf + 8, h->version);
    put32(buf + 12, TB_HEADER_SIZE);
    put64(buf + 16, h->key.captures);
    buf[24] = h->key.slam;
    buf[25] = h->key.cannot_feed;
    buf[26] = h->key.empty_row;
    buf[27] = h->key.convention;
    put16(buf + 28, h->key.no_capture);
    put16(buf + 30, (uint16_t)h->seeds);
    put32(buf + 32, h->planes);
    put32(buf + 36, h->compression);
    put64(buf + 40, h->entries);
    put32(buf + 48, h->block_entries);
    put32(buf + 52, h->blocks);
    put64(buf + 56, h->file_size);
    memcpy(buf + 64, h->rules_name, sizeof h->rules_name);
    buf[64 + sizeof h->rules_name - 1] = 0;
    uint8_t *index = buf + TB_HEADER_SIZE;
    for (uint32_t i = 0; i < h->blocks; i++) {
        uint8_t *e = index + (size_t)i * TB_BLOCK_ENTRY_SIZE;
        put64(e, blocks[i].offset);
        put32(e + 8, blocks[i].stored);
        put32(e + 12, blocks[i].raw);
        put64(e + 16, blocks[i].checksum);
    }
    put64(buf + 88, tb_checksum(index, (size_t)h->blocks * TB_BLOCK_ENTRY_SIZE));
    put64(buf + 120, tb_checksum(buf, 120));
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
    h->version = get32(buf + 8);
    if (memcmp(buf, TB_MAGIC, 8) != 0 || h->version != TB_VERSION)
        return aw_fail(err, "table format version %u; this program reads version %d (rebuild it)",
                       h->version, TB_VERSION);
    if (get64(buf + 120) != tb_checksum(buf, 120))
        return aw_fail(err, "damaged header (checksum mismatch)");
    for (int i = 96; i < 120; i++)
        if (buf[i])
            return aw_fail(err, "bad header (reserved byte %d set)", i);
    if (get32(buf + 12) != TB_HEADER_SIZE)
        return aw_fail(err, "bad header size %u", get32(buf + 12));
    h->key.captures = get64(buf + 16);
    h->key.slam = buf[24];
    h->key.cannot_feed = buf[25];
    h->key.empty_row = buf[26];
    h->key.convention = buf[27];
    h->key.no_capture = get16(buf + 28);
    h->seeds = get16(buf + 30);
    h->planes = get32(buf + 32);
    h->compression = get32(buf + 36);
    h->entries = get64(buf + 40);
    h->block_entries = get32(buf + 48);
    h->blocks = get32(buf + 52);
    h->file_size = get64(buf + 56);
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
    if ((uint64_t)h->blocks != (h->entries + h->block_entries - 1) / h->block_entries)
        return aw_fail(err, "header says %u blocks; %llu entries need %llu", h->blocks,
                       (unsigned long long)h->entries,
                       (unsigned long long)((h->entries + h->block_entries - 1) / h->block_entries));
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
    if (get64(buf + 88) != tb_checksum(index, (size_t)h->blocks * TB_BLOCK_ENTRY_SIZE))
        return aw_fail(err, "damaged block index (checksum mismatch)");
    uint64_t at = need, left = h->entries;
    for (uint32_t i = 0; i < h->blocks; i++) {
        const uint8_t *e = index + (size_t)i * TB_BLOCK_ENTRY_SIZE;
        tb_block *b = &blocks[i];
        b->offset = get64(e);
        b->stored = get32(e + 8);
        b->raw = get32(e + 12);
        b->checksum = get64(e + 16);
        const uint64_t want = left < h->block_entries ? left : h->block_entries;
        if (b->raw != want)
            return aw_fail(err, "block %u holds %u entries, expected %llu", i, b->raw,
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

/* Read, check and decode a whole table from a source into out (NULL: check
 * only). */
static int decode(const source *s, tb_header *h, int8_t *out, aw_error *err)
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
    for (uint32_t i = 0; i < h->blocks; i++) {
        const tb_block *b = &blocks[i];
        uint8_t *dest = out ? (uint8_t *)out + (uint64_t)i * h->block_entries : scratch;
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
        for (uint32_t j = 0; j < b->raw; j++)
            if (((int8_t *)dest)[j] > h->seeds || ((int8_t *)dest)[j] < -h->seeds) {
                aw_fail(err, "damaged: block %u holds the value %d with %d seeds", i,
                        ((int8_t *)dest)[j], h->seeds);
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

int tb_file_decode(const uint8_t *file, size_t size, tb_header *h, int8_t *out, aw_error *err)
{
    source s = {.fd = -1, .mem = file, .size = size};
    return decode(&s, h, out, err);
}

int tb_load_layer(const char *path, const tb_key *key, int seeds, int8_t **out, uint64_t *entries,
                  aw_error *err)
{
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return aw_fail(err, "%s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return aw_fail(err, "%s: %s", path, strerror(errno));
    }
    source s = {.fd = fd, .mem = NULL, .size = (uint64_t)st.st_size};
    tb_header h;
    uint8_t head[TB_HEADER_SIZE];
    aw_error e;
    int rc = -1;
    int8_t *values = NULL;
    if (s.size < TB_HEADER_SIZE) {
        aw_fail(&e, "truncated: %llu bytes, shorter than a table header", (unsigned long long)s.size);
        goto fail;
    }
    if (source_read(&s, 0, head, sizeof head, &e) || tb_header_parse(head, sizeof head, s.size, &h, &e))
        goto fail;
    if (memcmp(&h.key, key, sizeof *key) != 0) {
        aw_fail(&e, "built for other rules (%s) than asked for", h.rules_name);
        goto fail;
    }
    if (h.seeds != seeds) {
        aw_fail(&e, "holds the layer of %d seeds, expected %d", h.seeds, seeds);
        goto fail;
    }
    values = malloc(h.entries ? h.entries : 1);
    if (!values) {
        aw_fail(&e, "out of memory (%llu bytes)", (unsigned long long)h.entries);
        goto fail;
    }
    tb_huge_pages(values, h.entries);
    if (decode(&s, &h, values, &e))
        goto fail;
    *out = values;
    *entries = h.entries;
    rc = 0;
fail:
    close(fd);
    if (rc) {
        free(values);
        aw_fail(err, "%s: %s", path, e.msg);
    }
    return rc;
}

/* ------------------------------------------------------------------ writing */

static int write_all(int fd, const void *buf, size_t n)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w, n -= (size_t)w;
    }
    return 0;
}

static int pwrite_all(int fd, const void *buf, size_t n, off_t at)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t w = pwrite(fd, p, n, at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w, n -= (size_t)w, at += w;
    }
    return 0;
}

int tb_write_layer(const char *path, const tb_key *key, const char *rules_name, int seeds,
                   const int8_t *values, uint64_t entries, int compress, aw_error *err)
{
#if !defined(AW_HAVE_ZSTD)
    if (compress)
        return aw_fail(err, "this program was built without zstd (install libzstd-dev and rebuild)");
#endif
    tb_header h;
    memset(&h, 0, sizeof h);
    h.version = TB_VERSION;
    h.key = *key;
    h.seeds = seeds;
    h.planes = (uint32_t)tb_planes(key);
    h.entries = entries;
    h.block_entries = TB_BLOCK_ENTRIES;
    h.blocks = (uint32_t)((entries + TB_BLOCK_ENTRIES - 1) / TB_BLOCK_ENTRIES);
    h.compression = compress ? TB_COMPRESS_ZSTD : TB_COMPRESS_NONE;
    snprintf(h.rules_name, sizeof h.rules_name, "%s", rules_name);
    const size_t index_bytes = tb_index_bytes(h.blocks);
    tb_block *blocks = calloc(h.blocks, sizeof *blocks);
    uint8_t *head = calloc(1, index_bytes);
    uint8_t *packed = NULL;
    char tmp[4200];
    int fd = -1, rc = -1;
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    if (!blocks || !head) {
        aw_fail(err, "out of memory writing %s", path);
        goto done;
    }
#if defined(AW_HAVE_ZSTD)
    size_t bound = ZSTD_compressBound(TB_BLOCK_ENTRIES);
    if (compress && !(packed = malloc(bound))) {
        aw_fail(err, "out of memory writing %s", path);
        goto done;
    }
#endif
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        aw_fail(err, "cannot create %s: %s", tmp, strerror(errno));
        goto done;
    }
    if (write_all(fd, head, index_bytes))
        goto io;
    uint64_t at = index_bytes;
    for (uint32_t i = 0; i < h.blocks; i++) {
        const uint64_t first = (uint64_t)i * TB_BLOCK_ENTRIES;
        const uint32_t raw = (uint32_t)(entries - first < TB_BLOCK_ENTRIES ? entries - first : TB_BLOCK_ENTRIES);
        const uint8_t *src = (const uint8_t *)values + first;
        tb_block *b = &blocks[i];
        b->offset = at;
        b->raw = raw;
        b->checksum = tb_checksum(src, raw);
        const uint8_t *data = src;
        size_t n = raw;
#if defined(AW_HAVE_ZSTD)
        if (compress) {
            n = ZSTD_compress(packed, bound, src, raw, 3);
            if (ZSTD_isError(n)) {
                aw_fail(err, "zstd: %s", ZSTD_getErrorName(n));
                goto done;
            }
            data = packed;
        }
#endif
        b->stored = (uint32_t)n;
        if (write_all(fd, data, n))
            goto io;
        at += n;
    }
    h.file_size = at;
    tb_header_encode(&h, blocks, head);
    if (pwrite_all(fd, head, index_bytes, 0) || fsync(fd) != 0)
        goto io;
    if (close(fd) != 0) {
        fd = -1;
        goto io;
    }
    fd = -1;
    if (rename(tmp, path) != 0) {
        aw_fail(err, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        goto done;
    }
    /* Make the rename itself durable. */
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = 0;
        int dfd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    rc = 0;
    goto done;
io:
    aw_fail(err, "cannot write %s: %s", tmp, strerror(errno));
done:
    if (fd >= 0)
        close(fd);
    if (rc)
        unlink(tmp);
    free(blocks);
    free(head);
    free(packed);
    return rc;
}

int tb_layer_path(const char *dir, const tb_key *key, int seeds, char *buf, size_t size)
{
    char name[128];
    tb_key_dirname(key, name, sizeof name);
    int n = snprintf(buf, size, "%s/%s/layer-%02d.awt", dir, name, seeds);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}
