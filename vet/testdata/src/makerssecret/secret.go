// Package makerssecret: random values used as secrets, name-based UUIDs
// and //idvet:allow comments.
package makerssecret

import (
	"net/http"
	"strings"

	gofrs "github.com/gofrs/uuid/v5"
	guuid "github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

type Config struct {
	SessionSecret string
	APIKey        string
	RequestID     string
}

func newCSRFToken() string {
	return strings.ReplaceAll(guuid.NewString(), "-", "") // a secret: returned from newCSRFToken
}

func setCookie(w http.ResponseWriter, token string) {}

func updateField(field string, value any) {}

func secrets(w http.ResponseWriter, m map[string]string) Config {
	c := Config{
		SessionSecret: guuid.New().String(), // a field named as a secret
		APIKey:        guuid.NewString(),
		RequestID:     guuid.NewString(), // want `uuid\.NewString makes an id`
	}
	resetToken := guuid.NewString()
	m["reset_token"] = resetToken
	setCookie(w, guuid.NewString())
	updateField("reset_token", guuid.NewString())
	updateField("webauthn_id", guuid.NewString()) // want `uuid\.NewString makes an id`
	inviteCode := guuid.NewString()[0:8]
	deviceToken, err := guuid.NewRandom()
	_, _ = deviceToken, err
	m["password"] = "p" + guuid.NewString()
	var salt = ulid.Make().String()
	_ = salt
	_ = inviteCode
	v := guuid.NewString() // want `uuid\.NewString makes an id`
	c.SessionSecret = v
	c.RequestID = v               // one use is not a secret's: reported
	cacheKey := guuid.NewString() // want `uuid\.NewString makes an id`
	_ = cacheKey
	// OAuth's state is a one-time secret; a state's id is an id.
	state := guuid.NewString()
	_ = state
	oauthState := guuid.NewString()
	_ = oauthState
	stateID := guuid.NewString() // want `uuid\.NewString makes an id`
	_ = stateID
	// A timed maker is never a secret: an id at a time.
	tok := ulid.MustNew(ulid.Now(), nil) // want `ulid\.MustNew makes an id`
	_ = tok
	return c
}

// Name-based UUIDs derive the same UUID from the same name: not ids made.
func etag(body []byte) string {
	a := guuid.NewSHA1(guuid.NameSpaceURL, body)
	b := guuid.NewMD5(guuid.NameSpaceURL, body)
	c := gofrs.NewV5(gofrs.NamespaceURL, string(body))
	d := gofrs.NewV3(gofrs.NamespaceURL, string(body))
	return a.String() + b.String() + c.String() + d.String()
}

func suppressed() {
	_ = guuid.NewString() //idvet:allow KEYS-3 the legacy table keeps UUIDs until the migration
	//idvet:allow KEYS-3 the line below, for the same reason
	_ = guuid.NewString()
	_ = guuid.NewString() //idvet:allow TRUNC wrong rule // want `uuid\.NewString makes an id`
	_ = guuid.NewString() //idvet:allow KEYS-3 // want `^uuid\.NewString makes an id outside package id \(KEYS-3\): use id\.New\(\) \(the //idvet:allow KEYS-3 comment here suppresses nothing without a reason\)$`
}
