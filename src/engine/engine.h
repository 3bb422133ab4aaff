/*
 * engine.h - what the engine modules share (library-internal): the score
 * scale, the transposition table, the evaluation and its features, the
 * per-thread search state and the engine object itself.
 *
 * Scores are ints in hundredths of a seed from the mover's view. Heuristic
 * scores are odd and stay within +-SC_EVAL_MAX; the end of a game is scored
 * exactly and even: 0 for a level end, and for a win by m seeds reached
 * p plies from the root SC_WIN + 256 m - 2 p (a loss is the negation), so a
 * bigger margin always beats a quicker result and, at equal margins, the
 * quicker win (the slower loss) is preferred. Parity tells an exact draw
 * from an estimate of 0.
 */
#ifndef AW_ENGINE_H
#define AW_ENGINE_H

#include "awale.h"
#include "rules/board.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>

#define SC_INF 32700
#define SC_WIN 20000
#define SC_PROVEN (SC_WIN - 256) /* |score| above this: an exact game end */
#define SC_EVAL_MAX 15001
#define MAX_PLY 120 /* plies from the root a search thread may reach */

static inline int sc_end(int margin, int ply)
{
    if (ply > 127)
        ply = 127;
    if (margin > 0)
        return SC_WIN + 256 * margin - 2 * ply;
    if (margin < 0)
        return -SC_WIN + 256 * margin + 2 * ply;
    return 0;
}

static inline bool sc_is_proven(int v) { return v > SC_PROVEN || v < -SC_PROVEN; }

/* A result the endgame tables prove (where they are exact: aw_tables_exact)
 * at a position `ply` plies from the root: the margin is known, the
 * distance to the end is not. One point below a game end at the same ply
 * (a loss: one above), so it is odd, which tells it apart: sc_public
 * reports it without a distance. A level result is 0, as any draw. */
static inline int sc_table(int margin, int ply)
{
    const int v = sc_end(margin, ply);
    return v > 0 ? v - 1 : v < 0 ? v + 1 : 0;
}

/* The tables' value where it is only the convention's estimate (endless
 * play split evenly, which a repetition rule may decide otherwise): the
 * margin in hundredths of a seed, and less than half a seed more the sooner
 * it is reached (later for a loss), so that the search still prefers to
 * cash a win in; odd, as every estimate. */
static inline int sc_table_estimate(int margin, int ply)
{
    const int tempo = ply < 40 ? 40 - ply : 0;
    const int v = 100 * margin + (margin > 0 ? tempo : margin < 0 ? -tempo : 0);
    return v | 1;
}

/* A cycle inside the search that the repetition rule does not end yet
 * (fewer occurrences than it asks): scored, as an estimate, as the end it
 * leads to when both sides keep repeating it (each takes his own row) -
 * the margin in hundredths, odd. Not a proven result: the game does not
 * end there, and either side may leave the cycle later. */
static inline int sc_cycle(int margin) { return (100 * margin) | 1; }

/* Scores in the table are relative to the node, not the root. */
static inline int sc_to_tt(int v, int ply)
{
    return v > SC_PROVEN ? v + 2 * ply : v < -SC_PROVEN ? v - 2 * ply : v;
}
static inline int sc_from_tt(int v, int ply)
{
    return v > SC_PROVEN ? v - 2 * ply : v < -SC_PROVEN ? v + 2 * ply : v;
}

/* Public form of an internal score (plies: from the root). */
aw_score sc_public(int v, int pv_plies);
/* ...and back: the internal score of a public one. */
int sc_internal(const aw_score *s);

/* ------------------------------------------------------------- the table */

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };
#define TT_NO_MOVE 31

/* One entry is one 64-bit word, read and written atomically, so that
 * threads share the table without locks and a torn entry cannot occur:
 * score 16 bits, depth 8, move 5, bound 2, generation 5, key check 28. */
typedef struct tt_entry_data {
    int score, depth, move, bound;
} tt_data;

typedef struct tt {
    _Atomic uint64_t *slots; /* buckets of 4 */
    size_t buckets;          /* a power of two */
    size_t mb;
    unsigned gen;            /* 0..31 */
} tt;

int tt_init(tt *t, size_t mb);
void tt_free(tt *t);
void tt_clear(tt *t);
bool tt_probe(const tt *t, uint64_t key, tt_data *out);
void tt_store(tt *t, uint64_t key, int score, int depth, int move, int bound);
int tt_hashfull(const tt *t);
/* -DAW_SMP_STATS builds only (tt.c): per-thread table counters. */
enum { TT_STAT_PROBES, TT_STAT_HITS, TT_STAT_FOREIGN, TT_STAT_STORES, TT_STATS };
#ifdef AW_SMP_STATS
extern _Thread_local int tt_stat_thread;
extern _Thread_local uint64_t tt_stat[TT_STATS];
#endif
static inline void tt_prefetch(const tt *t, uint64_t key)
{
    __builtin_prefetch((const void *)&t->slots[(key & (t->buckets - 1)) * 4]);
}

static inline uint64_t mix64e(uint64_t x)
{
    x ^= x >> 32;
    x *= UINT64_C(0xd6e8feb86659fd93);
    x ^= x >> 32;
    x *= UINT64_C(0xd6e8feb86659fd93);
    x ^= x >> 32;
    return x;
}

/* Table keys: the pits, the scores (South's is enough: they add up with the
 * board to 48), the side to move, and the no-capture counter when the rule
 * set has a limit. */
static inline uint64_t key_oware(const fboard *f, bool counter)
{
    uint64_t extra = (uint64_t)f->score[0] | (uint64_t)f->side << 6;
    if (counter)
        extra |= (uint64_t)(f->quiet < 511 ? f->quiet : 511) << 7;
    return mix64e(f->pits.q[0] ^ mix64e(f->pits.q[1] ^ (extra << 48) ^ UINT64_C(0x9e3779b97f4a7c15)));
}

static inline uint64_t key_generic(const aw_position *p, bool counter)
{
    uint64_t k = aw_position_hash(p);
    if (counter)
        k = mix64e(k ^ (uint64_t)(p->quiet < 511 ? p->quiet : 511));
    return k;
}

/* ------------------------------------------------------- the evaluation */

/* Feature layout of the Oware evaluation. Every weight comes twice, for a
 * full board (mg) and an empty one (eg); a position blends the two by the
 * seeds on the board. Pits are seen from the mover: own pits 0..5 in sowing
 * order, then the opponent's 0..5. */
#define EV_BUCKETS 24 /* seeds in a pit: 0..22, then 23 or more */
enum {
    EV_PIT = 0,                                /* [12][EV_BUCKETS]          */
    EV_MOB_OWN = EV_PIT + 12 * EV_BUCKETS,     /* [7] own legal moves       */
    EV_MOB_OPP = EV_MOB_OWN + 7,               /* [7] opponent's non-empty  */
    EV_ATTACK = EV_MOB_OPP + 7,                /* [13] best capture now     */
    EV_THREAT = EV_ATTACK + 13,                /* [13] opponent's best one  */
    EV_TEMPO = EV_THREAT + 13,                 /* [1] moves left in own row */
    EV_NEED_OWN = EV_TEMPO + 1,                /* [13] seeds still needed to
                                                  reach the target: 1..12, 0 =
                                                  13 or more or no target    */
    EV_NEED_OPP = EV_NEED_OWN + 13,            /* [13] the opponent's       */
    EV_FEATURES = EV_NEED_OPP + 13
};

typedef struct eval_weights {
    int16_t mg[EV_FEATURES], eg[EV_FEATURES];
} eval_weights;

/* The tuned weights (eval_weights.c, written by tools/tune). */
extern const eval_weights eval_tuned;

/* Active features of a board, from the mover's view: index and count.
 * Returns how many (at most EV_MAX_ACTIVE). The evaluation is
 * 100 * (own score - opponent's) + sum of count * blend(weight). */
#define EV_MAX_ACTIVE 24
int eval_features(const aw_rules *r, const fboard *f, uint16_t idx[EV_MAX_ACTIVE],
                  int16_t cnt[EV_MAX_ACTIVE], int *phase);

/* Feature layout of the relay game's evaluation (same scheme: each weight
 * for a full and an empty board, blended by the seeds on the board; pits
 * seen from the mover). */
#define RV_BUCKETS 16 /* seeds in a pit: 0..14, then 15 or more */
enum {
    RV_PIT = 0,                              /* [12][RV_BUCKETS]            */
    RV_MOVABLE_OWN = RV_PIT + 12 * RV_BUCKETS, /* [7] own pits of 2 or more   */
    RV_MOVABLE_OPP = RV_MOVABLE_OWN + 7,     /* [7] the opponent's          */
    RV_EXPOSED_OWN = RV_MOVABLE_OPP + 7,     /* [16] seeds facing own empty
                                                pits: what a sowing ending
                                                there would capture (0..15+) */
    RV_EXPOSED_OPP = RV_EXPOSED_OWN + 16,    /* [16] the opponent's         */
    RV_ATTACK = RV_EXPOSED_OPP + 16,         /* [13] the best capture the
                                                mover has now (0..12+)      */
    RV_THREAT = RV_ATTACK + 13,              /* [13] the opponent's, were it
                                                his turn                    */
    RV_FEATURES = RV_THREAT + 13
};

typedef struct relay_weights {
    int16_t mg[RV_FEATURES], eg[RV_FEATURES];
} relay_weights;

/* The relay game's tuned weights (eval_weights_relay.c, tools/tune). */
extern const relay_weights relay_tuned;

/* Active features of a relay position, from the mover's view; at most
 * EV_MAX_ACTIVE. *phase: the seeds on the board. */
int relay_features(const aw_rules *r, const aw_position *p, uint16_t idx[EV_MAX_ACTIVE],
                   int16_t cnt[EV_MAX_ACTIVE], int *phase);

/* The evaluations of the Eval option: the network (nnue.h), the tuned
 * linear model ("linear"; "tuned" is the same), the score difference. */
enum { EVAL_LINEAR = 0, EVAL_TUNED = EVAL_LINEAR, EVAL_MATERIAL = 1, EVAL_NNUE = 2 };
/* The default of the Eval option, for the engine and aw_engine_evaluate:
 * the one line to change when the built-in network should be the default
 * (EVAL_NNUE, "nnue"). */
#define EVAL_DEFAULT EVAL_NNUE
#define EVAL_DEFAULT_NAME (EVAL_DEFAULT == EVAL_NNUE ? "nnue" : "linear")

/* The network's accumulators of one position (nnue.h): [0] South's
 * perspective, [1] North's. */
#define NN_HIDDEN 32
typedef struct nnue_acc {
    alignas(16) int16_t v[2][NN_HIDDEN];
} nnue_acc;
struct nnue_net;

/* The evaluation used by the search: odd, within +-SC_EVAL_MAX. */
int eval_oware(const aw_rules *r, const eval_weights *w, const fboard *f);
/* The sum of count x d[index - EV_MOB_OWN] over the features of
 * eval_features() from EV_MOB_OWN on (the network's direct terms). */
int eval_direct_sum(const aw_rules *r, const fboard *f, const int16_t *d);
/* The relay game (and any family played through the generic interface):
 * 100 x the store difference, plus the tuned features (w NULL: the store
 * difference alone, Eval=material). */
int eval_relay(const aw_rules *r, const relay_weights *w, const aw_position *p);

/* --------------------------------------------------------------- search */

typedef struct aw_engine engine;

/* A root move and what the last iterations said of it. */
typedef struct root_move {
    aw_move move;
    int score, prev_score;
    int depth; /* iteration that set score */
    int pv_len;
    aw_move pv[AW_SEARCH_MAX_PV];
} root_move;

typedef struct worker {
    engine *eng;
    int id;
    pthread_t thread;
    uint64_t nodes;            /* this thread's count                       */
    _Atomic uint64_t published; /* copy read by the main thread             */
    int seldepth;
    int completed;             /* last completed depth                       */
    bool stopped;
    int horizon_evals;         /* heuristic leaves in the current iteration  */
    /* Move ordering. */
    int32_t history[2][32];
    uint8_t killer[MAX_PLY + 2][2];
    /* Principal variation (triangular). */
    uint8_t pv[MAX_PLY + 2][MAX_PLY + 2];
    int pv_len[MAX_PLY + 2];
    /* The network's accumulators along the path (Eval=nnue): acc[ply] is
     * that of nn_pits[ply], the board searched at that ply, when acc_ok[ply];
     * made from its parent's when an evaluation needs it (lazily: a node
     * that ends on a table hit never pays for it). acc_ok[0] always. */
    nnue_acc acc[MAX_PLY + 2];
    fb_pits nn_pits[MAX_PLY + 2];
    bool acc_ok[MAX_PLY + 2];
    /* Boards along the path, for repetition. */
    fb_pits opath[MAX_PLY + 2];
    aw_position gpath[MAX_PLY + 2];
    /* Root. */
    int nroot;
    root_move root[AW_MAX_MOVES];
    root_move snap[AW_MAX_MOVES]; /* root[] after the last completed depth */
    int pv_index;               /* MultiPV line being searched               */
} worker;

/* The history before the root, for repetition: positions since the last
 * capture, oldest first; the root is the last one. */
#define HISTORY_MAX 1024

struct aw_engine {
    /* Options. */
    int hash_mb, threads, level, multipv;
    long long seed;
    int eval_kind;
    bool null_move, quiescence, reductions;
    char tables[256];
    uint64_t rng;
    bool own_book;
    int book_variety;                /* hundredths of a seed               */
    uint64_t book_rng;               /* BookVariety's choices (not reset by
                                        aw_engine_clear: games differ)     */
    const aw_book *book;             /* the caller's (aw_engine_set_book)  */
    /* The position. */
    aw_rules rules;
    aw_position root;
    int hist_len;                    /* entries of hist[] (root included)  */
    aw_position hist[HISTORY_MAX];
    fb_pits ohist[HISTORY_MAX];
    bool have_position;
    /* Shared search state. */
    tt table;
    const eval_weights *weights;
    /* The network of Eval=nnue: own_net, loaded from EvalFile, or when
     * that is empty the built-in one (nnue_builtin). */
    struct nnue_net *own_net;
    char eval_file[256];
    aw_probe_fn probe;
    void *probe_ctx;
    int probe_seeds;
    /* How the search uses the tables, decided at the start of each search
     * (docs/engine.md, "Endgame tables"):
     * tb_exact: their values are proofs for these rules from the root on
     *   (aw_tables_exact): a table hit is reported as a proven result;
     * tb_keep: no repetition rule can spoil their values (they are exact,
     *   or the rules have no repetition rule: then only their count of
     *   endless play as an even split is a convention): a table hit is a
     *   result for the search (sc_table), and only moves that keep the
     *   value are played at the root and in the root's layer; otherwise a
     *   hit is an estimate, and every move is searched;
     * tb_root: the root is covered by the tables. */
    bool tb_exact, tb_keep, tb_root;
    aw_tables *tables_open;          /* opened from the Tables option...   */
    aw_rules tables_rules;           /* ...for these rules                 */
    bool tables_tried;               /* opened (or failed) for them        */
    atomic_bool stop;
    /* aw_search_stop was called (set before stop). While hold_stops is on
     * (a review: review.c), a search begins stopped when it is set, so a
     * stop between two searches is not lost; it is cleared by
     * search_hold_stops. */
    atomic_bool stop_asked;
    bool hold_stops;               /* the caller's thread only            */
    atomic_bool pondering;
    atomic_bool running;
    bool joinable;
    aw_limits limits;
    aw_move only[AW_MAX_MOVES];
    double start, ponderhit_time;   /* ponderhit_time: main thread only  */
    bool was_pondering;
    double soft_time, hard_time;  /* seconds; 0 = none                     */
    int time_manager;             /* TM_SMART or TM_SIMPLE (timeman.c)     */
    int max_depth;
    aw_info_fn info;
    aw_done_fn done;
    void *user;
    aw_search_result result;
    pthread_t bg;
    worker *workers;               /* threads entries                      */
    int nworkers;
};

/* The per-family trees (tree_oware.c, tree_relay.c): one iteration at the
 * root, searching root moves [first, n) of the worker with window
 * (alpha, beta) at depth. Returns the best score; fills w->root scores and
 * PVs and sorts them. */
int oware_root(worker *w, int depth, int alpha, int beta, int first);
int relay_root(worker *w, int depth, int alpha, int beta, int first);

/* Time and stop checks shared by the trees (timeman.c). */
void search_check(worker *w);
double search_now(void);
/* The soft and hard time of the search from its limits and the root. */
void search_budget(engine *e);

/* Time managers (option TimeManager): smart spends the soft budget scaled
 * by how settled the search is; simple is the fixed budget of old. */
enum { TM_SMART = 0, TM_SIMPLE = 1 };

/* What the main thread's iterations said so far, for the time manager. */
typedef struct tm_state {
    aw_move best;      /* best move of the last completed iteration        */
    int stable;        /* iterations in a row that kept it                 */
    double changes;    /* changes of the best move, halved each iteration  */
    int score[3];      /* the last iterations' scores, newest first        */
    int iterations;
    double factor;     /* the last scale of the soft budget (reports)      */
} tm_state;

/* After the main thread's iteration at `depth` with best move `best` and
 * score `score`: whether to start another one (false: the time is
 * spent). Only with a clock (soft budget below the hard one). */
bool search_time_continue(engine *e, tm_state *s, int depth, aw_move best, int score);

/* A worker's node count, published for the others and the reports. */
static inline void search_publish(worker *w)
{
    atomic_store_explicit(&w->published, w->nodes, memory_order_relaxed);
}

static inline uint64_t search_total_nodes(const engine *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->nworkers; i++)
        n += atomic_load_explicit(&e->workers[i].published, memory_order_relaxed);
    return n;
}

/* The seeds on the board (stores excluded). */
static inline int board_seeds(const aw_position *p)
{
    return aw_position_row(p, AW_SOUTH) + aw_position_row(p, AW_NORTH);
}

/* splitmix64: the random choices of levels and books. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}
/* Keep aw_search_stop from one search to the next (on) until off, for a
 * run of searches that a single stop must end (a review); both clear the
 * stops from before. search_stop_asked: a stop came since. */
void search_hold_stops(aw_engine *e, bool on);
bool search_stop_asked(const aw_engine *e);

/* Index of a move in the history and table (0..24). */
static inline int move_index(aw_move m)
{
    AW_ASSERT(m == AW_MOVE_PASS || (AW_MOVE_PIT(m) >= 0 && AW_MOVE_PIT(m) < 12));
    if (m == AW_MOVE_PASS)
        return 24;
    return AW_MOVE_PIT(m) + ((m & AW_MOVE_CW) ? 12 : 0);
}
static inline aw_move index_move(int i)
{
    AW_ASSERT(i >= 0 && i <= 24);
    if (i == 24)
        return AW_MOVE_PASS;
    return (aw_move)(i < 12 ? i : (i - 12) | AW_MOVE_CW);
}

#endif
