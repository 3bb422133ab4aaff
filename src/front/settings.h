/*
 * settings.h - what `awale play` remembers between runs, in line mode and
 * full screen: the language, the look of the full-screen interface, the
 * depth of a review, and the last game chosen in its new-game dialog. A text file of key=value lines in the XDG config
 * directory ($XDG_CONFIG_HOME/awale/settings), written atomically; unknown
 * keys and bad values are ignored with a note, never a failure.
 */
#ifndef AW_FRONT_SETTINGS_H
#define AW_FRONT_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum { SPEED_OFF = 0, SPEED_FAST, SPEED_NORMAL, SPEED_SLOW };
enum { CHARSET_AUTO = 0, CHARSET_UNICODE, CHARSET_ASCII };

typedef struct settings {
    char lang[8];        /* "auto", "en", "fr", "pt"                       */
    int speed;           /* SPEED_*: the sowing animation                  */
    bool colour;         /* colours when the terminal has them             */
    int charset;         /* CHARSET_*: box drawing and seeds               */
    bool analysis;       /* the analysis panel is open                     */
    bool moves;          /* the move list is open                          */
    int review_depth;    /* each search of a game review, 1..40 (14)       */
    /* The last new game (valid: a game was chosen in the dialog). */
    bool game_valid;
    char rules[24];      /* preset name                                    */
    bool human;          /* two people                                     */
    int level;           /* 1..10                                          */
    int side;            /* the person's side against the computer         */
    int first;           /* who moves first                                */
    long long movetime;  /* the computer's time per move, ms               */
} settings;

/* The defaults: language from the locale, normal speed, colours, drawing
 * chosen from the terminal, panels closed, no remembered game. */
settings settings_default(void);

/* Read the settings file into *s (defaults for what it does not say).
 * Notes about ignored lines go to `notes` (one per line; "" when none).
 * A missing file is no error. Returns 0 (-1 only when there is no config
 * directory, with a note). */
int settings_load(settings *s, char *notes, size_t size);

/* Parse the text of a settings file (for load and the tests). */
void settings_parse(settings *s, const char *text, const char *name, char *notes, size_t size);

/* The text of a settings file. */
void settings_format(const settings *s, char *buf, size_t size);

/* Write the file atomically. 0, or -1 with a message. */
int settings_save(const settings *s, char *err, size_t size);

#endif
