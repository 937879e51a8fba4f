#ifndef LISTS_CSQLITE_SHIM_H
#define LISTS_CSQLITE_SHIM_H

#include <sqlite3.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
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

// MARK: The "lists" VFS
//
// The system's default VFS ("unix") but for one thing: a write-ahead log that is already there is opened as an
// existing file, without SQLITE_OPEN_CREATE. SQLite syncs the directory of a WAL it opened with SQLITE_OPEN_CREATE
// at the WAL's first sync, to make the file's name durable, whether the file was new or not: with the WAL kept
// between processes, that was a second sync in every `lists todo add` (the directory's, after the commit's), for
// a name made durable long before. A WAL this VFS makes is opened as SQLite opens it (SQLite still syncs the
// directory at its first sync), and its directory is synced at once besides, so that a WAL made by a process that
// only reads has a durable name before another process commits into it (Tests/ListsCLITests/
// DurableCommitTests.swift watches both). What is left: a WAL another program made and never synced (a `sqlite3`
// shell left open after reading) is trusted to have a durable name; on ext4 the journal commit of the first
// fdatasync into it makes it so.

/// The VFS "lists" stands in front of: the default one when ``lists_sqlite_configure`` ran. (The state is in
/// functions: Swift does not emit a header's global variables.)
static inline sqlite3_vfs **lists_vfs_base(void) {
    static sqlite3_vfs *base;
    return &base;
}

/// Syncs the directory `path` is in; failures are left to SQLite's own sync of it, as SQLite leaves them.
static inline void lists_vfs_sync_directory_of(const char *path) {
    char directory[4096];
    const char *slash = strrchr(path, '/');
    size_t length = slash == 0 ? 0 : (size_t)(slash - path);
    if (slash == path) length = 1;
    if (length >= sizeof directory) return;
    if (length == 0) {
        directory[0] = '.';
        length = 1;
    } else {
        memcpy(directory, path, length);
    }
    directory[length] = 0;
    int descriptor = open(directory, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return;
    fsync(descriptor);
    close(descriptor);
}

static int lists_vfs_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    sqlite3_vfs *base = *lists_vfs_base();
    if (name != 0 && (flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE)) {
        if (access(name, F_OK) == 0
            && base->xOpen(base, name, file, flags & ~SQLITE_OPEN_CREATE, outFlags) == SQLITE_OK) {
            return SQLITE_OK;
        }
        int status = base->xOpen(base, name, file, flags, outFlags);
        if (status == SQLITE_OK) lists_vfs_sync_directory_of(name);
        return status;
    }
    return base->xOpen(base, name, file, flags, outFlags);
}

/// Registers "lists" (not as the default), a copy of the default VFS but for `xOpen`. Its `pAppData` stays the
/// default's (the unix VFS finds its locking style there), and every other method is the default's own.
static inline int lists_sqlite_register_vfs(void) {
    static sqlite3_vfs vfs;
    sqlite3_vfs *base = sqlite3_vfs_find(0);
    if (base == 0) return SQLITE_ERROR;
    *lists_vfs_base() = base;
    vfs = *base;
    vfs.pNext = 0;
    vfs.zName = "lists";
    vfs.xOpen = lists_vfs_open;
    return sqlite3_vfs_register(&vfs, 0);
}

/// Turns off SQLite's memory statistics, which Lists never reads: with them on (Debian's default), every
/// allocation SQLite makes takes a process-wide mutex to count itself, and registers the "lists" VFS. Only
/// possible before SQLite initialises (when the first connection opens); later calls of the first are refused,
/// harmlessly. Answers the registration's status.
static inline int lists_sqlite_configure(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return lists_sqlite_register_vfs();
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
