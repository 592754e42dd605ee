-- The schema sqlc reads; the test creates the same objects. The domain
-- ulid carries the CHECK constraint of the recipe (id.Pattern) and gives
-- sqlc one type to override, arrays included.
CREATE DOMAIN ulid AS text COLLATE "C" CHECK (VALUE ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$');

CREATE TABLE teams (
    id   ulid PRIMARY KEY,
    name text NOT NULL
);

CREATE TABLE users (
    id      ulid PRIMARY KEY,
    team_id ulid NULL REFERENCES teams (id),
    name    text NOT NULL
);
