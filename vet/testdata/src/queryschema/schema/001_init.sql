-- The schema of the service queryschema seeds (+goose format): the id
-- columns whose names have no id word are keys' references and columns
-- of an id's type; the natural and integer keys, and a text column that
-- shares a name with an id column of another table, are not ids.

-- +goose Up
CREATE TABLE users (
    id     text PRIMARY KEY,
    email  varchar(255) NOT NULL UNIQUE
);

CREATE TABLE teams (code text PRIMARY KEY); -- a natural key

CREATE TABLE counters (id bigserial PRIMARY KEY);

CREATE TABLE posts (
    id        char(26) PRIMARY KEY,
    owner     text NOT NULL REFERENCES users(id),
    team      text REFERENCES teams,
    slug      text NOT NULL UNIQUE,
    counter   bigint REFERENCES counters(id),
    version   binary(16),
    approver  text,
    CONSTRAINT posts_approver FOREIGN KEY (approver) REFERENCES users (id)
);

CREATE TABLE servers (server_identifier uuid PRIMARY KEY, name text);

-- owner here is another site's login: text, no key.
CREATE TABLE repos (owner text NOT NULL, name text NOT NULL);

-- A key of another id format's width (an xid's 20 characters), part of a
-- primary key: an id column; a digest of such a width is not.
CREATE TABLE schema_defs (kind text, rev CHAR(20) NOT NULL, PRIMARY KEY (kind, rev));
CREATE TABLE digests (md5 char(32) NOT NULL, body text);

-- +goose Down
ALTER TABLE posts ALTER COLUMN slug TYPE uuid;
DROP TABLE posts;
