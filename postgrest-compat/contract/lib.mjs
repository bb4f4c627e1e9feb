// Shared setup of the REST contract suite: clients for anon, service_role and a
// signed-in user, built from the environment the test server prints
// (scripts/test-server.sh): SUPABASE_URL, ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET.
import { createClient } from '@supabase/supabase-js'
import { createHmac } from 'node:crypto'

export const SUPABASE_URL = need('SUPABASE_URL')
export const ANON_KEY = need('ANON_KEY')
export const SERVICE_ROLE_KEY = need('SERVICE_ROLE_KEY')
export const JWT_SECRET = need('JWT_SECRET')

export const ALICE = '00000000-0000-4000-8000-000000000001'
export const BOB = '00000000-0000-4000-8000-000000000002'

function need(name) {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set: run this suite through scripts/test.d/20-rest-contract.sh`)
  return v
}

// Realtime is not part of this suite; Node 20 has no WebSocket and supabase-js
// wants a constructor at creation time, so give it one that is never called.
class NoWebSocket { constructor() { throw new Error('realtime is not used by the REST suite') } }
const opts = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
}

export const anon = () => createClient(SUPABASE_URL, ANON_KEY, opts)
export const clientWith = (key, headers = {}) => createClient(SUPABASE_URL, key, { ...opts, global: { headers } })
export const service = () => createClient(SUPABASE_URL, SERVICE_ROLE_KEY, opts)

// asUser is a client whose requests carry a user's access token, as after sign-in.
export function asUser(sub, extra = {}) {
  const token = sign({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600, ...extra })
  return createClient(SUPABASE_URL, ANON_KEY, { ...opts, global: { headers: { Authorization: `Bearer ${token}` } } })
}

export function sign(claims, secret = JWT_SECRET) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const head = b64({ alg: 'HS256', typ: 'JWT' })
  const body = b64(claims)
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${sig}`
}

// reset restores the fixture data (pc_reset is executable by service_role only).
export async function reset() {
  const { error } = await service().rpc('pc_reset')
  if (error) throw new Error(`pc_reset: ${JSON.stringify(error)}`)
}

// raw fetches /rest/v1 directly, for what supabase-js hides (headers, HEAD).
export async function raw(path, init = {}) {
  const headers = { apikey: ANON_KEY, ...(init.headers || {}) }
  return fetch(`${SUPABASE_URL}/rest/v1${path}`, { ...init, headers })
}
