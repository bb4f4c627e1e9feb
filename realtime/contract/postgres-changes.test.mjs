// postgres_changes through supabase-js against the real server: events, filters,
// both serializers, tokens.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { anon, service, asUser, subscribe, waitFor, sleep, closeAll, USER_ID, OTHER_ID, userToken } from './helpers.mjs'

after(closeAll)

const svc = service()
async function insertNote(row) {
  const { data, error } = await svc.from('rt_notes').insert(row).select().single()
  assert.equal(error, null)
  return data
}

for (const vsn of ['2.0.0', '1.0.0']) {
  test(`INSERT, UPDATE and DELETE reach the owner, typed, in commit order (vsn ${vsn})`, async () => {
    const me = asUser(USER_ID, vsn)
    const all = await subscribe(me, { event: '*', schema: 'public', table: 'rt_notes' })
    // The system message realtime-js can wait for.
    await waitFor(() => all.system.find((s) => s.extension === 'postgres_changes' && s.status === 'ok'), 3000, 'system ok')
    assert.match(all.system[0].message, /subscribed to postgresql/i)

    const note = await insertNote({ owner: USER_ID, body: 'hello', n: 3, tags: { a: 1 } })
    await svc.from('rt_notes').update({ body: 'hello again', done: true }).eq('id', note.id)
    await svc.from('rt_notes').delete().eq('id', note.id)
    await waitFor(() => all.events.length >= 3, 8000, 'three events')
    const [ins, upd, del] = all.events
    assert.deepEqual([ins.eventType, upd.eventType, del.eventType], ['INSERT', 'UPDATE', 'DELETE'])
    for (const e of all.events) {
      assert.equal(e.schema, 'public')
      assert.equal(e.table, 'rt_notes')
      assert.match(e.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      assert.equal(e.errors, null)
    }
    // realtime-js converts the values by the columns' types.
    assert.deepEqual(ins.new, { id: note.id, owner: USER_ID, body: 'hello', n: 3, tags: { a: 1 }, done: false })
    assert.deepEqual(ins.old, {})
    assert.equal(upd.new.body, 'hello again')
    assert.equal(upd.new.done, true)
    assert.equal(upd.old.body, 'hello') // REPLICA IDENTITY FULL: the whole old row
    assert.deepEqual(del.new, {})
    assert.equal(del.old.id, note.id)
    assert.equal(del.old.body, 'hello again')
    assert.ok(ins.commit_timestamp <= upd.commit_timestamp && upd.commit_timestamp <= del.commit_timestamp)
  })
}

test('filters: eq, neq, lt, lte, gt, gte and in, as realtime-js sends them', async () => {
  const me = asUser(USER_ID)
  const cases = {
    'n=eq.5': [5],
    'n=neq.5': [1, 10, 20],
    'n=lt.10': [1, 5],
    'n=lte.10': [1, 5, 10],
    'n=gt.5': [10, 20],
    'n=gte.10': [10, 20],
    'n=in.(1,20)': [1, 20],
    'body=eq.b-10': [10],
    'body=in.("b-5",b-20)': [5, 20],
  }
  const subs = {}
  for (const f of Object.keys(cases)) subs[f] = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: f })
  // The realtime-js filter builder compiles to the same grammar.
  for (const n of [1, 5, 10, 20]) await insertNote({ owner: USER_ID, body: `b-${n}`, n })
  await waitFor(() => subs['n=neq.5'].events.length >= 3, 8000, 'neq events')
  await sleep(500)
  for (const [f, want] of Object.entries(cases)) {
    assert.deepEqual(subs[f].events.map((e) => e.new.n), want, f)
  }
})

test('event types: an INSERT binding hears no UPDATE or DELETE', async () => {
  const me = asUser(USER_ID)
  const ins = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes' })
  const del = await subscribe(me, { event: 'DELETE', schema: 'public', table: 'rt_notes' })
  const note = await insertNote({ owner: USER_ID, body: 'types' })
  await svc.from('rt_notes').update({ n: 2 }).eq('id', note.id)
  await svc.from('rt_notes').delete().eq('id', note.id)
  await waitFor(() => del.events.length === 1, 8000, 'the delete')
  await sleep(300)
  assert.deepEqual(ins.events.map((e) => e.eventType), ['INSERT'])
  assert.deepEqual(del.events.map((e) => e.eventType), ['DELETE'])
})

test('a user hears nothing of rows their policies hide; anon neither', async () => {
  const other = await subscribe(asUser(OTHER_ID), { event: '*', schema: 'public', table: 'rt_notes' })
  const guest = await subscribe(anon(), { event: '*', schema: 'public', table: 'rt_notes' })
  const mine = await subscribe(asUser(USER_ID), { event: '*', schema: 'public', table: 'rt_notes' })
  const note = await insertNote({ owner: USER_ID, body: 'private' })
  await svc.from('rt_notes').delete().eq('id', note.id)
  await waitFor(() => mine.events.length === 2, 8000, "the owner's events")
  await sleep(500)
  assert.equal(other.events.length, 0)
  assert.equal(guest.events.length, 0)
})

test('a malformed filter is refused at join with a reason', async () => {
  await assert.rejects(subscribe(asUser(USER_ID), { event: '*', schema: 'public', table: 'rt_notes', filter: 'n=like.5' }), /operator/)
})

test('a refreshed token keeps the subscription and becomes the identity', async () => {
  const me = asUser(USER_ID)
  const sub = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes' })
  await me.realtime.setAuth(userToken(USER_ID, 7200))
  await insertNote({ owner: USER_ID, body: 'after refresh' })
  await waitFor(() => sub.events.length === 1, 8000, 'event after refresh')
  // Now the channel acts as the other user: the first user's rows stop arriving.
  await me.realtime.setAuth(userToken(OTHER_ID))
  await sleep(200)
  await insertNote({ owner: USER_ID, body: 'hidden now' })
  await insertNote({ owner: OTHER_ID, body: 'visible now' })
  await waitFor(() => sub.events.length === 2, 8000, "other's event")
  assert.equal(sub.events[1].new.body, 'visible now')
})

test('an expired token ends the channel with realtime\'s error', async () => {
  const me = asUser(USER_ID)
  const sub = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes' })
  await me.realtime.setAuth(userToken(USER_ID, -120))
  await waitFor(() => sub.system.find((s) => s.status === 'error'), 5000, 'system error')
  assert.match(sub.system.find((s) => s.status === 'error').message, /Token has expired/)
  await waitFor(() => sub.statuses.includes('CLOSED'), 5000, 'CLOSED')
  await insertNote({ owner: USER_ID, body: 'after expiry' })
  await sleep(500)
  assert.equal(sub.events.length, 0)
})

test('a token that expires while subscribed ends the channel when it expires', async () => {
  const me = asUser(USER_ID, undefined, 2)
  const sub = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes' })
  await waitFor(() => sub.system.find((s) => s.status === 'error'), 6000, 'system error at exp')
  await waitFor(() => sub.statuses.includes('CLOSED'), 3000, 'CLOSED')
})

test('/metrics counts connections, channels, messages and changes', async () => {
  const { SUPABASE_URL, SERVICE_ROLE_KEY } = process.env
  const scrape = async () => {
    const text = await (await fetch(`${SUPABASE_URL}/metrics`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } })).text()
    const get = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1])
    return {
      connections: get('realtime_connections'),
      channels: get('realtime_channels'),
      in: get('realtime_messages_total\\{direction="in"\\}'),
      out: get('realtime_messages_total\\{direction="out"\\}'),
      changes: get('realtime_changes_total'),
      up: get('realtime_replication_up'),
      lag: get('realtime_replication_lag_seconds'),
    }
  }
  const before = await scrape()
  const me = asUser(USER_ID)
  const sub = await subscribe(me, { event: 'INSERT', schema: 'public', table: 'rt_notes' })
  await insertNote({ owner: USER_ID, body: 'metrics' })
  await waitFor(() => sub.events.length === 1, 8000, 'the event')
  const during = await scrape()
  assert.equal(during.up, 1)
  assert.ok(during.connections >= 1 && during.channels >= 1, JSON.stringify(during))
  assert.ok(during.in > before.in && during.out > before.out, JSON.stringify({ before, during }))
  assert.ok(during.changes > before.changes)
  assert.ok(during.lag >= 0 && during.lag < 10)
  await me.removeAllChannels()
  await sleep(300)
  const afterLeave = await scrape()
  assert.equal(afterLeave.channels, during.channels - 1)
})

test('a table outside the publication: subscribed, with realtime\'s system error', async () => {
  const sub = await subscribe(asUser(USER_ID), { event: '*', schema: 'public', table: 'cars' })
  await waitFor(() => sub.system.length > 0, 3000, 'the system message')
  assert.equal(sub.system[0].status, 'error')
  assert.match(sub.system[0].message, /Unable to subscribe to changes with given parameters.*table: cars/)
})
