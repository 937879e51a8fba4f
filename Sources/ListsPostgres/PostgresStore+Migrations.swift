import ListsModel
import ListsSQL

extension PostgresStore {
    /// The schema, as numbered migrations in PostgreSQL's dialect; append only. The first four are the SQLite store's
    /// four, number for number; from 5 on each store has its own (SQLite's 7 stores a list in position order). Migration `n` (1-based) brings `lists_schema.version` from n-1 to n. A database whose version is above
    /// `migrations.count` was written by a newer Lists and is refused untouched.
    ///
    /// The translation keeps SQLite's column names and meanings: instants are `bigint` milliseconds since 1970,
    /// money is `bigint` cents, ids are upper-case UUID text (collated "C", so that a prefix is a range of the
    /// primary key), and the counts and the revision were kept by triggers until schema 6, which has every
    /// changing statement append a change row instead. Flags are `boolean`, PostgreSQL's own type.
    static let migrations: [String] = [
        // 1: the three apps' lists (each with `name_key`, the name folded by `Reference.nameKey`), the store's
        // settings, and counts kept by a trigger so that "how many" is O(1) however long a list grows.
        """
        CREATE TABLE items (
            id text COLLATE "C" PRIMARY KEY,
            position bigint NOT NULL UNIQUE,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            price_cents bigint NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
            on_shopping_list boolean NOT NULL DEFAULT false,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX items_by_name ON items (name_key);
        CREATE INDEX items_on_shopping_list ON items (position) WHERE on_shopping_list;

        CREATE TABLE tasks (
            id text COLLATE "C" PRIMARY KEY,
            position bigint NOT NULL UNIQUE,
            title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            done boolean NOT NULL DEFAULT false,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX tasks_by_name ON tasks (name_key);

        CREATE TABLE sightings (
            id text COLLATE "C" PRIMARY KEY,
            position bigint NOT NULL UNIQUE,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            location text CHECK (location IS NULL OR char_length(location) BETWEEN 1 AND 2000),
            sighted_at bigint NOT NULL,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1)
        );
        CREATE INDEX sightings_by_name ON sightings (name_key);

        CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

        CREATE TABLE record_counts (kind text PRIMARY KEY, count bigint NOT NULL);
        INSERT INTO record_counts VALUES ('items', 0), ('tasks', 0), ('sightings', 0);
        CREATE FUNCTION lists_count_records() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                UPDATE record_counts SET count = count + 1 WHERE kind = TG_TABLE_NAME;
            ELSE
                UPDATE record_counts SET count = count - 1 WHERE kind = TG_TABLE_NAME;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER items_counted AFTER INSERT OR DELETE ON items
            FOR EACH ROW EXECUTE FUNCTION lists_count_records();
        CREATE TRIGGER tasks_counted AFTER INSERT OR DELETE ON tasks
            FOR EACH ROW EXECUTE FUNCTION lists_count_records();
        CREATE TRIGGER sightings_counted AFTER INSERT OR DELETE ON sightings
            FOR EACH ROW EXECUTE FUNCTION lists_count_records();
        """,
        // 2: one number that grows with every change to any record, so that an open page (or another server)
        // learns that something changed by reading one row instead of comparing lists.
        """
        CREATE TABLE revision (id integer PRIMARY KEY CHECK (id = 1), value bigint NOT NULL);
        INSERT INTO revision VALUES (1, 0);
        CREATE FUNCTION lists_grow_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE revision SET value = value + 1;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER items_revised AFTER INSERT OR UPDATE OR DELETE ON items
            FOR EACH ROW EXECUTE FUNCTION lists_grow_revision();
        CREATE TRIGGER tasks_revised AFTER INSERT OR UPDATE OR DELETE ON tasks
            FOR EACH ROW EXECUTE FUNCTION lists_grow_revision();
        CREATE TRIGGER sightings_revised AFTER INSERT OR UPDATE OR DELETE ON sightings
            FOR EACH ROW EXECUTE FUNCTION lists_grow_revision();
        """,
        // 3: the Taskwarrior attributes a task imported from Taskwarrior brings and Lists has no field for (a JSON
        // object, kept as the text it was written as), written back on export.
        """
        ALTER TABLE tasks ADD COLUMN taskwarrior text CHECK (taskwarrior IS NULL OR taskwarrior::json IS NOT NULL);
        """,
        // 4: what birders' checklists (eBird) record about a sighting: count (digits or X), scientific name,
        // coordinates (decimal text, kept exactly as given) and comments.
        """
        ALTER TABLE sightings ADD COLUMN count text CHECK (count IS NULL OR char_length(count) <= 10);
        ALTER TABLE sightings ADD COLUMN scientific_name text CHECK (char_length(scientific_name) <= 2000);
        ALTER TABLE sightings ADD COLUMN latitude text CHECK (char_length(latitude) <= 40);
        ALTER TABLE sightings ADD COLUMN longitude text CHECK (char_length(longitude) <= 40);
        ALTER TABLE sightings ADD COLUMN comments text CHECK (char_length(comments) <= 2000);
        """,
        // 5: writers no longer take turns. Positions come from a sequence per list, and the counts and the
        // revision are spread over 16 rows each (a connection's row is its backend's pid modulo 16), summed on
        // reading, so that concurrent writers do not queue on one row lock and their commits can share a flush.
        """
        CREATE SEQUENCE items_position;
        CREATE SEQUENCE tasks_position;
        CREATE SEQUENCE sightings_position;
        SELECT setval('items_position', coalesce((SELECT max(position) FROM items), 0) + 1, false);
        SELECT setval('tasks_position', coalesce((SELECT max(position) FROM tasks), 0) + 1, false);
        SELECT setval('sightings_position', coalesce((SELECT max(position) FROM sightings), 0) + 1, false);
        ALTER TABLE record_counts ADD COLUMN shard integer NOT NULL DEFAULT 0;
        ALTER TABLE record_counts DROP CONSTRAINT record_counts_pkey;
        ALTER TABLE record_counts ADD PRIMARY KEY (kind, shard);
        INSERT INTO record_counts (kind, shard, count)
            SELECT kind, shard, 0 FROM unnest(ARRAY['items', 'tasks', 'sightings']) AS kind,
                generate_series(1, 15) AS shard;
        CREATE OR REPLACE FUNCTION lists_count_records() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                UPDATE record_counts SET count = count + 1 WHERE kind = TG_TABLE_NAME AND shard = pg_backend_pid() % 16;
            ELSE
                UPDATE record_counts SET count = count - 1 WHERE kind = TG_TABLE_NAME AND shard = pg_backend_pid() % 16;
            END IF;
            RETURN NULL;
        END $$;
        ALTER TABLE revision DROP CONSTRAINT revision_id_check;
        INSERT INTO revision (id, value) SELECT shard, 0 FROM generate_series(2, 16) AS shard;
        CREATE OR REPLACE FUNCTION lists_grow_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE revision SET value = value + 1 WHERE id = 1 + pg_backend_pid() % 16;
            RETURN NULL;
        END $$;
        """,
        // 6: no row update per change, and no trigger. Each statement that changes records appends a row to
        // `record_changes` in the same statement (`PostgresSession.counted`): its list, and +1, -1 or 0 to the
        // list's count. An insert into a table without index or hot row costs a write little, where updating a
        // shared count row from a PL/pgSQL trigger cost it about a third of its time. Counts are `record_counts`
        // plus the steps not yet folded in; the revision is the old revision rows, plus each count row's new
        // `changes`, plus the rows not yet folded in. Every so often a writer folds the appended rows into the
        // count rows (`PostgresStore.fold`), in one statement, so the table stays short. Readers see a fold whole
        // or not at all, so counts and the revision never jump. Lists before schema 6 refuses this database (newer
        // schema), so no writer keeps the old rule without the triggers.
        """
        CREATE TABLE record_changes (kind text NOT NULL, step integer NOT NULL) WITH (vacuum_truncate = false);
        ALTER TABLE record_counts ADD COLUMN changes bigint NOT NULL DEFAULT 0;
        DROP TRIGGER items_counted ON items;
        DROP TRIGGER tasks_counted ON tasks;
        DROP TRIGGER sightings_counted ON sightings;
        DROP TRIGGER items_revised ON items;
        DROP TRIGGER tasks_revised ON tasks;
        DROP TRIGGER sightings_revised ON sightings;
        DROP FUNCTION lists_count_records();
        DROP FUNCTION lists_grow_revision();
        """,
        // 7: deletes can be undone, from any server. A deleted record is kept for `Undo.window` in
        // `removed_records`, by the statement that deletes it: its list's table, its id, its position and the
        // whole row as `jsonb` (so the table serves every kind, and a restore puts back exactly what was stored),
        // and when it was removed. Positions come from each list's sequence and are never given twice, so a
        // restored record finds its place free, between its old neighbours. Entries older than the window are
        // deleted whenever a record is. A later migration that changes a list's columns must change or drop what
        // is kept of that list here.
        """
        CREATE TABLE removed_records (
            kind text NOT NULL,
            id text COLLATE "C" NOT NULL,
            position bigint NOT NULL,
            record jsonb NOT NULL,
            removed_at bigint NOT NULL,
            PRIMARY KEY (kind, id)
        );
        CREATE INDEX removed_records_by_time ON removed_records (removed_at);
        """,
        // 8: households and accounts. Every record is one household's (`household`, the first one's number is
        // 0): the records there were become the first household's, named "Home", unchanged. Ids are unique within
        // a household (the primary key), positions still come from each list's sequence, and a household's list
        // is read through an index on household and position. Counts and changes are kept per household; the old
        // revision rows are added to the first household's changes (so its revision never goes back) and
        // dropped. What is kept for undo names its household, in its row and in the kept record. Then the account
        // tables, which both stores declare once (`AccountSchema.accounts`).
        """
        ALTER TABLE items ADD COLUMN household bigint NOT NULL DEFAULT 0;
        ALTER TABLE items DROP CONSTRAINT items_pkey;
        ALTER TABLE items ADD PRIMARY KEY (household, id);
        CREATE INDEX items_by_household ON items (household, position);
        ALTER TABLE tasks ADD COLUMN household bigint NOT NULL DEFAULT 0;
        ALTER TABLE tasks DROP CONSTRAINT tasks_pkey;
        ALTER TABLE tasks ADD PRIMARY KEY (household, id);
        CREATE INDEX tasks_by_household ON tasks (household, position);
        ALTER TABLE sightings ADD COLUMN household bigint NOT NULL DEFAULT 0;
        ALTER TABLE sightings DROP CONSTRAINT sightings_pkey;
        ALTER TABLE sightings ADD PRIMARY KEY (household, id);
        CREATE INDEX sightings_by_household ON sightings (household, position);

        ALTER TABLE record_changes ADD COLUMN household bigint NOT NULL DEFAULT 0;
        ALTER TABLE record_counts ADD COLUMN household bigint NOT NULL DEFAULT 0;
        ALTER TABLE record_counts DROP CONSTRAINT record_counts_pkey;
        ALTER TABLE record_counts ADD PRIMARY KEY (household, kind, shard);
        UPDATE record_counts SET changes = changes + (SELECT coalesce(sum(value), 0) FROM revision)
            WHERE household = 0 AND kind = 'items' AND shard = 0;
        DROP TABLE revision;

        ALTER TABLE removed_records ADD COLUMN household bigint NOT NULL DEFAULT 0;
        UPDATE removed_records SET record = record || '{"household": 0}'::jsonb;
        ALTER TABLE removed_records DROP CONSTRAINT removed_records_pkey;
        ALTER TABLE removed_records ADD PRIMARY KEY (household, kind, id);

        """ + AccountSchema.accounts(.postgres),
        // 9: every statement that appends change rows (every change of records: see `record_changes`) announces
        // the households it changed, once each, on the channel `lists_changes` as "schema household". PostgreSQL
        // delivers a notification when its transaction commits, and never one of a transaction that rolled back:
        // the servers that LISTEN learn of each committed change at once (`PostgresChangeListener`). The schema
        // is in the payload because the channel is the database's, shared by the stores of all its schemas.
        """
        CREATE FUNCTION lists_announce_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('lists_changes', TG_TABLE_SCHEMA || ' ' || household)
                FROM (SELECT DISTINCT household FROM added) AS changed;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER record_changes_announced AFTER INSERT ON record_changes
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lists_announce_changes();
        """,
        // 10: failed sign-ins, counted in the database (`AccountSchema.signInFailures`).
        AccountSchema.signInFailures(.postgres),
        // 11: household names are no longer unique in the store, only among one person's households (which the
        // model checks): a name refused because someone else's household has it would tell that it exists.
        """
        ALTER TABLE households DROP CONSTRAINT households_name_key_key;
        CREATE INDEX households_by_name_key ON households (name_key);
        """,
        // 12: lists inside households. A household keeps each kind's records in one or more lists, each a range of
        // positions inside the household's (`PostgresSession.positions(of:)`): list n's positions start at n << 47
        // and the main list, number 0, holds the sequences' values as they are, where every record already is, so
        // no row moves and the index on household and position reads a list as a range. Counts and changes are
        // kept per household, kind and list (the rows there were become the main lists'), so that a list's count,
        // numbers and revision are its own and a household's are the sums of its lists'. A column with a constant
        // default is added without rewriting the table, and the count rows are few. What is kept for undo names the
        // removal that took it out (`RemovalID`), so that the records removed together are put back together;
        // those kept from before have none, and are put back one by one.
        """
        ALTER TABLE record_changes ADD COLUMN list bigint NOT NULL DEFAULT 0;
        ALTER TABLE record_counts ADD COLUMN list bigint NOT NULL DEFAULT 0;
        ALTER TABLE record_counts DROP CONSTRAINT record_counts_pkey;
        ALTER TABLE record_counts ADD PRIMARY KEY (household, kind, list, shard);
        ALTER TABLE removed_records ADD COLUMN removal text COLLATE "C";
        CREATE INDEX removed_records_by_removal ON removed_records (household, removal);
        """,
        // 13: every index a household reads through or writes to is led by the household. The names' indexes were
        // led by the folded name alone, so that every household's "Milk" shared their pages, and the Shopping
        // List's by the position, which the table's sequence gives every household in turn, so that a household's
        // list was read among everyone's. Led by the household, a household's names and its list are together.
        // Positions were unique in the table, through an index of their own beside the household's index on
        // household and position: that index is now the unique one (a position is unique within its household,
        // which is what a restore's conflict asks), one index fewer for every add.
        """
        ALTER TABLE items DROP CONSTRAINT items_position_key;
        DROP INDEX items_by_household;
        CREATE UNIQUE INDEX items_by_household ON items (household, position);
        ALTER TABLE tasks DROP CONSTRAINT tasks_position_key;
        DROP INDEX tasks_by_household;
        CREATE UNIQUE INDEX tasks_by_household ON tasks (household, position);
        ALTER TABLE sightings DROP CONSTRAINT sightings_position_key;
        DROP INDEX sightings_by_household;
        CREATE UNIQUE INDEX sightings_by_household ON sightings (household, position);
        DROP INDEX items_by_name;
        CREATE INDEX items_by_name ON items (household, name_key, position);
        DROP INDEX tasks_by_name;
        CREATE INDEX tasks_by_name ON tasks (household, name_key, position);
        DROP INDEX sightings_by_name;
        CREATE INDEX sightings_by_name ON sightings (household, name_key, position);
        DROP INDEX items_on_shopping_list;
        CREATE INDEX items_on_shopping_list ON items (household, position) WHERE on_shopping_list;
        """,
        // 14: named shopping lists and their entries (docs/architecture.md §3, "Shopping lists"). A household's
        // lists are rows of `named_lists` in its main list; each list's entries are rows of `list_entries` in a
        // list of their own (its `slot`), laid out as every record table is since schema 13: the primary key
        // (household, id), positions from the table's sequence, unique in the household through the index on
        // household and position, and the folded name (an entry's is its item's id) indexed by household.
        // Nothing that was stored changes.
        """
        CREATE TABLE named_lists (
            id text COLLATE "C" NOT NULL,
            household bigint NOT NULL,
            position bigint NOT NULL,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            slot bigint NOT NULL CHECK (slot BETWEEN 1 AND 32767),
            rank bigint NOT NULL CHECK (rank >= 0),
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            PRIMARY KEY (household, id)
        );
        CREATE SEQUENCE named_lists_position;
        CREATE UNIQUE INDEX named_lists_by_household ON named_lists (household, position);
        CREATE INDEX named_lists_by_name ON named_lists (household, name_key, position);
        CREATE TABLE list_entries (
            id text COLLATE "C" NOT NULL,
            household bigint NOT NULL,
            position bigint NOT NULL,
            item text NOT NULL CHECK (char_length(item) = 36),
            name_key text NOT NULL,
            list text NOT NULL CHECK (char_length(list) = 36),
            quantity text CHECK (quantity IS NULL OR char_length(quantity) BETWEEN 1 AND 400),
            note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 2000),
            checked_at bigint,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            PRIMARY KEY (household, id)
        );
        CREATE SEQUENCE list_entries_position;
        CREATE UNIQUE INDEX list_entries_by_household ON list_entries (household, position);
        CREATE INDEX list_entries_by_name ON list_entries (household, name_key, position);
        """,
        // 15: the household's log of what was bought: a row per check-off of an entry (`Purchase`), in the
        // household's main list, its name the entry's id, so that a check-off taken back finds its row.
        """
        CREATE TABLE purchases (
            id text COLLATE "C" NOT NULL,
            household bigint NOT NULL,
            position bigint NOT NULL,
            entry text NOT NULL CHECK (char_length(entry) = 36),
            name_key text NOT NULL,
            item text NOT NULL CHECK (char_length(item) = 36),
            list text NOT NULL CHECK (char_length(list) = 36),
            quantity text CHECK (quantity IS NULL OR char_length(quantity) BETWEEN 1 AND 400),
            bought_at bigint NOT NULL,
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            PRIMARY KEY (household, id)
        );
        CREATE SEQUENCE purchases_position;
        CREATE UNIQUE INDEX purchases_by_household ON purchases (household, position);
        CREATE INDEX purchases_by_name ON purchases (household, name_key, position);
        """,
        // 16: an entry keeps the client's id of the last put that added to its quantity (`ListEntry.lastPut`), so
        // that the same put sent again adds once.
        """
        ALTER TABLE list_entries ADD COLUMN last_put text CHECK (last_put IS NULL OR char_length(last_put) BETWEEN 1 AND 2000);
        """,
        // 17: aisles. A household's categories (`ItemCategory`, in its main list), an item's category, the category
        // a purchase's item had when it was bought (what a list's aisle order is learned from), and a list's aisle
        // order set by hand. Nothing that was stored changes: items have no category, lists no hand order.
        """
        CREATE TABLE categories (
            id text COLLATE "C" NOT NULL,
            household bigint NOT NULL,
            position bigint NOT NULL,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            rank bigint NOT NULL CHECK (rank >= 0),
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            PRIMARY KEY (household, id)
        );
        CREATE SEQUENCE categories_position;
        CREATE UNIQUE INDEX categories_by_household ON categories (household, position);
        CREATE INDEX categories_by_name ON categories (household, name_key, position);
        ALTER TABLE items ADD COLUMN category text CHECK (category IS NULL OR char_length(category) = 36);
        ALTER TABLE purchases ADD COLUMN category text CHECK (category IS NULL OR char_length(category) = 36);
        ALTER TABLE named_lists ADD COLUMN aisles text CHECK (aisles IS NULL OR char_length(aisles) BETWEEN 1 AND 40000);
        """,
        // 18: to-dos with dates: a task's due day or day and time (`Due`, as `YYYY-MM-DD[THH:MM]`), its priority, its
        // note, and when it was marked done. Nothing that was stored changes: tasks have none of them.
        """
        ALTER TABLE tasks ADD COLUMN due text CHECK (due IS NULL OR char_length(due) IN (10, 16));
        ALTER TABLE tasks ADD COLUMN priority text CHECK (priority IS NULL OR priority IN ('low', 'medium', 'high'));
        ALTER TABLE tasks ADD COLUMN note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 100000);
        ALTER TABLE tasks ADD COLUMN done_at bigint;
        """,
        // 19: repeating to-dos: how a task repeats (an RFC 5545 RRULE value or AFTER-DONE=P…), the due date it counts
        // from, and its check-offs (one line each: the due date, then the moment in milliseconds). Nothing stored
        // changes: no task repeats yet.
        """
        ALTER TABLE tasks ADD COLUMN repeat_rule text CHECK (repeat_rule IS NULL OR char_length(repeat_rule) BETWEEN 1 AND 500);
        ALTER TABLE tasks ADD COLUMN repeat_from text CHECK (repeat_from IS NULL OR char_length(repeat_from) IN (10, 16));
        ALTER TABLE tasks ADD COLUMN completions text CHECK (completions IS NULL OR char_length(completions) BETWEEN 1 AND 4000);
        """,
        // 20: the iCalendar lines of a task imported as a VTODO that Lists has no field for, kept to be written back.
        // Nothing stored changes.
        """
        ALTER TABLE tasks ADD COLUMN icalendar text CHECK (icalendar IS NULL OR char_length(icalendar) BETWEEN 1 AND 100000);
        """,
        // 21: in-app reminders: when to remind the household of a task, a day and a time in its zone. Nothing stored
        // changes.
        """
        ALTER TABLE tasks ADD COLUMN remind_at text CHECK (remind_at IS NULL OR char_length(remind_at) = 16);
        """,
        // 22: several to-do lists (docs/architecture.md §3, "To-do lists"). A household's to-do lists are rows of
        // `todo_lists` in its main list, and each task names its list. Tasks stored before have none until the
        // household's first opening puts them on "To-Do" (`TodoLists.fold`), which finds them through the partial
        // index, empty once they are put there.
        """
        CREATE TABLE todo_lists (
            id text COLLATE "C" NOT NULL,
            household bigint NOT NULL,
            position bigint NOT NULL,
            name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 2000),
            name_key text NOT NULL,
            rank bigint NOT NULL CHECK (rank >= 0),
            created_at bigint NOT NULL,
            updated_at bigint NOT NULL,
            version bigint NOT NULL CHECK (version >= 1),
            PRIMARY KEY (household, id)
        );
        CREATE SEQUENCE todo_lists_position;
        CREATE UNIQUE INDEX todo_lists_by_household ON todo_lists (household, position);
        CREATE INDEX todo_lists_by_name ON todo_lists (household, name_key, position);
        ALTER TABLE tasks ADD COLUMN list text CHECK (list IS NULL OR char_length(list) = 36);
        CREATE INDEX tasks_without_list ON tasks (household, position) WHERE list IS NULL;
        """,
        // 23: the row of the My eBird Data download a sighting was imported from, kept to be written back whole.
        // Nothing stored changes: sightings imported before keep none, and their export is made from their fields.
        """
        ALTER TABLE sightings ADD COLUMN ebird text CHECK (ebird IS NULL OR char_length(ebird) BETWEEN 1 AND 100000);
        """,
        // 24: a birder's lists: the sightings of each name and scientific name in the order seen, so that a life list
        // is one pass over an index (`firstInGroups`) and "first of the year" one look-up.
        """
        CREATE INDEX sightings_by_species ON sightings (household, name, scientific_name, sighted_at, position);
        """,
        // 25: what a CalDAV client's VTODO for a shopping list's entry holds that Lists has no field for, kept to be
        // given back. Nothing stored changes: entries put in Lists keep none.
        """
        ALTER TABLE list_entries ADD COLUMN icalendar text
            CHECK (icalendar IS NULL OR char_length(icalendar) BETWEEN 1 AND 100000);
        """,
    ]

    /// Brings the schema that `connection`'s search path names to the newest version, in one transaction under
    /// the store's write lock, or refuses a newer one.
    ///
    /// The lock makes two servers starting at once on a new database take turns: the second waits, then finds
    /// the version the first committed and has nothing left to do.
    /// - Throws: ``StoreError/newerSchema(found:known:)``, ``PostgresError``.
    static func migrate(_ connection: PostgresConnection) throws {
        let known = migrations.count
        try connection.execute("BEGIN; \(writeLock)")
        do {
            try connection.execute(
                "CREATE TABLE IF NOT EXISTS lists_schema (id integer PRIMARY KEY CHECK (id = 1), version integer "
                    + "NOT NULL); INSERT INTO lists_schema VALUES (1, 0) ON CONFLICT (id) DO NOTHING")
            let current = Int(try connection.integer("SELECT version FROM lists_schema") ?? 0)
            if current > known { throw StoreError.newerSchema(found: current, known: known) }
            for number in current..<known {
                try connection.execute(migrations[number])
            }
            try connection.run("UPDATE lists_schema SET version = $1", [.integer(Int64(known))])
            try connection.execute("COMMIT")
        } catch {
            if connection.isHealthy { try? connection.execute("ROLLBACK") }
            throw error
        }
    }
}
