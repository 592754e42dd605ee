package compact

// GormDataType returns "binary(16)", the column type GORM's AutoMigrate
// gives a compact.ID field without a type tag; it replaces the promoted
// [id.ID.GormDataType] ("varchar(26)"), which would store the 16 bytes in
// a text column. GORM calls it by name: this package does not import GORM.
//
// One string cannot name the 16-byte column on every database, and the
// per-database form, GormDBDataType, takes GORM's own types as arguments.
// "binary(16)" is right where it is silent and fails loudly where it is
// wrong, measured by integration/orm's gormtest.TestGORMCompact on the
// three databases:
//
//   - MariaDB: BINARY(16), the compact column (MySQL has the same type;
//     not tested here). Untagged models work. Do not tag MariaDB's own uuid type (10.7 and later): it
//     refuses the 16 bytes from go-sql-driver (1292), stores an id whose
//     byte 6 is 0x01 to 0x5f and byte 8 0x80 or more with its groups
//     swapped, so ORDER BY is not id order, and reads some ids back as
//     other ids.
//   - SQLite: a column declared binary(16), which keeps the 16 bytes as a
//     BLOB and compares them bytewise. Untagged models work.
//   - PostgreSQL has no binary type: AutoMigrate fails with
//     `type "binary" does not exist` (42704) before any table is made.
//     Tag every compact.ID field, keys and references alike,
//     `gorm:"type:uuid"`.
//
// A nullable reference is a *compact.ID, which GORM types by this method
// too; GORM does not look inside sql.Null[compact.ID] (it makes an
// integer column), so tag one `gorm:"type:binary(16)"` (`type:uuid` on
// PostgreSQL).
//
// Look rows up with db.First(&u, "id = ?", k), never the inline
// db.First(&u, k) or db.Delete(&User{}, k): GORM takes the []byte of
// [ID.Value] for a list of 16 keys, and on MariaDB, for a key with a
// zero byte, that matches every row (docs/works-with.md, "Compact
// columns").
func (ID) GormDataType() string {
	return "binary(16)"
}
