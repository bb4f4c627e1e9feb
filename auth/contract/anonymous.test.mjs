// Anonymous sign-ins (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED=true): a guest with
// is_anonymous in auth.users and in its JWT, told apart by RLS (the guest_notes
// table of anonymous-fixture.sql), who keeps its id and rows when it confirms an
// address with updateUser({ email }).
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { client, uniqueEmail, settings, waitForEmail, linkIn, sessionFromLink } from './lib.mjs'

before(async () => {
  const s = await settings()
  assert.equal(s.external.anonymous_users, true, 'this file needs a server started with EXTERNAL_ANONYMOUS_USERS_ENABLED=true')
})

const jwtClaims = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())

test('signInAnonymously gives a guest session with is_anonymous', async () => {
  const c = client()
  const { data, error } = await c.auth.signInAnonymously({ options: { data: { locale: 'fr' } } })
  assert.equal(error, null)
  assert.equal(data.user.is_anonymous, true)
  assert.equal(data.user.email, '')
  assert.deepEqual(data.user.identities, [])
  assert.equal(data.user.app_metadata.provider, 'anonymous')
  assert.equal(data.user.user_metadata.locale, 'fr')
  const claims = jwtClaims(data.session.access_token)
  assert.equal(claims.is_anonymous, true)
  assert.equal(claims.role, 'authenticated')
  assert.equal(claims.amr[0].method, 'anonymous')
  assert.equal((await c.auth.getUser()).data.user.id, data.user.id)
  const r = await c.auth.refreshSession()
  assert.equal(r.error, null)
  assert.equal(jwtClaims(r.data.session.access_token).is_anonymous, true)
})

test('an RLS policy on is_anonymous tells a guest from a member; a converted guest keeps its id and rows', async () => {
  const c = client()
  const { data } = await c.auth.signInAnonymously()
  const id = data.user.id
  assert.equal((await c.from('guest_notes').insert({ body: 'hi' })).error, null)
  const long = await c.from('guest_notes').insert({ body: 'a longer note' })
  assert.equal(long.error?.code, '42501', JSON.stringify(long))

  const email = uniqueEmail('guest')
  const up = await c.auth.updateUser({ email })
  assert.equal(up.error, null)
  assert.equal(up.data.user.is_anonymous, true, 'still a guest until the address is confirmed')
  assert.equal(up.data.user.new_email, email)
  await sessionFromLink(c, linkIn(await waitForEmail(email)))

  const { data: u } = await c.auth.getUser()
  assert.equal(u.user.id, id)
  assert.equal(u.user.is_anonymous, false)
  assert.equal(u.user.email, email)
  assert.deepEqual(u.user.identities.map((i) => i.provider), ['email'])
  const { data: s } = await c.auth.getSession()
  assert.equal(jwtClaims(s.session.access_token).is_anonymous, false)
  assert.equal((await c.from('guest_notes').insert({ body: 'a longer note' })).error, null)
  const rows = await c.from('guest_notes').select('body').order('id')
  assert.deepEqual(rows.data, [{ body: 'hi' }, { body: 'a longer note' }])

  // A member now: a password set later signs it in like anyone.
  assert.equal((await c.auth.updateUser({ password: 'pass-word-1' })).error, null)
  const again = await client().auth.signInWithPassword({ email, password: 'pass-word-1' })
  assert.equal(again.error, null)
  assert.equal(again.data.user.id, id)
})
