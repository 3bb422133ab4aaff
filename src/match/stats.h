/*
 * stats.h - what a match result says: score, Elo difference with its 95%
 * interval, the same over game pairs (pentanomial), and the sequential probability ratio test that can stop a match
 * once the result is clear.
 */
#ifndef AW_STATS_H
#define AW_STATS_H

#include <stdbool.h>

/* Games from the first engine's view. */
typedef struct match_score {
    int wins, draws, losses;
} match_score;

int stats_games(const match_score *s);

/* Points per game, 0..1 (0.5 with no game). */
double stats_score(const match_score *s);

/* The Elo difference that predicts the score (logistic model), and half
 * the width of its 95% confidence interval. Returns false when there is no
 * finite estimate (no game, or every game won or lost): *elo is then +-inf
 * or 0 and *margin inf. */
bool stats_elo(const match_score *s, double *elo, double *margin);

/* The ends of that 95% interval in Elo (-inf or +inf when the interval of
 * the score reaches 0 or 1). */
void stats_elo_interval(const match_score *s, double *lo, double *hi);

/* Game pairs (one opening played with each colour), from the first
 * engine's view: n[k] pairs scored k/2 points of 2 (LL, LD, DD or WL, WD,
 * WW). */
typedef struct match_pairs {
    int n[5];
} match_pairs;

int stats_pairs(const match_pairs *p);

/* The pentanomial Elo: the Elo of the mean pair score, and the ends of its
 * 95% interval from the variance of the pair scores (-inf or +inf when it
 * reaches a score of 0 or 1). Returns false when there is no finite
 * estimate (no pair, or every pair lost or won: *elo is -inf or +inf). */
bool stats_pairs_elo(const match_pairs *p, double *elo, double *lo, double *hi);

/* SPRT of H0: Elo = elo0 against H1: Elo = elo1 (logistic Elo, the
 * generalised SPRT on the trinomial result): the log-likelihood ratio, and
 * the bounds from the error rates alpha and beta. */
double stats_llr(const match_score *s, double elo0, double elo1);
void stats_sprt_bounds(double alpha, double beta, double *lower, double *upper);

#endif
