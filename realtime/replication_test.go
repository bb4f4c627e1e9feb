package realtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5"

	"casarent/server/pgtest"
)

// published collects, in order, the ids of the rows the reader fans out
// (LISTEN realtime_changes, large messages read from their table).
type published struct {
	mu   sync.Mutex
	ids  []string
	refs int
}

func (p *published) snapshot() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.ids...)
}

func listenChanges(t *testing.T, db *pgtest.DB) *published {
	ctx, cancel := context.WithCancel(context.Background())
	conn, err := pgx.Connect(ctx, db.AdminURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "listen "+changesChannel); err != nil {
		t.Fatal(err)
	}
	p := &published{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				return
			}
			var m wireMsg
			if err := json.Unmarshal([]byte(n.Payload), &m); err != nil {
				t.Errorf("payload %q: %v", n.Payload, err)
				return
			}
			if len(n.Payload) >= 8000 {
				t.Errorf("a notification of %d bytes", len(n.Payload))
			}
			if m.Ref != 0 {
				var body string
				if err := db.Admin.QueryRow(ctx, "select body from realtime.fanout_changes where id = $1", m.Ref).Scan(&body); err != nil {
					t.Errorf("large change %d: %v", m.Ref, err)
					return
				}
				_ = json.Unmarshal([]byte(body), &m)
				p.mu.Lock()
				p.refs++
				p.mu.Unlock()
			}
			for _, raw := range m.Changes {
				var w wireChange
				_ = json.Unmarshal(raw, &w)
				p.mu.Lock()
				p.ids = append(p.ids, *w.Record["id"])
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-done; conn.Close(context.Background()) })
	return p
}

// server runs one surface's workers (reader election and listener) until stop.
type testServer struct {
	rt   *Realtime
	stop func()
}

func startServer(t *testing.T, db *pgtest.DB) *testServer {
	var w io.Writer = io.Discard
	if testing.Verbose() {
		w = os.Stderr
	}
	rt := New(Options{Pool: db.Pool, ReplicationURL: db.AdminURL, Logger: slog.New(slog.NewTextHandler(w, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); rt.Run(ctx) }()
	go func() { defer wg.Done(); rt.RunFanout(ctx) }()
	var once sync.Once
	s := &testServer{rt: rt, stop: func() { once.Do(func() { cancel(); wg.Wait() }) }}
	t.Cleanup(s.stop)
	return s
}

func waitUntil(t *testing.T, what string, d time.Duration, f func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !f() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// slotActive: active is streamed (a slot being created is active too, but
// changes committed before its consistent point are not for it: it has no
// confirmed position until then).
func slotActive(t *testing.T, db *pgtest.DB, slot string) (exists, active bool) {
	err := db.Admin.QueryRow(context.Background(),
		"select count(*) > 0, coalesce(bool_or(active and confirmed_flush_lsn is not null), false) from pg_replication_slots where slot_name = $1", slot).Scan(&exists, &active)
	if err != nil {
		t.Fatal(err)
	}
	return
}

// One reader among the servers; its slot is permanent,
// so what is committed while no server reads is read by the next reader, and what
// a stopped reader had published but not acknowledged is not published twice.
// A slot a dead server of the old kind left is dropped; large changes go through
// the table; a big transaction is split under NOTIFY's limit.
func TestReaderElectionResumeAndReclaim(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	// Runs after the servers have stopped, before pgtest drops the database: DROP
	// DATABASE refuses one whose slot a walsender still holds (it exits a moment
	// after its client), and would leave the database and its slot behind.
	t.Cleanup(func() {
		waitUntil(t, "no active slot", 10*time.Second, func() bool {
			var n int
			_ = db.Admin.QueryRow(ctx, "select count(*) from pg_replication_slots where database = current_database() and active").Scan(&n)
			return n == 0
		})
	})
	if _, err := db.Admin.Exec(ctx, `
		create table public.rt_dur (id int primary key, body text);
		alter table public.rt_dur replica identity full;
		alter publication supabase_realtime add table public.rt_dur;`); err != nil {
		t.Fatal(err)
	}
	var dbname string
	if err := db.Admin.QueryRow(ctx, "select current_database()").Scan(&dbname); err != nil {
		t.Fatal(err)
	}
	slot := slotFor(dbname)
	pub := listenChanges(t, db)
	insert := func(ids ...int) {
		t.Helper()
		for _, id := range ids {
			if _, err := db.Admin.Exec(ctx, "insert into public.rt_dur values ($1, 'x')", id); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := func(ids ...int) []string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = strconv.Itoa(id)
		}
		return out
	}
	expect := func(w []string) {
		t.Helper()
		waitUntil(t, "the published changes", 15*time.Second, func() bool { return len(pub.snapshot()) >= len(w) })
		time.Sleep(300 * time.Millisecond) // nothing more (no duplicate) arrives
		if got := pub.snapshot(); strings.Join(got, ",") != strings.Join(w, ",") {
			t.Fatalf("published\n%v\nwant\n%v", got, w)
		}
	}

	// Two servers: one reads.
	a, b := startServer(t, db), startServer(t, db)
	waitUntil(t, "a reader", 10*time.Second, func() bool { _, act := slotActive(t, db, slot); return act })
	waitUntil(t, "both listeners ready", 10*time.Second, func() bool { return a.rt.ready() && b.rt.ready() })
	if a.rt.leader.Load() == b.rt.leader.Load() {
		t.Fatalf("readers: a %v, b %v", a.rt.leader.Load(), b.rt.leader.Load())
	}
	reader, other := a, b
	if b.rt.leader.Load() {
		reader, other = b, a
	}
	insert(1, 2, 3)
	expect(want(1, 2, 3))

	// The reader stops before acknowledging (it confirms every 10 s): the slot
	// still holds 1-3 and the rows committed before the other takes over.
	reader.stop()
	insert(4, 5)
	waitUntil(t, "the other server to read", 10*time.Second, func() bool { return other.rt.leader.Load() })
	insert(6)
	expect(want(1, 2, 3, 4, 5, 6))

	// Both stop; a server of the old kind died and left its slot; rows come while
	// nobody runs, among them a large one and a transaction of 300.
	other.stop()
	if _, err := db.Admin.Exec(ctx, "select pg_create_logical_replication_slot('realtime_0123456789ab', 'pgoutput')"); err != nil {
		t.Fatal(err)
	}
	insert(7)
	if _, err := db.Admin.Exec(ctx, "insert into public.rt_dur values (8, repeat('y', 20000))"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Admin.Exec(ctx, "insert into public.rt_dur select g, 'batch ' || g from generate_series(100, 399) g"); err != nil {
		t.Fatal(err)
	}
	if exists, _ := slotActive(t, db, slot); !exists {
		t.Fatal("the reader's slot did not survive its servers")
	}
	c := startServer(t, db)
	ids := []int{1, 2, 3, 4, 5, 6, 7, 8}
	for g := 100; g <= 399; g++ {
		ids = append(ids, g)
	}
	expect(want(ids...))
	pub.mu.Lock()
	refs := pub.refs
	pub.mu.Unlock()
	if refs != 1 {
		t.Errorf("large changes through the table: %d, want 1", refs)
	}
	waitUntil(t, "the stale slot to be dropped", 10*time.Second, func() bool { e, _ := slotActive(t, db, "realtime_0123456789ab"); return !e })
	var stored string
	if err := db.Admin.QueryRow(ctx, "select lsn::text from realtime.replication_state where slot_name = $1", slot).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if _, err := pglogrepl.ParseLSN(stored); err != nil {
		t.Fatal(err)
	}
	c.stop()

	// The slot dropped by hand (and a record that lies ahead, as after a restore):
	// the next reader makes a new slot and forgets the record.
	waitUntil(t, "the walsender to let the slot go", 10*time.Second, func() bool {
		var act bool
		_ = db.Admin.QueryRow(ctx, "select count(*) > 0 from pg_replication_slots where slot_name = $1 and active", slot).Scan(&act)
		return !act
	})
	if _, err := db.Admin.Exec(ctx, "select pg_drop_replication_slot($1)", slot); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Admin.Exec(ctx, "update realtime.replication_state set lsn = 'FFFFFFFF/0' where slot_name = $1", slot); err != nil {
		t.Fatal(err)
	}
	d := startServer(t, db)
	waitUntil(t, "a new slot", 10*time.Second, func() bool { _, act := slotActive(t, db, slot); return act })
	insert(1000)
	expect(append(want(ids...), "1000"))
	d.stop()
}

// encodeTx keeps every notification under NOTIFY's limit, in order, and sends a
// change too large for one through the table.
func TestEncodeTxSplitsUnderTheLimit(t *testing.T) {
	rel := &relation{id: 1, schema: "public", table: "t", cols: []*pglogrepl.RelationMessageColumn{{Name: "id", Flags: 1}, {Name: "body"}}}
	var cs []change
	for i := range 200 {
		id, body := strconv.Itoa(i), strings.Repeat("b", i%50)
		cs = append(cs, change{rel: rel, typ: "INSERT", record: map[string]*string{"id": &id, "body": &body}})
	}
	big, bigID := strings.Repeat("z", 9000), "big"
	cs = append(cs[:100], append([]change{{rel: rel, typ: "INSERT", record: map[string]*string{"id": &bigID, "body": &big}}}, cs[100:]...)...)
	msgs, err := encodeTx(pglogrepl.LSN(42), time.Unix(1, 0), cs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	larges := 0
	for i, m := range msgs {
		var w wireMsg
		if err := json.Unmarshal(m.body, &w); err != nil {
			t.Fatal(err)
		}
		if w.Part != i || w.LSN != 42 {
			t.Errorf("message %d: part %d lsn %d", i, w.Part, w.LSN)
		}
		if m.large {
			larges++
		} else if len(m.body) > notifyBudget {
			t.Errorf("message %d: %d bytes", i, len(m.body))
		}
		for _, raw := range w.Changes {
			var c wireChange
			_ = json.Unmarshal(raw, &c)
			got = append(got, *c.Record["id"])
		}
	}
	if larges != 1 || len(got) != 201 || got[100] != "big" || got[0] != "0" || got[200] != "199" {
		t.Fatalf("%d large, %d changes, order %v…", larges, len(got), got[:3])
	}
}
