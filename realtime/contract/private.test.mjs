// Private channels authorised by RLS on realtime.messages (fixture: 'team-room').
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { anon, asUser, join, waitFor, sleep, closeAll, ADMIN_ID, USER_ID, OTHER_ID } from './helpers.mjs'

after(closeAll)

const priv = { config: { private: true, broadcast: { ack: true } } }

test('a private channel refuses whoever its policies do not let read', async () => {
  await assert.rejects(join(anon(), 'team-room', priv), /Unauthorized: You do not have permissions to read from this Channel topic: team-room/)
  await assert.rejects(join(asUser(OTHER_ID), 'team-room', priv), /Unauthorized/)
  await assert.rejects(join(asUser(USER_ID), 'another-room', priv), /Unauthorized/)
})

test('private broadcast: the administrator sends, the user receives, the user may not send, the public channel of the same name hears nothing', async () => {
  const got = { user: [], admin: [], public: [] }
  const admin = await join(asUser(ADMIN_ID), 'team-room', priv, (ch) => ch.on('broadcast', { event: '*' }, (p) => got.admin.push(p)))
  const user = await join(asUser(USER_ID), 'team-room', priv, (ch) => ch.on('broadcast', { event: '*' }, (p) => got.user.push(p)))
  await join(anon(), 'team-room', {}, (ch) => ch.on('broadcast', { event: '*' }, (p) => got.public.push(p)))
  assert.equal(await admin.send({ type: 'broadcast', event: 'memo', payload: { text: 'meeting at 10' } }), 'ok')
  await waitFor(() => got.user.length === 1, 5000, 'the memo')
  assert.equal(got.user[0].payload.text, 'meeting at 10')
  assert.equal(await user.send({ type: 'broadcast', event: 'memo', payload: { text: 'not allowed' } }), 'error')
  await sleep(400)
  assert.equal(got.admin.length, 0)
  assert.equal(got.public.length, 0)
})

test('private presence: members track and see each other', async () => {
  const admin = await join(asUser(ADMIN_ID), 'team-room', { config: { private: true, presence: { key: 'admin' } } }, (ch) => ch.on('presence', { event: 'sync' }, () => {}))
  const user = await join(asUser(USER_ID), 'team-room', { config: { private: true, presence: { key: 'user' } } }, (ch) => ch.on('presence', { event: 'sync' }, () => {}))
  assert.equal(await user.track({ at: 'desk' }), 'ok')
  await waitFor(() => admin.presenceState().user, 5000, "the user's presence")
  assert.equal(admin.presenceState().user[0].at, 'desk')
})
