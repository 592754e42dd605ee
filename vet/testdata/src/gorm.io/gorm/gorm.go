package gorm

type DB struct{}

func (db *DB) Where(query any, args ...any) *DB { return db }
func (db *DB) First(dest any, conds ...any) *DB { return db }
func (db *DB) Find(dest any, conds ...any) *DB  { return db }

func (db *DB) Create(value any) *DB { return db }
func (db *DB) Save(value any) *DB   { return db }

type Model struct {
	ID uint `gorm:"primarykey"`
}

func (db *DB) Count(n *int64) *DB  { return db }
func (db *DB) Model(value any) *DB { return db }

func (db *DB) Or(query any, args ...any) *DB      { return db }
func (db *DB) Delete(value any, conds ...any) *DB { return db }
