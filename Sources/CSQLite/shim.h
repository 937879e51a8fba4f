#ifndef LISTS_CSQLITE_SHIM_H
#define LISTS_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type lists_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// Keep the -wal file when the last connection closes instead of deleting it (and recreating and syncing it
/// on the next open).
static inline int lists_sqlite_persist_wal(sqlite3 *db) {
    int on = 1;
    return sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &on);
}

#endif
