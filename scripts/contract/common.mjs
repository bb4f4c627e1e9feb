// What the node contract suites (storage, realtime, functions) share: the
// environment scripts/test-server.sh exports, the users of users.sql, access
// tokens minted as GoTrue would, and what a visitor's booking must accept. Node
// built-ins only: each suite's own packages (supabase-js, ws) stay in its
// directory, next to its helpers.mjs.
import { createHmac } from 'node:crypto'

// suiteEnv returns env(name, fallback) for a suite run through
// scripts/test.d/<script>: a variable's value, the fallback, or a clear error.
export const suiteEnv = (script) => (name, fallback) => {
  const v = process.env[name] ?? fallback
  if (!v) throw new Error(`${name} is not set (run through scripts/test.d/${script})`)
  return v
}

// The users of scripts/contract/users.sql (an administrator and two users).
export const ADMIN_ID = '00000000-0000-4000-8000-00000000a001'
export const USER_ID = '00000000-0000-4000-8000-00000000b001'
export const OTHER_ID = '00000000-0000-4000-8000-00000000b002'

// The options of a client that keeps no session of its own.
export const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

// bookingAcceptance is what a visitor's booking carries once step 4's boxes are
// ticked: the rental terms' current version, read from the server at supabaseUrl
// (the database refuses a visitor's booking without it), and the driver's
// confirmation of the car's minimums.
export async function bookingAcceptance(supabaseUrl, anonKey) {
  const rules = await fetch(`${supabaseUrl}/rest/v1/rental_rules?select=terms_version`, { headers: { apikey: anonKey } })
  if (!rules.ok) throw new Error(`rental_rules: ${rules.status} ${await rules.text()}`)
  return { terms_version: (await rules.json())[0].terms_version, driver_requirements_confirmed: true }
}

// Node 20 has no global WebSocket and supabase-js insists on one for realtime:
// a transport that refuses to be used, for the suites that never open it.
export const noWebSocket = (suite) =>
  class NoWebSocket {
    constructor() {
      throw new Error(`realtime is not used by the ${suite} suite`)
    }
  }

const b64url = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url')

// tokenMinter returns userToken(sub, ttl = 3600): the access token GoTrue would
// issue for sub, signed with secret, valid ttl seconds from now (negative:
// already expired), issued issuedAgo seconds ago. It names no session: made with
// the JWT secret, it has none (a token naming a session holds only while that
// session lives, so is_admin() would refuse a made-up one).
export const tokenMinter =
  (secret, issuedAgo = 0) =>
  (sub, ttl = 3600) => {
    const now = Math.floor(Date.now() / 1000)
    const head = b64url({ alg: 'HS256', typ: 'JWT' })
    const body = b64url({ sub, role: 'authenticated', aud: 'authenticated', iat: now - issuedAgo, exp: now + ttl })
    const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
    return `${head}.${body}.${sig}`
  }
