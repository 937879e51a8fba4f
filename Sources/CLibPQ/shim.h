#ifndef LISTS_CLIBPQ_SHIM_H
#define LISTS_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// The SQLSTATE field code is a char macro (`'C'`); a function gives Swift the error code of a failed result.
static inline const char *lists_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The primary human-readable message of a failed result, without libpq's "ERROR:" prefix and context lines.
static inline const char *lists_pq_primary_message(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}

static inline void lists_pq_ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

/// Keeps the server's notices (such as what a DROP ... CASCADE dropped) off the program's stderr, which libpq's
/// default notice processor writes to: a command's output is its own.
static inline void lists_pq_ignore_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, lists_pq_ignore_notice, NULL);
}

#endif
