// signUp with MAILER_AUTOCONFIRM=true: a session at once, and no enumeration
// protection for a taken address (GoTrue answers user_already_exists).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { client, uniqueEmail, needsSetting, events, sleep, emailCount } from './lib.mjs'

needsSetting('mailer_autoconfirm', true)

test('signUp returns a session and fires SIGNED_IN', async () => {
  const email = uniqueEmail('auto')
  const c = client()
  const ev = events(c)
  const { data, error } = await c.auth.signUp({ email, password: 'pass-word-1', options: { data: { first_name: 'Adam' } } })
  assert.equal(error, null)
  assert.ok(data.session?.access_token)
  assert.equal(data.user.user_metadata.first_name, 'Adam')
  assert.ok(data.user.email_confirmed_at)
  await sleep(50)
  assert.ok(ev.names().includes('SIGNED_IN'))
  assert.equal((await c.auth.getUser()).data.user.id, data.user.id)
  assert.equal(await emailCount(email), 0)

  const dup = await client().auth.signUp({ email, password: 'pass-word-2' })
  assert.equal(dup.error.code, 'user_already_exists')
  assert.equal(dup.error.status, 422)

  const weak = await client().auth.signUp({ email: uniqueEmail('weak'), password: '123' })
  assert.equal(weak.error.name, 'AuthWeakPasswordError')
  ev.stop()
})
