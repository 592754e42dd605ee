-- A down migration is not read: slug stays text.
ALTER TABLE posts ALTER COLUMN slug TYPE char(26);
