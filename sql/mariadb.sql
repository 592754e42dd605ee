-- SQL functions for ids in compact storage on MariaDB (docs/compact.md,
-- docs/contract.md C10): an id's 26 characters to its 16 bytes, a
-- BINARY(16) column's value, and back, so that an id copied from a log
-- finds its row from the mariadb client:
--
--   SELECT * FROM orders WHERE id = id_to_bin('01arz3ndektsv4rrffq69g5fav');
--   SELECT bin_to_id(id), total FROM orders ORDER BY id DESC LIMIT 10;
--
-- Load with the mariadb client: mariadb yourdb < sql/mariadb.sql (it needs
-- the CREATE ROUTINE privilege; with binary logging on, also
-- log_bin_trust_function_creators or SUPER, as for any stored function).
-- CREATE OR REPLACE: loading it again is harmless.
--
-- Both are DETERMINISTIC and NO SQL, and agree with Go's id.Parse,
-- ID.As16, id.From16 and ID.String on every id: the bytes are the ULID
-- binary layout (big-endian, 48 bits of Unix milliseconds, then 80 bits),
-- the text is lowercase Crockford base32. NULL gives NULL. Invalid input
-- raises an error (SQLSTATE 22023, invalid parameter value), never NULL: a
-- typo must not read as "no such row".
--
--   id_to_bin: 26 characters of 0-9 a-z without i l o u, in either case
--   (as id.Parse); the first one 0-7; not 26 zeros (the zero id).
--   bin_to_id: 16 bytes, not all zero (the zero id).

DELIMITER //

CREATE OR REPLACE FUNCTION id_to_bin(t VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(16) DETERMINISTIC NO SQL
BEGIN
	DECLARE alphabet VARBINARY(32) DEFAULT '0123456789abcdefghjkmnpqrstvwxyz';
	DECLARE s VARBINARY(26);
	DECLARE i INT DEFAULT 1;
	DECLARE v INT;
	DECLARE hi, lo BIGINT UNSIGNED DEFAULT 0;
	DECLARE msg VARCHAR(128);
	IF t IS NULL THEN
		RETURN NULL;
	END IF;
	-- 26 bytes, and 26 characters: ASCII only.
	IF LENGTH(t) <> 26 THEN
		SET msg = CONCAT('id: invalid id ', QUOTE(LEFT(t, 32)), ': length ', LENGTH(t), ', want 26');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
	END IF;
	IF CHAR_LENGTH(t) <> 26 THEN
		SET msg = CONCAT('id: invalid id ', QUOTE(t), ': a character outside ASCII');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
	END IF;
	SET s = CAST(LOWER(t) AS BINARY);
	WHILE i <= 26 DO
		SET v = LOCATE(SUBSTRING(s, i, 1), alphabet) - 1;
		IF v < 0 THEN
			SET msg = CONCAT('id: invalid id ', QUOTE(t), ': invalid character at index ', i - 1);
			SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
		END IF;
		IF i = 1 AND v > 7 THEN
			SET msg = CONCAT('id: invalid id ', QUOTE(t), ': out of range (the first character must be 0-7)');
			SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
		END IF;
		-- 130 bits into hi:lo; the first 2 are zero (the first character
		-- is 0-7), so nothing is lost off the top.
		SET hi = (hi << 5) | (lo >> 59);
		SET lo = (lo << 5) | v;
		SET i = i + 1;
	END WHILE;
	IF hi = 0 AND lo = 0 THEN
		SET msg = CONCAT('id: invalid id ', QUOTE(t), ': the zero id names nothing');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
	END IF;
	RETURN UNHEX(CONCAT(LPAD(HEX(hi), 16, '0'), LPAD(HEX(lo), 16, '0')));
END //

CREATE OR REPLACE FUNCTION bin_to_id(b VARBINARY(255))
RETURNS CHAR(26) CHARACTER SET ascii COLLATE ascii_bin DETERMINISTIC NO SQL
BEGIN
	DECLARE alphabet VARBINARY(32) DEFAULT '0123456789abcdefghjkmnpqrstvwxyz';
	DECLARE hi, lo BIGINT UNSIGNED;
	DECLARE s VARBINARY(26) DEFAULT '';
	DECLARE i INT DEFAULT 0;
	DECLARE msg VARCHAR(128);
	IF b IS NULL THEN
		RETURN NULL;
	END IF;
	IF LENGTH(b) <> 16 THEN
		SET msg = CONCAT('id: invalid id: ', LENGTH(b), ' bytes, want 16');
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
	END IF;
	SET hi = CAST(CONV(HEX(LEFT(b, 8)), 16, 10) AS UNSIGNED);
	SET lo = CAST(CONV(HEX(RIGHT(b, 8)), 16, 10) AS UNSIGNED);
	IF hi = 0 AND lo = 0 THEN
		SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = 'id: invalid id: 16 zero bytes are the zero id, which names nothing';
	END IF;
	-- 26 characters of 5 bits, the last first.
	WHILE i < 26 DO
		SET s = CONCAT(SUBSTRING(alphabet, (lo & 31) + 1, 1), s);
		SET lo = (lo >> 5) | ((hi & 31) << 59);
		SET hi = hi >> 5;
		SET i = i + 1;
	END WHILE;
	RETURN s;
END //

DELIMITER ;
