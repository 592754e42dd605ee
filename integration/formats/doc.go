// Package formats tests package id against the real encoding, caching,
// configuration, validation and form libraries that services use with ids:
// gob, BSON (MongoDB Go driver v2), CBOR, msgpack, Redis (go-redis against
// a real redis-server), YAML, TOML, environment variables, viper,
// encoding/xml, go-playground/validator, gorilla/schema, go-playground/form,
// go-querystring and the template packages.
//
// It is a module of its own so that none of these libraries reaches the
// go.mod of package id. Its tests are the evidence behind
// docs/works-with-formats.md: each fact there names the test that
// measures it. Run them with
//
//	cd integration/formats && go test -count=1 ./...
//
// The Redis tests need ID_TEST_REDIS_URL (for example
// unix:///tmp/x/redis.sock); without it they skip, except under CI=true,
// where they fail.
package formats
