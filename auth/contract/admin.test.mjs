// Every auth.admin method the server serves, with the service_role key.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  client, adminClient, uniqueEmail, waitForEmail, linkIn, sessionFromLink, SUPABASE_URL,
} from './lib.mjs'

const admin = adminClient()

test('createUser, getUserById, listUsers, updateUserById, deleteUser', async () => {
  const email = uniqueEmail('adm')
  const created = await admin.auth.admin.createUser({
    email, password: 'pass-word-1', email_confirm: true,
    user_metadata: { first_name: 'Rania' }, app_metadata: { team: 'desk' },
  })
  assert.equal(created.error, null)
  const id = created.data.user.id
  assert.equal(created.data.user.app_metadata.team, 'desk')
  assert.ok(created.data.user.email_confirmed_at)

  const dup = await admin.auth.admin.createUser({ email, password: 'pass-word-1' })
  assert.equal(dup.error.code, 'email_exists')

  const got = await admin.auth.admin.getUserById(id)
  assert.equal(got.data.user.email, email)

  const list = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
  assert.equal(list.error, null)
  assert.ok(list.data.users.length >= 1 && list.data.users.length <= 2)
  assert.ok(list.data.total >= 1)

  const upd = await admin.auth.admin.updateUserById(id, { user_metadata: { last_name: 'Haddad' }, ban_duration: '1h' })
  assert.equal(upd.error, null)
  assert.equal(upd.data.user.user_metadata.first_name, 'Rania')
  assert.ok(upd.data.user.banned_until)
  assert.equal((await client().auth.signInWithPassword({ email, password: 'pass-word-1' })).error.code, 'user_banned')
  assert.equal((await admin.auth.admin.updateUserById(id, { ban_duration: 'none' })).error, null)
  assert.equal((await client().auth.signInWithPassword({ email, password: 'pass-word-1' })).error, null)

  assert.equal((await admin.auth.admin.deleteUser(id)).error, null)
  const gone = await admin.auth.admin.getUserById(id)
  assert.equal(gone.error.status, 404)
  assert.equal(gone.error.code, 'user_not_found')

  const soft = await admin.auth.admin.createUser({ email: uniqueEmail('soft'), password: 'pass-word-1' })
  assert.equal((await admin.auth.admin.deleteUser(soft.data.user.id, true)).error, null)
  assert.equal((await admin.auth.admin.getUserById(soft.data.user.id)).error.code, 'user_not_found')
})

test('the admin API refuses the anon key and user tokens', async () => {
  const anonAdmin = client().auth.admin
  const r = await anonAdmin.listUsers()
  assert.equal(r.error.status, 403)
  assert.equal(r.error.code, 'not_admin')
})

test('inviteUserByEmail: the invited user follows the link and sets a password', async () => {
  const email = uniqueEmail('invite')
  const { data, error } = await admin.auth.admin.inviteUserByEmail(email, { data: { first_name: 'Karim', locale: 'ar' }, redirectTo: `${SUPABASE_URL}/set-password` })
  assert.equal(error, null)
  assert.ok(data.user.invited_at)
  const msg = await waitForEmail(email)
  assert.match(msg.html, /dir="rtl"/)
  const c = client()
  const { fragment } = await sessionFromLink(c, linkIn(msg))
  assert.equal(fragment.type, 'invite')
  assert.equal((await c.auth.updateUser({ password: 'chosen-pass' })).error, null)
  assert.equal((await client().auth.signInWithPassword({ email, password: 'chosen-pass' })).error, null)
})

test('generateLink for signup, magiclink, recovery, invite and email change, verified by token_hash', async () => {
  const email = uniqueEmail('gen')
  const signup = await admin.auth.admin.generateLink({ type: 'signup', email, password: 'pass-word-1' })
  assert.equal(signup.error, null)
  assert.equal(signup.data.user.email, email)
  const p = signup.data.properties
  assert.equal(p.verification_type, 'signup')
  assert.match(p.action_link, /\/auth\/v1\/verify\?/)
  assert.match(p.email_otp, /^\d{6}$/)
  const c = client()
  const v = await c.auth.verifyOtp({ token_hash: p.hashed_token, type: 'signup' })
  assert.equal(v.error, null)
  assert.ok(v.data.user.email_confirmed_at)

  for (const type of ['magiclink', 'recovery']) {
    const g = await admin.auth.admin.generateLink({ type, email })
    assert.equal(g.error, null)
    assert.equal(g.data.properties.verification_type, type)
    const s = await client().auth.verifyOtp({ token_hash: g.data.properties.hashed_token, type })
    assert.equal(s.error, null, type)
    assert.equal(s.data.session.user.email, email)
  }

  const inv = await admin.auth.admin.generateLink({ type: 'invite', email: uniqueEmail('gen-invite') })
  assert.equal(inv.error, null)
  assert.equal((await client().auth.verifyOtp({ token_hash: inv.data.properties.hashed_token, type: 'invite' })).error, null)

  const next = uniqueEmail('gen-new')
  const ch = await admin.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: next })
  assert.equal(ch.error, null)
  const s = await client().auth.verifyOtp({ token_hash: ch.data.properties.hashed_token, type: 'email_change' })
  assert.equal(s.error, null)
  assert.equal(s.data.user.email, next)
})
