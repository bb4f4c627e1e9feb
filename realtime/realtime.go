// Package realtime is /realtime/v1: the Phoenix websocket protocol realtime-js
// speaks (both serializers), channels with postgres_changes read from PostgreSQL
// logical replication (pgoutput), and row-level security applied on delivery, as
// each subscriber. See README.md for what is built and what is not.
package realtime

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/backoff"
	"casarent/server/config"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// Options configure the surface.
type Options struct {
	Pool *pgxpool.Pool
	// ReplicationURL is a connection URL whose user may replicate (REPLICATION or
	// superuser); "replication=database" is added to it.
	ReplicationURL string
	Publication    string // default "supabase_realtime" (created by a migration)
	// SlotName is the reader's permanent slot; default "realtime_reader_" + the
	// database's name (slots are per cluster, the lock and the slot per database).
	SlotName string
	Verifier *jwtauth.Verifier
	Logger   *slog.Logger
	Now      func() time.Time
	// Config is the surface's section of the server's settings, whole: the
	// limits per client (zero or less takes Supabase Realtime's default).
	Config config.Realtime
}

// Realtime is the handler mounted at /realtime/v1 and the replication worker (Run).
type Realtime struct {
	opt      Options
	lim      Limits // opt.Config's limits, defaults filled in
	log      *slog.Logger
	hub      *hub
	tops     *topics
	stats    stats
	limited  limitCounts   // refusals by the per-client limits
	msgOID   atomic.Uint32 // realtime.messages, for private channels
	serverID string        // tells our own fan-out messages apart
	rls      *rlsChecker
	mux      *http.ServeMux

	// Replicas (replication.go, changes.go, fanout.go).
	leader     atomic.Bool            // this server holds the reader's lock
	slot       atomic.Pointer[string] // the reader's slot name, once known
	slotLag    atomic.Int64           // bytes of WAL the slot holds (sweep), -1 before it exists
	listening  atomic.Bool            // the change listener runs
	readerUp   atomic.Bool            // a reader streams the slot, or did within readerGrace
	lastActive time.Time              // sweep: when the slot was last seen active
	applied    applier                // the listener's state (its goroutine only)
	missing    map[string]int         // sweep: server id -> consecutive sweeps not seen
}

// ready: this server's subscribers get changes: its listener runs, and a reader
// streams the slot or did a moment ago (a failover takes a few seconds; the
// slot keeps what is committed meanwhile).
func (rt *Realtime) ready() bool { return rt.listening.Load() && rt.readerUp.Load() }

// New builds the surface. Run must be started for postgres_changes to flow.
func New(o Options) *Realtime {
	if o.Publication == "" {
		o.Publication = "supabase_realtime"
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	rt := &Realtime{opt: o, lim: limitsOf(o.Config), log: o.Logger, hub: newHub(), tops: newTopics(), serverID: uuid.NewString(),
		applied: applier{rels: map[uint32]*relation{}}, missing: map[string]int{}}
	rt.slotLag.Store(-1)
	if o.SlotName != "" {
		rt.slot.Store(&o.SlotName)
	}
	rt.rls = &rlsChecker{pool: o.Pool, now: o.Now, policies: map[policyKey]*policyEntry{}, tables: map[uint32]*tableMeta{}}
	rt.mux = http.NewServeMux()
	rt.mux.HandleFunc("GET /websocket", rt.serveWebsocket)
	rt.mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		status := "ok"
		if !rt.ready() {
			status = "replication not ready"
		}
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"status": status})
	})
	return rt
}

func (rt *Realtime) ServeHTTP(w http.ResponseWriter, r *http.Request) { rt.mux.ServeHTTP(w, r) }

// hub indexes the postgres_changes bindings of every joined channel by table.
type hub struct {
	mu       sync.RWMutex
	bindings map[string]map[*binding]struct{} // "schema.table", "schema.*" or "*.*"
}

func newHub() *hub { return &hub{bindings: map[string]map[*binding]struct{}{}} }

func bindingKey(schema, table string) string {
	if schema == "" || schema == "*" {
		return "*.*"
	}
	if table == "" || table == "*" {
		return schema + ".*"
	}
	return schema + "." + table
}

func (h *hub) add(bs []*binding) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, b := range bs {
		k := bindingKey(b.schema, b.table)
		if h.bindings[k] == nil {
			h.bindings[k] = map[*binding]struct{}{}
		}
		h.bindings[k][b] = struct{}{}
	}
}

func (h *hub) remove(bs []*binding) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, b := range bs {
		k := bindingKey(b.schema, b.table)
		delete(h.bindings[k], b)
		if len(h.bindings[k]) == 0 {
			delete(h.bindings, k)
		}
	}
}

// match returns the bindings on schema.table that want this event type.
func (h *hub) match(schema, table, typ string) []*binding {
	h.mu.RLock()
	defer h.mu.RUnlock()
	var out []*binding
	for _, k := range []string{schema + "." + table, schema + ".*", "*.*"} {
		for b := range h.bindings[k] {
			if b.event == "*" || b.event == typ {
				out = append(out, b)
			}
		}
	}
	return out
}

// any reports whether any binding exists (the reader skips work when none).
func (h *hub) any() bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.bindings) > 0
}

// Run competes for the reader's role and, while it holds it, reads the
// replication stream, until ctx ends, reconnecting after failures (RunFanout
// delivers: both must run).
// A cluster without wal_level=logical (or a user without REPLICATION) is said once,
// then retried quietly: the rest of the server works without realtime.
func (rt *Realtime) Run(ctx context.Context) {
	if rt.opt.ReplicationURL == "" {
		rt.log.Warn("realtime: no DATABASE_URL (AUTHENTICATOR_URL alone cannot replicate): postgres_changes are off")
		return
	}
	wait := backoff.New(time.Second, 32*time.Second)
	var lastErr string
	for ctx.Err() == nil {
		started := time.Now()
		err := rt.lead(ctx)
		if time.Since(started) > time.Minute {
			wait.Reset() // it ran: a new failure starts the backoff afresh
		}
		if ctx.Err() != nil {
			return
		}
		msg := fmt.Sprint(err)
		switch {
		case msg == lastErr:
			rt.log.Debug("realtime replication still failing", "err", err)
		case strings.Contains(msg, "wal_level"), strings.Contains(msg, "replication"):
			rt.log.Warn("realtime: postgres_changes unavailable (the cluster needs wal_level=logical and the database user REPLICATION); retrying", "err", err)
		default:
			rt.log.Error("realtime replication stopped; retrying", "err", err, "in", wait.Next())
		}
		lastErr = msg
		if !wait.Wait(ctx) {
			return
		}
	}
}
