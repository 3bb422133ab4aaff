/*
 * tree_pending.h - TEMPORARY: the declarations of the record's move tree
 * and the session's tree (spec of issue 22), until helper TREE's branch is
 * in main. Dropped at that merge, with tree_pending.c.
 */
#ifndef AW_WEB_TREE_PENDING_H
#define AW_WEB_TREE_PENDING_H

#include "front/session.h"

#ifndef AW_RECORD_ROOT
#define AW_TREE_PENDING 1
#define AW_RECORD_ROOT 0
#define AW_RECORD_NODES_MAX 100000
#define AW_RECORD_DEPTH_MAX 64
int aw_record_node_limit(const aw_record *rec);
bool aw_record_node_exists(const aw_record *rec, int node);
int aw_record_node_parent(const aw_record *rec, int node);
aw_move aw_record_node_move(const aw_record *rec, int node);
int aw_record_node_ply(const aw_record *rec, int node);
int aw_record_node_children(const aw_record *rec, int node);
int aw_record_node_child(const aw_record *rec, int node, int i);
bool aw_record_node_on_main_line(const aw_record *rec, int node);
aw_mark aw_record_node_mark(const aw_record *rec, int node);
const char *aw_record_node_comment(const aw_record *rec, int node);

#define SESSION_NO_NODE ((session_code)100)
#define SESSION_MAIN_LINE ((session_code)101)
#define SESSION_NO_VARIATIONS ((session_code)102)
const aw_record *session_tree(const session *s);
int session_node(const session *s);
session_code session_goto(session *s, int node, aw_error *err);
session_code session_promote(session *s, int node, aw_error *err);
session_code session_delete_variation(session *s, int node, aw_error *err);
session_code session_main_line(session *s, aw_error *err);
int session_add_review_lines(session *s, const aw_review *review);
void session_set_variations(session *s, bool on);
bool session_variations(const session *s);
#endif

#endif
