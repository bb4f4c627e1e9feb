// rpc(): POST and GET, arguments, set-returning functions as tables, head, counts.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { anon, service, reset, raw } from './lib.mjs'

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

test('counts on any function: scalar by GET, POST and HEAD; planned has no total, estimated is exact', async () => {
  const post = await db.rpc('pc_add', { a: 2, b: 40 }, { count: 'exact' })
  assert.deepEqual([post.data, post.count, post.status], [42, 1, 200])
  const get = await db.rpc('pc_add', { a: 2, b: 3 }, { get: true, count: 'exact' })
  assert.deepEqual([get.data, get.count, get.status], [5, 1, 200])
  const head = await db.rpc('pc_add', { a: 2, b: 3 }, { head: true, count: 'exact' })
  assert.deepEqual([head.data, head.count, head.status], [null, 1, 200])
  const posted = await db.rpc('pc_books_by', { author: 'Ursula' }, { count: 'exact' }).limit(2)
  assert.deepEqual([posted.count, posted.status, posted.data.length], [3, 206, 2])
  // planned: PostgREST has no estimate for a call, the total is * (supabase-js reads NaN).
  const planned = await raw('/rpc/pc_books_by?author=Ursula&limit=1', { headers: { Prefer: 'count=planned' } })
  assert.equal(planned.status, 200)
  assert.equal(planned.headers.get('content-range'), '0-0/*')
  const estimated = await db.rpc('pc_books_by', { author: 'Ursula' }, { count: 'estimated' }).limit(1)
  assert.deepEqual([estimated.count, estimated.status], [3, 206])
  const res = await raw('/rpc/pc_noop', { method: 'POST', headers: { Prefer: 'count=exact' } })
  assert.equal(res.status, 204)
  assert.equal(res.headers.get('content-range'), '0-0/1')
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

test('functions with one unnamed parameter: json, jsonb, text, xml, bytea take the body whole; others are not callable', async () => {
  const notCallable = await db.rpc('pc_unnamed_int', { '': 1 })
  assert.equal(notCallable.status, 404)
  assert.equal(notCallable.error.code, 'PGRST202')
  assert.equal(notCallable.error.message, 'Could not find the function public.pc_unnamed_int() in the schema cache')
  assert.equal(notCallable.error.details,
    'Searched for the function public.pc_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.')

  const named = await db.rpc('pc_unnamed_text', { '': 'x' })
  assert.equal(named.error, null)
  assert.equal(named.data, 'got {"":"x"}')

  const post = (fn, body, type) => raw(`/rpc/${fn}`, { method: 'POST', body, headers: { 'content-type': type, 'content-profile': 'public' } })
  const text = await post('pc_unnamed_text', 'hello', 'text/plain')
  assert.equal(text.status, 200)
  assert.equal(await text.json(), 'got hello')
  const xml = await post('pc_unnamed_xml', '<a>hi</a>', 'text/xml')
  assert.equal(await xml.json(), 'hi')
  const bytes = await post('pc_unnamed_bytea', new Uint8Array([0, 1, 255]), 'application/octet-stream')
  assert.equal(await bytes.json(), 3)
  const noText = await post('pc_add', 'hello', 'text/plain')
  assert.equal(noText.status, 404)
  assert.deepEqual(await noText.json(), {
    code: 'PGRST202', hint: null, message: 'Could not find the function public.pc_add in the schema cache',
    details: 'Searched for the function public.pc_add with a single unnamed text parameter, but no matches were found in the schema cache.',
  })
})

test('overloads PostgREST cannot choose between: 300 PGRST203 listing the candidates', async () => {
  const hint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved'
  const none = await db.rpc('pc_over')
  assert.equal(none.status, 300)
  assert.deepEqual(none.error, {
    code: 'PGRST203', details: null, hint,
    message: 'Could not choose the best candidate function between: public.pc_over(), public.pc_over( => text)',
  })
  const typed = await db.rpc('pc_over_named', { a: 1 })
  assert.equal(typed.status, 300)
  assert.equal(typed.error.message, 'Could not choose the best candidate function between: public.pc_over_named(a => integer), public.pc_over_named(a => text)')
  const fallbacks = await db.rpc('pc_json2', { k: 1 })
  assert.equal(fallbacks.error.message, 'Could not choose the best candidate function between: public.pc_json2( => json), public.pc_json2( => jsonb)')
  // One JSON function with an unnamed parameter receives any object whole.
  const echo = await db.rpc('pc_echo', { any: ['thing', 1] })
  assert.deepEqual(echo.data, { any: ['thing', 1] })
})
