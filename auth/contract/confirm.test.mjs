// Email flows with MAILER_AUTOCONFIRM=false and a real SMTP server (the sink):
// confirmation link, unconfirmed sign-in, enumeration protection, password
// recovery, magic link with its code, resend, secure email change.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  client, adminClient, uniqueEmail, needsSetting, waitForEmail, emailCount, linkIn, codeIn, follow,
  sessionFromLink, createConfirmedUser, sleep, events, SUPABASE_URL,
} from './lib.mjs'

const admin = adminClient()

needsSetting('mailer_autoconfirm', false)

test('signUp sends a confirmation email; the link confirms and signs in', async () => {
  const email = uniqueEmail('confirm')
  const c = client()
  const { data, error } = await c.auth.signUp({
    email, password: 'pass-word-1',
    options: { data: { first_name: 'Yasmine', last_name: 'Alaoui' }, emailRedirectTo: `${SUPABASE_URL}/welcome` },
  })
  assert.equal(error, null)
  assert.equal(data.session, null)
  assert.equal(data.user.email, email)
  assert.equal(data.user.identities.length, 1)
  assert.ok(data.user.confirmation_sent_at)

  const early = await c.auth.signInWithPassword({ email, password: 'pass-word-1' })
  assert.equal(early.error.code, 'email_not_confirmed')
  assert.equal(early.error.message, 'Email not confirmed')
  assert.equal((await c.auth.signInWithPassword({ email, password: 'nope-nope' })).error.code, 'invalid_credentials')

  const msg = await waitForEmail(email)
  assert.equal(msg.subject, 'Confirmez votre adresse e-mail') // French by default
  assert.match(msg.html, /lang="fr"/)
  assert.match(msg.text, /Bonjour Yasmine/)
  const link = linkIn(msg)
  assert.equal(link.searchParams.get('type'), 'signup')
  assert.equal(link.searchParams.get('redirect_to'), `${SUPABASE_URL}/welcome`)

  const ev = events(c)
  const { fragment, session } = await sessionFromLink(c, link)
  assert.equal(fragment.type, 'signup')
  assert.equal(session.user.email, email)
  assert.ok(session.user.email_confirmed_at)
  assert.equal(session.user.user_metadata.email_verified, true)
  await sleep(50)
  assert.ok(ev.names().includes('SIGNED_IN'))
  ev.stop()

  const again = await client().auth.signInWithPassword({ email, password: 'pass-word-1' })
  assert.equal(again.error, null)

  // The link works once.
  const reused = await follow(link)
  assert.equal(reused.fragment.error_code, 'otp_expired')
  assert.equal(reused.fragment.access_token, undefined)

  // Signing up again with a confirmed address: a user with no identities, no session, no email.
  const dup = await client().auth.signUp({ email, password: 'another-pass' })
  assert.equal(dup.error, null)
  assert.equal(dup.data.session, null)
  assert.deepEqual(dup.data.user.identities, [])
  assert.equal(await emailCount(email), 1)
})

test('a link to a redirect outside the allow-list falls back to SITE_URL', async () => {
  const email = uniqueEmail('redirect')
  await client().auth.signUp({ email, password: 'pass-word-1', options: { emailRedirectTo: 'https://evil.example/steal' } })
  const link = linkIn(await waitForEmail(email))
  assert.notEqual(link.searchParams.get('redirect_to'), 'https://evil.example/steal')
  const { url } = await follow(link)
  assert.notEqual(url.host, 'evil.example')
})

test('resetPasswordForEmail, then a new password through the recovery link', async () => {
  const email = uniqueEmail('recover')
  await createConfirmedUser(admin, email, 'old-password', { locale: 'en' })
  const c = client()

  // An unknown address gets the same answer.
  assert.equal((await c.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error, null)
  const { error } = await c.auth.resetPasswordForEmail(email, { redirectTo: `${SUPABASE_URL}/reset` })
  assert.equal(error, null)
  const msg = await waitForEmail(email)
  assert.equal(msg.subject, 'Reset your password') // the user's locale
  const { fragment } = await sessionFromLink(c, linkIn(msg))
  assert.equal(fragment.type, 'recovery') // what makes auth-js fire PASSWORD_RECOVERY in a browser

  assert.equal((await c.auth.updateUser({ password: 'new-password' })).error, null)
  assert.equal((await client().auth.signInWithPassword({ email, password: 'old-password' })).error.code, 'invalid_credentials')
  assert.equal((await client().auth.signInWithPassword({ email, password: 'new-password' })).error, null)
})

test('signInWithOtp: magic link email with a code that verifyOtp accepts', async () => {
  const email = uniqueEmail('otp')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const c = client()
  const { error } = await c.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
  assert.equal(error, null)
  const msg = await waitForEmail(email)
  assert.equal(linkIn(msg).searchParams.get('type'), 'magiclink')
  const v = await c.auth.verifyOtp({ email, token: codeIn(msg), type: 'email' })
  assert.equal(v.error, null)
  assert.equal(v.data.session.user.email, email)

  const wrong = await client().auth.verifyOtp({ email, token: '000000', type: 'email' })
  assert.equal(wrong.error.code, 'otp_expired')
  assert.equal(wrong.error.status, 403)

  // An unknown address with shouldCreateUser false is answered as a known one (no
  // error, no email): GoTrue's otp_disabled would tell who has an account (README).
  const none = await client().auth.signInWithOtp({ email: uniqueEmail('otp-none'), options: { shouldCreateUser: false } })
  assert.equal(none.error, null)
})

test('resend respects the per-user gap, then sends a new confirmation', async () => {
  const email = uniqueEmail('resend')
  const c = client()
  await c.auth.signUp({ email, password: 'pass-word-1' })
  await waitForEmail(email, 1)
  // Too soon: no error (an address without an account gets none either), no second email yet.
  const tooSoon = await c.auth.resend({ type: 'signup', email })
  assert.equal(tooSoon.error, null)
  await sleep(Number(process.env.SMTP_MAX_FREQUENCY_MS ?? 2100))
  assert.equal((await c.auth.resend({ type: 'signup', email })).error, null)
  const second = await waitForEmail(email, 2)
  await sessionFromLink(c, linkIn(second))
  assert.ok((await c.auth.getUser()).data.user.email_confirmed_at)
})

test('updateUser email: both addresses confirm before the change applies', async () => {
  const email = uniqueEmail('change')
  const next = uniqueEmail('changed')
  await createConfirmedUser(admin, email, 'pass-word-1')
  const c = client()
  await c.auth.signInWithPassword({ email, password: 'pass-word-1' })
  const { data, error } = await c.auth.updateUser({ email: next })
  assert.equal(error, null)
  assert.equal(data.user.email, email)
  assert.equal(data.user.new_email, next)

  const half = await follow(linkIn(await waitForEmail(email)))
  assert.match(half.fragment.message, /other email/)
  assert.equal((await c.auth.getUser()).data.user.email, email)
  const { session } = await sessionFromLink(c, linkIn(await waitForEmail(next)))
  assert.equal(session.user.email, next)
  assert.equal((await client().auth.signInWithPassword({ email: next, password: 'pass-word-1' })).error, null)
})
