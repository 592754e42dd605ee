package rule

import (
	"slices"
	"testing"
)

func TestIDName(t *testing.T) {
	for name, want := range map[string]bool{
		"id": true, "ID": true, "Id": true, "iD": true, "uuid": true, "UUID": true, "uid": true,
		"guid": true, "ulid": true, "user_id": true, "USER_ID": true, "account-id": true,
		"userId": true, "userID": true, "orderId": true, "postID": true, "subUUID": true,
		"sub_uuid": true, "fileUlid": true, "x.id": true, "trace id": true,
		"slug": false, "paid": false, "valid": false, "name": false, "idx": false, "ids": false,
		"": false, "msgid": false, "postid": false, "UUIDString": false, "identity": false,
		"userIDs": false, "_": false, "-": false, "video": false,
	} {
		if got := IDName(name); got != want {
			t.Errorf("IDName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"subUUID":    {"sub", "UUID"},
		"UUIDString": {"UUID", "String"},
		"user_id":    {"user", "id"},
		"HTTPServer": {"HTTP", "Server"},
		"a--b":       {"a", "b"},
		"":           nil,
	} {
		if got := Words(name); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestHexKeyName(t *testing.T) {
	for name, want := range map[string]bool{
		"commentHex": true, "commenterHex": true, "ownerHex": true, "owner_hex": true, "parentHex": true,
		"hex": false, "Hex": false, "colorHex": false, "tokenHex": false, "toHex": false, "sha256Hex": false,
		"hexColor": false, "commentHexes": false, "": false, "comment": false, "secretHex": false,
		"confirmHex": false, "resetHex": false, "unsubscribeSecretHex": false, "sessionHex": false,
	} {
		if got := HexKeyName(name); got != want {
			t.Errorf("HexKeyName(%q) = %v, want %v", name, got, want)
		}
	}
}
