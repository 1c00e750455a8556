#include "fields.h"

#include <stdio.h>

int kashi_field(KashiFieldReader *reader, const char *name, int64_t lowest, int64_t highest) {
  int64_t value = reader->fields[reader->next++];
  int outside = value < lowest || value > highest;
  if (reader->bad == NULL && outside) {
    reader->bad = name;
    snprintf(reader->error, reader->error_size, "%s is %lld, not in %lld..%lld", name, (long long)value,
             (long long)lowest, (long long)highest);
  }
  return outside ? (int)lowest : (int)value;
}

void kashi_reject(KashiFieldReader *reader, const char *why) {
  if (reader->bad != NULL) return;
  reader->bad = why;
  snprintf(reader->error, reader->error_size, "%s", why);
}

KashiStatus kashi_malformed(KashiFieldReader *reader, const char *why) {
  kashi_reject(reader, why);
  return KASHI_MALFORMED;
}
