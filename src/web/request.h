/*
 * request.h - the checks of a request shared by the routes (request.c).
 * Each one that fails sets the answer ({"error": ...}, a 4xx status).
 */
#ifndef AW_WEB_REQUEST_H
#define AW_WEB_REQUEST_H

#include "web/app.h"
#include "web/http.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* A query argument's value ("" when it has none), NULL when absent. */
const char *query_value(const web_request *req, const char *key, bool *present);
/* A whole number query argument in [lo, hi]: 0 absent, 1 set, -1 bad. */
int query_int(const web_request *req, web_reply *r, const char *key, long long lo, long long hi,
              long long *out);
/* Only the query arguments of `allowed` (NULL-terminated), and "lang". */
bool query_only(const web_request *req, web_reply *r, const char *const allowed[]);

/* The request's JSON object (a new reference); an empty body is {}. NULL
 * with the answer set for a body that is not a JSON object. */
json_t *body_object(const web_request *req, web_reply *r);
/* Only the fields of `allowed` (NULL-terminated). */
bool fields_only(json_t *o, web_reply *r, const char *const allowed[]);
/* Field getters: 0 absent (or null), 1 set, -1 wrong type (answer set). */
int field_string(json_t *o, web_reply *r, const char *key, const char **out);
int field_int(json_t *o, web_reply *r, const char *key, long long lo, long long hi,
              long long *out);
int field_bool(json_t *o, web_reply *r, const char *key, bool *out);

/* "S", "N", "south", "north" (any case): AW_SOUTH, AW_NORTH, or -1. */
int parse_side(const char *v);
/* "human", "engine" ("computer" too) or "friend" (a person on another
 * device): 0, 1, 2 (seat_kind's values), or -1. */
int parse_player(const char *v);

/* The Host is a name this server was started for (against DNS
 * rebinding); a change comes from this server's page (its Origin). */
bool host_allowed(const web_app *a, const char *host);
bool origin_allowed(const web_request *req);
/* A game's id: GAME_ID_LEN hexadecimal digits. */
bool valid_id(const char *id, size_t len);
/* 405, with the methods allowed. */
void method_not_allowed(web_reply *r, const char *method, const char *path, const char *allow);

/* The language asked for the answer's words: the body's "lang" field (body
 * may be NULL), else the query's ?lang=, else "en". Any value is taken:
 * one the server does not speak gives the API's English. */
const char *request_lang(const web_request *req, json_t *body);

/* A player's name: 1 to 24 characters of valid UTF-8, no control
 * characters (the answer set when not). */
bool valid_name(const char *name, web_reply *r);

#endif
