/*
 * i18n.h - the marks of translatable text in the front ends: _("text") for
 * a message, N_("text") for a string kept in a table and translated where
 * it is used, P_(singular, plural, n) for a message with a count. English
 * only for now: the marks are where a translation will plug in.
 */
#ifndef AW_FRONT_I18N_H
#define AW_FRONT_I18N_H

#define _(text) (text)
#define N_(text) (text)
#define P_(singular, plural, n) ((n) == 1 ? (singular) : (plural))

#endif
