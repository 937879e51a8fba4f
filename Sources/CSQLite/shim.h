#ifndef LISTS_CSQLITE_SHIM_H
#define LISTS_CSQLITE_SHIM_H

#include <sqlite3.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// Keep the -wal file when the last connection closes instead of deleting it (and recreating and syncing it
/// on the next open).
static inline int lists_sqlite_persist_wal(sqlite3 *db) {
    int on = 1;
    return sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &on);
}

/// Leaves the checkpoint to the write-ahead log's threshold (`wal_autocheckpoint`) instead of making one when the
/// last connection closes: a short-lived process (`lists todo add`) then syncs its commit and nothing else.
static inline int lists_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// Turns off SQLite's memory statistics, which Lists never reads: with them on (Debian's default), every
/// allocation SQLite makes takes a process-wide mutex to count itself. Only possible before SQLite initialises
/// (when the first connection opens); later calls are refused, harmlessly.
static inline void lists_sqlite_configure(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Asks the kernel to start writing the file's dirty pages to the disk and returns at once
/// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module does not export): a later
/// `fdatasync` then finds them written or on their way. It makes nothing durable by itself. 0, or -1 with errno
/// set; -1 where the system has no such call.
static inline int lists_start_writeback(int descriptor) {
#if defined(__linux__) && defined(SYS_sync_file_range)
    return (int)syscall(SYS_sync_file_range, descriptor, (long long)0, (long long)0, 2);
#else
    (void)descriptor;
    return -1;
#endif
}

#endif
