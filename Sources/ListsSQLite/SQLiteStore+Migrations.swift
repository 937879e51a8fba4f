import CSQLite
import ListsModel
import ListsSQL

extension SQLiteStore {
    /// The schema, as numbered migrations; append only. Migration `n` (1-based) brings the database from
    /// `user_version` n-1 to n. A database whose `user_version` is above `migrations.count` was written by a
    /// newer Lists and is refused untouched.
    static let migrations: [String] = [
        // 1: the three apps' lists (each with `name_key`, the name folded by `Reference.nameKey`, so that looking a
        // record up by name ignores case in every script, the same way in every store), the store's settings, and counts kept by triggers so that "how many" is
        // O(1) however long a list grows.
        """
        CREATE TABLE items (
            id TEXT PRIMARY KEY NOT NULL,
            position INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            price_cents INTEGER NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
            on_shopping_list INTEGER NOT NULL DEFAULT 0 CHECK (on_shopping_list IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX items_by_name ON items (name_key);
        CREATE INDEX items_on_shopping_list ON items (position) WHERE on_shopping_list = 1;

        CREATE TABLE tasks (
            id TEXT PRIMARY KEY NOT NULL,
            position INTEGER NOT NULL UNIQUE,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX tasks_by_name ON tasks (name_key);

        CREATE TABLE sightings (
            id TEXT PRIMARY KEY NOT NULL,
            position INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            location TEXT CHECK (location IS NULL OR length(location) BETWEEN 1 AND 2000),
            sighted_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX sightings_by_name ON sightings (name_key);

        CREATE TABLE settings (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);

        CREATE TABLE record_counts (kind TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL);
        INSERT INTO record_counts VALUES ('items', 0), ('tasks', 0), ('sightings', 0);
        CREATE TRIGGER items_counted_in AFTER INSERT ON items
            BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'items'; END;
        CREATE TRIGGER items_counted_out AFTER DELETE ON items
            BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'items'; END;
        CREATE TRIGGER tasks_counted_in AFTER INSERT ON tasks
            BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'tasks'; END;
        CREATE TRIGGER tasks_counted_out AFTER DELETE ON tasks
            BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'tasks'; END;
        CREATE TRIGGER sightings_counted_in AFTER INSERT ON sightings
            BEGIN UPDATE record_counts SET count = count + 1 WHERE kind = 'sightings'; END;
        CREATE TRIGGER sightings_counted_out AFTER DELETE ON sightings
            BEGIN UPDATE record_counts SET count = count - 1 WHERE kind = 'sightings'; END;
        """,
        // 2: one number that grows with every change to any record, so that an open page (or another server)
        // learns that something changed by reading one row instead of comparing lists.
        """
        CREATE TABLE revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
        INSERT INTO revision VALUES (1, 0);
        CREATE TRIGGER items_added_revision AFTER INSERT ON items
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER items_changed_revision AFTER UPDATE ON items
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER items_removed_revision AFTER DELETE ON items
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER tasks_added_revision AFTER INSERT ON tasks
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER tasks_changed_revision AFTER UPDATE ON tasks
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER tasks_removed_revision AFTER DELETE ON tasks
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER sightings_added_revision AFTER INSERT ON sightings
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER sightings_changed_revision AFTER UPDATE ON sightings
            BEGIN UPDATE revision SET value = value + 1; END;
        CREATE TRIGGER sightings_removed_revision AFTER DELETE ON sightings
            BEGIN UPDATE revision SET value = value + 1; END;
        """,
        // 3: the Taskwarrior attributes a task imported from Taskwarrior brings and Lists has no field for (a JSON
        // object), written back on export.
        """
        ALTER TABLE tasks ADD COLUMN taskwarrior TEXT CHECK (taskwarrior IS NULL OR json_valid(taskwarrior));
        """,
        // 4: what birders' checklists (eBird) record about a sighting: count (digits or X), scientific name,
        // coordinates (decimal text, kept exactly as given) and comments.
        """
        ALTER TABLE sightings ADD COLUMN count TEXT CHECK (count IS NULL OR length(count) <= 10);
        ALTER TABLE sightings ADD COLUMN scientific_name TEXT CHECK (length(scientific_name) <= 2000);
        ALTER TABLE sightings ADD COLUMN latitude TEXT CHECK (length(latitude) <= 40);
        ALTER TABLE sightings ADD COLUMN longitude TEXT CHECK (length(longitude) <= 40);
        ALTER TABLE sightings ADD COLUMN comments TEXT CHECK (length(comments) <= 2000);
        """,
        // 5: the counts and the revision are kept by the store's own statements, in the transaction of each change
        // (`SQLiteSession`): a row trigger ran two more UPDATE programs for every row, a third of the time of
        // inserting 100k records at once; a batch now grows the count and the revision once. The counts are
        // taken afresh. Lists before schema 5 refuses this database (newer schema), so no writer keeps the old
        // rule without the triggers.
        """
        DROP TRIGGER IF EXISTS items_counted_in;
        DROP TRIGGER IF EXISTS items_counted_out;
        DROP TRIGGER IF EXISTS items_added_revision;
        DROP TRIGGER IF EXISTS items_changed_revision;
        DROP TRIGGER IF EXISTS items_removed_revision;
        DROP TRIGGER IF EXISTS tasks_counted_in;
        DROP TRIGGER IF EXISTS tasks_counted_out;
        DROP TRIGGER IF EXISTS tasks_added_revision;
        DROP TRIGGER IF EXISTS tasks_changed_revision;
        DROP TRIGGER IF EXISTS tasks_removed_revision;
        DROP TRIGGER IF EXISTS sightings_counted_in;
        DROP TRIGGER IF EXISTS sightings_counted_out;
        DROP TRIGGER IF EXISTS sightings_added_revision;
        DROP TRIGGER IF EXISTS sightings_changed_revision;
        DROP TRIGGER IF EXISTS sightings_removed_revision;
        UPDATE record_counts SET count = (SELECT count(*) FROM items) WHERE kind = 'items';
        UPDATE record_counts SET count = (SELECT count(*) FROM tasks) WHERE kind = 'tasks';
        UPDATE record_counts SET count = (SELECT count(*) FROM sightings) WHERE kind = 'sightings';
        UPDATE revision SET value = value + 1;
        """,
        // 6: one row update per change instead of two, as on PostgreSQL: each count row gains `changes`, how many
        // changes its list has seen, and the revision is their sum plus the old revision row (kept as it was, so
        // that it never goes back).
        """
        ALTER TABLE record_counts ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
        """,
        // 7: each list's rows are stored in their order: `position` becomes the table's own key (its rowid), so
        // appending a record writes one row at the end instead of a row and an entry in a second index, and a list
        // is read in order straight from the table. The id stays unique through an index of its own, named, so
        // that a large import into an empty list can build it once at the end (`SQLiteSession.deferIndexes`)
        // instead of entry by entry. A task's Taskwarrior attributes are no longer checked with `json_valid` on
        // every write (a fifth of the cost of an imported row): Lists writes them from a parsed JSON value and
        // refuses to read back anything that is not a JSON object (`StoreError.corrupt`). Rows, ids, positions,
        // dates, versions, counts and the revision are copied unchanged.
        """
        CREATE TABLE items_7 (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            price_cents INTEGER NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
            on_shopping_list INTEGER NOT NULL DEFAULT 0 CHECK (on_shopping_list IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1)
        );
        INSERT INTO items_7 (id, position, name, name_key, price_cents, on_shopping_list, created_at, updated_at,
            version)
            SELECT id, position, name, name_key, price_cents, on_shopping_list, created_at, updated_at, version
            FROM items ORDER BY position;
        DROP TABLE items;
        ALTER TABLE items_7 RENAME TO items;
        CREATE UNIQUE INDEX items_by_id ON items (id);
        CREATE INDEX items_by_name ON items (name_key);
        CREATE INDEX items_on_shopping_list ON items (position) WHERE on_shopping_list = 1;

        CREATE TABLE tasks_7 (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            taskwarrior TEXT
        );
        INSERT INTO tasks_7 (id, position, title, name_key, done, created_at, updated_at, version, taskwarrior)
            SELECT id, position, title, name_key, done, created_at, updated_at, version, taskwarrior
            FROM tasks ORDER BY position;
        DROP TABLE tasks;
        ALTER TABLE tasks_7 RENAME TO tasks;
        CREATE UNIQUE INDEX tasks_by_id ON tasks (id);
        CREATE INDEX tasks_by_name ON tasks (name_key);

        CREATE TABLE sightings_7 (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            location TEXT CHECK (location IS NULL OR length(location) BETWEEN 1 AND 2000),
            sighted_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            count TEXT CHECK (count IS NULL OR length(count) <= 10),
            scientific_name TEXT CHECK (length(scientific_name) <= 2000),
            latitude TEXT CHECK (length(latitude) <= 40),
            longitude TEXT CHECK (length(longitude) <= 40),
            comments TEXT CHECK (length(comments) <= 2000)
        );
        INSERT INTO sightings_7 (id, position, name, name_key, location, sighted_at, created_at, updated_at, version,
            count, scientific_name, latitude, longitude, comments)
            SELECT id, position, name, name_key, location, sighted_at, created_at, updated_at, version,
                count, scientific_name, latitude, longitude, comments
            FROM sightings ORDER BY position;
        DROP TABLE sightings;
        ALTER TABLE sightings_7 RENAME TO sightings;
        CREATE UNIQUE INDEX sightings_by_id ON sightings (id);
        CREATE INDEX sightings_by_name ON sightings (name_key);
        """,
        // 8: deletes can be undone. A deleted record is kept for `Undo.window` in `removed_records`, in the
        // transaction that deletes it: its list's table, its id, its position and the whole row as a JSON object
        // of its columns (so the table serves every kind, and a restore puts back exactly what was stored), and
        // when it was removed. Appends start after the positions kept here too (by the index on kind and
        // position), so a restored record finds its place free, between its old neighbours. Entries older than
        // the window are deleted whenever a record is. A later migration that changes a list's columns must
        // change or drop what is kept of that list here.
        """
        CREATE TABLE removed_records (
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            record TEXT NOT NULL,
            removed_at INTEGER NOT NULL,
            PRIMARY KEY (kind, id)
        );
        CREATE INDEX removed_records_by_position ON removed_records (kind, position);
        CREATE INDEX removed_records_by_time ON removed_records (removed_at);
        """,
        // 9: households and accounts. Every record is one household's: a household's records of a list hold the
        // positions of a range 2^40 wide (`HouseholdID.positionRange`), so that its list is still one range of
        // the table read in position order, and `household` is that range's number, a virtual column (no space,
        // computed from the position). Ids are unique within a household. The records there were become the
        // first household's (number 0, named "Home") unchanged: their positions are already in its range. The
        // counts and the revision are kept per household and list (`household_counts`, from `record_counts` and
        // `revision`, dropped); what is kept for undo names its household. Then the account tables, which both
        // stores declare once (`AccountSchema.accounts`).
        """
        ALTER TABLE items ADD COLUMN household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL;
        DROP INDEX items_by_id;
        CREATE UNIQUE INDEX items_by_id ON items (household, id);
        ALTER TABLE tasks ADD COLUMN household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL;
        DROP INDEX tasks_by_id;
        CREATE UNIQUE INDEX tasks_by_id ON tasks (household, id);
        ALTER TABLE sightings ADD COLUMN household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL;
        DROP INDEX sightings_by_id;
        CREATE UNIQUE INDEX sightings_by_id ON sightings (household, id);

        CREATE TABLE household_counts (
            household INTEGER NOT NULL,
            kind TEXT NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            changes INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (household, kind)
        ) WITHOUT ROWID;
        INSERT INTO household_counts (household, kind, count, changes)
            SELECT 0, kind, count, changes + CASE kind WHEN 'items' THEN (SELECT value FROM revision) ELSE 0 END
            FROM record_counts;
        DROP TABLE record_counts;
        DROP TABLE revision;

        CREATE TABLE removed_records_9 (
            household INTEGER NOT NULL,
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            record TEXT NOT NULL,
            removed_at INTEGER NOT NULL,
            PRIMARY KEY (household, kind, id)
        );
        INSERT INTO removed_records_9 (household, kind, id, position, record, removed_at)
            SELECT 0, kind, id, position, record, removed_at FROM removed_records;
        DROP TABLE removed_records;
        ALTER TABLE removed_records_9 RENAME TO removed_records;
        CREATE INDEX removed_records_by_position ON removed_records (kind, position);
        CREATE INDEX removed_records_by_time ON removed_records (removed_at);

        """ + AccountSchema.accounts(.sqlite),
        // 10: failed sign-ins, counted in the database (`AccountSchema.signInFailures`).
        AccountSchema.signInFailures(.sqlite),
        // 11: household names are no longer unique in the store, only among one person's households (which the
        // model checks): a name refused because someone else's household has it would tell that it exists. The
        // table is made again without the unique constraint (SQLite cannot drop one), with the foreign keys off
        // meanwhile (``migrate(_:)``), so that its members, sessions and invitations keep pointing at it.
        """
        CREATE TABLE households_11 (
            id INTEGER PRIMARY KEY CHECK (id >= 0 AND id < 4194304),
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            name_key TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        INSERT INTO households_11 (id, name, name_key, created_at) SELECT id, name, name_key, created_at FROM households;
        DROP TABLE households;
        ALTER TABLE households_11 RENAME TO households;
        CREATE INDEX households_by_name_key ON households (name_key);
        """,
        // 12: lists inside households. A household keeps each kind's records in one or more lists, each a range of
        // positions inside the household's (`RowPositions`): the main list, number 0, the lower half, where every
        // record already is, so no row moves; the others 2^24 positions each of the upper half. Counts and changes
        // are kept per household, kind and list (the rows there were become the main lists'), so that a list's
        // count, numbers and revision are its own and a household's are the sums of its lists'. The table is
        // small (a row per household, kind and list): it is made again with the list in its key, before the kind,
        // so that a list's revision, read at every page, is a range of the key as a household's was. What is kept for
        // undo names the removal that took it out (`RemovalID`), so that the records removed together are put back
        // together; those kept from before have none, and are put back one by one.
        """
        CREATE TABLE household_counts_12 (
            household INTEGER NOT NULL,
            kind TEXT NOT NULL,
            list INTEGER NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            changes INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (household, list, kind)
        ) WITHOUT ROWID;
        INSERT INTO household_counts_12 (household, kind, list, count, changes)
            SELECT household, kind, 0, count, changes FROM household_counts;
        DROP TABLE household_counts;
        ALTER TABLE household_counts_12 RENAME TO household_counts;
        ALTER TABLE removed_records ADD COLUMN removal TEXT;
        CREATE INDEX removed_records_by_removal ON removed_records (household, removal);
        """,
        // 13: every index a household reads through is led by the household. The names' indexes were led by the
        // folded name alone, so that every household's "Milk" shared their pages: an import placed each of its
        // names among every other household's, and a lookup by name read them all to keep its own. Led by the
        // household, a household's names are together, and (SQLite ending every index with the rowid, which is
        // the position) a list's are a range of them. The other indexes of the record tables are led by the
        // position, which is the household's range (`RowPositions`), or by the household already.
        """
        DROP INDEX items_by_name;
        CREATE INDEX items_by_name ON items (household, name_key);
        DROP INDEX tasks_by_name;
        CREATE INDEX tasks_by_name ON tasks (household, name_key);
        DROP INDEX sightings_by_name;
        CREATE INDEX sightings_by_name ON sightings (household, name_key);
        """,
        // 14: named shopping lists and their entries (docs/architecture.md §3, "Shopping lists"). A household's
        // lists are rows of `named_lists` in its main list; each list's entries are rows of `list_entries` in a
        // list of their own (its `slot`), laid out as every record table is: the position is the rowid, the
        // household a virtual column of it, the id unique in the household, the folded name (an entry's is its
        // item's id) indexed by household. Nothing that was stored changes.
        """
        CREATE TABLE named_lists (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            slot INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 32767),
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE UNIQUE INDEX named_lists_by_id ON named_lists (household, id);
        CREATE INDEX named_lists_by_name ON named_lists (household, name_key);
        CREATE TABLE list_entries (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            item TEXT NOT NULL CHECK (length(item) = 36),
            name_key TEXT NOT NULL,
            list TEXT NOT NULL CHECK (length(list) = 36),
            quantity TEXT CHECK (quantity IS NULL OR length(quantity) BETWEEN 1 AND 400),
            note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 2000),
            checked_at INTEGER,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE UNIQUE INDEX list_entries_by_id ON list_entries (household, id);
        CREATE INDEX list_entries_by_name ON list_entries (household, name_key);
        """,
        // 15: the household's log of what was bought: a row per check-off of an entry (`Purchase`), in the
        // household's main list, its name the entry's id, so that a check-off taken back finds its row.
        """
        CREATE TABLE purchases (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            entry TEXT NOT NULL CHECK (length(entry) = 36),
            name_key TEXT NOT NULL,
            item TEXT NOT NULL CHECK (length(item) = 36),
            list TEXT NOT NULL CHECK (length(list) = 36),
            quantity TEXT CHECK (quantity IS NULL OR length(quantity) BETWEEN 1 AND 400),
            bought_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE UNIQUE INDEX purchases_by_id ON purchases (household, id);
        CREATE INDEX purchases_by_name ON purchases (household, name_key);
        """,
        // 16: an entry keeps the client's id of the last put that added to its quantity (`ListEntry.lastPut`), so
        // that the same put sent again adds once.
        """
        ALTER TABLE list_entries ADD COLUMN last_put TEXT CHECK (last_put IS NULL OR length(last_put) BETWEEN 1 AND 2000);
        """,
        // 17: aisles. A household's categories (`ItemCategory`, in its main list), an item's category, the category
        // a purchase's item had when it was bought (what a list's aisle order is learned from), and a list's aisle
        // order set by hand. Nothing that was stored changes: items have no category, lists no hand order.
        """
        CREATE TABLE categories (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE UNIQUE INDEX categories_by_id ON categories (household, id);
        CREATE INDEX categories_by_name ON categories (household, name_key);
        ALTER TABLE items ADD COLUMN category TEXT CHECK (category IS NULL OR length(category) = 36);
        ALTER TABLE purchases ADD COLUMN category TEXT CHECK (category IS NULL OR length(category) = 36);
        ALTER TABLE named_lists ADD COLUMN aisles TEXT CHECK (aisles IS NULL OR length(aisles) BETWEEN 1 AND 40000);
        """,
        // 18: to-dos with dates: a task's due day or day and time (`Due`, as `YYYY-MM-DD[THH:MM]`), its priority, its
        // note, and when it was marked done. Nothing that was stored changes: tasks have none of them.
        """
        ALTER TABLE tasks ADD COLUMN due TEXT CHECK (due IS NULL OR length(due) IN (10, 16));
        ALTER TABLE tasks ADD COLUMN priority TEXT CHECK (priority IS NULL OR priority IN ('low', 'medium', 'high'));
        ALTER TABLE tasks ADD COLUMN note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 100000);
        ALTER TABLE tasks ADD COLUMN done_at INTEGER;
        """,
        // 19: repeating to-dos: how a task repeats (an RFC 5545 RRULE value or AFTER-DONE=P…), the due date it counts
        // from, and its check-offs (one line each: the due date, then the moment in milliseconds). Nothing stored
        // changes: no task repeats yet.
        """
        ALTER TABLE tasks ADD COLUMN repeat_rule TEXT CHECK (repeat_rule IS NULL OR length(repeat_rule) BETWEEN 1 AND 500);
        ALTER TABLE tasks ADD COLUMN repeat_from TEXT CHECK (repeat_from IS NULL OR length(repeat_from) IN (10, 16));
        ALTER TABLE tasks ADD COLUMN completions TEXT CHECK (completions IS NULL OR length(completions) BETWEEN 1 AND 4000);
        """,
        // 20: the iCalendar lines of a task imported as a VTODO that Lists has no field for, kept to be written back.
        // Nothing stored changes.
        """
        ALTER TABLE tasks ADD COLUMN icalendar TEXT CHECK (icalendar IS NULL OR length(icalendar) BETWEEN 1 AND 100000);
        """,
        // 21: in-app reminders: when to remind the household of a task, a day and a time in its zone. Nothing stored
        // changes.
        """
        ALTER TABLE tasks ADD COLUMN remind_at TEXT CHECK (remind_at IS NULL OR length(remind_at) = 16);
        """,
        // 22: several to-do lists (docs/architecture.md §3, "To-do lists"). A household's to-do lists are rows of
        // `todo_lists` in its main list, and each task names its list. Tasks stored before have none until the
        // household's first opening puts them on "To-Do" (`TodoLists.fold`), which finds them through the partial
        // index, empty once they are put there.
        """
        CREATE TABLE todo_lists (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE UNIQUE INDEX todo_lists_by_id ON todo_lists (household, id);
        CREATE INDEX todo_lists_by_name ON todo_lists (household, name_key);
        ALTER TABLE tasks ADD COLUMN list TEXT CHECK (list IS NULL OR length(list) = 36);
        CREATE INDEX tasks_without_list ON tasks (position) WHERE list IS NULL;
        """,
        // 23: the row of the My eBird Data download a sighting was imported from, kept to be written back whole.
        // Nothing stored changes: sightings imported before keep none, and their export is made from their fields.
        """
        ALTER TABLE sightings ADD COLUMN ebird TEXT CHECK (ebird IS NULL OR length(ebird) BETWEEN 1 AND 100000);
        """,
        // 24: a birder's lists: the sightings of each name and scientific name in the order seen, so that a life list
        // of 100,000 sightings is one pass over an index (`firstInGroups`) and "first of the year" one look-up. The
        // household is the position's expression, not the `household` column: SQLite reads an index of a virtual
        // column's value back from the table, row by row; this one it reads alone.
        """
        CREATE INDEX sightings_by_species ON sightings (position >> 40, name, scientific_name, sighted_at, id);
        """,
        // 25: what a CalDAV client's VTODO for a shopping list's entry holds that Lists has no field for, kept to be
        // given back. Nothing stored changes: entries put in Lists keep none.
        """
        ALTER TABLE list_entries ADD COLUMN icalendar TEXT
            CHECK (icalendar IS NULL OR length(icalendar) BETWEEN 1 AND 100000);
        """,
        // 26: a task's priority checked against its three values one by one. Written as `IN` a list of three, the
        // check had SQLite build a temporary table of the three for every row with a priority it wrote, a tenth of
        // importing 100,000 tasks; SQLite writes lists of two as comparisons, and these three now are. The same
        // values pass, so the table's text is changed in place (SQLite's way for a constraint that every row
        // already meets, https://sqlite.org/lang_altertable.html#otheralter) and `migrate` has the schema read
        // again.
        """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_master
            SET sql = replace(sql, 'priority IN (''low'', ''medium'', ''high'')',
                'priority = ''low'' OR priority = ''medium'' OR priority = ''high''')
            WHERE type = 'table' AND name = 'tasks';
        PRAGMA writable_schema = OFF;
        """,
    ]

    /// Brings `connection` to the newest schema, in one immediate transaction, or refuses a newer one.
    ///
    /// A new file (schema 0, nothing in it) is given ``newDatabase``, what the migrations make of an empty file,
    /// at once: replaying them changed the schema three times as often (143 changes against 46), and SQLite
    /// reads its whole schema again after each. A first `lists todo list` on a new file took 16 ms that way, 6 ms
    /// this one. `replaying` replays them even then (for the test that keeps ``newDatabase`` equal to them).
    /// - Throws: ``StoreError/newerSchema(found:known:)``, ``SQLiteError``.
    static func migrate(_ connection: SQLiteConnection, replaying: Bool = false) throws {
        let known = migrations.count
        let current = Int(try connection.integer("PRAGMA user_version") ?? 0)
        if current == known { return }
        if current > known { throw StoreError.newerSchema(found: current, known: known) }
        // A migration that makes a table again (SQLite's way to change a constraint) needs the foreign keys off,
        // or dropping the old table would delete what refers to it; they are checked before the commit instead.
        // The pragma is a no-op inside a transaction, so it is set around it.
        try connection.execute("PRAGMA foreign_keys = OFF")
        defer { try? connection.execute("PRAGMA foreign_keys = ON") }
        try connection.execute("BEGIN IMMEDIATE")
        do {
            // Another process may have migrated while this one waited for the lock.
            let locked = Int(try connection.integer("PRAGMA user_version") ?? 0)
            if locked > known { throw StoreError.newerSchema(found: locked, known: known) }
            if try locked == 0 && !replaying && connection.integer("SELECT count(*) FROM sqlite_master") == 0 {
                try connection.execute(newDatabase)
            } else {
                for number in locked..<known {
                    do {
                        try connection.execute(migrations[number])
                    } catch let error as SQLiteError
                        where error.primaryCode != SQLITE_BUSY && error.primaryCode != SQLITE_LOCKED
                    {
                        // A schema this Lists did not write (say, a hand-edited file): which step, and SQLite's
                        // words.
                        throw StoreError.failure(
                            "migrating the database from schema \(number) to \(number + 1): \(error.message)")
                    }
                }
                // A migration that changed a table's text in place (26) did not count as a change of the schema:
                // counted here, so that every connection, this one too, reads the schema again.
                let cookie = try connection.integer("PRAGMA schema_version") ?? 0
                try connection.execute("PRAGMA schema_version = \(cookie + 1)")
            }
            if try connection.integer("PRAGMA foreign_key_check") != nil {
                throw StoreError.failure("migrating the database to schema \(known): a reference is broken")
            }
            try connection.execute("PRAGMA user_version = \(known)")
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// What ``migrations`` make of an empty file, as SQLite's shell dumps it (`.dump`): every table, index and row
    /// in the order the migrations leave them. A test replays the migrations and checks this against them; when
    /// a migration is appended, that test fails and prints the new text to put here.
    static let newDatabase = """
        CREATE TABLE settings (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS "items" (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            price_cents INTEGER NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
            on_shopping_list INTEGER NOT NULL DEFAULT 0 CHECK (on_shopping_list IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1)
        , household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL, category TEXT CHECK (category IS NULL OR length(category) = 36));
        CREATE TABLE IF NOT EXISTS "tasks" (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            taskwarrior TEXT
        , household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL, due TEXT CHECK (due IS NULL OR length(due) IN (10, 16)), priority TEXT CHECK (priority IS NULL OR priority = 'low' OR priority = 'medium' OR priority = 'high'), note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 100000), done_at INTEGER, repeat_rule TEXT CHECK (repeat_rule IS NULL OR length(repeat_rule) BETWEEN 1 AND 500), repeat_from TEXT CHECK (repeat_from IS NULL OR length(repeat_from) IN (10, 16)), completions TEXT CHECK (completions IS NULL OR length(completions) BETWEEN 1 AND 4000), icalendar TEXT CHECK (icalendar IS NULL OR length(icalendar) BETWEEN 1 AND 100000), remind_at TEXT CHECK (remind_at IS NULL OR length(remind_at) = 16), list TEXT CHECK (list IS NULL OR length(list) = 36));
        CREATE TABLE IF NOT EXISTS "sightings" (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            location TEXT CHECK (location IS NULL OR length(location) BETWEEN 1 AND 2000),
            sighted_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            count TEXT CHECK (count IS NULL OR length(count) <= 10),
            scientific_name TEXT CHECK (length(scientific_name) <= 2000),
            latitude TEXT CHECK (length(latitude) <= 40),
            longitude TEXT CHECK (length(longitude) <= 40),
            comments TEXT CHECK (length(comments) <= 2000)
        , household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL, ebird TEXT CHECK (ebird IS NULL OR length(ebird) BETWEEN 1 AND 100000));
        CREATE TABLE IF NOT EXISTS "removed_records" (
            household INTEGER NOT NULL,
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            record TEXT NOT NULL,
            removed_at INTEGER NOT NULL, removal TEXT,
            PRIMARY KEY (household, kind, id)
        );
        CREATE TABLE users (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
            name_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE memberships (
            household_id INTEGER NOT NULL REFERENCES households (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
            joined_at INTEGER NOT NULL,
            PRIMARY KEY (household_id, user_id)
        ) WITHOUT ROWID;
        CREATE TABLE sessions (
            digest TEXT PRIMARY KEY NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            household_id INTEGER REFERENCES households (id) ON DELETE SET NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE api_tokens (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            name_key TEXT NOT NULL,
            digest TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            last_used_at INTEGER,
            UNIQUE (user_id, name_key)
        );
        CREATE TABLE invitations (
            digest TEXT PRIMARY KEY NOT NULL,
            household_id INTEGER NOT NULL REFERENCES households (id) ON DELETE CASCADE,
            invited_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            used_at INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE sign_in_failures (
            key TEXT NOT NULL,
            failed_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS "households" (
            id INTEGER PRIMARY KEY CHECK (id >= 0 AND id < 4194304),
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            name_key TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        INSERT INTO households VALUES(0,'Home','home',CAST(strftime('%s', 'now') AS INTEGER) * 1000);
        CREATE TABLE IF NOT EXISTS "household_counts" (
            household INTEGER NOT NULL,
            kind TEXT NOT NULL,
            list INTEGER NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            changes INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (household, list, kind)
        ) WITHOUT ROWID;
        INSERT INTO household_counts VALUES(0,'items',0,0,1);
        INSERT INTO household_counts VALUES(0,'sightings',0,0,0);
        INSERT INTO household_counts VALUES(0,'tasks',0,0,0);
        CREATE TABLE named_lists (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            slot INTEGER NOT NULL CHECK (slot BETWEEN 1 AND 32767),
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        , aisles TEXT CHECK (aisles IS NULL OR length(aisles) BETWEEN 1 AND 40000));
        CREATE TABLE list_entries (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            item TEXT NOT NULL CHECK (length(item) = 36),
            name_key TEXT NOT NULL,
            list TEXT NOT NULL CHECK (length(list) = 36),
            quantity TEXT CHECK (quantity IS NULL OR length(quantity) BETWEEN 1 AND 400),
            note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 2000),
            checked_at INTEGER,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        , last_put TEXT CHECK (last_put IS NULL OR length(last_put) BETWEEN 1 AND 2000), icalendar TEXT
            CHECK (icalendar IS NULL OR length(icalendar) BETWEEN 1 AND 100000));
        CREATE TABLE purchases (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            entry TEXT NOT NULL CHECK (length(entry) = 36),
            name_key TEXT NOT NULL,
            item TEXT NOT NULL CHECK (length(item) = 36),
            list TEXT NOT NULL CHECK (length(list) = 36),
            quantity TEXT CHECK (quantity IS NULL OR length(quantity) BETWEEN 1 AND 400),
            bought_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        , category TEXT CHECK (category IS NULL OR length(category) = 36));
        CREATE TABLE categories (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        CREATE TABLE todo_lists (
            id TEXT NOT NULL,
            position INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 2000),
            name_key TEXT NOT NULL,
            rank INTEGER NOT NULL CHECK (rank >= 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            version INTEGER NOT NULL CHECK (version >= 1),
            household INTEGER GENERATED ALWAYS AS (position >> 40) VIRTUAL
        );
        DELETE FROM sqlite_sequence;
        CREATE INDEX items_on_shopping_list ON items (position) WHERE on_shopping_list = 1;
        CREATE UNIQUE INDEX items_by_id ON items (household, id);
        CREATE UNIQUE INDEX tasks_by_id ON tasks (household, id);
        CREATE UNIQUE INDEX sightings_by_id ON sightings (household, id);
        CREATE INDEX removed_records_by_position ON removed_records (kind, position);
        CREATE INDEX removed_records_by_time ON removed_records (removed_at);
        CREATE INDEX memberships_by_user ON memberships (user_id);
        CREATE INDEX sessions_by_user ON sessions (user_id);
        CREATE INDEX sessions_by_end ON sessions (expires_at);
        CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, failed_at);
        CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at);
        CREATE INDEX households_by_name_key ON households (name_key);
        CREATE INDEX removed_records_by_removal ON removed_records (household, removal);
        CREATE INDEX items_by_name ON items (household, name_key);
        CREATE INDEX tasks_by_name ON tasks (household, name_key);
        CREATE INDEX sightings_by_name ON sightings (household, name_key);
        CREATE UNIQUE INDEX named_lists_by_id ON named_lists (household, id);
        CREATE INDEX named_lists_by_name ON named_lists (household, name_key);
        CREATE UNIQUE INDEX list_entries_by_id ON list_entries (household, id);
        CREATE INDEX list_entries_by_name ON list_entries (household, name_key);
        CREATE UNIQUE INDEX purchases_by_id ON purchases (household, id);
        CREATE INDEX purchases_by_name ON purchases (household, name_key);
        CREATE UNIQUE INDEX categories_by_id ON categories (household, id);
        CREATE INDEX categories_by_name ON categories (household, name_key);
        CREATE UNIQUE INDEX todo_lists_by_id ON todo_lists (household, id);
        CREATE INDEX todo_lists_by_name ON todo_lists (household, name_key);
        CREATE INDEX tasks_without_list ON tasks (position) WHERE list IS NULL;
        CREATE INDEX sightings_by_species ON sightings (position >> 40, name, scientific_name, sighted_at, id);
        """
}
