// TOTP multi-factor authentication as GoTrue answers it, driven
// by supabase-js's auth.mfa and auth.admin.mfa. Codes are computed here from the
// enrolled secret (totp.mjs), as an authenticator app would. TEST_DATABASE_URL
// (exported by scripts/test-server.sh) makes a user administrator for the
// is_admin() case.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { client, adminClient, uniqueEmail, createConfirmedUser, env } from './lib.mjs'
import { totp } from './totp.mjs'

const admin = adminClient()
const PASSWORD = 'pass-word-mfa-1'
const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString())

function assertError(error, status, code, message) {
  assert.ok(error, `expected ${status} ${code}, got no error`)
  assert.deepEqual({ status: error.status, code: error.code, message: error.message }, { status, code, message })
}

async function signedIn(email, c = client()) {
  const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD })
  assert.equal(error, null, error?.message)
  return c
}

// enrolled signs a new user in, enrolls a TOTP factor and verifies it: an aal2 session.
async function enrolled(tag) {
  const email = uniqueEmail(tag)
  const user = await createConfirmedUser(admin, email, PASSWORD)
  const c = await signedIn(email)
  const { data: f, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Téléphone' })
  assert.equal(error, null, error?.message)
  const enrolledAt = Date.now()
  const v = await c.auth.mfa.challengeAndVerify({ factorId: f.id, code: totp(f.totp.secret, { time: enrolledAt }) })
  assert.equal(v.error, null, v.error?.message)
  return { email, user, c, factor: f, secret: f.totp.secret, enrolledAt }
}

test('enroll answers a TOTP factor with its secret, otpauth URI and SVG QR code; unverified it raises nothing', async () => {
  const email = uniqueEmail('mfa-enroll')
  await createConfirmedUser(admin, email, PASSWORD)
  const c = await signedIn(email)
  const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Mon téléphone', issuer: 'CasaRent' })
  assert.equal(error, null)
  assert.equal(data.type, 'totp')
  assert.equal(data.friendly_name, 'Mon téléphone')
  assert.match(data.id, /^[0-9a-f-]{36}$/)
  assert.match(data.totp.secret, /^[A-Z2-7]{32}$/) // 160 bits, base32
  const uri = new URL(data.totp.uri)
  assert.equal(uri.protocol, 'otpauth:')
  assert.equal(uri.host, 'totp')
  assert.equal(decodeURIComponent(uri.pathname), `/CasaRent:${email}`)
  assert.equal(uri.searchParams.get('secret'), data.totp.secret)
  assert.equal(uri.searchParams.get('issuer'), 'CasaRent')
  // GoTrue sends the bare SVG; auth-js turns it into a data URI.
  assert.ok(data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg'), data.totp.qr_code.slice(0, 60))
  assert.ok(data.totp.qr_code.endsWith('</svg>'))
  // The SVG goes into the URI unescaped: a "#" would cut it at the fragment.
  assert.ok(!data.totp.qr_code.includes('#'))

  const factors = await c.auth.mfa.listFactors()
  assert.equal(factors.error, null)
  assert.deepEqual(factors.data.all.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
    [[data.id, 'totp', 'unverified', 'Mon téléphone']])
  assert.deepEqual(factors.data.totp, [])
  const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(aal.data.currentLevel, 'aal1')
  assert.equal(aal.data.nextLevel, 'aal1')

  // Same name twice, then the factor types that are not offered.
  const again = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Mon téléphone' })
  assertError(again.error, 422, 'mfa_factor_name_conflict', 'A factor with the friendly name "Mon téléphone" for this user already exists')
  const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+212600000000' })
  assertError(phone.error, 422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  const other = await c.auth.mfa.enroll({ factorType: 'email' })
  assertError(other.error, 400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn')
})

test('challenge and verify: a wrong code is refused, the right one gives an aal2 session with amr totp', async () => {
  const email = uniqueEmail('mfa-verify')
  await createConfirmedUser(admin, email, PASSWORD)
  const c = await signedIn(email)
  const before = (await c.auth.getSession()).data.session
  const { data: f } = await c.auth.mfa.enroll({ factorType: 'totp' })

  const ch = await c.auth.mfa.challenge({ factorId: f.id })
  assert.equal(ch.error, null)
  assert.equal(ch.data.type, 'totp')
  assert.ok(ch.data.expires_at > Date.now() / 1000 + 240 && ch.data.expires_at <= Date.now() / 1000 + 301)

  const good = totp(f.totp.secret)
  const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0')
  const bad = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: wrong })
  assertError(bad.error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  const empty = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: '' })
  assertError(empty.error, 400, 'validation_failed', 'Code needs to be non-empty')
  // A code two steps (60 s) old is out of the ±1 step window.
  const old = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: totp(f.totp.secret, { step: -3 }) })
  assertError(old.error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered')

  const ok = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: good })
  assert.equal(ok.error, null, ok.error?.message)
  const claims = claimsOf(ok.data.access_token)
  assert.equal(claims.aal, 'aal2')
  assert.deepEqual(claims.amr.map((m) => m.method).sort(), ['password', 'totp'])
  assert.equal(claims.session_id, claimsOf(before.access_token).session_id) // same session, raised
  assert.notEqual(ok.data.refresh_token, before.refresh_token)
  assert.deepEqual(ok.data.user.factors.map((x) => [x.id, x.status]), [[f.id, 'verified']])

  // The session auth-js keeps is the new one.
  const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(aal.error, null)
  assert.equal(aal.data.currentLevel, 'aal2')
  assert.equal(aal.data.nextLevel, 'aal2')
  assert.deepEqual(aal.data.currentAuthenticationMethods.map((m) => m.method).sort(), ['password', 'totp'])
  const list = await c.auth.mfa.listFactors()
  assert.deepEqual(list.data.totp.map((x) => x.id), [f.id])
  // With a JWT given, auth-js reads the user's factors from GET /user.
  const byJwt = await c.auth.mfa.getAuthenticatorAssuranceLevel(ok.data.access_token)
  assert.equal(byJwt.error, null)
  assert.deepEqual([byJwt.data.currentLevel, byJwt.data.nextLevel], ['aal2', 'aal2'])

  // A challenge is answered once.
  const replay = await c.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: good })
  assertError(replay.error, 422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
  // The aal1 refresh token of before the verification opens nothing any more.
  const stale = await client().auth.refreshSession({ refresh_token: before.refresh_token })
  assertError(stale.error, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
})

test('refreshing keeps aal2; a password sign-in is aal1 with nextLevel aal2 and must verify again', async () => {
  const { email, c, factor, secret, enrolledAt } = await enrolled('mfa-refresh')
  const r = await c.auth.refreshSession()
  assert.equal(r.error, null)
  assert.equal(claimsOf(r.data.session.access_token).aal, 'aal2')
  assert.ok(claimsOf(r.data.session.access_token).amr.some((m) => m.method === 'totp'))

  const d = await signedIn(email)
  const s = (await d.auth.getSession()).data.session
  assert.equal(claimsOf(s.access_token).aal, 'aal1')
  assert.deepEqual(s.user.factors.map((x) => [x.id, x.status]), [[factor.id, 'verified']])
  const aal = await d.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal2'])

  // At aal1 the factors cannot be changed.
  const add = await d.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })
  assertError(add.error, 403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
  const del = await d.auth.mfa.unenroll({ factorId: factor.id })
  assertError(del.error, 422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')

  // The first client's aal2 session survives the second one's verification...
  const e = await signedIn(email) // ...an aal1 one does not
  const eToken = (await e.auth.getSession()).data.session.access_token
  // A code opens one session: the one enrolled() spent is refused (as a wrong
  // one); the next step's, inside the drift window, is accepted.
  const spent = await d.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(secret, { time: enrolledAt }) })
  assertError(spent.error, 422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  const v = await d.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(secret, { time: enrolledAt, step: 1 }) })
  assert.equal(v.error, null)
  assert.equal(claimsOf(v.data.access_token).aal, 'aal2')
  assert.equal((await c.auth.getUser()).error, null)
  const gone = await e.auth.getUser(eToken)
  assert.equal(gone.error?.name, 'AuthSessionMissingError') // auth-js's form of 403 session_not_found
})

test('factor and challenge errors as GoTrue answers them', async () => {
  const { email, c, factor } = await enrolled('mfa-errors')
  const unknown = await c.auth.mfa.challenge({ factorId: randomUUID() })
  assertError(unknown.error, 404, 'mfa_factor_not_found', 'Factor not found')
  const badId = await c.auth.mfa.challenge({ factorId: 'nope' })
  assertError(badId.error, 404, 'validation_failed', 'factor_id must be an UUID')
  const noChallenge = await c.auth.mfa.verify({ factorId: factor.id, challengeId: randomUUID(), code: '123456' })
  assertError(noChallenge.error, 422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')

  // Another user's factor is not found.
  const other = await enrolled('mfa-errors-other')
  const foreign = await other.c.auth.mfa.challenge({ factorId: factor.id })
  assertError(foreign.error, 404, 'mfa_factor_not_found', 'Factor not found')

  // A challenge is bound to the address that asked for it.
  const ch = await c.auth.mfa.challenge({ factorId: factor.id })
  const session = (await c.auth.getSession()).data.session
  const elsewhere = client()
  await elsewhere.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token })
  const moved = await elsewhere.auth.mfa.verify({ factorId: factor.id, challengeId: ch.data.id, code: '123456' })
  assertError(moved.error, 422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')

  // Without a session there is no MFA.
  // Without a session auth-js sends the anon key, which names no user (as GET /user).
  const anon = await client().auth.mfa.enroll({ factorType: 'totp' })
  assertError(anon.error, 403, 'bad_jwt', 'invalid claim: missing sub claim')
  assert.ok(email)
})

test('unenroll at aal2 removes the factor; the session falls back to aal1 at its next refresh', async () => {
  const { c, factor } = await enrolled('mfa-unenroll')
  const { data, error } = await c.auth.mfa.unenroll({ factorId: factor.id })
  assert.equal(error, null)
  assert.deepEqual(data, { id: factor.id })
  const r = await c.auth.refreshSession()
  assert.equal(claimsOf(r.data.session.access_token).aal, 'aal1')
  assert.equal(r.data.session.user.factors, undefined) // GoTrue leaves "factors" out when there is none
  const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal1'])
})

test('admin API: list and delete a user\'s factors (recovery of a lost authenticator)', async () => {
  const { user, c, factor } = await enrolled('mfa-admin')
  const list = await admin.auth.admin.mfa.listFactors({ userId: user.id })
  assert.equal(list.error, null)
  assert.deepEqual(list.data.factors.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
    [[factor.id, 'totp', 'verified', 'Téléphone']])
  const got = await admin.auth.admin.getUserById(user.id)
  assert.deepEqual(got.data.user.factors.map((f) => f.id), [factor.id])

  const del = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
  assert.equal(del.error, null)
  assert.equal(del.data.data.id, factor.id) // auth-js wraps the deleted factor once more
  const again = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id })
  assertError(again.error, 404, 'mfa_factor_not_found', 'Factor not found')
  const none = await admin.auth.admin.mfa.listFactors({ userId: user.id })
  assert.deepEqual(none.data.factors, [])
  const missing = await admin.auth.admin.mfa.listFactors({ userId: randomUUID() })
  assertError(missing.error, 404, 'user_not_found', 'User not found')
  // The user's aal2 session is downgraded: its next token says aal1.
  const r = await c.auth.refreshSession()
  assert.equal(claimsOf(r.data.session.access_token).aal, 'aal1')
  // Only admins may.
  const refused = await c.auth.admin.mfa.listFactors({ userId: user.id })
  assertError(refused.error, 403, 'not_admin', 'User not allowed')
})

test('is_admin(): an administrator with a verified factor is one only at aal2', async () => {
  const email = uniqueEmail('mfa-isadmin')
  const u = await createConfirmedUser(admin, email, PASSWORD)
  execFileSync('psql', [env('TEST_DATABASE_URL'), '-v', 'ON_ERROR_STOP=1', '-qAtc',
    `update public.profiles set role = 'admin' where id = '${u.id}'`])
  const c = await signedIn(email)
  assert.equal((await c.rpc('is_admin')).data, true) // no factor yet: the password suffices
  const { data: f } = await c.auth.mfa.enroll({ factorType: 'totp' })
  assert.equal((await c.rpc('is_admin')).data, true) // unverified factors do not count
  const v = await c.auth.mfa.challengeAndVerify({ factorId: f.id, code: totp(f.totp.secret) })
  assert.equal(v.error, null)
  assert.equal((await c.rpc('is_admin')).data, true) // aal2

  const d = await signedIn(email) // password alone
  const r = await d.rpc('is_admin')
  assert.equal(r.error, null)
  assert.equal(r.data, false)
  await admin.auth.admin.mfa.deleteFactor({ userId: u.id, id: f.id }) // another administrator's recovery
  assert.equal((await d.rpc('is_admin')).data, true)
})
