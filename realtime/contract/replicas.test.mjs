// Two servers on one database (issue 19, acceptance 3): 1,000 inserts, and each of
// 10 subscribers spread over both servers receives exactly 1,000 events, in commit order.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { service, subscribe, waitFor, closeAll, env, ANON_KEY, USER_ID, userToken } from './helpers.mjs'

after(closeAll)

const SECOND = env('SUPABASE_URL_2')

test('1,000 inserts reach each of 10 subscribers on two servers exactly once, in commit order', { timeout: 180000 }, async () => {
  const token = userToken(USER_ID)
  const clients = []
  for (let i = 0; i < 10; i++) {
    const url = i % 2 === 0 ? process.env.SUPABASE_URL : SECOND
    clients.push(createClient(url, ANON_KEY, { auth: { persistSession: false }, accessToken: async () => token, realtime: { transport: WebSocket } }))
  }
  const tag = 'replica-' + Date.now()
  const subs = []
  for (const c of clients) subs.push(await subscribe(c, { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `body=eq.${tag}` }))

  // 1,000 inserts, 10 at a time: their commit order is PostgreSQL's to decide.
  const svc = service()
  let next = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < 1000) {
        const n = next++
        const { error } = await svc.from('rt_notes').insert({ owner: USER_ID, body: tag, n })
        assert.equal(error, null)
      }
    }),
  )
  try {
    await waitFor(() => subs.every((s) => s.events.length >= 1000), 60000, '1,000 events everywhere')
  } finally {
    for (const c of clients) await c.removeAllChannels()
  }
  const reference = subs[0].events.map((e) => e.new.id)
  assert.equal(new Set(reference).size, 1000, 'no duplicate, none missing')
  for (const [i, s] of subs.entries()) {
    assert.equal(s.events.length, 1000, `subscriber ${i}`)
    assert.deepEqual(s.events.map((e) => e.new.id), reference, `subscriber ${i} saw another order`)
    for (let k = 1; k < s.events.length; k++) {
      assert.ok(s.events[k - 1].commit_timestamp <= s.events[k].commit_timestamp, `subscriber ${i}: commit order at ${k}`)
    }
  }
})
