/*
 * request.c - the checks of a request that every route shares
 * (request.h): query arguments, the JSON body and its fields, each by
 * type and range, the sides and players named in words, the Host and
 * Origin, a game's id, the language of the answer. Each check that fails
 * sets the answer ({"error": ...} and a 4xx status) and changes nothing.
 */
#include "web/request.h"

#include "web/games.h"

#include "web/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *query_value(const web_request *req, const char *key, bool *present)
{
    *present = false;
    for (int i = 0; i < req->nquery; i++)
        if (strcmp(req->query[i].key, key) == 0) {
            *present = true;
            return req->query[i].value ? req->query[i].value : "";
        }
    return NULL;
}

/* A whole number query argument in [lo, hi]: 0 absent, 1 set, -1 bad
 * (answer set). */
int query_int(const web_request *req, web_reply *r, const char *key, long long lo,
              long long hi, long long *out)
{
    bool present;
    const char *v = query_value(req, key, &present);
    if (!present)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || n < lo || n > hi || !isdigit((unsigned char)v[0])) {
        web_reply_error(r, 400, "query argument '%s' must be a whole number from %lld to %lld",
                        key, lo, hi);
        return -1;
    }
    *out = n;
    return 1;
}

/* Only the query arguments of `allowed` (NULL-terminated), and "lang"
 * (the language of the answer's words, request_lang), which every request
 * may carry. */
bool query_only(const web_request *req, web_reply *r, const char *const allowed[])
{
    if (req->query_overflow) {
        web_reply_error(r, 400, "too many query arguments");
        return false;
    }
    for (int i = 0; i < req->nquery; i++) {
        bool ok = strcmp(req->query[i].key, "lang") == 0;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(req->query[i].key, allowed[k]) == 0;
        if (!ok) {
            web_reply_error(r, 400, "unknown query argument '%.40s'", req->query[i].key);
            return false;
        }
    }
    return true;
}

/* The request's JSON object (a new reference); an empty body is {}. NULL
 * with the answer set for a body that is not a JSON object. */
json_t *body_object(const web_request *req, web_reply *r)
{
    if (req->body_len == 0 || !req->body)
        return json_object();
    json_error_t e;
    json_t *o = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &e);
    if (!o) {
        web_reply_error(r, 400, "bad JSON: %s (line %d, column %d)", e.text, e.line, e.column);
        return NULL;
    }
    if (!json_is_object(o)) {
        json_decref(o);
        web_reply_error(r, 400, "the body must be a JSON object");
        return NULL;
    }
    return o;
}

/* Only the fields of `allowed` (NULL-terminated). */
bool fields_only(json_t *o, web_reply *r, const char *const allowed[])
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(key, allowed[k]) == 0;
        if (!ok) {
            char list[256] = "";
            for (int k = 0; allowed[k]; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                         allowed[k]);
            web_reply_error(r, 400, "unknown field '%.40s' (expected: %s)", key, list);
            return false;
        }
    }
    return true;
}

/* Field getters: 0 absent (or null), 1 set, -1 wrong type (answer set). */
int field_string(json_t *o, web_reply *r, const char *key, const char **out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v)) {
        web_reply_error(r, 400, "field '%s' must be a string", key);
        return -1;
    }
    *out = json_string_value(v);
    if (strlen(*out) != json_string_length(v)) {
        web_reply_error(r, 400, "field '%s' holds a NUL character", key);
        return -1;
    }
    return 1;
}

int field_int(json_t *o, web_reply *r, const char *key, long long lo, long long hi,
              long long *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        web_reply_error(r, 400, "field '%s' must be a whole number from %lld to %lld", key, lo, hi);
        return -1;
    }
    *out = json_integer_value(v);
    return 1;
}

int field_bool(json_t *o, web_reply *r, const char *key, bool *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_boolean(v)) {
        web_reply_error(r, 400, "field '%s' must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 1;
}

/* "S", "N", "south", "north" (any case). */
int parse_side(const char *v)
{
    if (!strcasecmp(v, "s") || !strcasecmp(v, "south"))
        return AW_SOUTH;
    if (!strcasecmp(v, "n") || !strcasecmp(v, "north"))
        return AW_NORTH;
    return -1;
}

/* "human" or "engine" ("computer" too): 0, 1, or -1. */
int parse_player(const char *v)
{
    if (!strcmp(v, "human"))
        return 0;
    if (!strcmp(v, "engine") || !strcmp(v, "computer"))
        return 1;
    if (!strcmp(v, "friend"))
        return 2;
    return -1;
}

/* The name of a Host header without its port, in name (lower case): false
 * when it is not a name and a port. */
static bool host_name(const char *host, char *name, size_t size)
{
    const size_t n = strlen(host);
    if (n == 0 || n >= size)
        return false;
    memcpy(name, host, n + 1);
    char *port = NULL;
    if (name[0] == '[') {
        char *close = strchr(name, ']');
        if (!close || (close[1] && close[1] != ':'))
            return false;
        port = close[1] ? close + 2 : NULL;
        close[1] = 0;
    } else if ((port = strrchr(name, ':'))) {
        *port++ = 0;
    }
    if (port) {
        if (!*port)
            return false;
        for (const char *p = port; *p; p++)
            if (!isdigit((unsigned char)*p))
                return false;
    }
    for (char *p = name; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return name[0] != 0;
}

/* The names this server was started for: the loopback names, and those of
 * the configuration (the machine's addresses and name when it listens
 * beyond loopback, --allow-host's). A page on another site that points its
 * own name at this machine (DNS rebinding) sends its own name: refused. A
 * request without a Host (HTTP/1.0) names nothing, and is answered. */
bool host_allowed(const web_app *a, const char *host)
{
    if (!host)
        return true;
    char name[256];
    if (!host_name(host, name, sizeof name))
        return false;
    if (!strcmp(name, "localhost") || !strcmp(name, "[::1]"))
        return true;
    int b[4];
    char extra;
    if (sscanf(name, "%d.%d.%d.%d%c", &b[0], &b[1], &b[2], &b[3], &extra) == 4 && b[0] == 127 &&
        b[1] >= 0 && b[1] < 256 && b[2] >= 0 && b[2] < 256 && b[3] >= 0 && b[3] < 256)
        return true;
    for (int i = 0; i < a->cfg.nhost_names; i++)
        if (!strcasecmp(name, a->cfg.host_names[i]))
            return true;
    return false;
}

/* A change must come from this server's own page (or no page at all): its
 * Origin names the Host of the request (which host_allowed checked), over
 * http, or https behind a reverse proxy. */
bool origin_allowed(const web_request *req)
{
    if (!req->origin)
        return true;
    const char *o = req->origin;
    if (strncmp(o, "http://", 7) == 0)
        o += 7;
    else if (strncmp(o, "https://", 8) == 0)
        o += 8;
    else
        return false;
    return req->host && strcasecmp(o, req->host) == 0;
}

bool valid_id(const char *id, size_t len)
{
    if (len != GAME_ID_LEN)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)id[i]) && !(id[i] >= 'a' && id[i] <= 'f'))
            return false;
    return true;
}

void method_not_allowed(web_reply *r, const char *method, const char *path,
                        const char *allow)
{
    web_reply_error(r, 405, "method %.20s is not allowed on %.80s (allowed: %s)", method, path,
                    allow);
    r->allow = allow;
}

const char *request_lang(const web_request *req, json_t *body)
{
    json_t *v = body ? json_object_get(body, "lang") : NULL;
    if (json_is_string(v))
        return json_string_value(v);
    bool present;
    const char *q = query_value(req, "lang", &present);
    return present && *q ? q : "en";
}

bool valid_name(const char *name, web_reply *r)
{
    char clean[SEAT_NAME_MAX * 3];
    web_utf8_clean(name, clean, sizeof clean);
    int chars = 0;
    bool control = false;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        chars += (*p & 0xC0) != 0x80;
        control |= *p < 0x20 || *p == 0x7F;
    }
    if (strcmp(clean, name) != 0 || control || chars < 1 || chars > 24 ||
        strlen(name) >= SEAT_NAME_MAX) {
        web_reply_error(r, 400, "field 'name' must be 1 to 24 printable characters");
        return false;
    }
    return true;
}
