// rpc(): POST and GET, arguments, set-returning functions as tables, head, counts.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { anon, service, reset } from './lib.mjs'

const db = anon()
before(reset)

test('scalar results by POST and GET', async () => {
  assert.deepEqual(await db.rpc('pc_add', { a: 2, b: 40 }), { data: 42, error: null, count: null, status: 200, statusText: 'OK', success: true })
  const get = await db.rpc('pc_add', { a: 1, b: 2 }, { get: true })
  assert.equal(get.data, 3)
  const who = await db.rpc('pc_whoami')
  assert.equal(who.data, 'anon')
  assert.equal((await service().rpc('pc_whoami')).data, 'service_role')
})

test('set-returning functions filter, order, select, embed, paginate like tables', async () => {
  const { data } = await db.rpc('pc_books_by', { author: 'Ursula' }).select('id, title').gt('pages', 180).order('id', { ascending: false }).limit(1)
  assert.deepEqual(data, [{ id: 3, title: 'The Lathe of Heaven' }])
  const { data: embedded } = await db.rpc('pc_books_by', { author: 'Jorge' }).select('title, pc_authors(name)')
  assert.deepEqual(embedded, [{ title: 'Ficciones', pc_authors: { name: 'Jorge' } }])
  const { data: one } = await db.rpc('pc_books_by', { author: 'Italo' }).select('title').eq('id', 4).single()
  assert.deepEqual(one, { title: 'Invisible Cities' })
  const { data: table } = await db.rpc('pc_author_stats').gt('books', 1)
  assert.deepEqual(table, [{ author: 'Italo', books: 2 }, { author: 'Ursula', books: 3 }])
  const { data: ranged } = await db.rpc('pc_numbers', { n: 10 }, { get: true }).range(2, 4)
  assert.deepEqual(ranged, [3, 4, 5])
})

test('counts and head', async () => {
  const counted = await db.rpc('pc_books_by', { author: 'Ursula' }, { count: 'exact' }).limit(1)
  assert.equal(counted.count, 3)
  assert.equal(counted.status, 206)
  const head = await db.rpc('pc_books_by', { author: 'Ursula' }, { head: true, count: 'exact' })
  assert.equal(head.data, null)
  assert.equal(head.count, 3)
})

test('single JSON argument, variadic, defaults, void', async () => {
  const echo = await db.rpc('pc_echo', { anything: [1, { two: 2 }] })
  assert.deepEqual(echo.data, { anything: [1, { two: 2 }] })
  assert.equal((await db.rpc('pc_sum', { nums: [1, 2, 3] })).data, 6)
  assert.equal((await db.rpc('pc_sum', { nums: [1, 2, 4] }, { get: true })).data, 7)
  const bumped = await db.rpc('pc_add_pages', { book: 6 }).select('pages').single()
  assert.deepEqual(bumped.data, { pages: 175 })
  const noop = await db.rpc('pc_noop')
  assert.equal(noop.status, 204)
  assert.equal(noop.data, null)
  assert.equal(noop.error, null)
})

test('rpc errors: unknown function, RAISE, custom status, GET on a volatile function, bad argument', async () => {
  const missing = await db.rpc('pc_nope', { x: 1 })
  assert.equal(missing.status, 404)
  assert.equal(missing.error.code, 'PGRST202')
  assert.equal(missing.error.message, 'Could not find the function public.pc_nope(x) in the schema cache')
  const raised = await db.rpc('pc_fail', { msg: 'boom' })
  assert.equal(raised.status, 400)
  assert.deepEqual(raised.error, { code: 'P0001', details: 'raised on purpose', hint: 'try again', message: 'boom' })
  const pay = await db.rpc('pc_pay')
  assert.equal(pay.status, 402)
  assert.equal(pay.error.code, 'PT402')
  const volatileGet = await db.rpc('pc_add_pages', { book: 1 }, { get: true })
  assert.equal(volatileGet.status, 405)
  const bad = await db.rpc('pc_add', { a: 'x', b: 1 })
  assert.equal(bad.status, 400)
  assert.equal(bad.error.code, '22P02')
  const strict = await db.rpc('pc_books_by', { author: 'Ursula' }).maxAffected(1)
  assert.equal(strict.error.code, 'PGRST124')
})
