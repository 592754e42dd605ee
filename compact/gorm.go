package compact

// GormDataType returns "binary(16)", the column type GORM's AutoMigrate
// gives an untagged compact.ID, instead of id.ID's "varchar(26)". It is
// right on MariaDB and SQLite; on PostgreSQL tag every compact.ID field
// `gorm:"type:uuid"`. Query with db.First(&u, "id = ?", k), never
// db.First(&u, k) (docs/works-with.md, "Compact columns").
func (ID) GormDataType() string {
	return "binary(16)"
}
