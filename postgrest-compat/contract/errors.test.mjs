// Errors exactly as PostgREST shapes them, and credentials as Supabase maps them.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { anon, service, asUser, reset, raw, sign, clientWith, SUPABASE_URL, ANON_KEY, ALICE } from './lib.mjs'

const db = anon()
before(reset)

test('unknown table, column, relationship; ambiguous embed; filters on absent embeds', async () => {
  const table = await db.from('pc_author').select()
  assert.equal(table.status, 404)
  assert.deepEqual(table.error, {
    code: 'PGRST205', details: null, hint: "Perhaps you meant the table 'public.pc_authors'",
    message: "Could not find the table 'public.pc_author' in the schema cache",
  })
  const col = await db.from('pc_authors').select('nope')
  assert.equal(col.status, 400)
  assert.equal(col.error.code, '42703')
  assert.equal(col.error.message, 'column pc_authors.nope does not exist')
  const rel = await db.from('pc_authors').select('pc_tags(*)')
  assert.equal(rel.status, 400)
  assert.equal(rel.error.code, 'PGRST200')
  const amb = await db.from('pc_rivalries').select('pc_authors(*)')
  assert.equal(amb.status, 300)
  assert.equal(amb.error.code, 'PGRST201')
  assert.equal(amb.error.details.length, 2)
  assert.equal(amb.error.details[0].cardinality, 'many-to-one')
  assert.match(amb.error.hint, /pc_authors!pc_rivalries_first_author_fkey/)
  const notEmbedded = await db.from('pc_authors').select('name').eq('pc_books.id', 1)
  assert.equal(notEmbedded.error.code, 'PGRST108')
})

test('the same table embedded twice without aliases is 42712, as PostgreSQL answers PostgREST', async () => {
  const twice = await db.from('pc_rivalries').select('id, pc_authors!first_author(name), pc_authors!second_author(name)')
  assert.equal(twice.status, 400)
  assert.equal(twice.data, null)
  assert.deepEqual(twice.error, {
    code: '42712', details: null, hint: null,
    message: 'table name "pc_rivalries_pc_authors_1" specified more than once',
  })
  const nested = await db.from('pc_rivalries').select('id, first:pc_authors!first_author(pc_books(id), pc_books!author_id(id))')
  assert.equal(nested.status, 400)
  assert.equal(nested.error.message, 'table name "pc_authors_pc_books_2" specified more than once')
  // An alias on either side makes it valid, and each key holds its own author.
  const aliased = await db.from('pc_rivalries').select('id, pc_authors!first_author(name), second:pc_authors!second_author(name)').order('id')
  assert.equal(aliased.error, null)
  assert.deepEqual(aliased.data, [
    { id: 1, pc_authors: { name: 'Ursula' }, second: { name: 'Italo' } },
    { id: 2, pc_authors: { name: 'Italo' }, second: { name: 'Jorge' } },
  ])
})

test('parse errors and bad values', async () => {
  const op = await db.from('pc_authors').select().filter('id', 'eqx', 1)
  assert.equal(op.status, 400)
  assert.equal(op.error.code, 'PGRST100')
  const val = await db.from('pc_authors').select().eq('id', 'abc')
  assert.equal(val.status, 400)
  assert.equal(val.error.code, '22P02')
})

test('schema() outside the exposed schemas: PGRST106', async () => {
  const { error, status } = await db.schema('auth').from('users').select()
  assert.equal(status, 406)
  assert.equal(error.code, 'PGRST106')
  assert.equal(error.message, 'Invalid schema: auth')
})

test('insufficient privilege is 401 for anon and 403 for a signed-in user', async () => {
  const a = await db.from('pc_authors').insert({ name: 'x' })
  assert.equal(a.status, 401)
  assert.equal(a.error.code, '42501')
  const u = await asUser(ALICE).from('pc_notes').insert({ body: 'forged', owner: '00000000-0000-4000-8000-000000000002' })
  assert.equal(u.status, 403)
  assert.equal(u.error.code, '42501')
  assert.match(u.error.message, /row-level security/)
})

test('row-level security: the same query sees different rows per caller', async () => {
  const q = (c) => c.from('pc_notes').select('body').order('id')
  assert.deepEqual((await q(db)).data, [{ body: 'public note' }])
  assert.deepEqual((await q(asUser(ALICE))).data, [{ body: 'public note' }, { body: 'alice private' }])
  assert.deepEqual((await q(service())).data.length, 3)
  const mine = await asUser(ALICE).from('pc_notes').insert({ body: 'mine' }).select('owner').single()
  assert.equal(mine.data.owner, ALICE)
})

test('credentials: expired and forged tokens, invalid apikey, publishable keys, no key at all', async () => {
  const expired = clientWith(ANON_KEY, { Authorization: `Bearer ${sign({ role: 'authenticated', sub: ALICE, exp: 1000 })}` })
  const e = await expired.from('pc_tags').select()
  assert.equal(e.status, 401)
  assert.equal(e.error.code, 'PGRST303')
  assert.equal(e.error.message, 'JWT expired')
  const forged = clientWith(ANON_KEY, { Authorization: `Bearer ${sign({ role: 'service_role' }, 'wrong-secret')}` })
  const f = await forged.from('pc_tags').select()
  assert.equal(f.status, 401)
  assert.equal(f.error.code, 'PGRST301')
  const badKey = await clientWith('not-a-key').from('pc_tags').select()
  assert.equal(badKey.status, 401)
  const noKey = await fetch(`${SUPABASE_URL}/rest/v1/pc_tags?select=id&order=id&limit=1`)
  assert.equal(noKey.status, 200)
  assert.deepEqual(await noKey.json(), [{ id: 1 }])
})

test('OpenAPI at the root: service_role only', async () => {
  const denied = await raw('/')
  assert.equal(denied.status, 403)
  const { SERVICE_ROLE_KEY } = process.env
  const ok = await raw('/', { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } })
  assert.equal(ok.status, 200)
  assert.match(ok.headers.get('content-type'), /application\/openapi\+json/)
  const doc = await ok.json()
  assert.equal(doc.swagger, '2.0')
  assert.ok(doc.paths['/pc_books'].get)
  assert.ok(doc.paths['/rpc/pc_add'].post)
  assert.ok(doc.definitions.pc_books.properties.title)
})

test('response headers supabase-js relies on', async () => {
  const res = await raw('/pc_tags?select=id', { headers: { 'accept-profile': 'public', prefer: 'count=exact', origin: 'http://example.test' } })
  assert.equal(res.headers.get('content-range'), '0-2/3')
  assert.equal(res.headers.get('content-profile'), 'public')
  assert.match(res.headers.get('content-type'), /^application\/json; charset=utf-8/)
  assert.match(res.headers.get('access-control-expose-headers') || '', /Content-Range/)
})

test('error texts as PostgREST words them: embed alias in 42703, computed field called as a function', async () => {
  const agg = await db.from('pc_authors').select('name, pc_books(sum)')
  assert.equal(agg.status, 400)
  assert.deepEqual(agg.error, { code: '42703', details: null, hint: null, message: 'column pc_books_1.sum does not exist' })
  const nested = await db.from('pc_books').select('id, pc_authors(pc_books(nope))')
  assert.equal(nested.error.message, 'column pc_books_2.nope does not exist')
  const computed = await db.rpc('pc_title_upper', { id: 1 })
  assert.equal(computed.status, 404)
  assert.deepEqual(computed.error, {
    code: 'PGRST202',
    details: 'Searched for the function public.pc_title_upper with parameter id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    hint: null,
    message: 'Could not find the function public.pc_title_upper(id) in the schema cache',
  })
})
