CREATE TABLE users (
  id         CHAR(36) CHARACTER SET ascii NOT NULL PRIMARY KEY,  -- a UUIDv4, as text
  created_at DATETIME(3) NOT NULL,                               -- UTC
  name       VARCHAR(100) NOT NULL
) ENGINE=InnoDB;
CREATE TABLE posts (
  id        CHAR(36) CHARACTER SET ascii NOT NULL PRIMARY KEY,
  author_id CHAR(36) CHARACTER SET ascii NOT NULL,
  editor_id CHAR(36) CHARACTER SET ascii NULL,  -- nullable
  title     VARCHAR(200) NOT NULL,
  CONSTRAINT posts_author_fk FOREIGN KEY (author_id) REFERENCES users (id),
  CONSTRAINT posts_editor_fk FOREIGN KEY (editor_id) REFERENCES users (id)
) ENGINE=InnoDB;
CREATE TABLE follows (
  follower_id CHAR(36) CHARACTER SET ascii NOT NULL,
  followee_id CHAR(36) CHARACTER SET ascii NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CONSTRAINT follows_follower_fk FOREIGN KEY (follower_id) REFERENCES users (id),
  CONSTRAINT follows_followee_fk FOREIGN KEY (followee_id) REFERENCES users (id)
) ENGINE=InnoDB;
