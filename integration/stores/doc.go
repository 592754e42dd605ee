// Package stores tests package id against the real stores, configuration
// loaders and database drivers that see an id.ID through reflection:
// DynamoDB's attributevalue and expression packages (with the iddynamo
// wrapper), koanf, go-viper/mapstructure, zombiezen.com/go/sqlite, gocql
// (with the idgocql wrapper), clickhouse-go's column codecs, structpb, and
// pgx against a PostgreSQL uuid column.
//
// It is a module of its own so that none of these libraries reaches the
// go.mod of package id or of integration/formats. Its tests are the
// evidence behind the "Stores, config loaders and drivers" section of
// docs/works-with-formats.md: each fact there names the test that
// measures it. No server is needed except PostgreSQL: the DynamoDB,
// gocql, ClickHouse and structpb encoders and decoders run in process, and
// SQLite is embedded. Run them with
//
//	cd integration/stores && go test -count=1 ./...
//
// The PostgreSQL tests need ID_TEST_POSTGRES_DSN (scripts/databases up
// prints it; scripts/test sets it); without it they skip, except under
// CI=true, where they fail.
package stores
