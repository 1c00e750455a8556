/*
** Reading a game's fields with every value checked against its range: the first value out of
** range (or the first rule across fields that the caller finds broken) is remembered with its
** reason, and the reading goes on with in-range stand-ins, so a game's read_fields checks
** everything once and answers KASHI_MALFORMED with the first reason.
*/
#ifndef KASHI_FIELDS_H
#define KASHI_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct KashiFieldReader {
  const int64_t *fields;
  int next;
  const char *bad; /* the first reason the fields are malformed, or NULL */
  char *error;
  size_t error_size;
} KashiFieldReader;

/* The next field, or lowest in its stead when it is outside lowest..highest (remembered). */
int kashi_field(KashiFieldReader *reader, const char *name, int64_t lowest, int64_t highest);

/* Remember that the fields break a rule across fields, unless an earlier reason was found. */
void kashi_reject(KashiFieldReader *reader, const char *why);

/* kashi_reject, then KASHI_MALFORMED for read_fields to answer. */
KashiStatus kashi_malformed(KashiFieldReader *reader, const char *why);

#endif
