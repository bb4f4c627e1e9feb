// The differences an outside run of storage-js found
// (list-v2, transforms decided by the bytes, decimal size strings, anon's
// bucket list, getBucket's fields and emptyBucket's message).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { asUser, service, anon, userToken, USER_ID, OTHER_ID, unique, SUPABASE_URL, ANON_KEY } from './helpers.mjs'

const BUCKET = 'contract-private'

// A 40x20 baseline JPEG (Go's image/jpeg, quality 50).
const JPEG_40x20 = Buffer.from(
  '/9j/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIABQAKAMBIgACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOWS09qnS09q1UtPap0tPau2WIOOjijKS09qnS09q1UtPap0tPaueWIPWo4oyktPapPsntWylp7U/wCye1YvEHqQxWhXSNfSp0jX0qJKsJWEmz87otkiRr6VOka+lRpU6VzybPWotkiRr6U/y19KEp9Yts9SDdj/2Q==',
  'base64',
)

// jpegSize reads width and height from the first SOF marker.
function jpegSize(b) {
  let i = 2
  while (i < b.length) {
    if (b[i] !== 0xff) throw new Error('not a JPEG marker at ' + i)
    const marker = b[i + 1]
    const len = b.readUInt16BE(i + 2)
    if (marker >= 0xc0 && marker <= 0xc3) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)]
    i += 2 + len
  }
  throw new Error('no SOF marker')
}

test('listV2: flat, with delimiter, cursor pages, sortBy, RLS', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('listv2')
  const names = ['b.txt', 'a.txt', 'sub/d.txt', 'c.txt', 'sub2/f.txt', 'sub/e.txt']
  for (const n of names) {
    const { error } = await s.upload(`${dir}/${n}`, Buffer.from(n), { contentType: 'text/plain' })
    assert.equal(error, null)
  }
  const full = (n) => `${dir}/${n}`

  // Flat: every object under the prefix, full names, no key, no folders.
  let r = await s.listV2({ prefix: `${dir}/` })
  assert.equal(r.error, null, r.error?.message)
  assert.equal(r.data.hasNext, false)
  assert.equal(r.data.nextCursor, undefined)
  assert.deepEqual(r.data.folders, [])
  assert.deepEqual(r.data.objects.map((o) => o.name), [...names].sort().map(full))
  const o = r.data.objects[0]
  assert.match(o.id, /^[0-9a-f-]{36}$/)
  assert.equal(o.key, undefined)
  assert.equal(o.metadata.size, 5)
  assert.equal(o.metadata.mimetype, 'text/plain')
  for (const k of ['created_at', 'updated_at', 'last_accessed_at']) assert.match(o[k], /^\d{4}-\d\d-\d\dT/)

  // With the delimiter: one level, folders as {key, name}, objects with their key.
  r = await s.listV2({ prefix: `${dir}/`, with_delimiter: true })
  assert.equal(r.error, null)
  assert.deepEqual(r.data.folders, [
    { key: 'sub', name: full('sub/') },
    { key: 'sub2', name: full('sub2/') },
  ])
  assert.deepEqual(r.data.objects.map((x) => [x.key, x.name]), ['a.txt', 'b.txt', 'c.txt'].map((n) => [n, full(n)]))

  // Pages of two: a folder takes a slot like an object, and the next page
  // starts after the whole folder.
  const seen = []
  let cursor
  let pages = 0
  do {
    r = await s.listV2({ prefix: `${dir}/`, with_delimiter: true, limit: 2, cursor })
    assert.equal(r.error, null, r.error?.message)
    pages++
    seen.push(...r.data.objects.map((x) => x.name), ...r.data.folders.map((x) => x.name))
    assert.equal(typeof r.data.hasNext, 'boolean')
    cursor = r.data.hasNext ? r.data.nextCursor : undefined
    if (r.data.hasNext) assert.equal(typeof cursor, 'string')
  } while (cursor && pages < 10)
  assert.equal(pages, 3)
  assert.deepEqual(seen, ['a.txt', 'b.txt', 'c.txt', 'sub/', 'sub2/'].map(full))

  // created_at descending, flat, one per page: newest first, every object once.
  const byDate = []
  cursor = undefined
  pages = 0
  do {
    r = await s.listV2({ prefix: `${dir}/`, limit: 1, cursor, sortBy: { column: 'created_at', order: 'desc' } })
    assert.equal(r.error, null, r.error?.message)
    byDate.push(...r.data.objects.map((x) => x.name))
    cursor = r.data.hasNext ? r.data.nextCursor : undefined
  } while (cursor && ++pages < 20)
  assert.deepEqual(byDate, [...names].reverse().map(full))

  // A prefix that is not a folder, and the root.
  r = await s.listV2({ prefix: `${dir}/su`, with_delimiter: true })
  assert.deepEqual(r.data.folders.map((f) => f.name), [full('sub/'), full('sub2/')])
  assert.deepEqual(r.data.objects, [])
  r = await s.listV2({ prefix: dir, with_delimiter: true })
  assert.deepEqual(r.data.folders, [{ key: dir, name: `${dir}/` }])

  // A bad cursor is the caller's error.
  r = await s.listV2({ prefix: `${dir}/`, cursor: Buffer.from('x').toString('base64') })
  assert.equal(r.error?.statusCode, '400')

  // RLS decides: another user lists nothing of it.
  r = await asUser(OTHER_ID).storage.from(BUCKET).listV2({ prefix: `${dir}/`, with_delimiter: true })
  assert.equal(r.error, null)
  assert.deepEqual([r.data.objects, r.data.folders], [[], []])
  await s.remove(names.map(full))
})

test('image transforms decide by the bytes and send X-Transformations', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const path = `${unique('sniff')}/photo.txt`
  // A JPEG stored as text/plain (the bucket has no type list).
  assert.equal((await s.upload(path, JPEG_40x20, { contentType: 'text/plain' })).error, null)
  const dl = await s.download(path, { transform: { width: 20, height: 10 } })
  assert.equal(dl.error, null)
  const out = Buffer.from(await dl.data.arrayBuffer())
  assert.deepEqual(jpegSize(out), [32, 32]) // 20x10 snapped up to the smallest render size (32), cropped to fill it
  assert.ok(out.length !== JPEG_40x20.length)

  const url = (q) => `${SUPABASE_URL}/storage/v1/render/image/authenticated/${BUCKET}/${path}?${q}`
  const headers = { Authorization: `Bearer ${userToken(USER_ID)}`, apikey: ANON_KEY }
  let res = await fetch(url('width=20&height=10'), { headers })
  assert.equal(res.status, 200)
  assert.equal(res.headers.get('content-type'), 'image/jpeg')
  assert.equal(res.headers.get('x-transformations'), 'height:10,width:20,resizing_type:fill')
  res = await fetch(url('width=030&resize=contain&quality=70'), { headers })
  assert.equal(res.status, 200)
  assert.equal(res.headers.get('x-transformations'), 'width:30,resizing_type:fit,quality:70')
  res = await fetch(url('height=40&resize=fill'), { headers })
  assert.equal(res.headers.get('x-transformations'), 'height:40,resizing_type:force')
  // A cache hit says the same.
  res = await fetch(url('width=30&resize=contain&quality=70'), { headers })
  assert.equal(res.headers.get('x-transformation-cache'), 'HIT')
  assert.equal(res.headers.get('x-transformations'), 'width:30,resizing_type:fit,quality:70')

  // Text stays text: served as stored, no transformation announced.
  const txt = `${unique('sniff')}/note.txt`
  assert.equal((await s.upload(txt, Buffer.from('just words'), { contentType: 'text/plain' })).error, null)
  res = await fetch(`${SUPABASE_URL}/storage/v1/render/image/authenticated/${BUCKET}/${txt}?width=20`, { headers })
  assert.equal(res.status, 200)
  assert.equal(await res.text(), 'just words')
  assert.equal(res.headers.get('x-transformations'), null)
  await s.remove([path, txt])
})

test('size strings are decimal, as storage-api parses them', async () => {
  const st = service().storage
  const cases = [['20mb', 20_000_000], ['1.5KB', 1500], ['1.234MB', 1_230_000], ['2GB', 2_000_000_000], ['300b', 300], [1048576, 1048576]]
  for (const [limit, want] of cases) {
    const id = unique('contract-size')
    const c = await st.createBucket(id, { public: false, fileSizeLimit: limit })
    assert.equal(c.error, null, `${limit}: ${c.error?.message}`)
    const g = await st.getBucket(id)
    assert.equal(g.data.file_size_limit, want, String(limit))
    assert.equal((await st.updateBucket(id, { public: false, fileSizeLimit: '3mb' })).error, null)
    assert.equal((await st.getBucket(id)).data.file_size_limit, 3_000_000)
    await st.deleteBucket(id)
  }
  for (const bad of ['20 MB', '1TB', 'mb']) {
    const r = await st.createBucket(unique('contract-size'), { public: false, fileSizeLimit: bad })
    assert.equal(r.error?.statusCode, '400', bad)
    assert.equal(r.error?.message, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B')
  }
})

test('anon lists public buckets only', async () => {
  const a = anon().storage
  const r = await a.listBuckets()
  assert.equal(r.error, null)
  const ids = r.data.map((b) => b.id)
  assert.ok(ids.includes('car-images') && ids.includes('blog-images'), ids.join())
  assert.ok(!ids.includes(BUCKET), 'anon sees the private bucket ' + BUCKET)
  assert.ok(r.data.every((b) => b.public === true))
  assert.equal((await a.getBucket(BUCKET)).error?.statusCode, '404')
  assert.equal((await a.getBucket('car-images')).error, null)
  // A signed-in user who is not an administrator: the same.
  const u = await asUser(USER_ID).storage.listBuckets()
  assert.equal(u.error, null)
  assert.ok(u.data.every((b) => b.public === true))
  // The service role sees everything.
  const sv = await service().storage.listBuckets()
  assert.ok(sv.data.map((b) => b.id).includes(BUCKET))
})

test('getBucket fields and emptyBucket message as storage-api', async () => {
  const st = service().storage
  const id = unique('contract-fields')
  assert.equal((await st.createBucket(id, { public: false })).error, null)
  const g = await st.getBucket(id)
  assert.equal(g.error, null)
  assert.deepEqual(Object.keys(g.data).sort(), ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at'])
  // listBuckets does carry the type (storage-js reads it there).
  const l = await st.listBuckets({ search: id })
  assert.equal(l.data[0].type, 'STANDARD')
  assert.equal((await st.from(id).upload('x.txt', Buffer.from('x'))).error, null)
  const e = await st.emptyBucket(id)
  assert.equal(e.error, null)
  assert.deepEqual(e.data, { message: 'Empty bucket has been queued. Completion may take up to an hour.' })
  assert.equal((await st.deleteBucket(id)).error, null)
})

test('listV2 exactMatch and version filters; versioning refused, not ignored', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('exact')
  for (const n of ['a.txt', 'a.txt.bak', 'a.txt2/inner.txt']) {
    assert.equal((await s.upload(`${dir}/${n}`, Buffer.from(n), { contentType: 'text/plain' })).error, null)
  }
  let r = await s.listV2({ prefix: `${dir}/a.txt`, exactMatch: true })
  assert.equal(r.error, null)
  assert.deepEqual(r.data.objects.map((o) => o.name), [`${dir}/a.txt`])
  assert.deepEqual(r.data.folders, [])
  r = await s.listV2({ prefix: `${dir}/a.txt` })
  assert.equal(r.data.objects.length, 3)
  // No bucket keeps versions: noncurrent versions and delete markers do not exist.
  r = await s.listV2({ prefix: `${dir}/`, noncurrentVersions: 'only' })
  assert.deepEqual([r.error, r.data.objects, r.data.folders], [null, [], []])
  r = await s.listV2({ prefix: `${dir}/`, deleteMarkers: 'only' })
  assert.deepEqual(r.data.objects, [])
  r = await s.listV2({ prefix: `${dir}/`, noncurrentVersions: 'include', deleteMarkers: 'exclude' })
  assert.equal(r.data.objects.length, 3)
  r = await s.listV2({ prefix: `${dir}/`, noncurrentVersions: 'some' })
  assert.equal(r.error?.statusCode, '400')
  await s.remove(['a.txt', 'a.txt.bak', 'a.txt2/inner.txt'].map((n) => `${dir}/${n}`))

  const st = service().storage
  const id = unique('contract-versioned')
  let b = await st.createBucket(id, { public: false, versioningStatus: 'ENABLED' })
  assert.equal(b.error?.statusCode, '400')
  assert.equal(b.error?.message, 'bucket versioning is not supported')
  assert.equal((await st.getBucket(id)).error?.statusCode, '404')
  assert.equal((await st.createBucket(id, { public: false })).error, null)
  b = await st.updateBucket(id, { public: false, versioningStatus: 'SUSPENDED' })
  assert.equal(b.error?.statusCode, '400')
  assert.equal((await st.deleteBucket(id)).error, null)
})
