package rule

import (
	"fmt"
	"strings"
)

// ForeignWords say that a name's id is another system's: a word of them
// in a name (stripe_customer_id, externalID, provider_user_id) makes the
// id not one of the service's. -idmakers.foreign and -idquery.foreign add
// words (WordList).
var ForeignWords = map[string]bool{
	"external": true, "foreign": true, "remote": true, "provider": true, "upstream": true,
	"vendor": true, "partner": true, "thirdparty": true, "oauth": true, "openid": true, "oidc": true,
	"catalog": true, "catalogue": true, "musicbrainz": true, "mbz": true, "spotify": true,
	"lastfm": true, "discogs": true, "stripe": true, "github": true, "google": true,
	"apple": true, "microsoft": true, "azure": true, "aws": true, "slack": true, "discord": true,
	"extern": true, "facebook": true, "twitter": true, "gitlab": true, "bitbucket": true,
	"atlassian": true, "jira": true, "paypal": true, "okta": true, "auth0": true, "keycloak": true,
	"linkedin": true, "ldap": true, "saml": true, "caldav": true,
}

// WordList is a flag's comma-separated list of lowercase words.
type WordList struct {
	list  []string
	extra map[string]bool
}

// String returns the words as the flag value they were set from.
func (w *WordList) String() string { return strings.Join(w.list, ",") }

// Set replaces the words by the comma-separated words of v (letters,
// digits and "_", lowercased), and returns an error (keeping the words as
// they were) for any other word.
func (w *WordList) Set(v string) error {
	var list []string
	for s := range strings.SplitSeq(v, ",") {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		for _, r := range s {
			if !('a' <= r && r <= 'z' || '0' <= r && r <= '9') {
				return fmt.Errorf("word %q: letters and digits only", s)
			}
		}
		list = append(list, s)
	}
	w.list, w.extra = list, make(map[string]bool)
	for _, s := range list {
		w.extra[s] = true
	}
	return nil
}

// Has reports whether the lowercase word w is on the list.
func (w *WordList) Has(s string) bool { return w.extra[s] }

// Foreign reports whether a word of name is one of ForeignWords or of
// extra: the id it names is another system's.
func Foreign(name string, extra *WordList) bool {
	for _, w := range Words(name) {
		if w = strings.ToLower(w); ForeignWords[w] || extra.Has(w) {
			return true
		}
	}
	return false
}
