-- Adopt ids in SQLite: users gets ids as its key, and every table that
-- points at users follows. Before it: the id_map table is loaded
-- (old_key, new_id). Run with: sqlite3 -bail app.db < adopt.sql
-- SQLite cannot change a primary key in place: each table is rebuilt
-- (https://www.sqlite.org/lang_altertable.html#otheralter), all in one
-- transaction, checked before COMMIT.
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE users_new (
  id         TEXT PRIMARY KEY,
  old_key    TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  name       TEXT NOT NULL
);
INSERT INTO users_new (id, old_key, created_at, name)
  SELECT m.new_id, u.id, u.created_at, u.name
  FROM users u JOIN id_map m ON m.old_key = u.id;

CREATE TABLE posts_new (
  id        TEXT PRIMARY KEY,
  author_id TEXT NOT NULL REFERENCES users (id),
  editor_id TEXT REFERENCES users (id),
  title     TEXT NOT NULL
);
INSERT INTO posts_new (id, author_id, editor_id, title)
  SELECT p.id, a.new_id, e.new_id, p.title
  FROM posts p
  JOIN id_map a ON a.old_key = p.author_id
  LEFT JOIN id_map e ON e.old_key = p.editor_id;

CREATE TABLE follows_new (
  follower_id TEXT NOT NULL REFERENCES users (id),
  followee_id TEXT NOT NULL REFERENCES users (id),
  PRIMARY KEY (follower_id, followee_id)
);
INSERT INTO follows_new (follower_id, followee_id)
  SELECT a.new_id, b.new_id
  FROM follows f
  JOIN id_map a ON a.old_key = f.follower_id
  JOIN id_map b ON b.old_key = f.followee_id;

-- The count check: a failed CHECK stops the script before COMMIT, and
-- nothing is changed.
CREATE TEMP TABLE adopt_check (what TEXT, ok INTEGER CONSTRAINT counts_differ CHECK (ok));
INSERT INTO adopt_check SELECT 'users', (SELECT count(*) FROM users) = (SELECT count(*) FROM users_new);
INSERT INTO adopt_check SELECT 'posts', (SELECT count(*) FROM posts) = (SELECT count(*) FROM posts_new);
INSERT INTO adopt_check SELECT 'posts.editor_id', (SELECT count(editor_id) FROM posts) = (SELECT count(editor_id) FROM posts_new);
INSERT INTO adopt_check SELECT 'follows', (SELECT count(*) FROM follows) = (SELECT count(*) FROM follows_new);

DROP TABLE follows;
DROP TABLE posts;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
ALTER TABLE posts_new RENAME TO posts;
ALTER TABLE follows_new RENAME TO follows;
CREATE INDEX posts_author_id ON posts (author_id);
CREATE INDEX posts_editor_id ON posts (editor_id);
CREATE INDEX follows_followee_id ON follows (followee_id);
DROP TABLE id_map;

INSERT INTO adopt_check SELECT 'foreign keys', NOT EXISTS (SELECT 1 FROM pragma_foreign_key_check);
DROP TABLE adopt_check;
COMMIT;
PRAGMA foreign_keys = ON;
