/*
 * tree_pending.c - TEMPORARY link stubs for tree_pending.h until helper
 * TREE's work is in main: a tree of the main line only, every change
 * refused. Dropped at that merge.
 */
#include "web/tree_pending.h"

#ifdef AW_TREE_PENDING
#include <stdio.h>
int aw_record_node_limit(const aw_record *rec) { (void)rec; return 1; }
bool aw_record_node_exists(const aw_record *rec, int node) { (void)rec; return node == 0; }
int aw_record_node_parent(const aw_record *rec, int node) { (void)rec, (void)node; return -1; }
aw_move aw_record_node_move(const aw_record *rec, int node) { (void)rec, (void)node; return AW_MOVE_NONE; }
int aw_record_node_ply(const aw_record *rec, int node) { (void)rec, (void)node; return 0; }
int aw_record_node_children(const aw_record *rec, int node) { (void)rec, (void)node; return 0; }
int aw_record_node_child(const aw_record *rec, int node, int i) { (void)rec, (void)node, (void)i; return -1; }
bool aw_record_node_on_main_line(const aw_record *rec, int node) { (void)rec; return node == 0; }
aw_mark aw_record_node_mark(const aw_record *rec, int node) { (void)rec, (void)node; return AW_MARK_NONE; }
const char *aw_record_node_comment(const aw_record *rec, int node) { (void)rec, (void)node; return NULL; }
const aw_record *session_tree(const session *s) { (void)s; return NULL; }
int session_node(const session *s) { (void)s; return 0; }
static session_code pending(aw_error *err)
{
    if (err)
        snprintf(err->msg, sizeof err->msg, "variations are not built yet");
    return SESSION_NO_VARIATIONS;
}
session_code session_goto(session *s, int node, aw_error *err) { (void)s, (void)node; return pending(err); }
session_code session_promote(session *s, int node, aw_error *err) { (void)s, (void)node; return pending(err); }
session_code session_delete_variation(session *s, int node, aw_error *err) { (void)s, (void)node; return pending(err); }
session_code session_main_line(session *s, aw_error *err) { (void)s; return pending(err); }
int session_add_review_lines(session *s, const aw_review *review) { (void)s, (void)review; return 0; }
void session_set_variations(session *s, bool on) { (void)s, (void)on; }
bool session_variations(const session *s) { (void)s; return false; }
#else
typedef int tree_pending_empty;
#endif
