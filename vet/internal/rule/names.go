package rule

import (
	"strings"
	"unicode"
)

// idWords are the words that make a name an id's: a name is an id's when
// its last word is one of them, in any case.
var idWords = map[string]bool{"id": true, "uuid": true, "uid": true, "guid": true, "ulid": true}

// IDName reports whether name (a request key, a variable or a parameter)
// names an id. It is the one rule every analyzer uses: the name is split
// into words at "_", "-", ".", spaces and case changes ("subUUID" is
// "sub UUID", "UUIDString" is "UUID String", "user_id" is "user id"), and
// its last word is id, uuid, uid, guid or ulid, in any case (or the whole
// name is, in any case: "iD"). So "id",
// "ID", "uuid", "uid", "guid", "ulid", "user_id", "account-id", "userId",
// "postID", "subUUID" and "USER_ID" are ids' names; "paid", "valid",
// "idx", "ids", "name", "msgid" and "postid" (one lowercase word) are not.
func IDName(name string) bool {
	if idWords[strings.ToLower(name)] {
		return true
	}
	words := Words(name)
	return len(words) > 0 && idWords[strings.ToLower(words[len(words)-1])]
}

// Words splits a name into its words, as IDName describes.
func Words(name string) []string {
	var words []string
	rs := []rune(name)
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, string(rs[start:end]))
		}
		start = end
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || unicode.IsSpace(r):
			flush(i)
			start = i + 1
		case i > start && unicode.IsUpper(r) && unicode.IsLower(rs[i-1]):
			flush(i) // userId: a lowercase letter, then an uppercase one
		case i > start && unicode.IsUpper(r) && unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i) // UUIDString: the last capital of a run starts a word
		}
	}
	flush(len(rs))
	return words
}

// notEntities are the words before "hex" that make a hex name no key's.
var notEntities = map[string]bool{"color": true, "colour": true, "hash": true, "sha": true, "md5": true,
	"digest": true, "key": true, "secret": true, "token": true, "signature": true, "sig": true,
	"salt": true, "nonce": true, "random": true, "rand": true, "to": true, "as": true, "from": true,
	"raw": true, "encoded": true, "decoded": true,
	// actions whose codes are bearer secrets, not keys: confirmHex, resetHex
	"confirm": true, "confirmation": true, "reset": true, "verify": true, "verification": true,
	"unsubscribe": true, "invite": true, "activation": true, "activate": true, "otp": true,
	"code": true, "session": true, "auth": true, "csrf": true, "password": true, "pass": true}

// HexKeyName reports whether name is an entity's word followed by "hex"
// ("commentHex", "owner_hex"), a service's name for a key column that
// holds hexadecimal ids; "colorHex", "tokenHex", "toHex" and "hex" are not.
// idquery counts such a placeholder column as an id's (KEYS-5).
func HexKeyName(name string) bool {
	words := Words(name)
	if len(words) < 2 || strings.ToLower(words[len(words)-1]) != "hex" {
		return false
	}
	prev := strings.ToLower(words[len(words)-2])
	if notEntities[prev] {
		return false
	}
	for _, r := range prev {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
