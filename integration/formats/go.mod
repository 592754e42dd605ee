module github.com/idkeys/id/integration/formats

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/idkeys/id v0.0.0
	github.com/pelletier/go-toml/v2 v2.4.3
)

require github.com/oklog/ulid/v2 v2.1.2 // indirect

replace github.com/idkeys/id => ../..
