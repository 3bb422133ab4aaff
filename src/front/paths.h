/*
 * paths.h - where the front ends keep files of their own, by the XDG base
 * directory conventions: state (the unfinished game) under
 * $XDG_STATE_HOME/awale (default ~/.local/state/awale), settings under
 * $XDG_CONFIG_HOME/awale (default ~/.config/awale), data (the web server's
 * games) under $XDG_DATA_HOME/awale (default ~/.local/share/awale).
 */
#ifndef AW_FRONT_PATHS_H
#define AW_FRONT_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The path of file `name` in the state, config or data directory into buf,
 * creating the directory when `create` is true. NULL with a message in err
 * when there is no home directory or it cannot be created. */
const char *paths_state(const char *name, bool create, char *buf, size_t size, char *err,
                        size_t errsize);
const char *paths_config(const char *name, bool create, char *buf, size_t size, char *err,
                         size_t errsize);
const char *paths_data(const char *name, bool create, char *buf, size_t size, char *err,
                       size_t errsize);

#endif
