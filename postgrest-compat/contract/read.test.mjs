// Reads: select grammar, embedding, ordering, pagination, counts, media types.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { anon, reset } from './lib.mjs'

const db = anon()
before(reset)

test('select columns, aliases, casts and JSON paths', async () => {
  const { data, error, status, statusText } = await db.from('pc_books')
    .select('id, label:title, pages::text, meta->>series, code:meta->lang->>code, meta->rating')
    .eq('id', 1)
  assert.equal(error, null)
  assert.equal(status, 200)
  assert.equal(statusText, 'OK')
  assert.deepEqual(data, [{ id: 1, label: 'A Wizard of Earthsea', pages: '183', series: 'Earthsea', code: 'en', rating: 5 }])
})

test('default select is every column, types as PostgreSQL renders them in JSON', async () => {
  const { data } = await db.from('pc_books').select().eq('id', 2).single()
  assert.equal(data.price, 12.5)
  assert.equal(data.published, '1974-05-01')
  assert.deepEqual(data.tags, ['anarchy', 'physics'])
  assert.deepEqual(data.meta, { rating: 5 })
  assert.equal(typeof data.search, 'string')
})

test('many-to-one, one-to-many, one-to-one and many-to-many embeds', async () => {
  const { data: books } = await db.from('pc_books').select('title, pc_authors(name)').eq('id', 4)
  assert.deepEqual(books, [{ title: 'Invisible Cities', pc_authors: { name: 'Italo' } }])

  const { data: authors } = await db.from('pc_authors')
    .select('name, pc_books(title), pc_author_profiles(bio)')
    .order('id').order('id', { referencedTable: 'pc_books', ascending: false }).limit(2)
  assert.deepEqual(authors, [
    { name: 'Ursula', pc_books: [{ title: 'The Lathe of Heaven' }, { title: 'The Dispossessed' }, { title: 'A Wizard of Earthsea' }], pc_author_profiles: { bio: 'Wrote Earthsea' } },
    { name: 'Italo', pc_books: [{ title: "If on a winter's night a traveler" }, { title: 'Invisible Cities' }], pc_author_profiles: { bio: 'Oulipo member' } },
  ])

  const { data: tags } = await db.from('pc_tags').select('name, pc_books(id)').eq('id', 1)
    .order('id', { referencedTable: 'pc_books' })
  assert.deepEqual(tags, [{ name: 'classic', pc_books: [{ id: 1 }, { id: 4 }, { id: 6 }] }])
})

test('!inner, !left, hints, nested embeds and empty embeds for filtering', async () => {
  const { data: inner } = await db.from('pc_authors').select('name, pc_books!inner(id)').eq('pc_books.genre', 'scifi')
  assert.deepEqual(inner, [{ name: 'Ursula', pc_books: [{ id: 2 }, { id: 3 }] }])

  const { data: left } = await db.from('pc_authors').select('name, pc_books!left(id)').eq('pc_books.genre', 'scifi').order('id').limit(2)
  assert.deepEqual(left, [{ name: 'Ursula', pc_books: [{ id: 2 }, { id: 3 }] }, { name: 'Italo', pc_books: [] }])

  const { data: rivals } = await db.from('pc_rivalries')
    .select('id, first:pc_authors!pc_rivalries_first_author_fkey(name), second:pc_authors!second_author(name, pc_books(count))')
    .order('id')
  assert.deepEqual(rivals, [
    { id: 1, first: { name: 'Ursula' }, second: { name: 'Italo', pc_books: [{ count: 2 }] } },
    { id: 2, first: { name: 'Italo' }, second: { name: 'Jorge', pc_books: [{ count: 1 }] } },
  ])

  const { data: noBooks } = await db.from('pc_authors').select('name, pc_books()').is('pc_books', null)
  assert.deepEqual(noBooks, [{ name: 'Nobody' }])

  const { data: team } = await db.from('pc_employees').select('name, boss:manager_id(name), pc_employees(name)').eq('id', 2)
  assert.deepEqual(team, [{ name: 'Alice', boss: { name: 'Boss' }, pc_employees: [{ name: 'Carol' }] }])
})

test('spread and aggregates', async () => {
  const { data: spread } = await db.from('pc_books').select('title, ...pc_authors(author:name, country)').eq('id', 6)
  assert.deepEqual(spread, [{ title: 'Ficciones', author: 'Jorge', country: 'AR' }])

  const { data: agg } = await db.from('pc_books').select('genre, count(), pages.sum(), price.avg()').order('genre')
  assert.equal(agg.length, 3)
  assert.deepEqual(agg[0], { genre: 'fantasy', count: 1, sum: 183, avg: 9.99 })

  const { data: counts } = await db.from('pc_authors').select('name, pc_books(count)').order('id').limit(1)
  assert.deepEqual(counts, [{ name: 'Ursula', pc_books: [{ count: 3 }] }])
})

test('order with nullsFirst, referenced table and JSON path; limit and range', async () => {
  const { data: a } = await db.from('pc_books').select('id').order('price', { ascending: false, nullsFirst: true }).limit(2)
  assert.deepEqual(a, [{ id: 3 }, { id: 5 }])
  const { data: b } = await db.from('pc_books').select('id').order('price', { ascending: false, nullsFirst: false }).limit(1)
  assert.deepEqual(b, [{ id: 5 }])
  const { data: c } = await db.from('pc_books').select('id').order('meta->>rating', { ascending: true }).order('id').limit(3)
  assert.deepEqual(c, [{ id: 3 }, { id: 1 }, { id: 2 }])
  const { data: d } = await db.from('pc_books').select('id').order('id').range(2, 3)
  assert.deepEqual(d, [{ id: 3 }, { id: 4 }])
  const { data: e } = await db.from('pc_authors').select('name, pc_books(id)').eq('id', 1)
    .order('id', { referencedTable: 'pc_books' }).range(1, 1, { referencedTable: 'pc_books' })
  assert.deepEqual(e, [{ name: 'Ursula', pc_books: [{ id: 2 }] }])
  const { data: f } = await db.from('pc_authors').select('name, pc_books(id)').eq('id', 1).limit(1, { referencedTable: 'pc_books' })
  assert.equal(f[0].pc_books.length, 1)
})

test('counts: exact, planned, estimated, with head', async () => {
  for (const count of ['exact', 'planned', 'estimated']) {
    const { data, count: n, status } = await db.from('pc_books').select('id', { count }).limit(2)
    assert.equal(n, 6, count)
    assert.equal(status, 206)
    assert.equal(data.length, 2)
  }
  const { data, count, status } = await db.from('pc_books').select('*', { count: 'exact', head: true }).eq('genre', 'fiction')
  assert.equal(data, null)
  assert.equal(count, 3)
  assert.equal(status, 200)
})

test('planned and estimated counts come from the planner, exact does not', async () => {
  // pc_reset analyzed pc_books at 6 rows; a new row in the same page is not in the estimate.
  const ins = await db.from('pc_books').insert({ title: 'unplanned' })
  assert.equal(ins.error, null)
  const exact = await db.from('pc_books').select('id', { count: 'exact', head: true })
  assert.equal(exact.count, 7)
  const planned = await db.from('pc_books').select('id', { count: 'planned' }).limit(1)
  assert.equal(planned.count, 6)
  assert.equal(planned.status, 206)
  // No max-rows on this server: estimated takes the larger of exact and planned.
  const estimated = await db.from('pc_books').select('id', { count: 'estimated' }).limit(1)
  assert.equal(estimated.count, 7)
  // A page larger than the estimate is not partial.
  const all = await db.from('pc_books').select('id', { count: 'planned' })
  assert.equal(all.status, 200)
  assert.equal(all.data.length, 7)
  await reset()
})

test('explain() is off unless the server enables plans (db-plan-enabled): 406 PGRST107', async () => {
  const { count: before } = await db.from('pc_books').select('id', { count: 'exact', head: true })
  const res = await db.from('pc_books').select('id').explain({ analyze: true, format: 'json' })
  assert.equal(res.status, 406)
  assert.equal(res.error.code, 'PGRST107')
  const write = await db.from('pc_books').delete().gt('id', 0).explain()
  assert.equal(write.status, 406)
  const { count } = await db.from('pc_books').select('id', { count: 'exact', head: true })
  assert.equal(count, before)
})

test('single, maybeSingle, csv and stripNulls', async () => {
  const one = await db.from('pc_authors').select('name').eq('id', 2).single()
  assert.deepEqual(one.data, { name: 'Italo' })

  const many = await db.from('pc_authors').select('name').single()
  assert.equal(many.status, 406)
  assert.equal(many.error.code, 'PGRST116')
  assert.equal(many.error.details, 'The result contains 4 rows')
  assert.equal(many.error.message, 'Cannot coerce the result to a single JSON object')

  const none = await db.from('pc_authors').select('name').eq('id', 99).maybeSingle()
  assert.equal(none.error, null)
  assert.equal(none.data, null)
  const some = await db.from('pc_authors').select('name').eq('id', 3).maybeSingle()
  assert.deepEqual(some.data, { name: 'Jorge' })

  const csv = await db.from('pc_authors').select('id, name, country').order('id').limit(2).csv()
  assert.equal(csv.data, 'id,name,country\n1,Ursula,US\n2,Italo,IT')

  const stripped = await db.from('pc_authors').select('name, country, born').eq('id', 4).stripNulls()
  assert.deepEqual(stripped.data, [{ name: 'Nobody' }])
  const strippedOne = await db.from('pc_authors').select('name, country').eq('id', 4).single().stripNulls()
  assert.deepEqual(strippedOne.data, { name: 'Nobody' })
})

test('views embed through their base table keys; computed fields', async () => {
  const { data } = await db.from('pc_book_view').select('title, pc_authors(name)').eq('id', 6)
  assert.deepEqual(data, [{ title: 'Ficciones', pc_authors: { name: 'Jorge' } }])
  const { data: up } = await db.from('pc_books').select('id, pc_title_upper').eq('id', 6)
  assert.deepEqual(up, [{ id: 6, pc_title_upper: 'FICCIONES' }])
})

test('choosing a relationship: FK names skip views over the target; self references', async () => {
  const byColumn = await db.from('pc_books').select('title, author_id(name)').eq('id', 4)
  assert.equal(byColumn.error, null)
  assert.deepEqual(byColumn.data, [{ title: 'Invisible Cities', author_id: { name: 'Italo' } }])
  const byConstraint = await db.from('pc_books').select('title, author:pc_books_author_id_fkey(name)').eq('id', 4)
  assert.deepEqual(byConstraint.data, [{ title: 'Invisible Cities', author: { name: 'Italo' } }])
  const byView = await db.from('pc_books').select('title, pc_author_view(name)').eq('id', 4)
  assert.deepEqual(byView.data, [{ title: 'Invisible Cities', pc_author_view: { name: 'Italo' } }])

  const children = await db.from('pc_employees').select('name, pc_employees!manager_id(name)').eq('id', 1)
    .order('id', { referencedTable: 'pc_employees' })
  assert.equal(children.error, null)
  assert.deepEqual(children.data, [{ name: 'Boss', pc_employees: [{ name: 'Alice' }, { name: 'Bob' }] }])
  const wrongSide = await db.from('pc_employees').select('name, pc_employees!pc_employees_manager_id_fkey(name)')
  assert.equal(wrongSide.status, 400)
  assert.equal(wrongSide.error.code, 'PGRST200')
  assert.equal(wrongSide.error.message, "Could not find a relationship between 'pc_employees' and 'pc_employees' in the schema cache")
})

test('computed relationships: SETOF ... ROWS 1 embeds as an object or null, other sets as arrays', async () => {
  const { data, error } = await db.from('pc_authors').select('name, pc_first_book(title), pc_all_books(id)').order('id')
  assert.equal(error, null)
  assert.deepEqual(data, [
    { name: 'Ursula', pc_first_book: { title: 'A Wizard of Earthsea' }, pc_all_books: [{ id: 1 }, { id: 2 }, { id: 3 }] },
    { name: 'Italo', pc_first_book: { title: 'Invisible Cities' }, pc_all_books: [{ id: 4 }, { id: 5 }] },
    { name: 'Jorge', pc_first_book: { title: 'Ficciones' }, pc_all_books: [{ id: 6 }] },
    { name: 'Nobody', pc_first_book: null, pc_all_books: [] },
  ])
  const { data: one } = await db.from('pc_authors').select('name, first:pc_first_book!inner(title)').eq('id', 2).single()
  assert.deepEqual(one, { name: 'Italo', first: { title: 'Invisible Cities' } })
})

test('one builder can be reused; setHeader, returns, overrideTypes, abortSignal change nothing on the wire', async () => {
  const base = db.from('pc_tags').select('id').order('id')
  const a = await base.limit(1).returns()
  const b = await db.from('pc_tags').select('id').order('id').overrideTypes().setHeader('x-test', '1').abortSignal(new AbortController().signal)
  assert.deepEqual(a.data, [{ id: 1 }])
  assert.equal(b.data.length, 3)
})

test('explain is not enabled (as db-plan-enabled=false)', async () => {
  const { error, status } = await db.from('pc_tags').select('id').explain()
  assert.equal(status, 406)
  assert.equal(error.code, 'PGRST107')
})

test('geojson(): a FeatureCollection from PostGIS (ST_AsGeoJSON), geometry or geography', async () => {
  const harbor = { type: 'Feature', geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] }, properties: { id: 1, name: 'Harbor' } }
  const all = await db.from('pc_places').select().order('id').geojson()
  assert.equal(all.error, null)
  assert.equal(all.status, 200)
  assert.deepEqual(all.data, {
    type: 'FeatureCollection',
    features: [
      harbor,
      { type: 'Feature', geometry: { type: 'Point', coordinates: [-71.10543, 42.366432] }, properties: { id: 2, name: 'Market' } },
      { type: 'Feature', geometry: { type: null }, properties: { id: 3, name: 'Nowhere' } },
    ],
  })
  const empty = await db.from('pc_places').select().gt('id', 10).geojson()
  assert.deepEqual(empty.data, { type: 'FeatureCollection', features: [] })
  const zone = await db.from('pc_zones').select('name, area').geojson()
  assert.deepEqual(zone.data.features, [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] }, properties: { name: 'Square' } }])
  const one = await db.rpc('pc_place', { pid: 1 }).geojson()
  assert.deepEqual(one.data, { type: 'FeatureCollection', features: [harbor] })
  // Plain JSON keeps the geometry as a GeoJSON object (PostGIS's cast to json).
  const plain = await db.from('pc_places').select('geom').eq('id', 1).single()
  assert.deepEqual(plain.data.geom.coordinates, [-71.10044, 42.373695])
})

test('geojson() without a geometry column in the result: PostGIS error 400 22023', async () => {
  const { data, error, status } = await db.from('pc_authors').select('id, name').geojson()
  assert.equal(data, null)
  assert.equal(status, 400)
  assert.deepEqual(error, { code: '22023', details: null, hint: null, message: 'geometry column is missing' })
})
