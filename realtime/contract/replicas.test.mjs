// Two servers on one database: 1,000 inserts, and each of
// 10 subscribers spread over both servers receives exactly 1,000 events, in commit order.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { service, subscribe, waitFor, closeAll, env, ANON_KEY, USER_ID, userToken } from './helpers.mjs'

after(closeAll)

const SECOND = env('SUPABASE_URL_2')

test('1,000 inserts reach each of 10 subscribers on two servers exactly once, in commit order', { timeout: 180000 }, async () => {
  const token = userToken(USER_ID)
  const clients = []
  for (let i = 0; i < 10; i++) {
    const url = i % 2 === 0 ? process.env.SUPABASE_URL : SECOND
    clients.push(createClient(url, ANON_KEY, { auth: { persistSession: false }, accessToken: async () => token, realtime: { transport: WebSocket } }))
  }
  const tag = 'replica-' + Date.now()
  const subs = []
  for (const c of clients) subs.push(await subscribe(c, { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `body=eq.${tag}` }))

  // 1,000 inserts, 10 at a time: their commit order is PostgreSQL's to decide.
  const svc = service()
  let next = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < 1000) {
        const n = next++
        const { error } = await svc.from('rt_notes').insert({ owner: USER_ID, body: tag, n })
        assert.equal(error, null)
      }
    }),
  )
  try {
    await waitFor(() => subs.every((s) => s.events.length >= 1000), 60000, '1,000 events everywhere')
  } finally {
    for (const c of clients) await c.removeAllChannels()
  }
  const reference = subs[0].events.map((e) => e.new.id)
  assert.equal(new Set(reference).size, 1000, 'no duplicate, none missing')
  for (const [i, s] of subs.entries()) {
    assert.equal(s.events.length, 1000, `subscriber ${i}`)
    assert.deepEqual(s.events.map((e) => e.new.id), reference, `subscriber ${i} saw another order`)
    for (let k = 1; k < s.events.length; k++) {
      assert.ok(s.events[k - 1].commit_timestamp <= s.events[k].commit_timestamp, `subscriber ${i}: commit order at ${k}`)
    }
  }
})

test('broadcast reaches the clients of the other server (through PostgreSQL), public and private', async () => {
  const mk = (url, vsn, sub) =>
    createClient(url, ANON_KEY, {
      auth: { persistSession: false },
      ...(sub ? { accessToken: async () => userToken(sub) } : {}),
      realtime: { transport: WebSocket, ...(vsn ? { vsn } : {}) },
    })
  const joinOn = async (client, name, opts, got) => {
    await new Promise((r) => setTimeout(r, 10))
    return new Promise((resolve, reject) => {
      const ch = client.channel(name, opts).on('broadcast', { event: '*' }, (p) => got.push(p))
      ch.subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(ch)
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
      })
    })
  }
  const room = 'cross-' + Date.now()
  const got = { v2: [], v1: [], same: [], priv: [] }
  const c1 = mk(process.env.SUPABASE_URL, '2.0.0')
  const c1v1 = mk(process.env.SUPABASE_URL, '1.0.0')
  const r2 = mk(SECOND, '2.0.0')
  const r2v1 = mk(SECOND, '1.0.0')
  const local = mk(process.env.SUPABASE_URL)
  try {
    const sender = await joinOn(c1, room, {}, [])
    const senderV1 = await joinOn(c1v1, room, {}, [])
    await joinOn(r2, room, {}, got.v2)
    await joinOn(r2v1, room, {}, got.v1)
    await joinOn(local, room, {}, got.same)
    assert.equal(await sender.send({ type: 'broadcast', event: 'hello', payload: { from: 'binary' } }), 'ok')
    assert.equal(await senderV1.send({ type: 'broadcast', event: 'hello', payload: { from: 'json' } }), 'ok')
    await waitFor(() => got.v2.length === 2 && got.v1.length === 2 && got.same.length === 2, 5000, 'the broadcasts on both servers')
    for (const list of [got.v2, got.v1, got.same]) {
      assert.deepEqual(list.map((p) => p.payload.from).sort(), ['binary', 'json'])
    }
    // A private channel's broadcast crosses too, to members only.
    const adminOn1 = mk(process.env.SUPABASE_URL, undefined, '00000000-0000-4000-8000-00000000a001')
    const userOn2 = mk(SECOND, undefined, USER_ID)
    const publicOn2 = mk(SECOND)
    const pub = []
    const admin = await joinOn(adminOn1, 'team-room', { config: { private: true } }, [])
    await joinOn(userOn2, 'team-room', { config: { private: true } }, got.priv)
    await joinOn(publicOn2, 'team-room', {}, pub)
    assert.equal(await admin.send({ type: 'broadcast', event: 'memo', payload: { n: 1 } }), 'ok')
    await waitFor(() => got.priv.length === 1, 5000, 'the private broadcast on the other server')
    await new Promise((r) => setTimeout(r, 300))
    assert.equal(pub.length, 0)
    for (const c of [adminOn1, userOn2, publicOn2]) await c.removeAllChannels()
  } finally {
    for (const c of [c1, c1v1, r2, r2v1, local]) await c.removeAllChannels()
  }
})

test('presence crosses servers: track, untrack, leaving, and the state a late joiner gets', async () => {
  const mk = (url) => createClient(url, ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket } })
  const joinOn = async (client, name, key) => {
    await new Promise((r) => setTimeout(r, 10))
    return new Promise((resolve, reject) => {
      const ch = client.channel(name, { config: { presence: { key } } }).on('presence', { event: 'sync' }, () => {})
      ch.subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(ch)
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
      })
    })
  }
  const room = 'lobby-x-' + Date.now()
  const clients = [mk(process.env.SUPABASE_URL), mk(SECOND), mk(SECOND)]
  try {
    const alice = await joinOn(clients[0], room, 'alice')
    const bob = await joinOn(clients[1], room, 'bob')
    assert.equal(await alice.track({ on: 1 }), 'ok')
    await waitFor(() => bob.presenceState().alice, 5000, 'alice seen on the other server')
    assert.equal(await bob.track({ on: 2 }), 'ok')
    await waitFor(() => alice.presenceState().bob, 5000, 'bob seen on the other server')
    // A late joiner on the second server gets alice (tracked on the first) in its state.
    const carol = await joinOn(clients[2], room, 'carol')
    await waitFor(() => carol.presenceState().alice && carol.presenceState().bob, 5000, "carol's state")
    assert.equal(await bob.untrack(), 'ok')
    await waitFor(() => !alice.presenceState().bob, 5000, 'bob untracked everywhere')
    await alice.unsubscribe()
    await waitFor(() => !bob.presenceState().alice && !carol.presenceState().alice, 5000, 'alice gone everywhere')
  } finally {
    for (const c of clients) await c.removeAllChannels()
  }
})
