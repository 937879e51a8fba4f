import ListsSQL
import Testing

/// Statements are written once, in SQLite's placeholders, and rendered in PostgreSQL's: the same values must land
/// in the same places.
@Suite struct SQLDialectTests {
    @Test func sqliteStatementsAreKeptAsWritten() {
        let statement = "UPDATE t SET a = ?1 WHERE b = ?2 AND c > ?1 AND d = '?'"
        #expect(SQLDialect.sqlite.sql(statement) == statement)
    }

    @Test func eachBareQuestionMarkIsTheNextNumber() {
        #expect(
            SQLDialect.postgres.sql("INSERT INTO t (a, b, c) VALUES (?, ?, ?)")
                == "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)")
    }

    @Test func numberedPlaceholdersKeepTheirNumbers() {
        #expect(
            SQLDialect.postgres.sql("UPDATE t SET a = ?1 WHERE id = ?2 AND (a IS NULL OR a + 60000 <= ?1)")
                == "UPDATE t SET a = $1 WHERE id = $2 AND (a IS NULL OR a + 60000 <= $1)")
        #expect(SQLDialect.postgres.sql("?10, ?2") == "$10, $2")
    }

    /// As SQLite numbers them: a bare `?` after numbered ones is the one after the highest so far.
    @Test func aBareQuestionMarkFollowsTheHighestNumberSoFar() {
        #expect(SQLDialect.postgres.sql("?2, ?1, ?") == "$2, $1, $3")
        #expect(SQLDialect.postgres.sql("?, ?1, ?") == "$1, $1, $2")
    }

    @Test func questionMarksInQuotesAreNotPlaceholders() {
        #expect(
            SQLDialect.postgres.sql(#"SELECT '?', "a?b", 'it''s ?' FROM t WHERE x = ?"#)
                == #"SELECT '?', "a?b", 'it''s ?' FROM t WHERE x = $1"#)
    }

    @Test func textIsOrderedByteByByteInEitherDialect() {
        #expect(SQLDialect.sqlite.bytewise("name_key") == "name_key")
        #expect(SQLDialect.postgres.bytewise("name_key") == #"name_key COLLATE "C""#)
        #expect(SQLDialect.sqlite.bytewiseText == "TEXT")
        #expect(SQLDialect.postgres.bytewiseText == #"text COLLATE "C""#)
    }
}
