CREATE TABLE users (
  id         uuid PRIMARY KEY,
  created_at timestamptz(3) NOT NULL,
  name       text NOT NULL
);
CREATE TABLE posts (
  id        uuid PRIMARY KEY,
  author_id uuid NOT NULL REFERENCES users (id),
  editor_id uuid REFERENCES users (id),  -- nullable
  title     text NOT NULL
);
CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users (id),
  followee_id uuid NOT NULL REFERENCES users (id),
  PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX posts_author_id ON posts (author_id);
CREATE INDEX posts_editor_id ON posts (editor_id);
CREATE INDEX follows_followee_id ON follows (followee_id);
