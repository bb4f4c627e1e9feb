// storage-js object methods against /storage/v1 of the running server.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { asUser, service, anon, USER_ID, OTHER_ID, PNG_1x1, unique, SUPABASE_URL } from './helpers.mjs'

const BUCKET = 'contract-private'

test('upload, update, download, info, exists', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('objects')
  const path = `${dir}/hello.txt`

  const up = await s.upload(path, Buffer.from('hello world'), { contentType: 'text/plain', cacheControl: '120' })
  assert.equal(up.error, null)
  assert.equal(up.data.path, path)
  assert.equal(up.data.fullPath, `${BUCKET}/${path}`)
  assert.match(up.data.id, /^[0-9a-f-]{36}$/)

  const dup = await s.upload(path, Buffer.from('again'))
  assert.equal(dup.error?.statusCode, '409')
  assert.equal(dup.error?.message, 'The resource already exists')

  const ups = await s.upload(path, Buffer.from('hello upsert'), { upsert: true, contentType: 'text/plain' })
  assert.equal(ups.error, null)
  const upd = await s.update(path, Buffer.from('hello update'), { contentType: 'text/plain' })
  assert.equal(upd.error, null)

  const dl = await s.download(path)
  assert.equal(dl.error, null)
  assert.equal(await dl.data.text(), 'hello update')

  // A Blob goes as multipart with an empty field name; its type is kept.
  const blobPath = `${dir}/pixel.png`
  const blob = await s.upload(blobPath, new Blob([PNG_1x1], { type: 'image/png' }), { cacheControl: '60', metadata: { kind: 'pixel' } })
  assert.equal(blob.error, null)
  const info = await s.info(blobPath)
  assert.equal(info.error, null)
  assert.equal(info.data.name, blobPath)
  assert.equal(info.data.contentType, 'image/png')
  assert.equal(info.data.size, PNG_1x1.length)
  assert.equal(info.data.cacheControl, 'max-age=60')
  assert.equal(info.data.metadata.kind, 'pixel')
  assert.match(info.data.etag, /^".+"$/)

  assert.equal((await s.exists(blobPath)).data, true)
  assert.equal((await s.exists(`${dir}/missing.png`)).data, false)

  // Another user sees nothing (RLS SELECT).
  const other = asUser(OTHER_ID).storage.from(BUCKET)
  const denied = await other.download(path)
  assert.equal(denied.error?.statusCode, '404')
  const anonDl = await anon().storage.from(BUCKET).download(path)
  assert.ok(anonDl.error)
})

test('list with prefix, limit, offset, sortBy and search', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('list')
  for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/d.txt']) {
    const { error } = await s.upload(`${dir}/${name}`, Buffer.from(name), { contentType: 'text/plain' })
    assert.equal(error, null)
  }
  let { data, error } = await s.list(dir)
  assert.equal(error, null)
  assert.deepEqual(data.map((f) => f.name), ['a.txt', 'b.txt', 'c.txt', 'sub'])
  const folder = data.find((f) => f.name === 'sub')
  assert.equal(folder.id, null)
  assert.equal(folder.metadata, null)
  assert.equal(data[0].metadata.size, 5)

  ;({ data } = await s.list(dir, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } }))
  assert.deepEqual(data.map((f) => f.name), ['c.txt', 'b.txt'])
  ;({ data } = await s.list(dir, { search: 'B' }))
  assert.deepEqual(data.map((f) => f.name), ['b.txt'])
  ;({ data } = await s.list(`${dir}/sub`))
  assert.deepEqual(data.map((f) => f.name), ['d.txt'])
  ;({ data } = await asUser(OTHER_ID).storage.from(BUCKET).list(dir))
  assert.deepEqual(data, [])
})

test('move, copy, remove', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('mv')
  await s.upload(`${dir}/src.txt`, Buffer.from('payload'), { contentType: 'text/plain' })

  const mv = await s.move(`${dir}/src.txt`, `${dir}/moved/dst.txt`)
  assert.equal(mv.error, null)
  assert.equal(mv.data.message, 'Successfully moved')
  assert.equal((await s.exists(`${dir}/src.txt`)).data, false)
  assert.equal(await (await s.download(`${dir}/moved/dst.txt`)).data.text(), 'payload')

  const cp = await s.copy(`${dir}/moved/dst.txt`, `${dir}/copy.txt`)
  assert.equal(cp.error, null)
  assert.equal(cp.data.path, `${BUCKET}/${dir}/copy.txt`)
  assert.equal(await (await s.download(`${dir}/copy.txt`)).data.text(), 'payload')

  const notMine = await asUser(OTHER_ID).storage.from(BUCKET).move(`${dir}/copy.txt`, `${dir}/stolen.txt`)
  assert.equal(notMine.error?.statusCode, '404')

  const rm = await s.remove([`${dir}/moved/dst.txt`, `${dir}/copy.txt`, `${dir}/never.txt`])
  assert.equal(rm.error, null)
  assert.deepEqual(rm.data.map((o) => o.name).sort(), [`${dir}/copy.txt`, `${dir}/moved/dst.txt`])
  assert.equal((await s.exists(`${dir}/copy.txt`)).data, false)
})

test('signed URLs, batch, signed upload URL', async () => {
  const s = asUser(USER_ID).storage.from(BUCKET)
  const dir = unique('sign')
  await s.upload(`${dir}/doc one.txt`, Buffer.from('signed body'), { contentType: 'text/plain' })

  const one = await s.createSignedUrl(`${dir}/doc one.txt`, 60)
  assert.equal(one.error, null)
  let res = await fetch(one.data.signedUrl)
  assert.equal(res.status, 200)
  assert.equal(await res.text(), 'signed body')

  const dl = await s.createSignedUrl(`${dir}/doc one.txt`, 60, { download: 'x.txt' })
  res = await fetch(dl.data.signedUrl)
  assert.match(res.headers.get('content-disposition'), /^attachment; filename=x\.txt/)

  const many = await s.createSignedUrls([`${dir}/doc one.txt`, `${dir}/nope.txt`], 60)
  assert.equal(many.error, null)
  assert.ok(many.data[0].signedUrl)
  assert.equal(many.data[1].signedUrl, null)
  assert.ok(many.data[1].error)

  const up = await s.createSignedUploadUrl(`${dir}/via-token.txt`)
  assert.equal(up.error, null)
  assert.ok(up.data.token)
  // Anyone holding the token may upload that one name, without credentials.
  const put = await anon().storage.from(BUCKET).uploadToSignedUrl(`${dir}/via-token.txt`, up.data.token, Buffer.from('token upload'), { contentType: 'text/plain' })
  assert.equal(put.error, null)
  assert.equal(put.data.fullPath, `${BUCKET}/${dir}/via-token.txt`)
  assert.equal(await (await s.download(`${dir}/via-token.txt`)).data.text(), 'token upload')

  const forged = await fetch(`${SUPABASE_URL}/storage/v1/object/sign/${BUCKET}/${dir}/doc%20one.txt?token=${up.data.token}`)
  assert.equal(forged.status, 400)
})

test('bucket methods', async () => {
  const st = service().storage
  const id = unique('contract-bucket')
  let r = await st.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/*'] })
  assert.equal(r.error, null)
  assert.equal(r.data.name, id)
  r = await st.createBucket(id, { public: false })
  assert.equal(r.error?.statusCode, '409')

  r = await st.getBucket(id)
  assert.equal(r.error, null)
  assert.equal(r.data.file_size_limit, 1_000_000) // decimal, as storage-api
  assert.deepEqual(r.data.allowed_mime_types, ['text/*'])
  assert.equal(r.data.public, false)

  r = await st.updateBucket(id, { public: true, fileSizeLimit: 2048, allowedMimeTypes: ['text/plain'] })
  assert.equal(r.error, null)
  r = await st.getBucket(id)
  assert.equal(r.data.public, true)
  assert.equal(r.data.file_size_limit, 2048)

  r = await st.listBuckets({ search: id })
  assert.deepEqual(r.data.map((b) => b.id), [id])

  const f = st.from(id)
  assert.equal((await f.upload('a.txt', Buffer.from('x'), { contentType: 'text/plain' })).error, null)
  const tooBig = await f.upload('big.txt', Buffer.alloc(4096, 'x'), { contentType: 'text/plain' })
  assert.equal(tooBig.error?.statusCode, '413')
  const wrongType = await f.upload('p.png', PNG_1x1, { contentType: 'image/png' })
  assert.equal(wrongType.error?.statusCode, '415')

  r = await st.deleteBucket(id)
  assert.equal(r.error?.statusCode, '409')
  r = await st.emptyBucket(id)
  assert.equal(r.error, null)
  r = await st.deleteBucket(id)
  assert.equal(r.error, null)
  r = await st.getBucket(id)
  assert.equal(r.error?.statusCode, '404')
})
