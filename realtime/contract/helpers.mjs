// Shared set-up of the realtime contract suite: supabase-js clients whose realtime
// runs over the `ws` package (Node 20 has no global WebSocket), tokens minted with
// JWT_SECRET, and helpers to subscribe and wait for events.
// (What the node suites have in common is in scripts/contract/common.mjs.)
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { randomUUID } from 'node:crypto'
import { suiteEnv, tokenMinter, noSession, bookingAcceptance } from '../../scripts/contract/common.mjs'

export { ADMIN_ID, USER_ID, OTHER_ID } from '../../scripts/contract/common.mjs'

export const env = suiteEnv('39-realtime-contract.sh')
export const SUPABASE_URL = env('SUPABASE_URL')
export const ANON_KEY = env('ANON_KEY')
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY')
export const CAR_ID = 9101

export const ACCEPTANCE = await bookingAcceptance(SUPABASE_URL, ANON_KEY)

// userToken mints the access token GoTrue would issue for sub, valid ttl seconds
// (negative: already expired), issued five minutes ago.
export const userToken = tokenMinter(env('JWT_SECRET'), 300)

const base = { auth: noSession }
const rtOpts = (vsn) => ({ transport: WebSocket, ...(vsn ? { vsn } : {}) })

const clients = []
function track(c) {
  clients.push(c)
  return c
}
// closeAll disconnects every client made so far (each test's after hook).
export async function closeAll() {
  for (const c of clients.splice(0)) await c.removeAllChannels().catch(() => {})
}

export const anon = (vsn) => track(createClient(SUPABASE_URL, ANON_KEY, { ...base, realtime: rtOpts(vsn) }))
export const service = () => track(createClient(SUPABASE_URL, SERVICE_ROLE_KEY, { ...base, realtime: rtOpts() }))
// asUser is a signed-in user's client: its token goes to REST and to realtime.
export const asUser = (sub, vsn, ttl) => {
  const token = userToken(sub, ttl)
  return track(createClient(SUPABASE_URL, ANON_KEY, { ...base, accessToken: async () => token, realtime: rtOpts(vsn) }))
}

// subscribe joins a channel listening to postgres_changes with spec; resolves once
// SUBSCRIBED, with the events received so far and to come.
export async function subscribe(client, spec, name = 'rt-' + randomUUID().slice(0, 8)) {
  const sub = { events: [], system: [], statuses: [], channel: null }
  // supabase-js hands a client's token to realtime asynchronously after createClient;
  // a channel joined in the same tick would join with the bare API key (as anon).
  await sleep(10)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), 10000)
    sub.channel = client
      .channel(name)
      .on('postgres_changes', spec, (p) => sub.events.push(p))
      .on('system', {}, (p) => sub.system.push(p))
      .subscribe((status, err) => {
        sub.statuses.push(status)
        if (status === 'SUBSCRIBED') {
          clearTimeout(timer)
          resolve(sub)
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          clearTimeout(timer)
          reject(err ?? new Error(status))
        }
      })
  })
}

// join resolves with a SUBSCRIBED channel built by setup(client.channel(name,
// opts)), for broadcast and presence (subscribe is the one for postgres_changes).
export async function join(client, name, opts, setup = (ch) => ch) {
  await sleep(10) // the client's token reaches realtime asynchronously (see subscribe)
  return new Promise((resolve, reject) => {
    const ch = setup(client.channel(name, opts))
    ch.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(ch)
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
    })
  })
}

// waitFor polls fn until it returns a truthy value (or throws after ms).
export async function waitFor(fn, ms = 8000, what = 'condition') {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// Booking dates that never overlap another booking of the suite (the car has one
// exclusion constraint on its holds): a day range per call, far in the future.
// (2031 + at most ~4 years: within the fixture's max_days_ahead.)
let slot = Math.floor(Math.random() * 300)
export function bookingFields() {
  const start = new Date(Date.UTC(2031, 0, 1) + slot * 5 * 86400000)
  slot += 1
  const end = new Date(start.getTime() + 2 * 86400000)
  const d = (x) => x.toISOString().slice(0, 10)
  return {
    car_id: CAR_ID,
    customer_name: 'Realtime ' + randomUUID().slice(0, 6),
    customer_email: 'rt@example.test',
    customer_phone: '+212600000000',
    ...ACCEPTANCE,
    start_date: d(start),
    end_date: d(end),
  }
}
