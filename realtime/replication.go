package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// The change stream. Each server opens its own replication connection and a
// TEMPORARY logical slot (pgoutput, proto 1, publication Options.Publication):
// PostgreSQL drops the slot when the connection ends, so a crashed server leaves
// nothing behind, and changes committed while no server runs are not replayed
// (realtime is a live feed, not a queue). pgoutput sends a transaction whole at
// its commit, transactions in commit order; we deliver them in that order.

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

func slotName() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "realtime_" + hex.EncodeToString(b)
}

func (rt *Realtime) replicate(ctx context.Context) error {
	u, err := replURL(rt.opt.ReplicationURL)
	if err != nil {
		return err
	}
	conn, err := pgconn.Connect(ctx, u)
	if err != nil {
		return fmt.Errorf("replication connection: %w", err)
	}
	defer conn.Close(context.Background())

	sys, err := pglogrepl.IdentifySystem(ctx, conn)
	if err != nil {
		return fmt.Errorf("identify system: %w", err)
	}
	slot := slotName()
	if _, err := pglogrepl.CreateReplicationSlot(ctx, conn, slot, "pgoutput",
		pglogrepl.CreateReplicationSlotOptions{Temporary: true, SnapshotAction: "NOEXPORT_SNAPSHOT"}); err != nil {
		return fmt.Errorf("create slot: %w", err)
	}
	pub := strings.ReplaceAll(rt.opt.Publication, "'", "''")
	if err := pglogrepl.StartReplication(ctx, conn, slot, sys.XLogPos, pglogrepl.StartReplicationOptions{
		PluginArgs: []string{"proto_version '1'", "publication_names '" + pub + "'"},
	}); err != nil {
		return fmt.Errorf("start replication: %w", err)
	}
	rt.ready.Store(true)
	rt.log.Info("realtime replication started", "slot", slot, "publication", rt.opt.Publication)

	relations := map[uint32]*relation{}
	var txChanges []change
	inTx := false
	pos := sys.XLogPos
	const statusEvery = 10 * time.Second
	next := time.Now().Add(statusEvery)
	for {
		if time.Now().After(next) {
			if err := pglogrepl.SendStandbyStatusUpdate(ctx, conn, pglogrepl.StandbyStatusUpdate{WALWritePosition: pos}); err != nil {
				return fmt.Errorf("standby status: %w", err)
			}
			next = time.Now().Add(statusEvery)
		}
		rctx, cancel := context.WithDeadline(ctx, next)
		raw, err := conn.ReceiveMessage(rctx)
		cancel()
		if err != nil {
			if pgconn.Timeout(err) && ctx.Err() == nil {
				continue
			}
			return err
		}
		switch m := raw.(type) {
		case *pgproto3.ErrorResponse:
			return fmt.Errorf("replication: %s (%s)", m.Message, m.Code)
		case *pgproto3.CopyData:
			if len(m.Data) == 0 {
				continue
			}
			switch m.Data[0] {
			case pglogrepl.PrimaryKeepaliveMessageByteID:
				k, err := pglogrepl.ParsePrimaryKeepaliveMessage(m.Data[1:])
				if err != nil {
					return err
				}
				// Between transactions everything up to the server's WAL end is
				// consumed: confirm it, or PostgreSQL keeps WAL for the slot and a
				// shutdown waits for us to confirm its checkpoint record.
				if !inTx && k.ServerWALEnd > pos {
					pos = k.ServerWALEnd
				}
				if k.ReplyRequested {
					next = time.Time{}
				}
			case pglogrepl.XLogDataByteID:
				x, err := pglogrepl.ParseXLogData(m.Data[1:])
				if err != nil {
					return err
				}
				lm, err := pglogrepl.Parse(x.WALData)
				if err != nil {
					return err
				}
				switch lm := lm.(type) {
				case *pglogrepl.RelationMessage:
					relations[lm.RelationID] = &relation{id: lm.RelationID, schema: lm.Namespace, table: lm.RelationName, cols: lm.Columns}
					rt.rls.invalidate(lm.RelationID)
				case *pglogrepl.BeginMessage:
					txChanges = txChanges[:0]
					inTx = true
				case *pglogrepl.InsertMessage:
					if r := relations[lm.RelationID]; r != nil {
						txChanges = append(txChanges, change{rel: r, typ: "INSERT", record: tuple(r, lm.Tuple, nil)})
					}
				case *pglogrepl.UpdateMessage:
					if r := relations[lm.RelationID]; r != nil {
						c := change{rel: r, typ: "UPDATE"}
						if lm.OldTuple != nil {
							c.old, c.oldIsFull = tuple(r, lm.OldTuple, nil), lm.OldTupleType == pglogrepl.UpdateMessageTupleTypeOld
						}
						c.record = tuple(r, lm.NewTuple, c.old)
						txChanges = append(txChanges, c)
					}
				case *pglogrepl.DeleteMessage:
					if r := relations[lm.RelationID]; r != nil {
						txChanges = append(txChanges, change{rel: r, typ: "DELETE", old: tuple(r, lm.OldTuple, nil),
							oldIsFull: lm.OldTupleType == pglogrepl.DeleteMessageTupleTypeOld})
					}
				case *pglogrepl.CommitMessage:
					for _, c := range txChanges {
						rt.dispatch(ctx, c, lm.CommitTime)
					}
					txChanges = txChanges[:0]
					inTx = false
					pos = lm.TransactionEndLSN
				}
			}
		}
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
