// The /functions/v1 runtime as functions-js sees it: invoke, errors, CORS.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { client, SUPABASE_URL, ANON_KEY } from './helpers.mjs'

test('an unknown function is a FunctionsHttpError 404 with a JSON body', async () => {
  const { data, error } = await client().functions.invoke('does-not-exist', { body: { a: 1 } })
  assert.equal(data, null)
  assert.ok(error instanceof FunctionsHttpError, `got ${error?.name}`)
  assert.ok(!(error instanceof FunctionsRelayError))
  assert.equal(error.context.status, 404)
  const body = await error.context.json()
  assert.equal(body.code, 'NOT_FOUND')
  assert.equal(typeof body.message, 'string')
})

test('paypal-config answers JSON that invoke parses', async () => {
  const { data, error } = await client().functions.invoke('paypal-config', { method: 'GET' })
  assert.equal(error, null)
  assert.deepEqual({ enabled: data.enabled, simulated: data.simulated, currency: data.currency }, { enabled: true, simulated: true, currency: 'EUR' })
})

test('browser preflight succeeds and errors carry CORS headers', async () => {
  const pre = await fetch(`${SUPABASE_URL}/functions/v1/create-paypal-order`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
    },
  })
  assert.ok(pre.ok, `preflight ${pre.status}`)
  assert.ok(pre.headers.get('access-control-allow-origin'))
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /x-client-info/i)

  const res = await fetch(`${SUPABASE_URL}/functions/v1/create-paypal-order`, {
    method: 'POST',
    headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json', Authorization: `Bearer ${ANON_KEY}` },
    body: '{"broken"',
  })
  assert.equal(res.status, 400)
  assert.ok(res.headers.get('access-control-allow-origin'))
  assert.match(res.headers.get('content-type'), /^application\/json/)
  assert.equal((await res.json()).code, 'invalid_json')
})

test('verify_jwt: a request without a bearer token is refused before the function runs', async () => {
  const res = await fetch(`${SUPABASE_URL}/functions/v1/create-paypal-order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
  assert.equal(res.status, 401)
  const body = await res.json()
  assert.equal(body.code, 'UNAUTHORIZED_NO_AUTH_HEADER')
  assert.equal(res.headers.get('sb-error-code'), 'UNAUTHORIZED_NO_AUTH_HEADER')
})
