-- SQL functions for ids in compact storage on PostgreSQL (docs/compact.md,
-- docs/contract.md C10): an id's 26 characters to the uuid of its 16 bytes
-- and back, so that an id copied from a log finds its row from psql:
--
--   SELECT * FROM orders WHERE id = id_to_uuid('01arz3ndektsv4rrffq69g5fav');
--   SELECT uuid_to_id(id), total FROM orders ORDER BY id DESC LIMIT 10;
--
-- Load with: psql -v ON_ERROR_STOP=1 -f sql/postgres.sql (or from a
-- migration). CREATE OR REPLACE: loading it again is harmless.
--
-- Both are IMMUTABLE, STRICT (NULL gives NULL) and PARALLEL SAFE, and agree
-- with Go's id.Parse, ID.As16, id.From16 and ID.String on every id: the
-- bytes are the ULID binary layout (big-endian, 48 bits of Unix
-- milliseconds, then 80 bits), the text is lowercase Crockford base32.
-- Invalid input raises an error (SQLSTATE 22P02, invalid_text_representation),
-- never NULL: a typo must not read as "no such row".
--
--   id_to_uuid: 26 characters of 0-9 a-z without i l o u, in either case
--   (as id.Parse); the first one 0-7; not 26 zeros (the zero id).
--   uuid_to_id: any uuid but the nil UUID (16 zero bytes, the zero id),
--   which it names, with a hint: the CHECK that keeps it out of a column.

CREATE OR REPLACE FUNCTION id_to_uuid(t text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
	s text;
	v int;
	bits bit varying := B'';
	h text := '';
BEGIN
	-- 26 bytes, and 26 characters: lower() must see ASCII only (it maps
	-- the Kelvin sign, 3 bytes, to k).
	IF octet_length(t) <> 26 THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = format('id: invalid id %s: length %s, want 26', quote_literal(left(t, 32)), octet_length(t));
	END IF;
	IF char_length(t) <> 26 THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = format('id: invalid id %s: a character outside ASCII', quote_literal(t));
	END IF;
	s := lower(t);
	FOR i IN 1..26 LOOP
		v := strpos(alphabet, substr(s, i, 1)) - 1;
		IF v < 0 THEN
			RAISE EXCEPTION USING ERRCODE = '22P02',
				MESSAGE = format('id: invalid id %s: invalid character at index %s', quote_literal(t), i - 1);
		END IF;
		IF i = 1 AND v > 7 THEN
			RAISE EXCEPTION USING ERRCODE = '22P02',
				MESSAGE = format('id: invalid id %s: out of range (the first character must be 0-7)', quote_literal(t));
		END IF;
		bits := bits || v::bit(5);
	END LOOP;
	-- 130 bits, the first 2 zero: the 128 bits are 32 hex digits.
	FOR i IN 0..3 LOOP
		h := h || lpad(to_hex(substring(bits FROM 3 + 32 * i FOR 32)::bit(32)::int), 8, '0');
	END LOOP;
	IF h = '00000000000000000000000000000000' THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = format('id: invalid id %s: the zero id names nothing', quote_literal(t));
	END IF;
	RETURN h::uuid;
END
$$;

CREATE OR REPLACE FUNCTION uuid_to_id(u uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
	bits bit(130);
	s text := '';
BEGIN
	IF u = '00000000-0000-0000-0000-000000000000' THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = format('id: invalid id %s (the nil UUID): 16 zero bytes are the zero id, which names nothing', quote_literal(u::text)),
			HINT = 'find the row with WHERE k = ''00000000-0000-0000-0000-000000000000''; keep it out with CHECK (k <> ''00000000-0000-0000-0000-000000000000'') (docs/compact.md)';
	END IF;
	bits := B'00' || ('x' || replace(u::text, '-', ''))::bit(128);
	FOR i IN 0..25 LOOP
		s := s || substr(alphabet, substring(bits FROM 1 + 5 * i FOR 5)::int + 1, 1);
	END LOOP;
	RETURN s;
END
$$;
