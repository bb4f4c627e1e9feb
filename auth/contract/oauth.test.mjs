// Sign-in with OAuth through a real OpenID Connect provider: Dex (scripts/dex.sh),
// its own login page posted to as a browser would, as the "keycloak" provider
// and the generic "oidc" one (both found by discovery from the issuer), in the
// PKCE and implicit flows; then linkIdentity / unlinkIdentity / getUserIdentities.
// Needs a server started with EXTERNAL_KEYCLOAK_* and EXTERNAL_OIDC_* pointing
// at Dex and SECURITY_MANUAL_LINKING_ENABLED=true (30-auth-contract.sh).
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_URL, ANON_KEY, env, settings, memoryStorage, randomIP, uniqueEmail } from './lib.mjs'

const ISSUER = env('DEX_ISSUER')
const DEX_USER = env('DEX_USER_EMAIL')
const DEX_OTHER = env('DEX_OTHER_EMAIL')
const DEX_PASSWORD = env('DEX_USER_PASSWORD')
const BACK = `${SUPABASE_URL}/welcome`

before(async () => {
  const s = await settings()
  assert.equal(s.external.keycloak, true, 'this file needs EXTERNAL_KEYCLOAK_ENABLED=true')
  assert.equal(s.external.oidc, true, 'this file needs EXTERNAL_OIDC_ENABLED=true')
})

class NoWebSocket { constructor() { throw new Error('realtime is not used') } }
const oauthClient = (flowType) => createClient(SUPABASE_URL, ANON_KEY, {
  auth: { storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, flowType },
  global: { headers: { 'X-Forwarded-For': randomIP() } },
  realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
})

// loginThroughDex opens url as a browser would (following redirects by hand),
// fills in Dex's login form and returns the address the browser ends at.
async function loginThroughDex(url, email) {
  let at = new URL(url)
  let res
  for (let i = 0; i < 10; i++) {
    res = await fetch(at, { redirect: 'manual' })
    if (res.status < 300 || res.status >= 400) break
    at = new URL(res.headers.get('location'), at)
  }
  assert.equal(res.status, 200, `expected Dex's login page at ${at}`)
  assert.ok(at.href.startsWith(ISSUER), `not Dex: ${at}`)
  const html = await res.text()
  const action = html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"/i) ?? html.match(/<form[^>]*action="([^"]+)"[^>]*method="post"/i)
  assert.ok(action, 'no login form on the page')
  at = new URL(action[1].replaceAll('&amp;', '&'), at)
  res = await fetch(at, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: email, password: DEX_PASSWORD }),
  })
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    at = new URL(res.headers.get('location'), at)
    if (at.href.startsWith(BACK)) return at
    res = await fetch(at, { redirect: 'manual' })
  }
  assert.fail(`the flow did not come back to ${BACK}: ${res.status} at ${at} ${await res.text()}`)
}

let dexUserID // the user the Dex user became

test('keycloak, PKCE: Dex login page → ?code= → exchangeCodeForSession', async () => {
  const c = oauthClient('pkce')
  const { data, error } = await c.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: BACK, skipBrowserRedirect: true, scopes: 'offline_access' } })
  assert.equal(error, null)
  const back = await loginThroughDex(data.url, DEX_USER)
  const code = back.searchParams.get('code')
  assert.ok(code, `no code in ${back}`)
  const s = await c.auth.exchangeCodeForSession(code)
  assert.equal(s.error, null)
  const u = s.data.user
  dexUserID = u.id
  assert.equal(u.email, DEX_USER)
  assert.ok(u.email_confirmed_at)
  // oauth-browser.test.mjs may have signed this Dex user in first (with either provider).
  assert.ok(['keycloak', 'oidc'].includes(u.app_metadata.provider), u.app_metadata.provider)
  assert.ok(u.app_metadata.providers.includes('keycloak'))
  const id = u.identities.find((i) => i.provider === 'keycloak')
  assert.equal(id.identity_data.iss, ISSUER)
  assert.equal(id.identity_data.email, DEX_USER)
  assert.equal(id.identity_data.email_verified, true)
  assert.equal(id.identity_data.sub, id.id)
  assert.equal(id.identity_data.provider_id, id.id)
  for (const k of ['aud', 'exp', 'iat', 'jti', 'at_hash', 'nonce']) assert.equal(id.identity_data[k], undefined, k)
  assert.equal(id.identity_data.preferred_username ?? id.identity_data.name, id.identity_data.user_name ?? id.identity_data.full_name)
  assert.equal(u.user_metadata.email, DEX_USER)
  assert.equal(u.user_metadata.sub, id.id)
  assert.ok(s.data.session.provider_token)
  assert.equal((await c.auth.getUser()).data.user.id, u.id)
  // The code is spent.
  const again = await oauthClient('pkce').auth.exchangeCodeForSession(code)
  assert.ok(again.error)
})

test('generic OpenID Connect, implicit flow: the session in the fragment; the verified address links to the same user', async () => {
  const c = oauthClient('implicit')
  const { data, error } = await c.auth.signInWithOAuth({ provider: 'oidc', options: { redirectTo: BACK, skipBrowserRedirect: true } })
  assert.equal(error, null)
  assert.equal(new URL(data.url).searchParams.get('code_challenge'), null)
  const back = await loginThroughDex(data.url, DEX_USER)
  const f = Object.fromEntries(new URLSearchParams(back.hash.slice(1)))
  assert.ok(f.access_token && f.refresh_token && f.provider_token, `fragment: ${back.hash}`)
  const s = await c.auth.setSession({ access_token: f.access_token, refresh_token: f.refresh_token })
  assert.equal(s.error, null)
  assert.equal(s.data.user.id, dexUserID)
  assert.deepEqual(s.data.user.identities.map((i) => i.provider).sort(), ['keycloak', 'oidc'])
  assert.deepEqual(s.data.user.app_metadata.providers, ['keycloak', 'oidc'])
})

test('linkIdentity, getUserIdentities, unlinkIdentity (never the last)', async () => {
  const c = oauthClient('pkce')
  const email = uniqueEmail('link')
  const { data: su, error: suErr } = await c.auth.signUp({ email, password: 'pass-word-1' })
  assert.equal(suErr, null)
  assert.ok(su.session, 'this run has MAILER_AUTOCONFIRM=true')

  // An identity already another user's cannot be linked.
  const taken = await c.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: BACK, skipBrowserRedirect: true } })
  assert.equal(taken.error, null)
  const refused = await loginThroughDex(taken.data.url, DEX_USER)
  assert.equal(refused.searchParams.get('error_code'), 'identity_already_exists')

  const { data, error } = await c.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: BACK, skipBrowserRedirect: true } })
  assert.equal(error, null)
  const back = await loginThroughDex(data.url, DEX_OTHER)
  const s = await c.auth.exchangeCodeForSession(back.searchParams.get('code'))
  assert.equal(s.error, null)
  assert.equal(s.data.user.id, su.user.id)

  const ids = await c.auth.getUserIdentities()
  assert.equal(ids.error, null)
  assert.deepEqual(ids.data.identities.map((i) => i.provider).sort(), ['email', 'keycloak'])
  const emailIdentity = ids.data.identities.find((i) => i.provider === 'email')
  const kc = ids.data.identities.find((i) => i.provider === 'keycloak')
  assert.equal(kc.identity_data.email, DEX_OTHER)

  assert.equal((await c.auth.unlinkIdentity(emailIdentity)).error, null)
  const last = await c.auth.unlinkIdentity(kc)
  assert.equal(last.error?.code, 'single_identity_not_deletable')
  assert.equal(last.error?.status, 422)
  const after = await c.auth.getUserIdentities()
  assert.deepEqual(after.data.identities.map((i) => i.provider), ['keycloak'])
})
