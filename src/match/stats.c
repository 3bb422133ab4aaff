/*
 * stats.c - score, Elo and SPRT of a match (see stats.h). The Elo
 * difference is the logistic one, E = -400 log10(1/s - 1) for a score s;
 * its margin comes from the normal approximation of the mean score (the
 * per-game variance of the trinomial win/draw/loss result), mapped through
 * the same curve. The LLR is the usual normal approximation of the
 * generalised SPRT (as in fishtest): N (s1 - s0)(2s - s0 - s1) / (2 var).
 * A match whose games all ended alike gets half a win and half a loss of
 * prior, so that it can still decide (9 wins out of 9 is evidence).
 *
 * The pentanomial view takes the game pairs (one opening, each colour once)
 * as the units: a pair scores 0, 1/4, 1/2, 3/4 or 1 (its points over 2),
 * and the interval comes from the variance of the pair scores, which the
 * pairing makes smaller than the games' when an opening favours a colour
 * (the two games of a pair are not independent; fishtest's model).
 */
#include "match/stats.h"

#include <math.h>

int stats_games(const match_score *s) { return s->wins + s->draws + s->losses; }

double stats_score(const match_score *s)
{
    int n = stats_games(s);
    return n ? (s->wins + 0.5 * s->draws) / n : 0.5;
}

static double elo_of(double score) { return -400.0 * log10(1.0 / score - 1.0); }
static double score_of(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Variance of one game's points around the mean score. */
static double variance(const match_score *s)
{
    int n = stats_games(s);
    if (!n)
        return 0;
    double m = stats_score(s);
    return (s->wins * (1 - m) * (1 - m) + s->draws * (0.5 - m) * (0.5 - m) +
            s->losses * m * m) /
           n;
}

void stats_elo_interval(const match_score *s, double *lo, double *hi)
{
    int n = stats_games(s);
    double m = stats_score(s);
    *lo = -INFINITY;
    *hi = INFINITY;
    if (!n)
        return;
    double se = sqrt(variance(s) / n);
    double a = m - 1.959964 * se, b = m + 1.959964 * se;
    if (a > 0 && a < 1)
        *lo = elo_of(a);
    else if (a >= 1)
        *lo = INFINITY;
    if (b > 0 && b < 1)
        *hi = elo_of(b);
    else if (b <= 0)
        *hi = -INFINITY;
}

/* The 95% interval of a mean score m with standard error se, in Elo. */
static void interval_of(double m, double se, double *lo, double *hi)
{
    double a = m - 1.959964 * se, b = m + 1.959964 * se;
    *lo = a <= 0 ? -INFINITY : a >= 1 ? INFINITY : elo_of(a);
    *hi = b <= 0 ? -INFINITY : b >= 1 ? INFINITY : elo_of(b);
}

int stats_pairs(const match_pairs *p)
{
    int n = 0;
    for (int k = 0; k < 5; k++)
        n += p->n[k];
    return n;
}

bool stats_pairs_elo(const match_pairs *p, double *elo, double *lo, double *hi)
{
    const int n = stats_pairs(p);
    *lo = -INFINITY;
    *hi = INFINITY;
    if (!n) {
        *elo = 0;
        return false;
    }
    double m = 0;
    for (int k = 0; k < 5; k++)
        m += p->n[k] * (k / 4.0);
    m /= n;
    if (m <= 0 || m >= 1) {
        *elo = m <= 0 ? -INFINITY : INFINITY;
        return false;
    }
    double var = 0;
    for (int k = 0; k < 5; k++)
        var += p->n[k] * (k / 4.0 - m) * (k / 4.0 - m);
    var /= n;
    *elo = elo_of(m);
    interval_of(m, sqrt(var / n), lo, hi);
    return true;
}

bool stats_elo(const match_score *s, double *elo, double *margin)
{
    int n = stats_games(s);
    double m = stats_score(s);
    *margin = INFINITY;
    if (!n) {
        *elo = 0;
        return false;
    }
    if (m <= 0 || m >= 1) {
        *elo = m <= 0 ? -INFINITY : INFINITY;
        return false;
    }
    *elo = elo_of(m);
    double se = sqrt(variance(s) / n);
    double lo = m - 1.959964 * se, hi = m + 1.959964 * se;
    if (lo <= 0 || hi >= 1)
        return true; /* the interval reaches an end: the margin is unbounded */
    *margin = (elo_of(hi) - elo_of(lo)) / 2;
    return true;
}

double stats_llr(const match_score *s, double elo0, double elo1)
{
    int n = stats_games(s);
    if (!n)
        return 0;
    double var = variance(s), m = stats_score(s), games = n;
    if (var <= 0) {
        /* Every game had the same result (all won, say): the variance is
         * no estimate yet. Count half a win and half a loss more, so that
         * a one-sided match still decides. */
        double w = s->wins + 0.5, d = s->draws, l = s->losses + 0.5;
        games = n + 1;
        m = (w + 0.5 * d) / games;
        var = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / games;
    }
    double s0 = score_of(elo0), s1 = score_of(elo1);
    return games * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

void stats_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}
