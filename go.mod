module github.com/idkeys/id

go 1.24

require github.com/oklog/ulid/v2 v2.1.2
