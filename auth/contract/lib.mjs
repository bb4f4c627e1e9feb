// Shared helpers of the auth contract suite: an unchanged supabase-js v2 client
// against the running server, and the SMTP sink's JSON view for the emails.
//
// Environment: SUPABASE_URL, ANON_KEY, SERVICE_ROLE_KEY, SMTP_SINK_URL (the
// smtp-sink command's HTTP address), optional RATE_LIMIT_OTP (the server's value)
// and SECURITY_REFRESH_TOKEN_REUSE_INTERVAL (seconds, the server's value).
import { createClient } from '@supabase/supabase-js'
import { randomBytes, randomInt } from 'node:crypto'
import assert from 'node:assert/strict'
import { before } from 'node:test'

export const env = (name, fallback) => {
  const v = process.env[name] ?? fallback
  if (v === undefined) throw new Error(`${name} must be set (see scripts/test.d/30-auth-contract.sh)`)
  return v
}

export const SUPABASE_URL = env('SUPABASE_URL')
export const ANON_KEY = env('ANON_KEY')
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY')
export const SINK = env('SMTP_SINK_URL')
export const REUSE_INTERVAL_S = Number(env('SECURITY_REFRESH_TOKEN_REUSE_INTERVAL', '10'))

// Each client gets its own pretend address in the header the server trusts
// (RATE_LIMIT_HEADER=X-Forwarded-For in the test server), so tests do not share
// rate-limit buckets unless they mean to.
export const randomIP = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

// memoryStorage is what localStorage is in a browser.
export function memoryStorage() {
  const m = new Map()
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => { m.set(k, v) },
    removeItem: (k) => { m.delete(k) },
    map: m,
  }
}

// Realtime is not part of this suite; Node 20 has no WebSocket, and supabase-js
// wants a constructor at creation time, so give it one that is never called.
class NoWebSocket { constructor() { throw new Error('realtime is not used by the auth suite') } }
const realtime = { transport: globalThis.WebSocket ?? NoWebSocket }

export function client({ ip = randomIP(), storage = memoryStorage() } = {}) {
  const c = createClient(SUPABASE_URL, ANON_KEY, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': ip } },
    realtime,
  })
  c.storage_ = storage
  return c
}

export function adminClient() {
  return createClient(SUPABASE_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': randomIP() } },
    realtime,
  })
}

// clientWith is a client whose every request carries these headers (a bearer of
// the test's choosing, say) and no session of its own.
export function clientWith(headers) {
  return createClient(SUPABASE_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': randomIP(), ...headers } },
    realtime,
  })
}

export const uniqueEmail = (tag) => `${tag}-${randomBytes(5).toString('hex')}@example.test`

// events records onAuthStateChange's events of a client.
export function events(c) {
  const seen = []
  const { data } = c.auth.onAuthStateChange((event, session) => { seen.push({ event, session }) })
  return { seen, names: () => seen.map((e) => e.event), stop: () => data.subscription.unsubscribe() }
}

// settings of the running server (GET /auth/v1/settings).
export async function settings() {
  const res = await fetch(`${SUPABASE_URL}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })
  assert.equal(res.status, 200)
  return res.json()
}

// needsSetting makes the calling file fail at once unless the server runs with
// the setting (a key of /settings) it was written for.
export function needsSetting(key, value) {
  before(async () => {
    const s = await settings()
    assert.equal(s[key], value, `this file needs a server started with ${key.toUpperCase()}=${value}`)
  })
}

// waitForEmail returns the n-th message received by `to` (1-based).
export async function waitForEmail(to, n = 1) {
  const res = await fetch(`${SINK}/messages?to=${encodeURIComponent(to)}&wait=${n}`)
  const body = await res.json()
  assert.equal(res.status, 200, `expected ${n} email(s) for ${to}: ${JSON.stringify(body)}`)
  return body[n - 1]
}

export async function emailCount(to) {
  const res = await fetch(`${SINK}/messages?to=${encodeURIComponent(to)}`)
  return (await res.json()).length
}

// linkIn extracts the verify link of an email's text part.
export function linkIn(message) {
  const m = message.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)
  assert.ok(m, `no verify link in: ${message.text}`)
  return new URL(m[0])
}

export function codeIn(message) {
  const m = message.text.match(/\b(\d{6})\b/)
  assert.ok(m, `no code in: ${message.text}`)
  return m[1]
}

// follow opens an email link as a browser would and returns where it redirects,
// with the fragment parsed (what auth-js's detectSessionInUrl reads).
export async function follow(link) {
  const res = await fetch(link, { redirect: 'manual' })
  assert.equal(res.status, 303, `verify answered ${res.status}`)
  const to = new URL(res.headers.get('location'))
  return { url: to, fragment: Object.fromEntries(new URLSearchParams(to.hash.slice(1))) }
}

// sessionFromLink follows a link and installs its session in c, as detectSessionInUrl does.
export async function sessionFromLink(c, link) {
  const { fragment } = await follow(link)
  assert.ok(fragment.access_token && fragment.refresh_token && fragment.expires_in && fragment.token_type,
    `no session in redirect: ${JSON.stringify(fragment)}`)
  const { data, error } = await c.auth.setSession({ access_token: fragment.access_token, refresh_token: fragment.refresh_token })
  assert.equal(error, null)
  return { fragment, session: data.session }
}

export async function createConfirmedUser(admin, email, password, meta = {}) {
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: meta })
  assert.equal(error, null, error?.message)
  return data.user
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
