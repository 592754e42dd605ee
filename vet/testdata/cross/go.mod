module example.com/cross

go 1.24

require (
	github.com/google/uuid v1.6.0
	github.com/idkeys/id v0.0.0-00010101000000-000000000000
	github.com/oklog/ulid/v2 v2.1.2
)

replace github.com/idkeys/id => ../../..
