/*
 * board.c - the constant sowing tables of the fast board (board.h), written
 * as compile-time expressions so they need no initialisation.
 *
 * fb_sow_table[o][k][byte]: seeds a pit gains when k seeds are sown from pit
 * o - every pit other than o gets k / 11 (full laps, the origin skipped) and
 * the k % 11 pits after o one more - and -k (mod 256) at o itself.
 * fb_sow_last[o][k]: the byte where the last seed lands.
 * fb_sow_info[o][k]: the same as a mask of the bytes that receive seeds,
 * the last byte, and what the last byte gains.
 */
#include "board.h"

#define DIST(o, i) ((((i) - (o)) + 12) % 12)
#define INC(o, k, i) \
    ((uint8_t)((i) == (o) ? (256 - (k)) % 256 : (k) / 11 + (DIST(o, i) <= (k) % 11 ? 1 : 0)))
#define ROW(o, k)                                                                          \
    {INC(o, k, 0), INC(o, k, 1), INC(o, k, 2), INC(o, k, 3), INC(o, k, 4), INC(o, k, 5), 0, 0, \
     INC(o, k, 6), INC(o, k, 7), INC(o, k, 8), INC(o, k, 9), INC(o, k, 10), INC(o, k, 11), 0, 0}
#define SEVEN(M, o, b) M(o, b), M(o, b + 1), M(o, b + 2), M(o, b + 3), M(o, b + 4), M(o, b + 5), M(o, b + 6)
#define ALL_K(M, o)                                                                         \
    {SEVEN(M, o, 0), SEVEN(M, o, 7), SEVEN(M, o, 14), SEVEN(M, o, 21), SEVEN(M, o, 28),         \
     SEVEN(M, o, 35), SEVEN(M, o, 42)}
#define ALL_O(M)                                                                            \
    {ALL_K(M, 0), ALL_K(M, 1), ALL_K(M, 2), ALL_K(M, 3), ALL_K(M, 4), ALL_K(M, 5), ALL_K(M, 6), \
     ALL_K(M, 7), ALL_K(M, 8), ALL_K(M, 9), ALL_K(M, 10), ALL_K(M, 11)}

#define LAST_PIT(o, k) ((k) % 11 ? ((o) + (k) % 11) % 12 : ((o) + 11) % 12)
#define LAST(o, k) ((uint8_t)FB_BYTE(LAST_PIT(o, k)))

const uint8_t fb_sow_table[12][49][16] = ALL_O(ROW);
const uint8_t fb_sow_last[12][49] = ALL_O(LAST);

#define BIT(o, k, i) (INC(o, k, i) && (i) != (o) ? 1u << FB_BYTE(i) : 0u)
#define RECV(o, k)                                                                          \
    (uint16_t)(BIT(o, k, 0) | BIT(o, k, 1) | BIT(o, k, 2) | BIT(o, k, 3) | BIT(o, k, 4) |      \
               BIT(o, k, 5) | BIT(o, k, 6) | BIT(o, k, 7) | BIT(o, k, 8) | BIT(o, k, 9) |      \
               BIT(o, k, 10) | BIT(o, k, 11))
#define INFO(o, k) {RECV(o, k), LAST(o, k), (uint8_t)((k) / 11 + ((k) % 11 != 0))}

const fb_sow fb_sow_info[12][49] = ALL_O(INFO);
