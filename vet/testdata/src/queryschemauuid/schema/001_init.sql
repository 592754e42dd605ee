-- A service whose every id column is uuid: its ids are kept as
-- compact.ID.
CREATE TABLE orders (id uuid PRIMARY KEY, note text);
