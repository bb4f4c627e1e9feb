// signInWithOAuth in Chromium (Debian's, driven by playwright-core) through Dex's
// real login page and back to the site, in both flows, as the keycloak provider
// (PKCE) and the generic oidc one (implicit). Same server and Dex as oauth.test.mjs.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { chromium } from 'playwright-core'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_URL, ANON_KEY, env, memoryStorage, randomIP } from './lib.mjs'

const ISSUER = env('DEX_ISSUER')
const DEX_USER = env('DEX_USER_EMAIL')
const DEX_PASSWORD = env('DEX_USER_PASSWORD')
const BACK = `${SUPABASE_URL}/welcome`

let browser
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  })
})
after(async () => { await browser?.close() })

class NoWebSocket { constructor() { throw new Error('realtime is not used') } }
const oauthClient = (flowType) => createClient(SUPABASE_URL, ANON_KEY, {
  auth: { storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, flowType },
  global: { headers: { 'X-Forwarded-For': randomIP() } },
  realtime: { transport: globalThis.WebSocket ?? NoWebSocket },
})

// signInInBrowser opens the authorization URL in a fresh browser context, signs
// in on Dex's login page and returns the URL the browser is sent back to.
async function signInInBrowser(url) {
  const ctx = await browser.newContext()
  try {
    const page = await ctx.newPage()
    await page.goto(url)
    assert.ok(page.url().startsWith(ISSUER), `not Dex's page: ${page.url()}`)
    await page.fill('input[name="login"]', DEX_USER)
    await page.fill('input[name="password"]', DEX_PASSWORD)
    await Promise.all([
      page.waitForURL((u) => u.href.startsWith(BACK), { waitUntil: 'commit' }),
      page.click('button[type="submit"]'),
    ])
    return new URL(page.url())
  } finally {
    await ctx.close()
  }
}

const checkDexUser = (u, provider) => {
  assert.equal(u.email, DEX_USER)
  const id = u.identities.find((i) => i.provider === provider)
  assert.ok(id, `no ${provider} identity: ${JSON.stringify(u.identities)}`)
  assert.equal(id.identity_data.iss, ISSUER)
  assert.equal(id.identity_data.email, DEX_USER)
  assert.equal(id.identity_data.email_verified, true)
  assert.equal(id.identity_data.sub, id.id)
  assert.equal(u.user_metadata.email, DEX_USER)
}

test('Chromium, keycloak, PKCE: back with ?code=, exchanged for a session', async () => {
  const c = oauthClient('pkce')
  const { data, error } = await c.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: BACK, skipBrowserRedirect: true } })
  assert.equal(error, null)
  const back = await signInInBrowser(data.url)
  const s = await c.auth.exchangeCodeForSession(back.searchParams.get('code'))
  assert.equal(s.error, null)
  checkDexUser(s.data.user, 'keycloak')
  assert.equal((await c.auth.getUser()).data.user.id, s.data.user.id)
})

test('Chromium, generic oidc, implicit: back with the session in the fragment', async () => {
  const c = oauthClient('implicit')
  const { data, error } = await c.auth.signInWithOAuth({ provider: 'oidc', options: { redirectTo: BACK, skipBrowserRedirect: true } })
  assert.equal(error, null)
  const back = await signInInBrowser(data.url)
  const f = Object.fromEntries(new URLSearchParams(back.hash.slice(1)))
  assert.ok(f.access_token && f.refresh_token, `fragment: ${back.hash}`)
  const s = await c.auth.setSession({ access_token: f.access_token, refresh_token: f.refresh_token })
  assert.equal(s.error, null)
  checkDexUser(s.data.user, 'oidc')
})
