package integration

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// mariadbDialect: MariaDB through go-sql-driver/mysql (database/sql, server-
// side prepared statements). created_at is DATETIME(3) in UTC.
var mariadbDialect = dialect{
	name:        "MariaDB",
	placeholder: func(int) string { return "?" },
	bytes:       func(e string) string { return "CAST(" + e + " AS BINARY)" },
	primaryKey: func(c column) string {
		if strings.HasPrefix(c.sqlType, "TEXT") {
			// A TEXT key needs a prefix length; 26 covers the whole id.
			return "PRIMARY KEY (id(26))"
		}
		return "PRIMARY KEY (id)"
	},
	createdAt:     "DATETIME(3)",
	paramType:     "SELECT CHARSET(?)",
	wantParamType: "utf8mb4",
	createdAtArg:  func(t time.Time) any { return t.UTC() },
	isUniqueViolation: func(err error) bool {
		var e *mysql.MySQLError
		return errors.As(err, &e) && e.Number == 1062 // ER_DUP_ENTRY
	},
	collationOf: func(ctx context.Context, d db, table, col string) (string, error) {
		var c string
		err := d.QueryRow(ctx, "SELECT collation_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?", table, col).Scan(&c)
		return c, err
	},
}

// mariadbColumns: utf8mb4 with its default collation and two other case-
// insensitive ones (Unicode 4.0 and 14.0 UCA), and two binary collations.
var mariadbColumns = func() []column {
	var cols []column
	for _, typ := range []string{"TEXT", "VARCHAR(26)", "CHAR(26)"} {
		cols = append(cols,
			column{name: typ + "/utf8mb4_default", sqlType: typ + " CHARACTER SET utf8mb4", foldsCase: true, wantCollation: "utf8mb4_general_ci"},
			column{name: typ + "/utf8mb4_unicode_ci", sqlType: typ + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci", foldsCase: true},
			column{name: typ + "/utf8mb4_uca1400_ai_ci", sqlType: typ + " CHARACTER SET utf8mb4 COLLATE utf8mb4_uca1400_ai_ci", foldsCase: true},
			column{name: typ + "/utf8mb4_bin", sqlType: typ + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"},
			column{name: typ + "/ascii_bin", sqlType: typ + " CHARACTER SET ascii COLLATE ascii_bin"},
		)
	}
	// Not every case-insensitive collation keeps the order: Danish does not.
	return append(cols, column{name: "VARCHAR(26)/utf8mb4_danish_ci", sqlType: "VARCHAR(26) CHARACTER SET utf8mb4 COLLATE utf8mb4_danish_ci", breaksOrder: danish})
}()

// TestMariaDB runs the suite on MariaDB, with server-side prepared
// statements (the driver's default) and with interpolateParams=true, where
// the driver quotes the arguments into the query text itself.
func TestMariaDB(t *testing.T) {
	dsn := server(t, "ID_TEST_MARIADB_DSN", "MariaDB")
	for _, interpolate := range []bool{false, true} {
		name := "prepared"
		if interpolate {
			name = "interpolateParams"
		}
		t.Run(name, func(t *testing.T) {
			cfg, err := mysql.ParseDSN(dsn)
			must(t, err)
			cfg.ParseTime = true
			cfg.Loc = time.UTC
			cfg.InterpolateParams = interpolate
			connector, err := mysql.NewConnector(cfg)
			must(t, err)
			conn := sql.OpenDB(connector)
			t.Cleanup(func() { conn.Close() })
			ping(t, "MariaDB", conn.PingContext)
			var version string
			must(t, conn.QueryRow("SELECT version()").Scan(&version))
			logf(t, "MariaDB %s", version)
			runSuite(t, sqlDB{conn}, mariadbDialect, mariadbColumns)
		})
	}
}
