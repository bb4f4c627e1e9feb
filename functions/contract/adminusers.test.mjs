// admin-users through functions.invoke: only administrators, the caller's
// session untouched, the last administrator kept.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { client, SERVICE_ROLE_KEY } from './helpers.mjs'

const stamp = Date.now()
const service = client(SERVICE_ROLE_KEY)

async function account(email, password) {
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true })
  assert.equal(error, null)
  return data.user.id
}

async function signedIn(email, password) {
  const c = client()
  const { error } = await c.auth.signInWithPassword({ email, password })
  assert.equal(error, null)
  return c
}

test('administrators manage administrators; others are refused', async () => {
  // The first administrator is promoted with the service_role key (ops). Promotion
  // takes the account over: the form's password replaces whatever it had.
  const bossEmail = `boss-${stamp}@example.com`
  await account(bossEmail, 'set-up-before-1')
  const promoted = await service.functions.invoke('admin-users', {
    body: { action: 'create', email: bossEmail, password: 'boss-password-12', firstName: 'Boss', lastName: 'One' },
  })
  assert.equal(promoted.error, null)
  assert.equal(promoted.data.promoted, true)
  assert.equal(promoted.data.message, 'Utilisateur existant promu administrateur')
  const old = await client().auth.signInWithPassword({ email: bossEmail, password: 'set-up-before-1' })
  assert.notEqual(old.error, null, 'the password the account had before its promotion still opens it')

  const boss = await signedIn(bossEmail, 'boss-password-12')
  const before = (await boss.auth.getSession()).data.session

  const created = await boss.functions.invoke('admin-users', {
    body: { action: 'create', email: `second-${stamp}@example.com`, password: 'second-password', firstName: 'Second', lastName: 'Admin' },
  })
  assert.equal(created.error, null)
  assert.equal(created.data.created, true)
  assert.equal(created.data.user.role, 'admin')

  // The caller is still signed in as themself, with the same tokens.
  const after = (await boss.auth.getSession()).data.session
  assert.equal(after.user.id, before.user.id)
  assert.equal(after.access_token, before.access_token)
  const { data: me, error: meError } = await boss.auth.getUser()
  assert.equal(meError, null)
  assert.equal(me.user.email, bossEmail)

  const list = await boss.functions.invoke('admin-users', { body: { action: 'list' } })
  assert.ok(list.data.admins.some((a) => a.email === `second-${stamp}@example.com`))

  // Validation messages are the back office's.
  const invalid = await boss.functions.invoke('admin-users', { body: { action: 'create', email: 'x@example.com', password: '123', firstName: 'X', lastName: 'Y' } })
  assert.ok(invalid.error instanceof FunctionsHttpError)
  assert.equal((await invalid.error.context.json()).error, 'Minimum 12 caractères')

  // Nobody removes themself.
  const self = await boss.functions.invoke('admin-users', { body: { action: 'revoke', userId: before.user.id } })
  assert.ok(self.error instanceof FunctionsHttpError)
  assert.equal(self.error.context.status, 409)
  assert.equal((await self.error.context.json()).code, 'cannot_remove_self')

  // A signed-in non-administrator is refused.
  const userEmail = `user-${stamp}@example.com`
  await account(userEmail, 'user-password')
  const user = await signedIn(userEmail, 'user-password')
  const refused = await user.functions.invoke('admin-users', { body: { action: 'list' } })
  assert.ok(refused.error instanceof FunctionsHttpError)
  assert.equal(refused.error.context.status, 403)
  assert.equal((await refused.error.context.json()).error, 'Accès refusé : droits administrateur requis')

  // Signed out (anon key as the bearer): refused too.
  const anon = await client().functions.invoke('admin-users', { body: { action: 'list' } })
  assert.equal(anon.error.context.status, 401)

  // Delete the second administrator, then the last one cannot be removed.
  const del = await boss.functions.invoke('admin-users', { body: { action: 'delete', userId: created.data.user.id } })
  assert.equal(del.error, null)
  const admins = (await boss.functions.invoke('admin-users', { body: { action: 'list' } })).data.admins
  for (const a of admins.filter((a) => a.id !== before.user.id)) {
    const r = await boss.functions.invoke('admin-users', { body: { action: 'revoke', userId: a.id } })
    assert.equal(r.error, null)
  }
  const last = await service.functions.invoke('admin-users', { body: { action: 'delete', userId: before.user.id } })
  assert.equal(last.error.context.status, 409)
  assert.equal((await last.error.context.json()).code, 'last_admin')
})
