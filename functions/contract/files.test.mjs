// TypeScript functions as files (functions/testdata/functions, run by Deno) as
// functions-js and a browser's fetch see them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { client, SUPABASE_URL, ANON_KEY, SERVICE_ROLE_KEY } from './helpers.mjs'

async function signedIn(label) {
  const c = client()
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@files.test`
  const { data, error } = await c.auth.signUp({ email, password: 'a long enough password 1' })
  assert.equal(error, null)
  assert.ok(data.session, 'MAILER_AUTOCONFIRM gives a session')
  return { c, id: data.user.id }
}

test('a function queries with the caller\'s Authorization and gets the rows RLS allows', async () => {
  const alice = await signedIn('alice')
  const bob = await signedIn('bob')
  const { error } = await client(SERVICE_ROLE_KEY).from('fn_notes').insert([
    { owner: alice.id, body: 'alice note' },
    { owner: bob.id, body: 'bob note' },
  ])
  assert.equal(error, null)
  const a = await alice.c.functions.invoke('notes', { method: 'GET' })
  assert.equal(a.error, null)
  assert.deepEqual(a.data, [{ body: 'alice note' }])
  const b = await bob.c.functions.invoke('notes', { method: 'GET' })
  assert.deepEqual(b.data, [{ body: 'bob note' }])
})

test('invoke sends the body and the function reads its secret', async () => {
  const { data, error } = await client().functions.invoke('hello/sub?x=1', { body: { a: 1 }, headers: { 'x-test': 'yes' } })
  assert.equal(error, null)
  assert.equal(data.method, 'POST')
  assert.equal(data.path, '/hello/sub')
  assert.equal(data.body, '{"a":1}')
  assert.equal(data.header, 'yes')
  assert.equal(data.greeting, 'hello from .env')
})

test('verify_jwt = false in config.toml: callable without a token', async () => {
  const res = await fetch(`${SUPABASE_URL}/functions/v1/public`)
  assert.equal(res.status, 200)
  assert.deepEqual(await res.json(), { public: true })
  const guarded = await fetch(`${SUPABASE_URL}/functions/v1/hello`)
  assert.equal(guarded.status, 401)
})

test('server-sent events arrive as they are sent', async () => {
  const res = await fetch(`${SUPABASE_URL}/functions/v1/events`, { headers: { Authorization: `Bearer ${ANON_KEY}` } })
  assert.equal(res.headers.get('content-type'), 'text/event-stream')
  const reader = res.body.getReader()
  const first = new TextDecoder().decode((await reader.read()).value)
  assert.equal(first, 'data: first\n\n')
  await fetch(`${SUPABASE_URL}/functions/v1/events/release`, { method: 'POST' })
  let rest = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    rest += new TextDecoder().decode(value)
  }
  assert.equal(rest, 'data: second\n\n')
})

test('the function answers its own CORS preflight', async () => {
  const res = await fetch(`${SUPABASE_URL}/functions/v1/cors`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-custom' },
  })
  assert.equal(res.status, 200)
  assert.equal(res.headers.get('x-preflight'), 'function')
  assert.equal(res.headers.get('access-control-allow-origin'), '*')
  const { data, error } = await client().functions.invoke('cors', { body: {} })
  assert.equal(error, null)
  assert.deepEqual(data, { ok: true })
})

test('an exception at import is a FunctionsHttpError 500', async () => {
  const { error } = await client().functions.invoke('broken', { body: {} })
  assert.ok(error instanceof FunctionsHttpError, `got ${error?.name}`)
  assert.equal(error.context.status, 500)
})
