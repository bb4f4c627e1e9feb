// The TypeScript example functions called with fetch from a page of another
// origin in Chromium (Debian's, driven by the site's playwright-core): the
// preflights the functions answer themselves, RLS through the caller's token,
// a secret, verify_jwt = false, and a stream read as it comes.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { client, SUPABASE_URL, ANON_KEY, SERVICE_ROLE_KEY } from './helpers.mjs'

const require = createRequire(import.meta.url)
const PLAYWRIGHT = new URL('../../frontend/node_modules/playwright-core', import.meta.url).pathname
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const skip = !existsSync(PLAYWRIGHT) || !existsSync(CHROMIUM) ? 'needs frontend/node_modules (playwright-core) and Chromium' : false

let browser, page, server

before(async () => {
  if (skip) return
  const { chromium } = require(PLAYWRIGHT)
  server = createServer((_, res) => res.end('<!doctype html><title>another origin</title>'))
  await new Promise((ok) => server.listen(Number(process.env.FN_PAGE_PORT ?? 25363), '127.0.0.1', ok))
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${server.address().port}/`)
})

after(async () => {
  await browser?.close()
  server?.close()
})

// call runs fetch in the page and returns status and body text.
function call(path, init) {
  return page.evaluate(async ([url, init]) => {
    const res = await fetch(url, init)
    return { status: res.status, body: await res.text() }
  }, [`${SUPABASE_URL}/functions/v1/${path}`, init])
}

test('RLS-filtered rows with the caller\'s token, across origins', { skip }, async () => {
  const c = client()
  const { data } = await c.auth.signUp({ email: `browser-${Date.now()}@files.test`, password: 'a long enough password 1' })
  await client(SERVICE_ROLE_KEY).from('fn_notes').insert([{ owner: data.user.id, body: 'seen in the browser' }])
  const r = await call('notes', { headers: { Authorization: `Bearer ${data.session.access_token}` } })
  assert.equal(r.status, 200)
  assert.deepEqual(JSON.parse(r.body), [{ body: 'seen in the browser' }])
})

test('a secret, a JSON body and a custom header, across origins', { skip }, async () => {
  const r = await call('hello', {
    method: 'POST',
    headers: { Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json', 'x-test': 'from the page' },
    body: '{"a":1}',
  })
  assert.equal(r.status, 200)
  const got = JSON.parse(r.body)
  assert.equal(got.greeting, 'hello from .env')
  assert.equal(got.header, 'from the page')
})

test('verify_jwt = false and the function\'s own preflight', { skip }, async () => {
  assert.deepEqual(JSON.parse((await call('public', {})).body), { public: true })
  const r = await call('cors', { method: 'POST', headers: { Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json', 'x-custom': '1' }, body: '{}' })
  assert.equal(r.status, 200)
  assert.deepEqual(JSON.parse(r.body), { ok: true })
})

test('server-sent events read in the page as they arrive', { skip }, async () => {
  const first = page.evaluate(async (url) => {
    const res = await fetch(url)
    const reader = res.body.getReader()
    const chunks = [new TextDecoder().decode((await reader.read()).value)]
    window.__firstEvent = true
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      chunks.push(new TextDecoder().decode(value))
    }
    return chunks.join('')
  }, `${SUPABASE_URL}/functions/v1/events`)
  await page.waitForFunction(() => window.__firstEvent === true)
  await fetch(`${SUPABASE_URL}/functions/v1/events/release`, { method: 'POST' })
  assert.equal(await first, 'data: first\n\ndata: second\n\n')
})
