// Package sqltest holds the recipes of docs/works-with.md for sqlx, bun,
// native pgx, sqlc-shaped code and CHECK constraints, on SQLite
// (modernc.org/sqlite), PostgreSQL (pgx) and MariaDB
// (go-sql-driver/mysql).
package sqltest

import _ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
