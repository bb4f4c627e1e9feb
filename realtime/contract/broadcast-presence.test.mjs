// broadcast and presence between supabase-js clients on one server.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { anon, join, waitFor, sleep, closeAll } from './helpers.mjs'

after(closeAll)

for (const [from, to] of [['2.0.0', '2.0.0'], ['2.0.0', '1.0.0'], ['1.0.0', '2.0.0']]) {
  test(`broadcast reaches the other clients of the channel, not the sender (vsn ${from} -> ${to})`, async () => {
    const room = 'room-' + randomUUID().slice(0, 8)
    const got = { a: [], b: [], other: [] }
    const a = await join(anon(from), room, {}, (ch) => ch.on('broadcast', { event: 'ping' }, (p) => got.a.push(p)))
    await join(anon(to), room, {}, (ch) => ch.on('broadcast', { event: 'ping' }, (p) => got.b.push(p)))
    await join(anon(to), 'elsewhere-' + room, {}, (ch) => ch.on('broadcast', { event: 'ping' }, (p) => got.other.push(p)))
    assert.equal(await a.send({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo' } }), 'ok')
    await waitFor(() => got.b.length === 1, 5000, 'the broadcast')
    assert.deepEqual({ event: got.b[0].event, payload: got.b[0].payload }, { event: 'ping', payload: { n: 1, text: 'héllo' } })
    await sleep(300)
    assert.equal(got.a.length, 0, 'self is off by default')
    assert.equal(got.other.length, 0, 'another topic')
  })
}

test('broadcast: self and ack', async () => {
  const room = 'room-' + randomUUID().slice(0, 8)
  const got = []
  const a = await join(anon(), room, { config: { broadcast: { self: true, ack: true } } }, (ch) =>
    ch.on('broadcast', { event: '*' }, (p) => got.push(p)),
  )
  assert.equal(await a.send({ type: 'broadcast', event: 'mine', payload: { x: 1 } }), 'ok')
  await waitFor(() => got.length === 1, 5000, 'own broadcast')
  assert.equal(got[0].event, 'mine')
})

test('presence: track, sync, untrack and leaving are seen by the others', async () => {
  const room = 'lobby-' + randomUUID().slice(0, 8)
  const bobEvents = []
  const alice = await join(anon(), room, { config: { presence: { key: 'alice' } } }, (ch) => ch.on('presence', { event: 'sync' }, () => {}))
  const bob = await join(anon('1.0.0'), room, { config: { presence: { key: 'bob' } } }, (ch) =>
    ch.on('presence', { event: 'join' }, (p) => bobEvents.push(['join', p.key])).on('presence', { event: 'leave' }, (p) => bobEvents.push(['leave', p.key])),
  )
  assert.equal(await alice.track({ status: 'online' }), 'ok')
  await waitFor(() => bob.presenceState().alice, 5000, "alice in bob's state")
  assert.equal(bob.presenceState().alice[0].status, 'online')
  assert.ok(bob.presenceState().alice[0].presence_ref)
  assert.equal(await bob.track({ status: 'away' }), 'ok')
  await waitFor(() => alice.presenceState().bob, 5000, "bob in alice's state")
  // A new track replaces the previous meta.
  assert.equal(await alice.track({ status: 'busy' }), 'ok')
  await waitFor(() => bob.presenceState().alice?.[0]?.status === 'busy', 5000, 'the new meta')
  assert.equal(bob.presenceState().alice.length, 1)
  assert.equal(await alice.untrack(), 'ok')
  await waitFor(() => !bob.presenceState().alice, 5000, 'alice untracked')
  assert.equal(await alice.track({ status: 'back' }), 'ok')
  await waitFor(() => bob.presenceState().alice, 5000, 'alice back')
  await alice.unsubscribe()
  await waitFor(() => !bob.presenceState().alice, 5000, 'alice gone with her channel')
  const aliceEvents = bobEvents.filter(([, k]) => k === 'alice').map(([e]) => e)
  assert.equal(aliceEvents[0], 'join')
  assert.equal(aliceEvents.at(-1), 'leave')
  assert.equal(aliceEvents.filter((e) => e === 'leave').length, 3) // re-track, untrack, unsubscribe
  // A late joiner receives the current state.
  const carol = await join(anon(), room, { config: { presence: { key: 'carol' } } }, (ch) => ch.on('presence', { event: 'sync' }, () => {}))
  await waitFor(() => carol.presenceState().bob, 5000, "bob in carol's state")
})
