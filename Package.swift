// swift-tools-version:6.0
// Lists: the BirdWatching, iTahDoodle and Shopping List tutorials rebuilt as one self-hosted Swift app.
import PackageDescription

let package = Package(
    name: "Lists",
    products: [
        .executable(name: "lists", targets: ["lists"]),
        .executable(name: "lists-postgres", targets: ["lists-postgres"]),
        .library(name: "ListsModel", targets: ["ListsModel"]),
    ],
    targets: [
        // C libraries from Debian, each wrapped by exactly one Swift module.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // libsodium: Argon2id password hashing, random tokens and their digests, constant-time comparison. Linked
        // statically into every executable (its module map names libsodium.a), so that HashingMemory's wrapping of
        // mmap and munmap reaches its calls.
        .systemLibrary(
            name: "CSodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // What a hashing helper process does at the system's level: it keeps Argon2id's 64 MiB from one hash to the
        // next instead of mapping it afresh (every executable linking this has its mmap and munmap calls wrapped, GNU
        // ld's --wrap), and gives the processor up every half millisecond while it hashes.
        .target(
            name: "HashingHelperSupport",
            linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=mmap", "-Xlinker", "--wrap=munmap"])]
        ),

        // JSON read and written byte by byte: a strict parser, any value kept exactly, object writers. Foundation only.
        .target(name: "JSONCodec"),
        // The model: values, validation, data controllers and the Store protocol. Foundation and JSONCodec only. The
        // bird taxonomy (Files/, written by tools/make-taxonomy.py) is embedded at build time.
        .target(
            name: "ListsModel",
            dependencies: ["JSONCodec"],
            resources: [.copy("Resources/seed.plist")],
            plugins: ["EmbedFiles"]
        ),
        // What both SQL stores share: the names (a table per record kind, a column per field), the protocol their
        // connections adopt, how their SQL differs (SQLDialect), and the accounts' SQL and tables written once.
        .target(name: "ListsSQL", dependencies: ["ListsModel"]),
        // The embedded default store.
        .target(name: "ListsSQLite", dependencies: ["ListsModel", "ListsSQL", "CSQLite"]),
        // The store for several servers: PostgreSQL through libpq.
        .target(name: "ListsPostgres", dependencies: ["ListsModel", "ListsSQL", "CLibPQ"]),
        // Files in and out: lists-json backups, the tutorials' own files, Taskwarrior, eBird, todo.txt, CSV.
        .target(name: "ListsInterchange", dependencies: ["ListsModel", "JSONCodec", "ListsDAV"]),
        // WebDAV and CalDAV: request bodies read (XML with its namespaces, PROPFIND and REPORT requests, a
        // calendar-query's filter), answers written, the paths under /dav/. Imports no Foundation of its own.
        .target(name: "ListsDAV", dependencies: ["ListsHTTP", "ListsModel"]),
        // HTTP requests, responses and errors as values, shared by the web face and the transport.
        .target(name: "ListsHTTP", dependencies: ["JSONCodec"]),
        // Accounts' security primitives: password hashing and rules, the hashing helpers, secret tokens. A refused
        // password is the model's ValidationError, as every refused input is.
        .target(name: "ListsAuth", dependencies: ["ListsModel", "CSodium", "HashingHelperSupport"]),
        // The web face: routes, the JSON API and the pages, as functions from a request to a response. Its
        // JavaScript, style sheet, service worker and icons are files (Assets/Files), embedded at build time.
        .target(
            name: "ListsWeb", dependencies: ["ListsModel", "ListsInterchange", "ListsHTTP", "JSONCodec", "ListsAuth"],
            plugins: ["EmbedFiles"]),
        // Embeds a target's `Files` folder into it at build time, as bytes (`EmbeddedFiles`), through embed-files,
        // a tool built for the machine that builds.
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        .executableTarget(name: "embed-files"),
        // The HTTP transport: libmicrohttpd's sockets and threads in front of a request handler.
        .target(name: "ListsServer", dependencies: ["ListsHTTP", "CMicroHTTPD"]),
        // The command-line face. PostgreSQL stores come from the executable (ListsCommandLine.run's openPostgres),
        // so that `lists` links no libpq and stays fully static.
        .target(
            name: "ListsCLI",
            dependencies: [
                "ListsModel", "ListsSQLite", "ListsInterchange", "ListsHTTP", "ListsWeb", "ListsServer", "ListsAuth",
                "JSONCodec",
            ]),
        .executableTarget(name: "lists", dependencies: ["ListsCLI"]),
        // The same commands with libpq, linked dynamically; `lists` hands postgres:// databases to it.
        .executableTarget(name: "lists-postgres", dependencies: ["ListsCLI", "ListsPostgres"]),

        // Benchmarks (`make bench`); built in release mode only by the Makefile.
        .executableTarget(
            name: "lists-bench",
            dependencies: ["ListsModel", "ListsSQLite", "ListsPostgres", "ListsInterchange", "ListsExamples"],
            path: "bench/lists-bench"
        ),

        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec"]),
        // Tables of examples that the model's, the web's and the CLI's tests all run, and the Python references the
        // tests check Lists against (test support only).
        // The tables are JSON files beside the code, read by path: app.js's readers are tested on them too.
        .target(
            name: "ListsExamples", dependencies: ["ListsModel"], path: "Tests/ListsExamples",
            exclude: ["due-phrases.json", "repeat-phrases.json"]),
        // Support/ holds the reference the repeat rules are checked against (python-dateutil, run from .venv).
        .testTarget(
            name: "ListsModelTests", dependencies: ["ListsModel", "JSONCodec", "ListsExamples"], exclude: ["Support"]),
        .testTarget(name: "ListsSQLTests", dependencies: ["ListsSQL"]),
        // The store contract: one suite of checks every store passes, run by each store's tests (test support only).
        .target(name: "ListsStoreContract", dependencies: ["ListsModel"], path: "Tests/ListsStoreContract"),
        // Fixtures/ holds database files written by earlier releases, which the tests copy and open (through #filePath).
        .testTarget(
            name: "ListsSQLiteTests", dependencies: ["ListsModel", "ListsSQLite", "ListsStoreContract"],
            exclude: ["Fixtures"]),
        // Needs a PostgreSQL server named by LISTS_TEST_POSTGRES (`make test` starts one); skipped without it.
        // Fixtures/ holds a schema dumped from a database an earlier release wrote, which a test restores.
        .testTarget(
            name: "ListsPostgresTests", dependencies: ["ListsModel", "ListsPostgres", "ListsStoreContract"],
            exclude: ["Fixtures"]),
        // Fixtures/ holds the files the tests read (through #filePath) and the program that made the plists.
        .testTarget(
            name: "ListsInterchangeTests",
            dependencies: ["ListsInterchange", "ListsModel", "ListsSQLite", "JSONCodec", "ListsExamples"],
            exclude: ["Fixtures", "Support"]),
        .testTarget(
            name: "ListsWebTests",
            dependencies: [
                "ListsWeb", "ListsHTTP", "ListsModel", "ListsSQLite", "JSONCodec", "ListsAuth", "ListsExamples",
            ]),
        .testTarget(name: "ListsServerTests", dependencies: ["ListsServer", "ListsHTTP"]),
        .testTarget(name: "ListsDAVTests", dependencies: ["ListsDAV"]),
        .testTarget(name: "ListsAuthTests", dependencies: ["ListsAuth", "ListsModel"]),
        .testTarget(
            name: "ListsCLITests",
            dependencies: [
                "lists", "lists-postgres", "ListsSQLite", "ListsPostgres", "ListsModel", "ListsStoreContract",
                "ListsAuth", "ListsExamples",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift module refers to a concrete generic type (a `Dictionary<String, String>`, a record's `Field`s) through
// its metadata accessor, not through its mangled name: the runtime builds a type from its name by demangling it
// and by checking each generic requirement with a search of every protocol conformance in the binary (the
// static `lists` holds Foundation's too). A short command such as `lists todo add` did that about seventy times:
// a sixth of its instructions and a third of its page faults. The accessors make the binary 0.2% larger.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
        ]
}
