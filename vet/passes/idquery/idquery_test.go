package idquery_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idquery"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestQuery(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idquery.Analyzer, "query")
}

func TestIDKey(t *testing.T) {
	for k, want := range map[string]bool{
		"id": true, "ID": true, "Id": true, "user_id": true, "USER_ID": true, "account-id": true,
		"userId": true, "userID": true, "orderId": true,
		"slug": false, "paid": false, "valid": false, "name": false, "idx": false, "ids": false, "": false,
	} {
		if got := idquery.IDKey(k); got != want {
			t.Errorf("IDKey(%q) = %v, want %v", k, got, want)
		}
	}
}
