-- Adopt ids in MariaDB: users gets ids as its key, and every table that
-- points at users follows. Before it: the id_map table is loaded
-- (old_key, new_id). Run with: mariadb app < adopt.sql
-- Every DDL statement commits by itself in MariaDB, so the script has
-- three parts: 1. add the new columns (DDL); 2. fill them in one
-- transaction, checked before COMMIT (DML, so a failed check changes
-- nothing but the empty new columns); 3. swap the keys, one ALTER TABLE
-- per table (each is atomic). Keep writes to these tables stopped from 2
-- to the end. Parts 1 and 2 can be run again; in part 3, a failed ALTER
-- TABLE changes nothing: fix the cause and go on from that statement.

-- 1. New columns.
ALTER TABLE users ADD COLUMN IF NOT EXISTS new_id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL;
ALTER TABLE posts
  ADD COLUMN IF NOT EXISTS author_new VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL,
  ADD COLUMN IF NOT EXISTS editor_new VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL;
ALTER TABLE follows
  ADD COLUMN IF NOT EXISTS follower_new VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL,
  ADD COLUMN IF NOT EXISTS followee_new VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL;

-- 2. Fill them, in one transaction with a count check before COMMIT.
START TRANSACTION;
UPDATE users u JOIN id_map m ON m.old_key = u.id SET u.new_id = m.new_id;
UPDATE posts p JOIN users u ON u.id = p.author_id SET p.author_new = u.new_id;
UPDATE posts p JOIN users u ON u.id = p.editor_id SET p.editor_new = u.new_id;
UPDATE follows f JOIN users u ON u.id = f.follower_id SET f.follower_new = u.new_id;
UPDATE follows f JOIN users u ON u.id = f.followee_id SET f.followee_new = u.new_id;
DELIMITER //
BEGIN NOT ATOMIC
  IF (SELECT count(new_id) FROM users) <> (SELECT count(*) FROM users) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'id: users without a new id; roll back';
  END IF;
  IF (SELECT count(author_new) FROM posts) <> (SELECT count(author_id) FROM posts)
     OR (SELECT count(editor_new) FROM posts) <> (SELECT count(editor_id) FROM posts) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'id: posts reference users that have no new id; roll back';
  END IF;
  IF (SELECT count(follower_new) FROM follows) <> (SELECT count(*) FROM follows)
     OR (SELECT count(followee_new) FROM follows) <> (SELECT count(*) FROM follows) THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'id: follows reference users that have no new id; roll back';
  END IF;
END//
DELIMITER ;
COMMIT;

-- 3. Swap the keys: the references first, then users, then the
-- references again, on the new columns.
ALTER TABLE posts DROP FOREIGN KEY IF EXISTS posts_author_fk, DROP FOREIGN KEY IF EXISTS posts_editor_fk;
ALTER TABLE follows DROP FOREIGN KEY IF EXISTS follows_follower_fk, DROP FOREIGN KEY IF EXISTS follows_followee_fk;
ALTER TABLE users
  DROP PRIMARY KEY,
  CHANGE id old_key CHAR(36) CHARACTER SET ascii NOT NULL,
  CHANGE new_id id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL FIRST,
  ADD PRIMARY KEY (id),
  ADD UNIQUE KEY users_old_key (old_key);
ALTER TABLE posts
  DROP COLUMN author_id, DROP COLUMN editor_id,
  CHANGE author_new author_id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL AFTER id,
  CHANGE editor_new editor_id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER author_id,
  ADD CONSTRAINT posts_author_fk FOREIGN KEY (author_id) REFERENCES users (id),
  ADD CONSTRAINT posts_editor_fk FOREIGN KEY (editor_id) REFERENCES users (id);
ALTER TABLE follows
  DROP PRIMARY KEY,
  DROP COLUMN follower_id, DROP COLUMN followee_id,
  CHANGE follower_new follower_id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL FIRST,
  CHANGE followee_new followee_id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL AFTER follower_id,
  ADD PRIMARY KEY (follower_id, followee_id),
  ADD CONSTRAINT follows_follower_fk FOREIGN KEY (follower_id) REFERENCES users (id),
  ADD CONSTRAINT follows_followee_fk FOREIGN KEY (followee_id) REFERENCES users (id);
DROP TABLE id_map;
