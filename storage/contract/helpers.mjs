// Shared set-up of the storage contract suite: clients for anon, service role
// and the fixture's users, built from the environment the test server exports.
import { createClient } from '@supabase/supabase-js'
import { createHmac, randomUUID } from 'node:crypto'

export const env = (name) => {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set (run through scripts/test.d/35-storage-contract.sh)`)
  return v
}

export const SUPABASE_URL = env('SUPABASE_URL')
export const ANON_KEY = env('ANON_KEY')
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY')
const JWT_SECRET = env('JWT_SECRET')

export const ADMIN_ID = '00000000-0000-4000-8000-00000000a001'
export const USER_ID = '00000000-0000-4000-8000-00000000b001'
export const OTHER_ID = '00000000-0000-4000-8000-00000000b002'

const b64url = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url')

// userToken mints the access token GoTrue would issue for sub.
export function userToken(sub) {
  const now = Math.floor(Date.now() / 1000)
  const head = b64url({ alg: 'HS256', typ: 'JWT' })
  const body = b64url({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, session_id: randomUUID() })
  const sig = createHmac('sha256', JWT_SECRET).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${sig}`
}

// Node 20 has no global WebSocket and supabase-js insists on one for realtime,
// which this suite never opens: a transport that refuses to be used.
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by the storage suite')
  }
}

const opts = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoWebSocket },
}

export const anon = () => createClient(SUPABASE_URL, ANON_KEY, opts)
export const service = () => createClient(SUPABASE_URL, SERVICE_ROLE_KEY, opts)
// asUser sends the user's token as the Authorization bearer, as a signed-in browser does.
export const asUser = (sub) =>
  createClient(SUPABASE_URL, ANON_KEY, { ...opts, global: { headers: { Authorization: `Bearer ${userToken(sub)}` } } })

// A tiny valid PNG (1x1) and a synthetic PNG of any size.
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export const unique = (p) => `${p}-${randomUUID().slice(0, 8)}`
