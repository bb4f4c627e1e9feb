// Asymmetric signing keys, against a server started with
// JWT_KEYS from jwtkeys.mjs: the current ES256 key signs; "previous" (RS256) was
// retired now and still verifies; "expired" was retired two days ago, past its
// grace. Checks jwks.json, supabase-js getClaims() verifying locally (no /user
// call), and the four surfaces accepting or refusing the tokens.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { createPrivateKey, sign } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_URL, ANON_KEY, env, memoryStorage, randomIP, uniqueEmail, adminClient, createConfirmedUser } from './lib.mjs'

const KEYS = JSON.parse(env('JWT_KEYS'))
const key = (kid) => KEYS.find((k) => k.kid === kid)

class NoWebSocket { constructor() { throw new Error('realtime is not used by the auth suite') } }

// A client whose requests are recorded, to see which endpoints getClaims calls.
function recordingClient() {
  const calls = []
  const c = createClient(SUPABASE_URL, ANON_KEY, {
    auth: { storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      headers: { 'X-Forwarded-For': randomIP() },
      fetch: (url, init) => { calls.push(new URL(url).pathname); return fetch(url, init) },
    },
    realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
  })
  return { c, calls }
}

const b64url = (buf) => Buffer.from(buf).toString('base64url')
const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString())

// signAs signs claims with one of the JWT_KEYS keys, as the server did while it signed.
function signAs(kid, claims) {
  const jwk = key(kid)
  const head = b64url(JSON.stringify({ alg: jwk.alg, kid, typ: 'JWT' }))
  const body = b64url(JSON.stringify(claims))
  const priv = createPrivateKey({ key: jwk, format: 'jwk' })
  const sig = jwk.alg === 'ES256'
    ? sign('sha256', Buffer.from(`${head}.${body}`), { key: priv, dsaEncoding: 'ieee-p1363' })
    : sign('sha256', Buffer.from(`${head}.${body}`), priv)
  return `${head}.${body}.${b64url(sig)}`
}

let email, session
const password = 'pass-word-keys-1'

before(async () => {
  email = uniqueEmail('keys')
  const user = await createConfirmedUser(adminClient(), email, password)
  const { c } = recordingClient()
  const { data, error } = await c.auth.signInWithPassword({ email, password })
  assert.equal(error, null)
  session = data.session
  assert.equal(session.user.id, user.id)
})

test('jwks.json publishes the public halves of the current and the previous key, not the expired one', async () => {
  const res = await fetch(`${SUPABASE_URL}/auth/v1/.well-known/jwks.json`)
  assert.equal(res.status, 200)
  const { keys } = await res.json()
  assert.deepEqual(keys.map((k) => k.kid).sort(), ['current', 'previous'])
  for (const k of keys) {
    assert.equal(k.use, 'sig')
    assert.deepEqual(k.key_ops, ['verify'])
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) assert.equal(k[secret], undefined, `${k.kid} publishes ${secret}`)
  }
  assert.equal(keys.find((k) => k.kid === 'current').alg, 'ES256')
  assert.equal(keys.find((k) => k.kid === 'previous').alg, 'RS256')
})

test('sessions are signed by the current key, named by kid', () => {
  const header = decode(session.access_token.split('.')[0])
  assert.deepEqual(header, { alg: 'ES256', kid: 'current', typ: 'JWT' })
})

test('getClaims() verifies locally with jwks.json and never calls /user', async () => {
  const { c, calls } = recordingClient()
  assert.equal((await c.auth.signInWithPassword({ email, password })).error, null)
  calls.length = 0
  const { data, error } = await c.auth.getClaims()
  assert.equal(error, null)
  assert.equal(data.claims.email, email)
  assert.equal(data.claims.role, 'authenticated')
  assert.equal(data.header.kid, 'current')
  const again = await c.auth.getClaims()
  assert.equal(again.error, null)
  assert.deepEqual(calls, ['/auth/v1/.well-known/jwks.json'], `requests: ${calls}`)

  // A token of the previous key verifies locally too (RS256, published key).
  calls.length = 0
  const prev = await c.auth.getClaims(signAs('previous', decode(session.access_token.split('.')[1])))
  assert.equal(prev.error, null)
  assert.equal(prev.data.header.kid, 'previous')
  assert.ok(!calls.includes('/auth/v1/user'), `requests: ${calls}`)

  // A forged signature fails locally.
  const [h, p] = session.access_token.split('.')
  const forged = `${h}.${b64url(JSON.stringify({ ...decode(p), role: 'service_role' }))}.${session.access_token.split('.')[2]}`
  const bad = await c.auth.getClaims(forged)
  assert.ok(bad.error, 'forged token accepted')
})

// surfaces answers whether each surface accepted token as the signed-in user.
async function surfaces(token) {
  const c = createClient(SUPABASE_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomIP() } },
    realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
  })
  const rest = await c.from('profiles').select('id').eq('id', session.user.id)
  const storage = await c.storage.listBuckets()
  const fn = await c.functions.invoke('paypal-config', { method: 'GET' })
  const user = await c.auth.getUser(token)
  return {
    rest: rest.error === null && rest.data.length === 1 && rest.data[0].id === session.user.id,
    storage: storage.error === null && Array.isArray(storage.data),
    functions: fn.error === null && typeof fn.data.enabled === 'boolean',
    auth: user.error === null && user.data.user.id === session.user.id,
  }
}

const all = (v) => ({ rest: v, storage: v, functions: v, auth: v })

test('a token of the current key is accepted by /rest/v1, /storage/v1, /functions/v1 and /auth/v1/user', async () => {
  assert.equal(decode(session.access_token.split('.')[0]).kid, 'current')
  assert.deepEqual(await surfaces(session.access_token), all(true))
})

test('a token of the previous key, within its grace, is accepted everywhere', async () => {
  assert.deepEqual(await surfaces(signAs('previous', decode(session.access_token.split('.')[1]))), all(true))
})

test('a token of a key retired past its grace is refused everywhere', async () => {
  const tok = signAs('expired', decode(session.access_token.split('.')[1]))
  assert.deepEqual(await surfaces(tok), all(false))
  const res = await fetch(`${SUPABASE_URL}/rest/v1/profiles?select=id`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${tok}` } })
  assert.equal(res.status, 401)
  const { c, calls } = recordingClient()
  const { error } = await c.auth.getClaims(tok) // not published: auth-js asks /user, which refuses
  assert.ok(error)
  assert.ok(calls.includes('/auth/v1/user'))
})

test('alg confusion: HS256 signed with the published key, and alg none, are refused', async () => {
  const { createHmac } = await import('node:crypto')
  const pub = (await (await fetch(`${SUPABASE_URL}/auth/v1/.well-known/jwks.json`)).json()).keys.find((k) => k.kid === 'current')
  const body = b64url(JSON.stringify(decode(session.access_token.split('.')[1])))
  for (const secret of [JSON.stringify(pub), pub.x]) {
    const head = b64url(JSON.stringify({ alg: 'HS256', kid: 'current', typ: 'JWT' }))
    const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest()
    assert.deepEqual(await surfaces(`${head}.${body}.${b64url(sig)}`), all(false))
  }
  const none = `${b64url(JSON.stringify({ alg: 'none', kid: 'current', typ: 'JWT' }))}.${body}.`
  assert.deepEqual(await surfaces(none), all(false))
})

test('the legacy HS256 anon key keeps working next to the keys', async () => {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/cars?select=id&limit=1`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } })
  assert.equal(res.status, 200)
  assert.equal(decode(ANON_KEY.split('.')[0]).alg, 'HS256')
})
