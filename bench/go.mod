module github.com/idkeys/id/bench

go 1.24

replace github.com/idkeys/id => ../

require (
	github.com/google/uuid v1.6.0
	github.com/idkeys/id v0.0.0-00010101000000-000000000000
	github.com/oklog/ulid/v2 v2.1.2
	github.com/rs/xid v1.6.0
	github.com/segmentio/ksuid v1.0.4
	go.jetify.com/typeid v1.3.0
)

require github.com/gofrs/uuid/v5 v5.2.0
