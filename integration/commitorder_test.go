package integration

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
)

// commitInserts is how many rows TestPostgresCommitOrder inserts, each in
// its own transaction, commitWriters at a time; commitHold is the longest
// time a transaction is held open between its INSERT and its COMMIT.
const (
	commitInserts = 200
	commitWriters = 32
	commitHold    = 20 * time.Millisecond
)

// TestPostgresCommitOrder measures docs/databases.md's "Ids sort by creation,
// commits do not" on real PostgreSQL: 200 inserts, 32 transactions at a time,
// each making its id with id.New() right before its INSERT (as KEYS-2
// asks) and holding its transaction open a random 0 to 20 ms (the work a
// real transaction does after its insert) before COMMIT. It counts the
// rows that committed out of id order: in the order the commits returned,
// a row whose id is smaller than the id of a row committed before it.
// Meanwhile a poller follows the table as docs/databases.md warns against, asking
// `WHERE id > $last ORDER BY id` again and again; it counts the rows it
// never saw, because each committed after the poller had moved past its
// id. It fails if no row committed out of order (the claim would be
// wrong); the numbers are logged (go test -v -run TestPostgresCommitOrder
// ./...).
func TestPostgresCommitOrder(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	conn, err := sql.Open("pgx", dsn)
	must(t, err)
	t.Cleanup(func() { conn.Close() })
	conn.SetMaxOpenConns(commitWriters + 1) // the writers and the poller
	ping(t, "PostgreSQL", conn.PingContext)
	table := newTable(t, sqlDB{conn}, "commitorder", `CREATE TABLE %s (id TEXT COLLATE "C" PRIMARY KEY)`)
	ctx := context.Background()

	var (
		mu        sync.Mutex
		committed []id.ID // in the order the commits returned
		wg        sync.WaitGroup
		errs      = make(chan error, commitInserts)
		work      = make(chan struct{}, commitInserts)
	)
	for range commitInserts {
		work <- struct{}{}
	}
	close(work)
	for range commitWriters {
		wg.Go(func() {
			for range work {
				tx, err := conn.BeginTx(ctx, nil)
				if err != nil {
					errs <- err
					return
				}
				v := id.New()
				if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+" (id) VALUES ($1)", v); err != nil {
					tx.Rollback()
					errs <- err
					return
				}
				time.Sleep(rand.N(commitHold))
				if err := tx.Commit(); err != nil {
					errs <- err
					return
				}
				mu.Lock()
				committed = append(committed, v)
				mu.Unlock()
			}
		})
	}

	// The poller of docs/databases.md's warning.
	done := make(chan struct{})
	seen := map[id.ID]bool{}
	var polls int
	pollErr := make(chan error, 1)
	go func() {
		var last string // "" sorts before every id
		poll := func() error {
			polls++
			rs, err := conn.QueryContext(ctx, "SELECT id FROM "+table+" WHERE id > $1 ORDER BY id", last)
			if err != nil {
				return err
			}
			defer rs.Close()
			for rs.Next() {
				var v id.ID
				if err := rs.Scan(&v); err != nil {
					return err
				}
				seen[v] = true
				last = v.String()
			}
			return rs.Err()
		}
		for {
			select {
			case <-done:
				pollErr <- poll() // one last poll after every commit
				return
			default:
				if err := poll(); err != nil {
					pollErr <- err
					return
				}
			}
		}
	}()
	wg.Wait()
	close(done)
	if err := <-pollErr; err != nil {
		t.Fatalf("poller: %v", err)
	}
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}
	if n := count(t, sqlDB{conn}, "SELECT count(*) FROM "+table); n != commitInserts || len(committed) != commitInserts {
		t.Fatalf("%d rows stored, %d commits recorded, want %d", n, len(committed), commitInserts)
	}

	outOfOrder := 0
	var highest id.ID
	for _, v := range committed {
		if v.Compare(highest) < 0 {
			outOfOrder++
		} else {
			highest = v
		}
	}
	missed := 0
	for _, v := range committed {
		if !seen[v] {
			missed++
		}
	}
	t.Logf("%d of %d concurrent inserts committed out of id order; the poller (WHERE id > $last, %d polls) missed %d rows",
		outOfOrder, commitInserts, polls, missed)
	if outOfOrder == 0 {
		t.Fatalf("all %d inserts committed in id order: docs/databases.md's claim that commits do not follow ids was not seen", commitInserts)
	}
}
