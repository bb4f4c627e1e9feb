package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5"
)

// The fan-out of changes from the reader to every server (replication.go reads,
// fanout.go listens). A committed transaction becomes one or more notifications on
// changesChannel, each a wireMsg of whole changes, in order (part 0, 1, ...).
// NOTIFY's payload stops at 8000 bytes: changes are packed up to notifyBudget per
// message, and a single change too large for one is stored in
// realtime.fanout_changes, its notification carrying only {l, p, ref}; the servers
// read it by id before handling the next notification, so the order holds.

const (
	changesChannel = "realtime_changes"
	notifyBudget   = 7800 // bytes of payload per notification, under NOTIFY's 8000
)

type wireCol struct {
	Name string `json:"n"`
	Type uint32 `json:"t"`
	Key  bool   `json:"k,omitempty"`
}

type wireChange struct {
	Rel    uint32             `json:"r"`
	Schema string             `json:"s"`
	Table  string             `json:"b"`
	Cols   []wireCol          `json:"c"`
	Type   string             `json:"y"`
	Record map[string]*string `json:"n,omitempty"`
	Old    map[string]*string `json:"o,omitempty"`
	Full   bool               `json:"f,omitempty"`
}

// wireMsg is one notification: the transaction's end LSN, the part's index within
// it, the commit time (µs since the epoch), and changes inline or a stored one's id.
type wireMsg struct {
	LSN     uint64            `json:"l"`
	Part    int               `json:"p"`
	Commit  int64             `json:"t,omitempty"`
	Changes []json.RawMessage `json:"c,omitempty"`
	Ref     int64             `json:"ref,omitempty"`
}

// outMsg is a notification to publish: inline, or (large) a body to store first.
type outMsg struct {
	body  []byte
	large bool
}

func toWire(c change) wireChange {
	w := wireChange{Rel: c.rel.id, Schema: c.rel.schema, Table: c.rel.table, Type: c.typ, Record: c.record, Old: c.old, Full: c.oldIsFull}
	w.Cols = make([]wireCol, len(c.rel.cols))
	for i, col := range c.rel.cols {
		w.Cols[i] = wireCol{Name: col.Name, Type: col.DataType, Key: col.Flags&1 != 0}
	}
	return w
}

// encodeTx packs a transaction's changes into notifications.
func encodeTx(lsn pglogrepl.LSN, commit time.Time, changes []change) ([]outMsg, error) {
	var out []outMsg
	var cur []json.RawMessage
	size := 0
	const overhead = 96 // {"l":…,"p":…,"t":…,"c":[…]}
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		b, err := json.Marshal(wireMsg{LSN: uint64(lsn), Part: len(out), Commit: commit.UnixMicro(), Changes: cur})
		if err != nil {
			return err
		}
		out = append(out, outMsg{body: b})
		cur, size = nil, 0
		return nil
	}
	for _, c := range changes {
		b, err := json.Marshal(toWire(c))
		if err != nil {
			return nil, err
		}
		if overhead+len(b) > notifyBudget {
			if err := flush(); err != nil {
				return nil, err
			}
			body, err := json.Marshal(wireMsg{LSN: uint64(lsn), Part: len(out), Commit: commit.UnixMicro(), Changes: []json.RawMessage{b}})
			if err != nil {
				return nil, err
			}
			out = append(out, outMsg{body: body, large: true})
			continue
		}
		if overhead+size+len(b)+1 > notifyBudget {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		cur = append(cur, b)
		size += len(b) + 1
	}
	return out, flush()
}

// publish sends a transaction's notifications and records its LSN, atomically
// (one pipelined implicit transaction): listeners see it all once it commits.
func (rt *Realtime) publish(ctx context.Context, w *pgx.Conn, slot string, lsn pglogrepl.LSN, commit time.Time, changes []change) error {
	msgs, err := encodeTx(lsn, commit, changes)
	if err != nil {
		return err
	}
	b := &pgx.Batch{}
	for i, m := range msgs {
		if m.large {
			b.Queue(`with s as (insert into realtime.fanout_changes (body) values ($2) returning id)
				select pg_catalog.pg_notify($1, '{"l":' || $3 || ',"p":' || $4 || ',"ref":' || s.id || '}') from s`,
				changesChannel, string(m.body), strconv.FormatUint(uint64(lsn), 10), strconv.Itoa(i))
			rt.stats.fanLarge.Add(1)
		} else {
			b.Queue("select pg_catalog.pg_notify($1, $2)", changesChannel, string(m.body))
		}
	}
	b.Queue(`insert into realtime.replication_state (slot_name, lsn) values ($1, $2::text::pg_lsn)
		on conflict (slot_name) do update set lsn = excluded.lsn, updated_at = now()`, slot, lsn.String())
	if err := w.SendBatch(ctx, b).Close(); err != nil {
		return err
	}
	rt.stats.fanOut.Add(int64(len(msgs)))
	return nil
}

// applier turns the reader's notifications back into changes on one server.
type applier struct {
	rels     map[uint32]*relation
	lastLSN  uint64
	lastPart int
}

// apply dispatches the changes of one notification to this server's channels.
// load fetches a stored (large) message by id.
func (rt *Realtime) apply(ctx context.Context, a *applier, payload string, load func(ctx context.Context, id int64) (string, error)) error {
	var m wireMsg
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		return fmt.Errorf("unreadable change message: %w", err)
	}
	// Once each: a message at or before the last one applied is a repeat.
	if m.LSN < a.lastLSN || (m.LSN == a.lastLSN && m.Part <= a.lastPart) {
		return nil
	}
	if m.Ref != 0 {
		body, err := load(ctx, m.Ref)
		if err != nil {
			return fmt.Errorf("large change %d: %w", m.Ref, err)
		}
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			return fmt.Errorf("unreadable large change %d: %w", m.Ref, err)
		}
	}
	a.lastLSN, a.lastPart = m.LSN, m.Part
	commit := time.UnixMicro(m.Commit)
	for _, raw := range m.Changes {
		var w wireChange
		if err := json.Unmarshal(raw, &w); err != nil {
			return fmt.Errorf("unreadable change: %w", err)
		}
		rt.dispatch(ctx, change{rel: a.relation(rt, w), typ: w.Type, record: w.Record, old: w.Old, oldIsFull: w.Full}, commit)
	}
	return nil
}

// relation keeps one *relation per table while its columns stay the same; a new
// or changed one makes the row-security cache forget the table.
func (a *applier) relation(rt *Realtime, w wireChange) *relation {
	r := a.rels[w.Rel]
	same := r != nil && r.schema == w.Schema && r.table == w.Table && len(r.cols) == len(w.Cols)
	if same {
		for i, c := range w.Cols {
			rc := r.cols[i]
			if rc.Name != c.Name || rc.DataType != c.Type || (rc.Flags&1 != 0) != c.Key {
				same = false
				break
			}
		}
	}
	if same {
		return r
	}
	r = &relation{id: w.Rel, schema: w.Schema, table: w.Table, cols: make([]*pglogrepl.RelationMessageColumn, len(w.Cols))}
	for i, c := range w.Cols {
		var flags uint8
		if c.Key {
			flags = 1
		}
		r.cols[i] = &pglogrepl.RelationMessageColumn{Name: c.Name, DataType: c.Type, Flags: flags}
	}
	a.rels[w.Rel] = r
	rt.rls.invalidate(w.Rel)
	return r
}
