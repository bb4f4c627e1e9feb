// Writes: insert, upsert, update, delete with every option postgrest-js has.
import { test, beforeEach } from 'node:test'
import assert from 'node:assert/strict'
import { anon, service, reset, raw } from './lib.mjs'

const db = anon()
beforeEach(reset)

test('insert without select: 201, no body', async () => {
  const res = await db.from('pc_tags').insert({ id: 10, name: 'ten' })
  assert.equal(res.status, 201)
  assert.equal(res.statusText, 'Created')
  assert.equal(res.data, null)
  assert.equal(res.error, null)
})

test('insert with select, single, count', async () => {
  const one = await db.from('pc_tags').insert({ id: 11, name: 'eleven' }).select().single()
  assert.deepEqual(one.data, { id: 11, name: 'eleven' })

  const bulk = await db.from('pc_tags').insert([{ id: 12, name: 'twelve' }, { id: 13 , name: 'thirteen' }], { count: 'exact' }).select('id')
  assert.equal(bulk.status, 201)
  assert.equal(bulk.count, 2)
  assert.deepEqual(bulk.data, [{ id: 12 }, { id: 13 }])
})

test('bulk insert with differing keys: null versus defaultToNull: false', async () => {
  const withNull = await db.from('pc_books').insert([{ title: 'n1', genre: 'poetry' }, { title: 'n2' }]).select('title, genre')
  assert.deepEqual(withNull.data, [{ title: 'n1', genre: 'poetry' }, { title: 'n2', genre: null }])
  const withDefault = await db.from('pc_books').insert([{ title: 'd1', genre: 'poetry' }, { title: 'd2' }], { defaultToNull: false }).select('title, genre')
  assert.deepEqual(withDefault.data, [{ title: 'd1', genre: 'poetry' }, { title: 'd2', genre: 'fiction' }])
})

test('defaultToNull: false gives a row without id its identity value', async () => {
  const { data, error } = await db.from('pc_books')
    .insert([{ id: 900, title: 'i1' }, { title: 'i2' }], { defaultToNull: false }).select('id, title, genre, tags')
  assert.equal(error, null)
  assert.equal(data.length, 2)
  assert.deepEqual(data[0], { id: 900, title: 'i1', genre: 'fiction', tags: [] })
  assert.equal(typeof data[1].id, 'number')
  assert.notEqual(data[1].id, 900)
  assert.deepEqual({ ...data[1], id: 0 }, { id: 0, title: 'i2', genre: 'fiction', tags: [] })
  const upsert = await db.from('pc_books')
    .upsert([{ id: 900, title: 'i1!' }, { title: 'i3' }], { defaultToNull: false }).select('title')
  assert.equal(upsert.error, null)
  assert.deepEqual(upsert.data, [{ title: 'i1!' }, { title: 'i3' }])
})

test('insert returns embeds; arrays and JSON go in as such', async () => {
  const { data, error } = await db.from('pc_books')
    .insert({ title: 'Cosmicomics', author_id: 2, tags: ['space', 'time'], meta: { nested: { a: [1, 2] } }, price: 8.5 })
    .select('title, tags, meta, price, pc_authors(name)').single()
  assert.equal(error, null)
  assert.deepEqual(data, { title: 'Cosmicomics', tags: ['space', 'time'], meta: { nested: { a: [1, 2] } }, price: 8.5, pc_authors: { name: 'Italo' } })
})

test('upsert: merge (200 when all rows existed, 201 otherwise), onConflict, ignoreDuplicates', async () => {
  const merged = await db.from('pc_tags').upsert({ id: 1, name: 'classic!' }).select()
  assert.equal(merged.status, 200)
  assert.deepEqual(merged.data, [{ id: 1, name: 'classic!' }])

  const mixed = await db.from('pc_tags').upsert([{ id: 2, name: 'award!' }, { id: 20, name: 'twenty' }]).select('id')
  assert.equal(mixed.status, 201)
  assert.deepEqual(mixed.data, [{ id: 2 }, { id: 20 }])

  const byName = await db.from('pc_tags').upsert({ id: 21, name: 'twenty' }, { onConflict: 'name' }).select()
  assert.deepEqual(byName.data, [{ id: 21, name: 'twenty' }])

  const ignored = await db.from('pc_tags').upsert({ id: 3, name: 'ignored' }, { ignoreDuplicates: true }).select()
  assert.equal(ignored.status, 201)
  assert.deepEqual(ignored.data, [])
  const { data: still } = await db.from('pc_tags').select('name').eq('id', 3).single()
  assert.equal(still.name, 'short')

  const noSelect = await db.from('pc_tags').upsert({ id: 3, name: 'short' }, { count: 'exact' })
  assert.equal(noSelect.data, null)
  assert.equal(noSelect.count, 1)
})

test('update with filters, select, count; no match', async () => {
  const upd = await db.from('pc_books').update({ genre: 'sf' }, { count: 'exact' }).eq('genre', 'scifi').select('id, genre')
  assert.equal(upd.status, 200)
  assert.equal(upd.count, 2)
  assert.deepEqual(upd.data, [{ id: 2, genre: 'sf' }, { id: 3, genre: 'sf' }])

  const minimal = await db.from('pc_books').update({ genre: 'x' }).eq('id', 1)
  assert.equal(minimal.status, 204)
  assert.equal(minimal.statusText, 'No Content')

  const none = await db.from('pc_books').update({ genre: 'x' }).eq('id', 999).select()
  assert.equal(none.status, 200)
  assert.deepEqual(none.data, [])
})

test('delete with filters, select, count', async () => {
  const del = await db.from('pc_tags').delete({ count: 'exact' }).in('id', [2, 3]).select()
  assert.equal(del.status, 200)
  assert.equal(del.count, 2)
  assert.deepEqual(del.data.map((r) => r.id), [2, 3])
  const minimal = await db.from('pc_book_tags').delete().eq('book_id', 1).eq('tag_id', 1)
  assert.equal(minimal.status, 204)
})

test('unfiltered update and delete are refused, as on Supabase (pg-safeupdate)', async () => {
  const u = await db.from('pc_tags').update({ name: 'x' })
  assert.equal(u.status, 400)
  assert.equal(u.error.code, '21000')
  assert.equal(u.error.message, 'UPDATE requires a WHERE clause')
  const d = await service().from('pc_tags').delete()
  assert.equal(d.status, 400)
  assert.equal(d.error.message, 'DELETE requires a WHERE clause')
})

test('maxAffected refuses and rolls back writes touching too many rows', async () => {
  const res = await db.from('pc_books').update({ summary: 'x' }).gt('pages', 100).maxAffected(2)
  assert.equal(res.status, 400)
  assert.equal(res.error.code, 'PGRST124')
  assert.equal(res.error.details, 'The query affects 6 rows')
  const { data } = await db.from('pc_books').select('summary').eq('id', 1).single()
  assert.notEqual(data.summary, 'x')
  const ok = await db.from('pc_books').update({ summary: 'y' }).eq('id', 1).maxAffected(1).select('summary')
  assert.deepEqual(ok.data, [{ summary: 'y' }])
  const del = await db.from('pc_book_tags').delete().eq('tag_id', 1).maxAffected(1)
  assert.equal(del.error.code, 'PGRST124')
})

test('rollback: the answer of the write, without keeping it', async () => {
  const res = await db.from('pc_tags').insert({ id: 40, name: 'forty' }).select().rollback()
  assert.deepEqual(res.data, [{ id: 40, name: 'forty' }])
  const { data } = await db.from('pc_tags').select().eq('id', 40)
  assert.deepEqual(data, [])
})

test('single() on a write of two rows is refused and rolled back', async () => {
  const res = await db.from('pc_tags').insert([{ id: 50, name: 'a' }, { id: 51, name: 'b' }]).select().single()
  assert.equal(res.status, 406)
  assert.equal(res.error.code, 'PGRST116')
  const { data } = await db.from('pc_tags').select().in('id', [50, 51])
  assert.deepEqual(data, [])
})

test('write errors: duplicate 409, foreign key 409, check 400, unknown column PGRST204, bad JSON PGRST102', async () => {
  const dup = await db.from('pc_tags').insert({ id: 1, name: 'dup' })
  assert.equal(dup.status, 409)
  assert.equal(dup.statusText, 'Conflict')
  assert.equal(dup.error.code, '23505')
  assert.match(dup.error.details, /already exists/)
  const fk = await db.from('pc_books').insert({ title: 'orphan', author_id: 999 })
  assert.equal(fk.status, 409)
  assert.equal(fk.error.code, '23503')
  const chk = await db.from('pc_books').insert({ title: 'neg', pages: -1 })
  assert.equal(chk.status, 400)
  assert.equal(chk.error.code, '23514')
  const unknown = await db.from('pc_tags').insert({ id: 60, colour: 'red' })
  assert.equal(unknown.status, 400)
  assert.equal(unknown.error.code, 'PGRST204')
  assert.equal(unknown.error.message, "Could not find the 'colour' column of 'pc_tags' in the schema cache")
  const bad = await raw('/pc_tags', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' })
  assert.equal(bad.status, 400)
  assert.equal((await bad.json()).code, 'PGRST102')
})

test('Location header for return=headers-only; Content-Range of writes', async () => {
  const res = await raw('/pc_tags', {
    method: 'POST', headers: { 'content-type': 'application/json', prefer: 'return=headers-only' }, body: '{"id":70,"name":"seventy"}',
  })
  assert.equal(res.status, 201)
  assert.equal(res.headers.get('location'), '/pc_tags?id=eq.70')
  const patch = await raw('/pc_tags?id=gte.70', {
    method: 'PATCH', headers: { 'content-type': 'application/json', prefer: 'count=exact' }, body: '{"name":"x"}',
  })
  assert.equal(patch.status, 204)
  assert.equal(patch.headers.get('content-range'), '0-0/1')
})

test('PUT upserts the one row its primary-key filters name', async () => {
  const put = (path, body, headers = {}) => raw(path, {
    method: 'PUT', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'content-profile': 'public', ...headers },
  })
  const created = await put('/pc_tags?id=eq.80', { id: 80, name: 'eighty' }, { prefer: 'return=representation' })
  assert.equal(created.status, 201)
  assert.deepEqual(await created.json(), [{ id: 80, name: 'eighty' }])
  const replaced = await put('/pc_tags?id=eq.80&select=name', [{ id: 80, name: 'EIGHTY' }],
    { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' })
  assert.equal(replaced.status, 200)
  assert.deepEqual(await replaced.json(), { name: 'EIGHTY' })
  const minimal = await put('/pc_book_tags?book_id=eq.3&tag_id=eq.3', { book_id: 3, tag_id: 3 })
  assert.equal(minimal.status, 204)
  assert.equal(await minimal.text(), '')
  const { data } = await db.from('pc_book_tags').select('tag_id').eq('book_id', 3).order('tag_id')
  assert.deepEqual(data, [{ tag_id: 3 }])

  const mismatch = await put('/pc_tags?id=eq.81', { id: 82, name: 'x' })
  assert.equal(mismatch.status, 400)
  assert.deepEqual(await mismatch.json(), { code: 'PGRST115', details: null, hint: null, message: 'Payload values do not match URL in primary key column(s)' })
  const notKey = await put('/pc_tags?name=eq.x', { id: 81, name: 'x' })
  assert.equal(notKey.status, 405)
  assert.deepEqual(await notKey.json(), {
    code: 'PGRST105', details: null, hint: null, message: "Filters must include all and only primary key columns with 'eq' operators",
  })
  const partial = await put('/pc_book_tags?book_id=eq.3', { book_id: 3, tag_id: 1 })
  assert.equal(partial.status, 405)
  const limited = await put('/pc_tags?id=eq.81&limit=1', { id: 81, name: 'x' })
  assert.equal(limited.status, 400)
  assert.deepEqual(await limited.json(), { code: 'PGRST114', details: null, hint: null, message: 'limit/offset querystring parameters are not allowed for PUT' })
  const none = await db.from('pc_tags').select('id').in('id', [81, 82])
  assert.deepEqual(none.data, [])
})

test('geojson() on a write with representation', async () => {
  const db = service()
  const { data, error, status } = await db.from('pc_places').insert({ id: 9, name: 'Pier', geom: 'SRID=4326;POINT(1 2)' }).select().geojson()
  assert.equal(error, null)
  assert.equal(status, 201)
  assert.deepEqual(data, { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { id: 9, name: 'Pier' } }] })
  await db.from('pc_places').delete().eq('id', 9)
})
