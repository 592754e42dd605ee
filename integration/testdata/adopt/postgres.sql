-- Adopt ids in PostgreSQL: users gets ids as its key, and every table
-- that points at users follows. Before it: the id_map table is loaded
-- (old_key, new_id). Run with: psql -v ON_ERROR_STOP=1 -f adopt.sql
-- DDL is transactional here: all of it is one transaction, checked
-- before COMMIT.
BEGIN;

ALTER TABLE users ADD COLUMN new_id text COLLATE "C";
UPDATE users u SET new_id = m.new_id FROM id_map m WHERE m.old_key = u.id;

ALTER TABLE posts ADD COLUMN author_new text COLLATE "C", ADD COLUMN editor_new text COLLATE "C";
UPDATE posts p SET author_new = u.new_id FROM users u WHERE u.id = p.author_id;
UPDATE posts p SET editor_new = u.new_id FROM users u WHERE u.id = p.editor_id;

ALTER TABLE follows ADD COLUMN follower_new text COLLATE "C", ADD COLUMN followee_new text COLLATE "C";
UPDATE follows f SET follower_new = u.new_id FROM users u WHERE u.id = f.follower_id;
UPDATE follows f SET followee_new = u.new_id FROM users u WHERE u.id = f.followee_id;

-- The count check: an exception rolls everything back.
DO $$
BEGIN
  IF (SELECT count(new_id) FROM users) <> (SELECT count(*) FROM users) THEN
    RAISE EXCEPTION 'id: % users have no new id', (SELECT count(*) FROM users WHERE new_id IS NULL);
  END IF;
  IF (SELECT count(author_new) FROM posts) <> (SELECT count(author_id) FROM posts)
     OR (SELECT count(editor_new) FROM posts) <> (SELECT count(editor_id) FROM posts) THEN
    RAISE EXCEPTION 'id: posts reference users that have no new id';
  END IF;
  IF (SELECT count(follower_new) FROM follows) <> (SELECT count(*) FROM follows)
     OR (SELECT count(followee_new) FROM follows) <> (SELECT count(*) FROM follows) THEN
    RAISE EXCEPTION 'id: follows reference users that have no new id';
  END IF;
END $$;

ALTER TABLE posts DROP CONSTRAINT posts_author_id_fkey, DROP CONSTRAINT posts_editor_id_fkey;
ALTER TABLE follows DROP CONSTRAINT follows_follower_id_fkey, DROP CONSTRAINT follows_followee_id_fkey,
  DROP CONSTRAINT follows_pkey;

ALTER TABLE users DROP CONSTRAINT users_pkey;
ALTER TABLE users RENAME COLUMN id TO old_key;
ALTER TABLE users RENAME COLUMN new_id TO id;
ALTER TABLE users ALTER COLUMN id SET NOT NULL, ADD PRIMARY KEY (id), ADD UNIQUE (old_key);

ALTER TABLE posts DROP COLUMN author_id, DROP COLUMN editor_id;
ALTER TABLE posts RENAME COLUMN author_new TO author_id;
ALTER TABLE posts RENAME COLUMN editor_new TO editor_id;
ALTER TABLE posts ALTER COLUMN author_id SET NOT NULL,
  ADD CONSTRAINT posts_author_id_fkey FOREIGN KEY (author_id) REFERENCES users (id),
  ADD CONSTRAINT posts_editor_id_fkey FOREIGN KEY (editor_id) REFERENCES users (id);
CREATE INDEX posts_author_id ON posts (author_id);
CREATE INDEX posts_editor_id ON posts (editor_id);

ALTER TABLE follows DROP COLUMN follower_id, DROP COLUMN followee_id;
ALTER TABLE follows RENAME COLUMN follower_new TO follower_id;
ALTER TABLE follows RENAME COLUMN followee_new TO followee_id;
ALTER TABLE follows ALTER COLUMN follower_id SET NOT NULL, ALTER COLUMN followee_id SET NOT NULL,
  ADD PRIMARY KEY (follower_id, followee_id),
  ADD CONSTRAINT follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES users (id),
  ADD CONSTRAINT follows_followee_id_fkey FOREIGN KEY (followee_id) REFERENCES users (id);
CREATE INDEX follows_followee_id ON follows (followee_id);

DROP TABLE id_map;
COMMIT;
