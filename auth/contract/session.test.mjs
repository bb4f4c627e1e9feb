// Sessions with an unchanged supabase-js: sign-in, getSession/getUser, events,
// refresh with rotation and reuse, updateUser, signOut scopes.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  client, adminClient, uniqueEmail, events, createConfirmedUser, sleep, REUSE_INTERVAL_S,
} from './lib.mjs'

const admin = adminClient()

test('signInWithPassword: right password, wrong password, unknown user', async () => {
  const email = uniqueEmail('signin')
  const user = await createConfirmedUser(admin, email, 'right-password', { first_name: 'Sara' })
  const c = client()
  const ev = events(c)

  const bad = await c.auth.signInWithPassword({ email, password: 'wrong-password' })
  assert.equal(bad.data.session, null)
  assert.equal(bad.error.name, 'AuthApiError')
  assert.equal(bad.error.status, 400)
  assert.equal(bad.error.code, 'invalid_credentials')
  assert.equal(bad.error.message, 'Invalid login credentials')

  const unknown = await c.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'right-password' })
  assert.equal(unknown.error.code, 'invalid_credentials')

  const { data, error } = await c.auth.signInWithPassword({ email, password: 'right-password' })
  assert.equal(error, null)
  assert.equal(data.user.id, user.id)
  assert.equal(data.user.user_metadata.first_name, 'Sara')
  assert.equal(data.session.token_type, 'bearer')
  assert.equal(data.session.expires_in, 3600)
  assert.ok(data.session.refresh_token.length >= 32)

  // getSession reads storage (no network), getUser asks the server.
  const s = await c.auth.getSession()
  assert.equal(s.data.session.access_token, data.session.access_token)
  const u = await c.auth.getUser()
  assert.equal(u.error, null)
  assert.equal(u.data.user.email, email)

  await sleep(50)
  assert.deepEqual(ev.names(), ['INITIAL_SESSION', 'SIGNED_IN'])
  ev.stop()
})

test('refreshSession rotates; an old token works inside the reuse interval, reuse outside revokes the session', async () => {
  const email = uniqueEmail('refresh')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const c = client()
  const ev = events(c)
  const first = (await c.auth.signInWithPassword({ email, password: 'pass-word-1' })).data.session

  const r1 = await c.auth.refreshSession()
  assert.equal(r1.error, null)
  assert.notEqual(r1.data.session.refresh_token, first.refresh_token)
  const r2 = await c.auth.refreshSession()
  assert.equal(r2.error, null)
  await sleep(50)
  assert.ok(ev.names().filter((e) => e === 'TOKEN_REFRESHED').length >= 2, ev.names().join(','))

  // Another tab still holding the first token, inside the interval: accepted.
  const tab = client()
  const inside = await tab.auth.refreshSession({ refresh_token: first.refresh_token })
  assert.equal(inside.error, null)
  assert.ok(inside.data.session.access_token)

  // Outside the interval, the second token (revoked, and not the parent of the
  // session's newest token) is a reuse: detected, and the whole session ends.
  await sleep((REUSE_INTERVAL_S + 1) * 1000)
  const late = client()
  const reused = await late.auth.refreshSession({ refresh_token: r1.data.session.refresh_token })
  assert.equal(reused.data.session, null)
  assert.equal(reused.error.code, 'refresh_token_already_used')
  assert.equal(reused.error.status, 400)

  // The newest token of the session is dead too, and so is the access token for /user.
  const after = await c.auth.refreshSession()
  assert.equal(after.error.code, 'refresh_token_not_found')
  const gu = await client().auth.getUser(r2.data.session.access_token)
  assert.equal(gu.error.name, 'AuthSessionMissingError') // 403 session_not_found
  ev.stop()
})

test('updateUser: metadata and password, with USER_UPDATED', async () => {
  const email = uniqueEmail('update')
  await createConfirmedUser(admin, email, 'pass-word-1', { first_name: 'Omar' })
  const c = client()
  await c.auth.signInWithPassword({ email, password: 'pass-word-1' })
  const ev = events(c)

  const { data, error } = await c.auth.updateUser({ data: { last_name: 'Benali', locale: 'ar' } })
  assert.equal(error, null)
  assert.equal(data.user.user_metadata.first_name, 'Omar')
  assert.equal(data.user.user_metadata.last_name, 'Benali')

  const same = await c.auth.updateUser({ password: 'pass-word-1' })
  assert.equal(same.error.code, 'same_password')
  const weak = await c.auth.updateUser({ password: '123' })
  assert.equal(weak.error.name, 'AuthWeakPasswordError')
  assert.deepEqual(weak.error.reasons, ['length'])
  assert.equal(weak.error.status, 422)

  assert.equal((await c.auth.updateUser({ password: 'pass-word-2' })).error, null)
  await sleep(50)
  assert.ok(ev.names().includes('USER_UPDATED'))
  assert.equal((await client().auth.signInWithPassword({ email, password: 'pass-word-1' })).error.code, 'invalid_credentials')
  assert.equal((await client().auth.signInWithPassword({ email, password: 'pass-word-2' })).error, null)
  ev.stop()
})

test('signOut with scope local, others and global', async () => {
  const email = uniqueEmail('signout')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const signedIn = async () => {
    const c = client()
    const { error } = await c.auth.signInWithPassword({ email, password: 'pass-word-1' })
    assert.equal(error, null)
    return c
  }
  const alive = async (c) => {
    const { data } = await c.auth.getSession()
    if (!data.session) return false
    const { error } = await client().auth.getUser(data.session.access_token)
    return error === null
  }

  const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()]
  const evA = events(a)
  assert.equal((await a.auth.signOut({ scope: 'local' })).error, null)
  await sleep(50)
  assert.ok(evA.names().includes('SIGNED_OUT'))
  assert.equal((await a.auth.getSession()).data.session, null)
  assert.equal(await alive(b), true)

  assert.equal((await b.auth.signOut({ scope: 'others' })).error, null)
  assert.equal(await alive(b), true)
  assert.equal(await alive(c), false, 'scope=others must end the other sessions')

  const d = await signedIn()
  assert.equal((await d.auth.signOut()).error, null) // global is the default
  const { data: sb } = await b.auth.getSession()
  const gu = await client().auth.getUser(sb.session.access_token)
  assert.equal(gu.error.name, 'AuthSessionMissingError')
  evA.stop()
})
