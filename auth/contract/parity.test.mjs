// Where supabase-js saw the server differ from GoTrue: one test per difference. Needs the server started by
// scripts/test.d/30-auth-contract.sh with SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION=true,
// JWT_SECRET (to sign a supabase_admin token) and TEST_DATABASE_URL (to age a session).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import {
  client, adminClient, clientWith, uniqueEmail, waitForEmail, codeIn, createConfirmedUser, env,
  SUPABASE_URL, ANON_KEY,
} from './lib.mjs'

const admin = adminClient()
const JWT_SECRET = env('JWT_SECRET')

const b64url = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url')
function signHS256(claims) {
  const head = b64url({ alg: 'HS256', typ: 'JWT' })
  const body = b64url(claims)
  const sig = createHmac('sha256', JWT_SECRET).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${sig}`
}
const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString())

// sql runs one statement on the server's database (the suite's only way to make
// a session older than a test can wait for).
function sql(statement) {
  return execFileSync('psql', [env('TEST_DATABASE_URL'), '-v', 'ON_ERROR_STOP=1', '-Atc', statement], { encoding: 'utf8' }).trim()
}

async function authFetch(path, init = {}) {
  const res = await fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    ...init,
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01', ...init.headers },
  })
  return { status: res.status, body: await res.json() }
}

// assertError checks an auth-js error against GoTrue's status, code and message.
function assertError(error, status, code, message) {
  assert.ok(error, `expected ${status} ${code}, got no error`)
  assert.deepEqual({ status: error.status, code: error.code, message: error.message }, { status, code, message })
}

test('createUser, updateUserById, inviteUserByEmail and generateLink(signup) return only the user_metadata sent', async () => {
  const email = uniqueEmail('meta')
  const created = await admin.auth.admin.createUser({ email, password: 'pass-word-1', email_confirm: true, user_metadata: { first_name: 'Rania' } })
  assert.equal(created.error, null)
  assert.deepEqual(created.data.user.user_metadata, { first_name: 'Rania' })
  // The identity keeps the address, as GoTrue's does.
  assert.equal(created.data.user.identities[0].identity_data.email, email)
  assert.equal(created.data.user.identities[0].identity_data.sub, created.data.user.id)

  const updated = await admin.auth.admin.updateUserById(created.data.user.id, { user_metadata: { last_name: 'Haddad' } })
  assert.equal(updated.error, null)
  assert.deepEqual(updated.data.user.user_metadata, { first_name: 'Rania', last_name: 'Haddad' })

  const bare = await admin.auth.admin.createUser({ email: uniqueEmail('meta0'), password: 'pass-word-1' })
  assert.deepEqual(bare.data.user.user_metadata, {})

  const linked = await admin.auth.admin.generateLink({ type: 'signup', email: uniqueEmail('metalink'), password: 'pass-word-1', options: { data: { plan: 'gold' } } })
  assert.equal(linked.error, null)
  assert.deepEqual(linked.data.user.user_metadata, { plan: 'gold' })

  const invited = await admin.auth.admin.inviteUserByEmail(uniqueEmail('metainv'), { data: { first_name: 'Ines' } })
  assert.equal(invited.error, null)
  assert.deepEqual(invited.data.user.user_metadata, { first_name: 'Ines' })
})

test('listUsers refuses bad pagination as GoTrue does', async () => {
  const neg = await admin.auth.admin.listUsers({ page: -1 })
  assertError(neg.error, 400, 'validation_failed', 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax')
  const zero = await admin.auth.admin.listUsers({ page: 1, perPage: 0 })
  assertError(zero.error, 400, 'validation_failed', 'Bad Pagination Parameters: per_page must be greater than 0')
  const ok = await admin.auth.admin.listUsers({ page: 1, perPage: 1 })
  assert.equal(ok.error, null)
  assert.equal(ok.data.users.length, 1)
})

test('email links read token, type, then redirect_to (generateLink email_change_new)', async () => {
  const email = uniqueEmail('order')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const redirectTo = `${SUPABASE_URL}/account`
  const { data, error } = await admin.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: uniqueEmail('order-new'), options: { redirectTo } })
  assert.equal(error, null)
  const link = data.properties.action_link
  assert.match(link, /\/auth\/v1\/verify\?token=[0-9a-f]+&type=email_change&redirect_to=/)
  assert.ok(link.endsWith(`&redirect_to=${redirectTo}`), link)
  assert.equal(data.properties.verification_type, 'email_change')
})

test('a token with role supabase_admin is an admin on /auth/v1, and nothing more elsewhere', async () => {
  const now = Math.floor(Date.now() / 1000)
  const token = signHS256({ role: 'supabase_admin', iat: now, exp: now + 600 })
  const asSupabaseAdmin = clientWith({ Authorization: `Bearer ${token}` })
  const list = await asSupabaseAdmin.auth.admin.listUsers({ page: 1, perPage: 1 })
  assert.equal(list.error, null)
  assert.equal(list.data.users.length, 1)

  // Another role, correctly signed, is not an admin.
  const other = clientWith({ Authorization: `Bearer ${signHS256({ role: 'postgres', iat: now, exp: now + 600 })}` })
  assertError((await other.auth.admin.listUsers()).error, 403, 'not_admin', 'User not allowed')

  // The role is still refused where a request would run as it (PostgREST's rule).
  const rest = await fetch(`${SUPABASE_URL}/rest/v1/`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` } })
  assert.equal(rest.status, 401)
})

test('features not offered fail the way GoTrue fails with them disabled', async () => {
  const c = client()
  assertError((await c.auth.signInAnonymously()).error, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  assertError((await c.auth.signInWithSSO({ domain: 'example.test' })).error, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
  assertError((await c.auth.signInWithWeb3({ chain: 'solana', message: 'example.test wants you to sign in', signature: new Uint8Array(64) })).error,
    422, 'web3_provider_disabled', 'Web3 provider is disabled')
  assertError((await c.auth.signInWithIdToken({ provider: 'google', token: 'an.id.token' })).error,
    400, 'provider_disabled', 'Provider (issuer "https://accounts.google.com") is not enabled')
  assertError((await c.auth.signInWithPassword({ phone: '+212600000000', password: 'pass-word-1' })).error,
    422, 'phone_provider_disabled', 'Phone logins are disabled')
  for (const type of ['sms', 'phone_change']) {
    assertError((await c.auth.verifyOtp({ phone: '+212600000000', token: '123456', type })).error,
      422, 'phone_provider_disabled', 'Phone logins are disabled')
  }
  assertError((await c.auth.signInWithOtp({ phone: '+212600000000' })).error,
    400, 'phone_provider_disabled', 'Unsupported phone provider')
  assertError((await c.auth.signUp({ phone: '+212600000000', password: 'pass-word-1' })).error,
    422, 'phone_provider_disabled', 'Phone signups are disabled')
  assertError((await c.auth.passkey.startAuthentication()).error, 404, 'passkey_disabled', 'Passkeys are disabled')
  assertError((await admin.auth.admin.oauth.listClients()).error, 404, 'feature_disabled', 'OAuth server is disabled')

  // signInWithOAuth only builds the URL in Node; the browser would open it.
  const { data } = await c.auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } })
  const gh = await fetch(data.url)
  assert.equal(gh.status, 400)
  assert.equal((await gh.json()).msg, 'Unsupported provider: provider is not enabled')

  // Linking an identity needs a user; then it is GoTrue's "manual linking" switch.
  const email = uniqueEmail('link')
  await createConfirmedUser(admin, email, 'pass-word-1')
  await c.auth.signInWithPassword({ email, password: 'pass-word-1' })
  assertError((await c.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } })).error,
    404, 'manual_linking_disabled', 'Manual linking is disabled')

  // exchangeCodeForSession: no PKCE flow is ever started here.
  const pkce = await authFetch('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: 'x', code_verifier: 'y' }) })
  assert.deepEqual([pkce.status, pkce.body.error_code], [404, 'flow_state_not_found'])
})

test('the routes supabase-js does not wrap answer the same way', async () => {
  const SERVICE = env('SERVICE_ROLE_KEY')
  const asAdmin = { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` }
  const cases = [
    ['GET', '/sso/saml/metadata', {}, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled'],
    ['POST', '/sso/saml/acs', {}, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled'],
    ['POST', '/oauth/clients/register', {}, 404, 'feature_disabled', 'OAuth server is disabled'],
    ['GET', '/oauth/authorize', {}, 404, 'feature_disabled', 'OAuth server is disabled'],
    ['GET', '/.well-known/oauth-authorization-server', {}, 404, 'feature_disabled', 'OAuth server is disabled'],
    ['GET', '/admin/custom-providers', asAdmin, 404, 'feature_disabled', 'Custom OAuth providers are disabled'],
    ['GET', '/admin/custom-providers', {}, 403, 'not_admin', 'User not allowed'],
    ['GET', '/admin/sso/providers/11111111-1111-1111-1111-111111111111', asAdmin, 404, 'sso_provider_not_found', 'SSO Identity Provider not found'],
    ['POST', '/admin/sso/providers', asAdmin, 404, 'saml_provider_disabled', 'SAML 2.0 is disabled'],
    ['GET', '/authorize?provider=myspace', {}, 400, 'validation_failed', 'Unsupported provider: Provider myspace could not be found'],
    ['GET', '/callback', {}, 400, 'bad_oauth_callback', 'OAuth state parameter missing'],
    ['GET', '/callback?state=abc&code=def', {}, 400, 'bad_oauth_state', 'OAuth callback with invalid state'],
  ]
  for (const [method, path, headers, status, code, msg] of cases) {
    const r = await authFetch(path, { method, headers })
    assert.deepEqual([r.status, r.body.error_code, r.body.msg], [status, code, msg], `${method} ${path}`)
  }
  const list = await authFetch('/admin/sso/providers', { headers: asAdmin })
  assert.deepEqual([list.status, list.body], [200, { items: [] }])
})

test('reauthenticate emails a nonce; an old session needs it to change the password', async () => {
  const email = uniqueEmail('reauth')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const c = client()
  const { data: signIn } = await c.auth.signInWithPassword({ email, password: 'pass-word-1' })

  // A session signed in less than 24 hours ago needs no nonce (GoTrue's rule).
  assert.equal((await c.auth.updateUser({ password: 'pass-word-2' })).error, null)

  sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = '${claimsOf(signIn.session.access_token).session_id}'`)
  assertError((await c.auth.updateUser({ password: 'pass-word-3' })).error, 400, 'reauthentication_needed', 'Password update requires reauthentication')

  assert.equal((await c.auth.reauthenticate()).error, null)
  const mail = await waitForEmail(email)
  const nonce = codeIn(mail)
  assert.doesNotMatch(mail.text, /\/auth\/v1\/verify\?/, 'a reauthentication email carries a code, not a link')
  const again = (await c.auth.reauthenticate()).error // SMTP_MAX_FREQUENCY=2s in the suite
  assert.deepEqual([again?.status, again?.code], [429, 'over_email_send_rate_limit'])
  assert.match(again.message, /^For security purposes, you can only request this after [12] seconds\.$/)

  const wrong = nonce === '000000' ? '000001' : '000000'
  assertError((await c.auth.updateUser({ password: 'pass-word-3', nonce: wrong })).error, 422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
  assert.equal((await c.auth.updateUser({ password: 'pass-word-3', nonce })).error, null)
  assert.equal((await client().auth.signInWithPassword({ email, password: 'pass-word-3' })).error, null)
  // Used once.
  assertError((await c.auth.updateUser({ password: 'pass-word-4', nonce })).error, 422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
})
