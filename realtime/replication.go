package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// The change stream. Every server competes for one
// advisory lock (leaderLock, taken on its replication connection and held as long
// as that connection lives); the holder is the reader: it streams the permanent
// slot Options.SlotName (pgoutput, proto 1, publication Options.Publication) and
// publishes each committed transaction with pg_notify on changesChannel, in one
// database transaction that also records the transaction's end LSN in
// realtime.replication_state. Every server, the reader included, LISTENs on that
// channel (fanout.go) and delivers to its own subscribers: the same changes, in
// the same (commit) order, once each. The slot is acknowledged only up to what
// has been published, so a change committed while no reader runs (the reader died,
// the others wait for its lock) is read by the next one; and what a dead reader
// had published but not yet acknowledged is skipped by the next thanks to the
// recorded LSN. When the reader's connection ends, PostgreSQL releases the lock
// and the next server in line (blocked in pg_advisory_lock) takes over.

type relation struct {
	id            uint32
	schema, table string
	cols          []*pglogrepl.RelationMessageColumn
}

type change struct {
	rel       *relation
	typ       string // INSERT, UPDATE, DELETE
	record    map[string]*string
	old       map[string]*string // nil when the WAL has no old values
	oldIsFull bool               // old holds the whole row (REPLICA IDENTITY FULL)
}

// leaderLock is the first key of the reader's advisory lock (two-int form); the
// second is hashtext(slot name). Advisory locks are per database, like the slot.
const leaderLock = 1919251572 // "rtlt"

// replURL asks for a logical replication connection.
func replURL(u string) (string, error) {
	if strings.Contains(u, "://") {
		p, err := url.Parse(u)
		if err != nil {
			return "", err
		}
		q := p.Query()
		q.Set("replication", "database")
		p.RawQuery = q.Encode()
		return p.String(), nil
	}
	return u + " replication=database", nil // key=value form
}

// slotFor is the reader's slot of a database: one fixed name per database (slot
// names are cluster-wide, and a cluster may hold several of our databases).
func slotFor(db string) string {
	var b strings.Builder
	b.WriteString("realtime_reader_")
	for _, r := range strings.ToLower(db) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if len(s) > 63 {
		s = s[:63]
	}
	return s
}

// staleSlots matches the slots of earlier versions (one per server,
// "realtime_" + 12 hex digits): an inactive one was left by a dead server and
// only holds WAL back. The reader drops them.
const staleSlots = `^realtime_[0-9a-f]{12}$`

// lead waits for the reader's lock on a replication connection, then reads the
// slot until ctx ends or something fails (the lock goes with the connection).
func (rt *Realtime) lead(ctx context.Context) error {
	u, err := replURL(rt.opt.ReplicationURL)
	if err != nil {
		return err
	}
	conn, err := pgconn.Connect(ctx, u)
	if err != nil {
		return fmt.Errorf("replication connection: %w", err)
	}
	defer conn.Close(context.Background())

	slot, err := rt.slotName(ctx, conn)
	if err != nil {
		return err
	}
	if err := waitReaderLock(ctx, conn, slot); err != nil {
		return err
	}
	rt.leader.Store(true)
	defer rt.leader.Store(false)
	rt.log.Info("realtime: this server is the replication reader", "slot", slot)

	w, err := pgx.Connect(ctx, rt.opt.ReplicationURL)
	if err != nil {
		return fmt.Errorf("fan-out connection: %w", err)
	}
	defer w.Close(context.Background())
	rt.housekeep(ctx, w)

	if err := rt.ensureSlot(ctx, conn, w, slot); err != nil {
		return err
	}
	done, err := resumePoint(ctx, w, slot)
	if err != nil {
		return err
	}
	if err := rt.startReplication(ctx, conn, slot); err != nil {
		return err
	}
	rt.log.Info("realtime replication started", "slot", slot, "publication", rt.opt.Publication, "resume_after", done)

	r := &reader{rt: rt, conn: conn, w: w, slot: slot, done: done, relations: map[uint32]*relation{}}
	return r.run(ctx)
}

// slotName is the slot this server reads (Options.SlotName, or the database's
// own), recorded for the health endpoint.
func (rt *Realtime) slotName(ctx context.Context, conn *pgconn.PgConn) (string, error) {
	sys, err := pglogrepl.IdentifySystem(ctx, conn)
	if err != nil {
		return "", fmt.Errorf("identify system: %w", err)
	}
	slot := rt.opt.SlotName
	if slot == "" {
		slot = slotFor(sys.DBName)
	}
	rt.slot.Store(&slot)
	return slot, nil
}

// waitReaderLock blocks while another server reads; it returns when that one
// dies (PostgreSQL releases its lock) or ctx ends.
func waitReaderLock(ctx context.Context, conn *pgconn.PgConn, slot string) error {
	// A replication connection runs SQL only through the simple protocol: the slot
	// name is a quoted literal (slotFor keeps it to [a-z0-9_]; an Options.SlotName
	// is quoted the same way).
	lit := "'" + strings.ReplaceAll(slot, "'", "''") + "'"
	if err := conn.Exec(ctx, fmt.Sprintf("select pg_catalog.pg_advisory_lock(%d, pg_catalog.hashtext(%s))", leaderLock, lit)).Close(); err != nil {
		return fmt.Errorf("reader lock: %w", err)
	}
	return nil
}

// ensureSlot creates the slot when it does not exist yet.
func (rt *Realtime) ensureSlot(ctx context.Context, conn *pgconn.PgConn, w *pgx.Conn, slot string) error {
	var exists bool
	if err := w.QueryRow(ctx, "select exists(select 1 from pg_catalog.pg_replication_slots where slot_name = $1)", slot).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	if _, err := pglogrepl.CreateReplicationSlot(ctx, conn, slot, "pgoutput",
		pglogrepl.CreateReplicationSlotOptions{SnapshotAction: "NOEXPORT_SNAPSHOT"}); err != nil {
		return fmt.Errorf("create slot: %w", err)
	}
	rt.log.Info("realtime: replication slot created", "slot", slot)
	// A new slot starts at the present: what an earlier slot of that name
	// recorded means nothing to it (and after a restore of the cluster its
	// LSNs could even lie ahead).
	_, err := w.Exec(ctx, "delete from realtime.replication_state where slot_name = $1", slot)
	return err
}

// resumePoint is the end LSN of the last transaction fanned out (by any
// reader) from slot; zero when none was.
func resumePoint(ctx context.Context, w *pgx.Conn, slot string) (pglogrepl.LSN, error) {
	var doneText string
	err := w.QueryRow(ctx, "select lsn::text from realtime.replication_state where slot_name = $1", slot).Scan(&doneText)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, err
	}
	return pglogrepl.ParseLSN(doneText)
}

// startReplication starts streaming slot (pgoutput, proto 1, the publication).
func (rt *Realtime) startReplication(ctx context.Context, conn *pgconn.PgConn, slot string) error {
	pub := strings.ReplaceAll(rt.opt.Publication, "'", "''")
	var err error
	// The previous reader's walsender may take a moment to let the slot go.
	for attempt := 0; ; attempt++ {
		err = pglogrepl.StartReplication(ctx, conn, slot, 0, pglogrepl.StartReplicationOptions{
			PluginArgs: []string{"proto_version '1'", "publication_names '" + pub + "'"},
		})
		if err == nil || attempt >= 50 || !strings.Contains(err.Error(), "is active") || ctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("start replication: %w", err)
	}
	return nil
}

// reader is the state of the elected reader's stream.
type reader struct {
	rt        *Realtime
	conn      *pgconn.PgConn // the replication connection
	w         *pgx.Conn      // the fan-out connection
	slot      string
	relations map[uint32]*relation
	txChanges []change      // of the transaction being read
	inTx      bool          // between Begin and Commit
	done      pglogrepl.LSN // the last transaction fanned out (by any reader)
	pos       pglogrepl.LSN // acknowledged to PostgreSQL: everything fanned out
	next      time.Time     // when the next standby status is due
}

const (
	statusEvery = 10 * time.Second // standby status updates
	houseEvery  = time.Minute      // housekeep
)

// run reads the stream until ctx ends or something fails.
func (r *reader) run(ctx context.Context) error {
	r.next = time.Now().Add(statusEvery)
	nextHouse := time.Now().Add(houseEvery)
	for {
		if time.Now().After(r.next) {
			if err := pglogrepl.SendStandbyStatusUpdate(ctx, r.conn, pglogrepl.StandbyStatusUpdate{WALWritePosition: r.pos}); err != nil {
				return fmt.Errorf("standby status: %w", err)
			}
			r.next = time.Now().Add(statusEvery)
		}
		if time.Now().After(nextHouse) && !r.inTx {
			r.rt.housekeep(ctx, r.w)
			nextHouse = time.Now().Add(houseEvery)
		}
		rctx, cancel := context.WithDeadline(ctx, r.next)
		raw, err := r.conn.ReceiveMessage(rctx)
		cancel()
		if err != nil {
			if pgconn.Timeout(err) && ctx.Err() == nil {
				continue
			}
			r.ackOnStop(ctx)
			return err
		}
		if err := r.handle(ctx, raw); err != nil {
			return err
		}
	}
}

// ackOnStop acknowledges, when stopping, what was fanned out, so the next
// reader has less to skip. (A failure here costs nothing: replication_state
// keeps the next reader from publishing it again.)
func (r *reader) ackOnStop(ctx context.Context) {
	if ctx.Err() == nil || r.conn.IsClosed() {
		return
	}
	sctx, scancel := context.WithTimeout(context.Background(), time.Second)
	_ = pglogrepl.SendStandbyStatusUpdate(sctx, r.conn, pglogrepl.StandbyStatusUpdate{WALWritePosition: r.pos})
	scancel()
}

// handle is one message of the replication protocol.
func (r *reader) handle(ctx context.Context, raw pgproto3.BackendMessage) error {
	switch m := raw.(type) {
	case *pgproto3.ErrorResponse:
		return fmt.Errorf("replication: %s (%s)", m.Message, m.Code)
	case *pgproto3.CopyData:
		if len(m.Data) == 0 {
			return nil
		}
		switch m.Data[0] {
		case pglogrepl.PrimaryKeepaliveMessageByteID:
			return r.keepalive(m.Data[1:])
		case pglogrepl.XLogDataByteID:
			return r.xlogData(ctx, m.Data[1:])
		}
	}
	return nil
}

func (r *reader) keepalive(data []byte) error {
	k, err := pglogrepl.ParsePrimaryKeepaliveMessage(data)
	if err != nil {
		return err
	}
	// Between transactions everything the server has sent is handled
	// (each commit is published before the next message is read):
	// confirm it, or PostgreSQL keeps WAL for the slot and a shutdown
	// waits for us to confirm its checkpoint record.
	if !r.inTx && k.ServerWALEnd > r.pos {
		r.pos = k.ServerWALEnd
	}
	if k.ReplyRequested {
		r.next = time.Time{}
	}
	return nil
}

// xlogData is one pgoutput message: a relation, the bounds of a transaction or
// one of its row changes.
func (r *reader) xlogData(ctx context.Context, data []byte) error {
	x, err := pglogrepl.ParseXLogData(data)
	if err != nil {
		return err
	}
	lm, err := pglogrepl.Parse(x.WALData)
	if err != nil {
		return err
	}
	switch lm := lm.(type) {
	case *pglogrepl.RelationMessage:
		r.relations[lm.RelationID] = &relation{id: lm.RelationID, schema: lm.Namespace, table: lm.RelationName, cols: lm.Columns}
	case *pglogrepl.BeginMessage:
		r.txChanges = r.txChanges[:0]
		r.inTx = true
	case *pglogrepl.InsertMessage:
		if rel := r.relations[lm.RelationID]; rel != nil {
			r.txChanges = append(r.txChanges, change{rel: rel, typ: "INSERT", record: tuple(rel, lm.Tuple, nil)})
		}
	case *pglogrepl.UpdateMessage:
		if rel := r.relations[lm.RelationID]; rel != nil {
			c := change{rel: rel, typ: "UPDATE"}
			if lm.OldTuple != nil {
				c.old, c.oldIsFull = tuple(rel, lm.OldTuple, nil), lm.OldTupleType == pglogrepl.UpdateMessageTupleTypeOld
			}
			c.record = tuple(rel, lm.NewTuple, c.old)
			r.txChanges = append(r.txChanges, c)
		}
	case *pglogrepl.DeleteMessage:
		if rel := r.relations[lm.RelationID]; rel != nil {
			r.txChanges = append(r.txChanges, change{rel: rel, typ: "DELETE", old: tuple(rel, lm.OldTuple, nil),
				oldIsFull: lm.OldTupleType == pglogrepl.DeleteMessageTupleTypeOld})
		}
	case *pglogrepl.CommitMessage:
		return r.commit(ctx, lm)
	}
	return nil
}

// commit publishes the transaction just read and moves the acknowledged
// position past it.
func (r *reader) commit(ctx context.Context, lm *pglogrepl.CommitMessage) error {
	// A transaction without changes of ours (PostgreSQL before 15 sends
	// empty ones, our own fan-out writes among them) is not published:
	// publishing it would write again, and so on.
	if len(r.txChanges) > 0 && lm.TransactionEndLSN > r.done {
		if err := r.rt.publish(ctx, r.w, r.slot, lm.TransactionEndLSN, lm.CommitTime, r.txChanges); err != nil {
			return fmt.Errorf("fan-out: %w", err)
		}
		r.done = lm.TransactionEndLSN
	}
	r.txChanges = r.txChanges[:0]
	r.inTx = false
	r.pos = lm.TransactionEndLSN
	return nil
}

// housekeep drops the slots dead servers of earlier versions left behind and the
// large fan-out messages every server has had ten minutes to read.
func (rt *Realtime) housekeep(ctx context.Context, w *pgx.Conn) {
	rows, err := w.Query(ctx, `select slot_name::text from pg_catalog.pg_replication_slots
		where database = pg_catalog.current_database() and not active and slot_name ~ $1`, staleSlots)
	if err == nil {
		names, err2 := pgx.CollectRows(rows, pgx.RowTo[string])
		err = err2
		for _, n := range names {
			// A slot that became active meanwhile refuses to go: left alone.
			if _, derr := w.Exec(ctx, "select pg_catalog.pg_drop_replication_slot($1)", n); derr != nil {
				rt.log.Warn("realtime: stale replication slot not dropped", "slot", n, "err", derr)
				continue
			}
			rt.log.Info("realtime: dropped the replication slot a dead server left", "slot", n)
		}
	}
	if err != nil {
		rt.log.Warn("realtime: listing stale replication slots", "err", err)
	}
	if _, err := w.Exec(ctx, "delete from realtime.fanout_changes where created_at < now() - interval '10 minutes'"); err != nil {
		rt.log.Warn("realtime: cleaning fan-out messages", "err", err)
	}
}

// tuple maps a WAL tuple to column -> text value. An unchanged TOASTed value
// ('u') is taken from prev when known, else left out.
func tuple(r *relation, t *pglogrepl.TupleData, prev map[string]*string) map[string]*string {
	out := map[string]*string{}
	if t == nil {
		return out
	}
	for i, c := range t.Columns {
		if i >= len(r.cols) {
			break
		}
		name := r.cols[i].Name
		switch c.DataType {
		case 'n':
			out[name] = nil
		case 't':
			s := string(c.Data)
			out[name] = &s
		case 'u':
			if v, ok := prev[name]; ok {
				out[name] = v
			}
		}
	}
	return out
}

// dispatch delivers one change to the channels whose bindings match it and whose
// caller may see the row.
func (rt *Realtime) dispatch(ctx context.Context, c change, commit time.Time) {
	rt.stats.changes.Add(1)
	bs := rt.hub.match(c.rel.schema, c.rel.table, c.typ)
	if len(bs) == 0 {
		return
	}
	defer func() { rt.stats.observeLag(commit, rt.opt.Now()) }()
	meta, err := rt.rls.table(ctx, c.rel.id)
	if err != nil {
		rt.log.Error("realtime: table metadata", "table", c.rel.schema+"."+c.rel.table, "err", err)
		return
	}
	image := c.record
	if c.typ == "DELETE" {
		image = c.old
	}
	// Filters first (cheap, in Go), then group the remaining channels by caller.
	ids := map[*channel][]int{}
	var order []*channel
	for _, b := range bs {
		if b.filter != nil && !b.filter.Match(image, meta.typname[b.filter.Column]) {
			continue
		}
		if _, seen := ids[b.ch]; !seen {
			order = append(order, b.ch)
		}
		ids[b.ch] = append(ids[b.ch], b.id)
	}
	if len(order) == 0 {
		return
	}
	audOf := map[*channel]audience{}
	var auds []audience
	seen := map[audience]bool{}
	for _, ch := range order {
		role, claims := ch.identity()
		a := audience{role: role, claims: string(claims)}
		audOf[ch] = a
		if !seen[a] {
			seen[a] = true
			auds = append(auds, a)
		}
	}
	ok, err := rt.rls.visible(ctx, c.rel.id, c.rel.schema, c.rel.table, meta, image, auds)
	if err != nil {
		rt.log.Error("realtime: row security check failed; the change goes to no one it was not decided for", "table", c.rel.schema+"."+c.rel.table, "err", err)
	}
	data, err := json.Marshal(changeData(c, meta, commit))
	if err != nil {
		return
	}
	for _, ch := range order {
		if !ok[audOf[ch]] {
			continue
		}
		var p strings.Builder
		p.WriteString(`{"ids":[`)
		for i, id := range ids[ch] {
			if i > 0 {
				p.WriteByte(',')
			}
			p.WriteString(strconv.Itoa(id))
		}
		p.WriteString(`],"data":`)
		p.Write(data)
		p.WriteByte('}')
		ch.pushRaw(evPgChanges, []byte(p.String()))
	}
}

// changeData is the "data" of a postgres_changes event, as realtime sends it.
// Values are PostgreSQL's text forms; realtime-js converts them by the columns' types.
func changeData(c change, meta *tableMeta, commit time.Time) map[string]any {
	cols := make([]map[string]any, 0, len(c.rel.cols))
	for _, col := range c.rel.cols {
		cols = append(cols, map[string]any{"name": col.Name, "type": meta.typname[col.Name]})
	}
	d := map[string]any{
		"schema":           c.rel.schema,
		"table":            c.rel.table,
		"commit_timestamp": commit.UTC().Format("2006-01-02T15:04:05.000Z"),
		"type":             c.typ,
		"columns":          cols,
		"errors":           nil,
	}
	if c.typ != "DELETE" {
		d["record"] = c.record
	}
	if c.typ != "INSERT" {
		old := map[string]*string{}
		// Without REPLICA IDENTITY FULL the WAL has only the key columns (or, for an
		// UPDATE that kept its key, nothing): old_record holds what is known.
		for k, v := range c.old {
			if c.oldIsFull || isKey(c.rel, k) {
				old[k] = v
			}
		}
		if c.typ == "UPDATE" && len(c.old) == 0 {
			for _, col := range c.rel.cols {
				if col.Flags&1 != 0 {
					old[col.Name] = c.record[col.Name]
				}
			}
		}
		d["old_record"] = old
	}
	return d
}

func isKey(r *relation, name string) bool {
	for _, c := range r.cols {
		if c.Name == name {
			return c.Flags&1 != 0
		}
	}
	return false
}
