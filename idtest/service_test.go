package idtest_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Shop is a service that makes ids: it takes its id source as a
// dependency, a func() id.ID field that is id.New when nil, so that tests
// inject an idtest.Generator.
type Shop struct {
	NewID func() id.ID // id.New when nil
	Log   *slog.Logger // slog.Default() when nil
}

func (s *Shop) newID() id.ID {
	if s.NewID == nil {
		return id.New()
	}
	return s.NewID()
}

// checkout is the reply of Shop's checkout handler: three related ids.
type checkout struct {
	Order struct {
		ID   id.ID `json:"id"`
		Cart id.ID `json:"cart"`
	} `json:"order"`
	Payment struct {
		ID    id.ID `json:"id"`
		Order id.ID `json:"order"`
	} `json:"payment"`
	Shipment struct {
		ID      id.ID `json:"id"`
		Order   id.ID `json:"order"`
		Payment id.ID `json:"payment"`
	} `json:"shipment"`
}

// ServeHTTP handles POST /carts/{cart}/checkout: it makes an order, its
// payment and its shipment, logs them and answers 201 with the three ids
// and the order's URL.
func (s *Shop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /carts/{cart}/checkout", func(w http.ResponseWriter, r *http.Request) {
		cart, err := id.Parse(r.PathValue("cart"))
		if err != nil {
			http.NotFound(w, r) // KEYS-5: a bad id in a URL is "not found"
			return
		}
		var c checkout
		c.Order.ID, c.Order.Cart = s.newID(), cart
		c.Payment.ID, c.Payment.Order = s.newID(), c.Order.ID
		c.Shipment.ID, c.Shipment.Order, c.Shipment.Payment = s.newID(), c.Order.ID, c.Payment.ID
		log := s.Log
		if log == nil {
			log = slog.Default()
		}
		log.Info("checkout", "cart", cart, "order", c.Order.ID, "payment", c.Payment.ID, "shipment", c.Shipment.ID)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Location", "/orders/"+c.Order.ID.String())
		w.WriteHeader(http.StatusCreated)
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(c)
	})
	mux.ServeHTTP(w, r)
}

// runCheckout calls the handler of shop for a cart given in uppercase
// (Parse accepts it) and returns the log line and the reply as one text.
func runCheckout(shop *Shop) string {
	var log strings.Builder
	shop.Log = slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // the log's own clock is not the subject
			}
			return a
		},
	}))
	rec := httptest.NewRecorder()
	shop.ServeHTTP(rec, httptest.NewRequest("POST", "/carts/"+aUpper+"/checkout", nil))
	return fmt.Sprintf("log: %sstatus: %d\nlocation: %s\n\n%s", log.String(), rec.Code, rec.Header().Get("Location"), rec.Body)
}

// golden compares got with testdata/<name>.golden, or writes it there
// under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != got {
		t.Fatalf("%s differs from the output:\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// TestCheckoutGolden is a golden-file test of a handler that makes three
// related ids, in the two ways idtest offers; both subtests run in
// parallel with each other and pass on every run (try -count=5).
//
// With a generator injected, the reply holds the same ids on every run,
// and the golden file holds them as they are. With Normalize, the service
// keeps id.New, and the golden file holds <id-1> … <id-4>: the cart (from
// the URL, in uppercase there), the order, the payment and the shipment,
// each the same placeholder wherever it appears, so the golden file still
// shows that the payment belongs to the order and the URL names it.
func TestCheckoutGolden(t *testing.T) {
	t.Run("generator", func(t *testing.T) {
		t.Parallel()
		g := idtest.NewGenerator(t)
		g.SetStep(time.Millisecond) // each id its own millisecond
		golden(t, "checkout-generator", runCheckout(&Shop{NewID: g.New}))
	})
	t.Run("normalize", func(t *testing.T) {
		t.Parallel()
		out := runCheckout(&Shop{}) // id.New
		golden(t, "checkout-normalized", idtest.Normalize(out))
		// Diff says the same without a file: the reply of a second run
		// has other ids, in the same relations.
		if d := idtest.Diff(out, runCheckout(&Shop{})); d != "" {
			t.Fatalf("two runs differ beyond their ids: %s", d)
		}
	})
}
