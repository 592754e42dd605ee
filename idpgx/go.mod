module github.com/idkeys/id/idpgx

go 1.25.0

require (
	github.com/idkeys/id v0.0.0
	github.com/jackc/pgx/v5 v5.12.0
)

require github.com/oklog/ulid/v2 v2.1.2 // indirect

replace github.com/idkeys/id => ../
