/*
 * build_mpi.c - the table build spread over the ranks of an MPI job
 * (`make mpi`, then `mpirun -np N awale tables build ...`). Compiled into
 * every program, but only the MPI build (AW_HAVE_MPI) holds more than the
 * stubs at the end of the file: the default program has no MPI dependency.
 *
 * Layout (docs/tables.md, "Across machines"). Every layer, and every plane
 * of it, is cut into N equal ranges of ranks, one per MPI rank: rank r owns
 * the positions r*chunk .. (r+1)*chunk - 1 of each layer, chunk = ceil(size
 * / N). A rank keeps only its range of the finished layers (plane 0, the one
 * captures lead to) and of the layer being built, so the memory per rank is
 * the single-process figure divided by N. No copy of the smaller layers:
 * at 48 seeds they are 0.9 TB, and the figures (docs/tables.md) show that
 * the capture look-ups they would save cost less network than the copy.
 *
 * What travels, always in batches, each an all-to-all exchange:
 * - initialising a layer: the captures of each position lead to positions
 *   of smaller layers owned by any rank. A batch of positions makes a batch
 *   of requests (8 bytes: layer and offset in the owner's range) per owner;
 *   owners answer with the values (1 byte, or 3 with the plies to the end);
 * - solving without a limit: the retrograde propagation of build.c by
 *   thresholds, in rounds. Unmoving a placed position gives predecessors;
 *   those a rank owns are updated at once, the others are sent to their
 *   owner (8 bytes: offset and kind of update), which applies them after
 *   the exchange, placing positions that then unmove in the next round. A
 *   threshold ends when no rank has work left and nothing is in flight;
 * - solving with a limit: each plane reads the next one at the quiet
 *   children, by requests and answers as for the captures;
 * - writing: the ranks send their ranges, plane by plane, to rank 0, which
 *   writes the file block by block (the same bytes as the single-process
 *   build: the values do not depend on the order of the work); reading a
 *   kept layer, rank 0 checks the file block by block and sends each rank
 *   its range of plane 0.
 *
 * Every round ends with one small all-reduce (work left, stop, error,
 * progress), so a rank that fails, or a Ctrl-C, stops every rank at the same
 * point; a rank that dies takes the job down (mpirun reports it), and the
 * finished layers, written atomically, are kept for the resume.
 *
 * Each rank runs one thread: the layout is one rank per core.
 */
#define _DEFAULT_SOURCE
#include "tables_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Whether the environment says an MPI launcher started this process with
 * more than one rank. */
static int launched_ranks(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE",
                                       "MPI_LOCALNRANKS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && atoi(v) > 0)
            return atoi(v);
    }
    return 0;
}

int aw_tables_mpi_launched(void) { return launched_ranks(); }

#if defined(AW_HAVE_MPI)

#include "build_mpi.h"

static int mpi_started; /* MPI_Init was called here */
static int mpi_rank, mpi_size = 1;

int aw_tables_mpi_begin(int *rank)
{
    *rank = 0;
    if (launched_ranks() <= 1)
        return 1;
    int inited = 0;
    MPI_Initialized(&inited);
    if (!inited) {
        int provided;
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return 1;
        mpi_started = 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    *rank = mpi_rank;
    return mpi_size;
}

void aw_tables_mpi_end(void)
{
    if (mpi_started) {
        MPI_Finalize();
        mpi_started = 0;
        mpi_size = 1;
        mpi_rank = 0;
    }
}

bool aw_tables_mpi_available(void) { return true; }

int tb_mpi_ranks(void) { return mpi_started ? mpi_size : 1; }

/* ------------------------------------------------------------- the builder */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void say(const dist *d, const char *fmt, ...) AW_PRINTF(2, 3);
static void say(const dist *d, const char *fmt, ...)
{
    if (d->me != 0 || !d->opt->log)
        return;
    char line[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    d->opt->log(d->opt->ctx, line);
}

/* A failure of this rank: kept until the next agreement tells every rank. */
void tbm_fail_here(dist *d, const char *fmt, ...)
{
    if (d->error)
        return;
    d->error = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
}

static void report(dist *d, const char *phase, bool force)
{
    const double t = now();
    if (!force && t - d->last_report < 0.05)
        return;
    d->last_report = t;
    d->prog.phase = phase;
    d->prog.done = d->done_before + d->done_global;
    const aw_tables_build_options *o = d->opt;
    if (o->progress && o->progress(o->ctx, &d->prog))
        d->stop = 1;
}

/* What every rank learnt of the others at an agreement point: work left
 * and updates sent (summed), stop and error flags, progress. Returns 0, or
 * -1 with the message when a rank failed or the build was stopped. */
int tbm_settle(dist *d, const int64_t sum[4], const char *phase, aw_error *err)
{
    d->done_global = (uint64_t)sum[3];
    if (sum[2] & ~INT64_C(0xFFFF)) {
        /* The lowest failing rank tells what went wrong. */
        int mine = d->error ? d->me : d->np, first;
        MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, d->comm);
        char msg[sizeof d->msg];
        memcpy(msg, d->msg, sizeof msg);
        MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, first, d->comm);
        msg[sizeof msg - 1] = 0;
        return aw_fail(err, "rank %d of %d: %s", first, d->np, msg);
    }
    if (sum[2])
        return aw_fail(err, "interrupted");
    report(d, phase, false);
    return 0;
}

/* Every rank's state at the same point (one all-reduce): work left
 * (summed into *active), stop, error, progress. */
int tbm_agree(dist *d, int64_t active, int64_t *active_sum, const char *phase, aw_error *err)
{
    int64_t in[4] = {active, 0, tbm_flags_of(d), (int64_t)d->done}, out[4];
    MPI_Allreduce(in, out, 4, MPI_INT64_T, MPI_SUM, d->comm);
    if (active_sum)
        *active_sum = out[0];
    return tbm_settle(d, out, phase, err);
}

/* A buffer that cannot grow while the ranks exchange: the exchange cannot
 * go on without it, so every rank stops at once (mpirun reports it; the
 * finished layers are kept). */
void tbm_die(dist *d, const char *what)
{
    fprintf(stderr, "awale: tables build: rank %d of %d: out of memory (or past 2^31 entries "
                    "in one exchange) for %s of layer %d; stopping every rank\n",
            d->me, d->np, what, d->n);
    MPI_Abort(d->comm, 1);
}

/* ------------------------------------------------------ moving a layer */

/* Write layer n: every rank sends its ranges to rank 0, plane by plane,
 * values then plies, and rank 0 writes the file block by block. */
static int write_layer(dist *d, const char *path, aw_error *err)
{
    const uint64_t planes = (uint64_t)d->planes;
    int width = 0;
    if (d->L) {
        int most = 0, all;
        for (uint64_t i = 0; i < d->local * planes; i++)
            most = d->plies[i] > most ? d->plies[i] : most;
        MPI_Allreduce(&most, &all, 1, MPI_INT, MPI_MAX, d->comm);
        width = all < 256 ? 1 : 2;
    }
    tb_writer *w = NULL;
    aw_error we;
    if (d->me == 0) {
        w = tb_writer_open(path, &d->key, d->rules_name, d->n, d->size * planes, width,
                           d->opt->compress, &we);
        if (!w)
            tbm_fail_here(d, "%s", we.msg);
    }
    if (tbm_agree(d, 0, NULL, "writing", err))
        return -1;
    uint8_t *buf = malloc(PIECE + 2);
    if (!buf)
        tbm_fail_here(d, "out of memory writing layer %d", d->n);
    if (tbm_agree(d, 0, NULL, "writing", err)) {
        free(buf);
        if (w)
            tb_writer_close(w, true, &we);
        return -1;
    }
    int ok = 1;
    for (int section = 0; section < (width ? 2 : 1); section++) {
        const uint64_t esize = section ? (uint64_t)width : 1;
        for (uint64_t c = 0; c < planes; c++) {
            for (int r = 0; r < d->np; r++) {
                const uint64_t len = range_len(d->size, d->chunk, r) * esize;
                for (uint64_t at = 0; at < len; at += PIECE) {
                    const size_t n = len - at < PIECE ? (size_t)(len - at) : PIECE;
                    if (r == d->me) {
                        const uint64_t base = c * d->local;
                        if (section == 0) {
                            memcpy(buf, d->val + base + at, n);
                        } else {
                            for (size_t i = 0; i < n / esize; i++) {
                                const uint16_t v = d->plies[base + at / esize + i];
                                buf[i * esize] = (uint8_t)v;
                                if (esize == 2)
                                    buf[i * esize + 1] = (uint8_t)(v >> 8);
                            }
                        }
                        if (d->me != 0) {
                            MPI_Send(buf, (int)n, MPI_BYTE, 0, TAG_FILE, d->comm);
                            d->sent[SENT_FILE] += n;
                        }
                    } else if (d->me == 0) {
                        MPI_Recv(buf, (int)n, MPI_BYTE, r, TAG_FILE, d->comm, MPI_STATUS_IGNORE);
                    }
                    if (d->me == 0 && ok && tb_writer_put(w, buf, n, &we)) {
                        tbm_fail_here(d, "%s", we.msg);
                        ok = 0;
                    }
                }
            }
        }
    }
    free(buf);
    if (d->me == 0 && tb_writer_close(w, !ok || d->error, &we) && !d->error)
        tbm_fail_here(d, "%s", we.msg);
    return tbm_agree(d, 0, NULL, "writing", err);
}

typedef struct reader {
    dist *d;
    const tb_header *h; /* filled before the first block comes */
    uint8_t *buf;
} reader;

/* Rank 0's sink: the bytes of plane 0 (values, then plies) go to their
 * owners, each message an 8-byte offset in the owner's range and bytes. */
static int route(void *ctx, uint64_t at, const uint8_t *data, uint32_t n, aw_error *err)
{
    reader *rd = ctx;
    dist *d = rd->d;
    const uint64_t size = d->size, chunk = d->chunk;
    (void)err;
    for (int section = 0; section < (rd->h->plies_bytes ? 2 : 1); section++) {
        const uint64_t esize = section ? (uint64_t)rd->h->plies_bytes : 1;
        const uint64_t start = section ? rd->h->entries : 0, end = start + size * esize;
        uint64_t lo = at > start ? at : start, hi = at + n < end ? at + n : end;
        while (lo < hi) {
            const uint64_t entry = (lo - start) / esize, owner = entry / chunk;
            const uint64_t owner_end = start + range_lo(size, chunk, (int)owner + 1) * esize;
            const uint64_t piece_end = hi < owner_end ? hi : owner_end;
            const uint64_t off = lo - start - range_lo(size, chunk, (int)owner) * esize;
            const size_t len = (size_t)(piece_end - lo);
            if ((int)owner == d->me) {
                if (section)
                    memcpy((uint8_t *)d->low_plies[d->n] + off, data + (lo - at), len);
                else
                    memcpy(d->low_val[d->n] + off, data + (lo - at), len);
            } else {
                memcpy(rd->buf, &off, 8);
                memcpy(rd->buf + 8, data + (lo - at), len);
                MPI_Send(rd->buf, (int)(len + 8), MPI_BYTE, (int)owner,
                         section ? TAG_PLIES : TAG_VALUES, d->comm);
            }
            lo = piece_end;
        }
    }
    return 0;
}

/* Read layer n if its file is there and checks out: each rank gets its
 * range of plane 0. Returns 1 when kept, 0 when it must be built, -1 on a
 * failure. */
static int read_layer(dist *d, const char *path, aw_error *err)
{
    int exists = d->me == 0 ? access(path, F_OK) == 0 : 0;
    MPI_Bcast(&exists, 1, MPI_INT, 0, d->comm);
    if (!exists)
        return 0;
    report(d, "checking", true);
    const uint64_t mine = range_len(d->size, d->chunk, d->me);
    d->low_val[d->n] = malloc(mine + 1);
    if (d->L)
        d->low_plies[d->n] = malloc(2 * mine + 2);
    uint8_t *buf = malloc(TB_BLOCK_ENTRIES + 16);
    if (!d->low_val[d->n] || (d->L && !d->low_plies[d->n]) || !buf)
        tbm_fail_here(d, "out of memory reading layer %d", d->n);
    if (tbm_agree(d, 0, NULL, "checking", err)) {
        free(buf);
        return -1;
    }
    int done[2] = {0, 0}; /* status, width */
    if (d->me == 0) {
        tb_header h;
        memset(&h, 0, sizeof h);
        reader rd = {d, &h, buf};
        aw_error e;
        if (tb_stream_layer(path, &d->key, d->n, &h, route, &rd, &e) != 0) {
            done[0] = 1;
            say(d, "layer %d: %s; building it again", d->n, e.msg);
        }
        done[1] = (int)h.plies_bytes;
        for (int r = 1; r < d->np; r++)
            MPI_Send(done, 2, MPI_INT, r, TAG_DONE, d->comm);
    } else {
        for (;;) {
            MPI_Status s;
            MPI_Probe(0, MPI_ANY_TAG, d->comm, &s);
            if (s.MPI_TAG == TAG_DONE) {
                MPI_Recv(done, 2, MPI_INT, 0, TAG_DONE, d->comm, MPI_STATUS_IGNORE);
                break;
            }
            int len;
            MPI_Get_count(&s, MPI_BYTE, &len);
            MPI_Recv(buf, len, MPI_BYTE, 0, s.MPI_TAG, d->comm, MPI_STATUS_IGNORE);
            uint64_t off;
            memcpy(&off, buf, 8);
            uint8_t *dest = s.MPI_TAG == TAG_PLIES ? (uint8_t *)d->low_plies[d->n] : (uint8_t *)d->low_val[d->n];
            const uint64_t cap = s.MPI_TAG == TAG_PLIES ? 2 * mine : mine;
            if (len >= 8 && dest && off + (uint64_t)(len - 8) <= cap)
                memcpy(dest + off, buf + 8, (size_t)len - 8);
        }
    }
    free(buf);
    if (done[0]) {
        free(d->low_val[d->n]);
        free(d->low_plies[d->n]);
        d->low_val[d->n] = NULL;
        d->low_plies[d->n] = NULL;
        return tbm_agree(d, 0, NULL, "checking", err) ? -1 : 0;
    }
    if (d->L && done[1] == 1) {
        /* One byte per entry on file: widen in place, from the end. */
        uint8_t *raw = (uint8_t *)d->low_plies[d->n];
        for (uint64_t i = mine; i-- > 0;)
            d->low_plies[d->n][i] = raw[i];
    } else if (d->L) {
        uint8_t *raw = (uint8_t *)d->low_plies[d->n];
        for (uint64_t i = 0; i < mine; i++)
            d->low_plies[d->n][i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    }
    d->low_chunk[d->n] = d->chunk;
    return tbm_agree(d, 0, NULL, "checking", err) ? -1 : 1;
}

/* ------------------------------------------------------------- the build */

static uint64_t layer_units(const tb_key *k, int n)
{
    return (uint64_t)(tb_planes(k) + 1) * tb_layer_size(n);
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void free_working(dist *d)
{
    free(d->val), free(d->st), free(d->exits), free(d->near), free(d->far), free(d->plies);
    d->val = NULL, d->st = NULL, d->exits = NULL, d->near = d->far = d->plies = NULL;
}

static int build_one(dist *d, const char *path, aw_error *err)
{
    const uint64_t local = d->local, planes = (uint64_t)d->planes;
    d->val = malloc(local * planes + 1);
    if (d->L) {
        d->exits = malloc(local + 1);
        d->near = malloc(local * 2 + 2);
        d->far = malloc(local * 2 + 2);
        d->plies = malloc(local * planes * 2 + 2);
    } else {
        d->st = malloc(local + 1);
    }
    if (!d->val || (d->L ? !d->exits || !d->near || !d->far || !d->plies : !d->st))
        tbm_fail_here(d, "out of memory for its %llu positions of layer %d",
                  (unsigned long long)local, d->n);
    if (tbm_agree(d, 0, NULL, "initialising", err) || tbm_phase_init(d, err))
        return -1;
    if (d->L ? tbm_phase_planes(d, err) : tbm_phase_thresholds(d, err))
        return -1;
    report(d, "writing", true);
    return write_layer(d, path, err);
}

static int build_all(dist *d, const char *dir, aw_error *err)
{
    char sub[4096], path[4200], name[128];
    tb_key_dirname(&d->key, name, sizeof name);
    if (snprintf(sub, sizeof sub, "%s/%s", dir, name) >= (int)sizeof sub)
        tbm_fail_here(d, "directory name too long");
    else if (d->me == 0 && tb_make_dirs(sub, err))
        tbm_fail_here(d, "%s", err->msg);
    if (tbm_agree(d, 0, NULL, "checking", err))
        return -1;
    const int seeds = d->opt->seeds;
    for (int n = 0; n <= seeds; n++) {
        d->n = n;
        d->size = tb_layer_size(n);
        d->chunk = chunk_of(d->size, d->np);
        d->lo = range_lo(d->size, d->chunk, d->me);
        d->local = range_len(d->size, d->chunk, d->me);
        d->qcap = d->local / 64 < 64 ? 64 : d->local / 64 > QUEUE ? QUEUE : (uint32_t)(d->local / 64);
        d->prog.seeds = n;
        d->prog.threshold = 0;
        d->done = 0;
        d->done_global = 0;
        memset(d->sent, 0, sizeof d->sent);
        d->rounds = 0;
        tb_layer_path(dir, &d->key, n, path, sizeof path);
        const int kept = read_layer(d, path, err);
        if (kept < 0)
            return -1;
        if (kept) {
            d->done_before += layer_units(&d->key, n);
            d->prog.loaded++;
            continue;
        }
        if (d->prog.loaded && !d->prog.built && n == d->prog.loaded)
            say(d, "layers 0..%d kept from an earlier build (checked)", n - 1);
        /* For the tests (tests/mpi): a rank killed, or failing, at the
         * start of a layer. */
        const char *kill_at = getenv("AWALE_TEST_KILL_RANK");
        const char *fail_at = getenv("AWALE_TEST_FAIL_RANK");
        int kr, kn;
        if (kill_at && sscanf(kill_at, "%d:%d", &kr, &kn) == 2 && kr == d->me && kn == n)
            raise(SIGKILL);
        if (fail_at && sscanf(fail_at, "%d:%d", &kr, &kn) == 2 && kr == d->me && kn == n)
            tbm_fail_here(d, "failing on purpose at layer %d (AWALE_TEST_FAIL_RANK)", n);
        const double t0 = now(), c0 = cpu_seconds();
        if (build_one(d, path, err)) {
            free_working(d);
            return -1;
        }
        const double dt = now() - t0, dc = cpu_seconds() - c0;
        /* What each rank sent, gathered on rank 0 for the log. */
        uint64_t mine[SENT_KINDS + 2], *all = d->me == 0 ? malloc(sizeof mine * (size_t)d->np) : NULL;
        memcpy(mine, d->sent, sizeof d->sent);
        mine[SENT_KINDS] = d->rounds;
        mine[SENT_KINDS + 1] = (uint64_t)(dc * 1000);
        MPI_Gather(mine, SENT_KINDS + 2, MPI_UINT64_T, all, SENT_KINDS + 2, MPI_UINT64_T, 0, d->comm);
        if (all) {
            uint64_t lo_b = UINT64_MAX, hi_b = 0, sum[SENT_KINDS] = {0}, cpu = 0;
            for (int r = 0; r < d->np; r++) {
                uint64_t b = 0;
                for (int k = 0; k < SENT_KINDS; k++)
                    b += all[r * (SENT_KINDS + 2) + k], sum[k] += all[r * (SENT_KINDS + 2) + k];
                lo_b = b < lo_b ? b : lo_b;
                hi_b = b > hi_b ? b : hi_b;
                cpu += all[r * (SENT_KINDS + 2) + SENT_KINDS + 1];
            }
            const double np = d->np;
            say(d,
                "layer %2d: %llu positions in %.2f s (%.0f positions/s), %d ranks, %.1f CPU s; "
                "sent per rank %.2f MB (least %.2f, most %.2f): look-ups %.2f + answers %.2f, "
                "updates %.2f, file %.2f; %llu rounds",
                n, (unsigned long long)d->size, dt, dt > 0 ? (double)d->size / dt : 0.0, d->np,
                (double)cpu / 1000, (double)(sum[0] + sum[1] + sum[2] + sum[3]) / np / 1e6,
                (double)lo_b / 1e6, (double)hi_b / 1e6, (double)sum[SENT_REQUESTS] / np / 1e6,
                (double)sum[SENT_ANSWERS] / np / 1e6, (double)sum[SENT_UPDATES] / np / 1e6,
                (double)sum[SENT_FILE] / np / 1e6, (unsigned long long)d->rounds);
            free(all);
        }
        /* Keep plane 0 of this rank's range for the captures of the next
         * layers. */
        int8_t *keep = d->val;
        d->val = NULL;
        if (d->L) {
            int8_t *small = realloc(keep, d->local + 1);
            keep = small ? small : keep;
            uint16_t *p = realloc(d->plies, d->local * 2 + 2);
            d->low_plies[n] = p ? p : d->plies;
            d->plies = NULL;
        }
        d->low_val[n] = keep;
        d->low_chunk[n] = d->chunk;
        free_working(d);
        d->done_before += layer_units(&d->key, n);
        d->prog.built++;
    }
    /* The peak memory of every rank. */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    long rss = ru.ru_maxrss, most, least;
    double cpu = cpu_seconds(), cpu_sum;
    MPI_Reduce(&rss, &most, 1, MPI_LONG, MPI_MAX, 0, d->comm);
    MPI_Reduce(&rss, &least, 1, MPI_LONG, MPI_MIN, 0, d->comm);
    MPI_Reduce(&cpu, &cpu_sum, 1, MPI_DOUBLE, MPI_SUM, 0, d->comm);
    say(d, "%d ranks (%d on this node): peak memory per rank %.1f..%.1f MB (max RSS), CPU time "
           "of all ranks %.2f s",
        d->np, d->node_ranks, (double)least / 1024, (double)most / 1024, cpu_sum);
    d->done = 0;
    d->done_global = 0;
    report(d, "done", true);
    return 0;
}

int tb_build_mpi(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                 aw_error *err)
{
    dist *d = calloc(1, sizeof *d);
    int ok = d != NULL, all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all) {
        free(d);
        return aw_fail(err, "out of memory");
    }
    d->comm = MPI_COMM_WORLD;
    MPI_Comm_rank(d->comm, &d->me);
    MPI_Comm_size(d->comm, &d->np);
    MPI_Comm node;
    MPI_Comm_split_type(d->comm, MPI_COMM_TYPE_SHARED, d->me, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &d->node_ranks);
    MPI_Comm_free(&node);
    d->opt = opt;
    d->last_report = -1;
    int rc = -1;
    if (tb_build_check(rules, opt, &d->key, err))
        goto done; /* the same on every rank */
    if (d->np > 65535) {
        aw_fail(err, "at most 65535 ranks, not %d", d->np);
        goto done;
    }
    d->L = d->key.no_capture;
    d->planes = tb_planes(&d->key);
    snprintf(d->rules_name, sizeof d->rules_name, "%s", rules->name);
    const uint64_t need = aw_tables_build_memory_ranks(rules, opt->seeds, d->np);
    /* The ranks of one machine share its memory. */
    if (opt->memory_limit && need * (uint64_t)d->node_ranks > opt->memory_limit) {
        aw_fail(err, "building %d seeds needs about %.2f GB of memory per rank, %.2f GB for the %d "
                     "ranks on this machine, more than the limit of %.2f GB",
                opt->seeds, (double)need / 1e9, (double)need * d->node_ranks / 1e9, d->node_ranks,
                (double)opt->memory_limit / 1e9);
        goto done;
    }
    d->scount = calloc((size_t)d->np, sizeof(int));
    d->sdispl = calloc((size_t)d->np, sizeof(int));
    d->rcount = calloc((size_t)d->np, sizeof(int));
    d->rdispl = calloc((size_t)d->np, sizeof(int));
    d->status_send = calloc((size_t)d->np * 5, sizeof(int64_t));
    d->status_recv = calloc((size_t)d->np * 5, sizeof(int64_t));
    if (!d->L) {
        d->queue = malloc(QUEUE * sizeof *d->queue);
        d->out_word = malloc(OUT_MAX * sizeof *d->out_word);
        d->out_sorted = malloc(OUT_MAX * sizeof *d->out_sorted);
        d->out_dest = malloc(OUT_MAX * sizeof *d->out_dest);
    }
    if (!d->scount || !d->sdispl || !d->rcount || !d->rdispl || !d->status_send || !d->status_recv ||
        (!d->L && (!d->queue || !d->out_word || !d->out_sorted || !d->out_dest)))
        tbm_fail_here(d, "out of memory");
    d->prog.max_seeds = opt->seeds;
    for (int n = 0; n <= opt->seeds; n++)
        d->prog.total += layer_units(&d->key, n);
    d->prog.memory = need;
    d->prog.threads = 1;
    d->prog.ranks = d->np;
    rc = build_all(d, dir, err);
done:
    free_working(d);
    for (int n = 0; n <= TB_MAX_SEEDS; n++) {
        free(d->low_val[n]);
        free(d->low_plies[n]);
    }
    free(d->rq_word), free(d->rq_send), free(d->rq_recv), free(d->rq_slot);
    free(d->rq_slot_sorted), free(d->rq_dest), free(d->ans_send), free(d->ans_recv);
    free(d->scount), free(d->sdispl), free(d->rcount), free(d->rdispl);
    free(d->status_send), free(d->status_recv);
    free(d->queue), free(d->out_word), free(d->out_sorted), free(d->out_dest), free(d->in_word);
    free(d);
    return rc;
}

#else /* no MPI: one process, and the stubs */

int aw_tables_mpi_begin(int *rank)
{
    *rank = 0;
    return 1;
}

void aw_tables_mpi_end(void) {}

bool aw_tables_mpi_available(void) { return false; }

int tb_mpi_ranks(void) { return 1; }

int tb_build_mpi(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                 aw_error *err)
{
    (void)dir, (void)rules, (void)opt;
    return aw_fail(err, "this program was built without MPI (build it with 'make mpi')");
}

#endif
