// The operating system's side of the SQLite store, in one place: the files' and directories' permissions, and the
// few reads of a file it makes itself (a size, a first byte), with no Foundation on the way of opening. A port
// to another system is a change to this file; the rest of the module reaches the system only through SQLite and
// Foundation.

import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The permission calls the store makes.
enum Platform {
    /// Makes the directory at `path` and the missing ones above it, each readable by its owner only (0700, whatever
    /// the umask); answers whether it exists afterwards. Directories that existed are left as they are.
    static func makePrivateDirectories(_ path: String) -> Bool {
        if isDirectory(path) { return true }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makePrivateDirectories(String(path[..<slash])) else { return false }
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
        // mkdir's mode passes through the umask, which may take bits away but never adds them: 0700 stays 0700 or
        // less, and an owner who cannot enter it gets it back.
        _ = chmod(path, 0o700)
        return isDirectory(path)
    }

    /// The size in bytes of the file at `path`, or `nil` when there is none (one `stat`: Foundation's
    /// `attributesOfItem` builds a dictionary of every attribute, which costs a command of the CLI more than the
    /// call it is for).
    static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The first byte of the file at `path`: `nil` when there is no file there (or it cannot be read), `.some(nil)`
    /// when it is empty.
    static func firstByte(of path: String) -> UInt8?? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        guard count >= 0 else { return nil }
        return .some(count == 1 ? byte : nil)
    }

    /// Has the kernel start writing the file at `path`'s changed pages to the disk, without waiting (see
    /// `lists_start_writeback`); nothing happens where it cannot.
    static func startWriteback(of path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = lists_start_writeback(descriptor)
        close(descriptor)
    }

    /// Removes the file at `path`, if it can.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// The directory a file's `path` is in: what comes before its last `/` (`/` for a file at the root, `.` for a
    /// path without one).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Makes an empty file at `path`, readable and writable by its owner only (0600), when nothing is there;
    /// answers whether it made it. SQLite gives the database's `-wal` and `-shm` files the database file's own
    /// permissions, so they are private too.
    static func makePrivateFile(_ path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// What others than its owner may do with the file at `path` (the group's and others' permission bits), or
    /// `nil` when there is no such file.
    static func othersPermissions(of path: String) -> UInt32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o077
    }

    /// Takes the group's and others' permissions off the file at `path`; answers whether that worked (it does not
    /// for a file that another user owns).
    static func makePrivate(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return chmod(path, status.st_mode & 0o700) == 0
    }
}
