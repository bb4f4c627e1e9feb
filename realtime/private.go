package realtime

import (
	"context"
	"errors"
	"strings"
)

// Private channels (config.private): broadcast and presence rights come from the
// RLS policies on realtime.messages (the platform's baseline), as on Supabase.
// They are evaluated on a would-be row {topic, extension, private: true}, as the
// caller, with realtime.topic() returning the topic; SELECT policies give the right
// to receive, INSERT (WITH CHECK) ones the right to send. Checked at join and at
// each access_token; nothing is written.

func (rt *Realtime) messagesOID(ctx context.Context) (uint32, error) {
	if oid := rt.msgOID.Load(); oid != 0 {
		return oid, nil
	}
	var oid *int64
	if err := rt.opt.Pool.QueryRow(ctx, `select (select c.oid::int8 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
		where n.nspname = 'realtime' and c.relname = 'messages')`).Scan(&oid); err != nil {
		return 0, err
	}
	if oid == nil {
		return 0, errors.New("realtime.messages does not exist")
	}
	rt.msgOID.Store(uint32(*oid))
	return uint32(*oid), nil
}

// authorize returns the rights of (role, claims) on a private channel's topic.
func (rt *Realtime) authorize(ctx context.Context, role string, claims []byte, topic string) (perms, error) {
	oid, err := rt.messagesOID(ctx)
	if err != nil {
		return 0, err
	}
	meta, err := rt.rls.table(ctx, oid)
	if err != nil {
		return 0, err
	}
	aud := audience{role: role, claims: string(claims)}
	var p perms
	for _, ext := range []struct {
		name        string
		read, write perms
	}{{"broadcast", readBroadcast, writeBroadcast}, {"presence", readPresence, writePresence}} {
		t, e, priv := topic, ext.name, "true"
		image := map[string]*string{"topic": &t, "extension": &e, "private": &priv}
		for _, cmd := range []byte{cmdSelect, cmdInsert} {
			ok, err := rt.rls.allowed(ctx, cmd, topic, oid, "realtime", "messages", meta, image, []audience{aud})
			if err != nil {
				return 0, err
			}
			if ok[aud] {
				if cmd == cmdSelect {
					p |= ext.read
				} else {
					p |= ext.write
				}
			}
		}
	}
	return p, nil
}

func unauthorizedRead(topic string) string {
	return "Unauthorized: You do not have permissions to read from this Channel topic: " + strings.TrimPrefix(topic, "realtime:")
}

func unauthorizedWrite(topic string) string {
	return "Unauthorized: You do not have permissions to write to this Channel topic: " + strings.TrimPrefix(topic, "realtime:")
}
