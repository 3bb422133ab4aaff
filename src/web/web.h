/*
 * web.h - `awale serve`: the web application (docs/web.md, docs/api.md).
 */
#ifndef AW_WEB_WEB_H
#define AW_WEB_WEB_H

#include "web/app.h"

/* Serve until Ctrl-C (SIGINT or SIGTERM). `listen_name` (may be NULL) is
 * the host name printed in the URL. Returns the exit status: 0 after a
 * clean stop, 1 when the server cannot start. */
int web_serve(const web_config *cfg, const char *listen_name);

#endif
