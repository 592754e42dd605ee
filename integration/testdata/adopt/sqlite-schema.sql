CREATE TABLE users (
  id         TEXT PRIMARY KEY,  -- a UUIDv4, as text
  created_at TEXT NOT NULL,     -- RFC 3339 in UTC: 2024-05-01T12:00:00.123Z
  name       TEXT NOT NULL
);
CREATE TABLE posts (
  id        TEXT PRIMARY KEY,
  author_id TEXT NOT NULL REFERENCES users (id),
  editor_id TEXT REFERENCES users (id),  -- nullable
  title     TEXT NOT NULL
);
CREATE TABLE follows (
  follower_id TEXT NOT NULL REFERENCES users (id),
  followee_id TEXT NOT NULL REFERENCES users (id),
  PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX posts_author_id ON posts (author_id);
CREATE INDEX posts_editor_id ON posts (editor_id);
CREATE INDEX follows_followee_id ON follows (followee_id);
