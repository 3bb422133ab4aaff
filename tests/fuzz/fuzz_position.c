/*
 * fuzz_position.c - fuzz target for the position-string and move parsers.
 * The input is split at its first newline: the part before it is parsed as
 * a position, the part after as moves (under a rule set chosen by the first
 * byte). Whatever parses must print back to a string that parses to the same
 * position, and moves that parse are played through a game, which must never
 * accept an illegal one.
 */
#include "awale.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char *moves_text = strchr(text, '\n');
    if (moves_text)
        *moves_text++ = 0;

    aw_position pos;
    aw_error err;
    if (aw_position_parse(text, &pos, &err) == 0) {
        char buf[AW_POSITION_MAX], again[AW_POSITION_MAX];
        aw_position back;
        CHECK(aw_position_parse(aw_position_format(&pos, buf), &back, NULL) == 0);
        CHECK(memcmp(&back, &pos, sizeof pos) == 0);
        CHECK(strcmp(aw_position_format(&back, again), buf) == 0);
    } else {
        CHECK(err.msg[0] != 0);
        pos = aw_position_start(AW_SOUTH);
    }

    if (moves_text) {
        int n = aw_rules_preset_count();
        aw_rules rules;
        CHECK(aw_rules_preset(aw_rules_preset_name(size ? data[0] % n : 0), &rules, NULL) == 0);
        aw_move moves[64];
        int count = aw_moves_parse(&rules, moves_text, moves, 64, &err);
        if (count < 0) {
            CHECK(err.msg[0] != 0);
        } else {
            aw_game *g = aw_game_new(&rules, &pos);
            CHECK(g != NULL);
            for (int i = 0; i < count; i++) {
                aw_position before = *aw_game_position(g);
                bool legal = aw_game_status(g) == AW_ONGOING && aw_is_legal(&rules, &before, moves[i]);
                int rc = aw_game_play(g, moves[i], &err);
                CHECK((rc == 0) == legal);
                if (rc)
                    break;
                const aw_position *after = aw_game_position(g);
                CHECK(aw_position_row(after, 0) + aw_position_row(after, 1) + after->score[0] +
                          after->score[1] ==
                      AW_SEEDS);
            }
            aw_game_free(g);
        }
    }
    free(text);
    return 0;
}
