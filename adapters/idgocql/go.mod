module github.com/idkeys/id/adapters/idgocql

go 1.24

require (
	github.com/gocql/gocql v1.7.0
	github.com/idkeys/id v0.0.0
)

require (
	github.com/golang/snappy v0.0.3 // indirect
	github.com/hailocab/go-hostpool v0.0.0-20160125115350-e80d13ce29ed // indirect
	github.com/oklog/ulid/v2 v2.1.2 // indirect
	gopkg.in/inf.v0 v0.9.1 // indirect
)

replace github.com/idkeys/id => ../../
