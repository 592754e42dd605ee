CREATE TABLE id_map (old_key uuid PRIMARY KEY, new_id text COLLATE "C" NOT NULL UNIQUE);
