// `lists` for PostgreSQL: the same commands, linked dynamically with libpq. The static `lists` hands a command on a
// postgres:// or postgresql:// database to this executable (from its own directory).
import Foundation
import ListsCLI
import ListsPostgres

exit(
    ListsCommandLine.run(
        Array(CommandLine.arguments.dropFirst()), environment: ListsCommandLine.processEnvironment(),
        openPostgres: { try PostgresStore(url: $0, connections: $1) }))
