/*
 * web_data_stub.c - the page's files embedded in the program (gen/web_data.c,
 * src/web/static.h) are none in the WebAssembly build: the static host
 * serves them, and the worker answers the API only (web/worker.js).
 */
#include "web/static.h"

const web_file web_files[] = {{0, 0, 0}};
const size_t web_file_count = 0;
