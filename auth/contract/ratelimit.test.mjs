// Per-IP limits, counted in PostgreSQL: the (RATE_LIMIT_OTP+1)-th recovery
// request of one client IP within the window is refused with 429.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { client, uniqueEmail, randomIP, env } from './lib.mjs'

test('rate limit reached gives 429 over_request_rate_limit, per client IP', async () => {
  const limit = Number(env('RATE_LIMIT_OTP', '30'))
  const ip = randomIP()
  const c = client({ ip })
  for (let i = 0; i < limit; i++) {
    const { error } = await c.auth.resetPasswordForEmail(uniqueEmail('rl'))
    assert.equal(error, null, `request ${i + 1} of ${limit}`)
  }
  const { error } = await c.auth.resetPasswordForEmail(uniqueEmail('rl'))
  assert.equal(error?.status, 429)
  assert.equal(error.code, 'over_request_rate_limit')
  // Another client is not affected.
  assert.equal((await client().auth.resetPasswordForEmail(uniqueEmail('rl'))).error, null)
})
