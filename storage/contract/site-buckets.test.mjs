// The site's image buckets (car-images, blog-images): who may write, that
// everyone reads, the limits, public URLs with their headers, and rendering.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { deflateSync, crc32 } from 'node:zlib'
import { asUser, anon, ADMIN_ID, USER_ID, PNG_1x1, unique } from './helpers.mjs'

// png builds a w x h RGB PNG without dependencies.
function png(w, h) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const raw = Buffer.alloc((w * 3 + 1) * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw[y * (w * 3 + 1) + 1 + x * 3] = x & 255
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
const pngSize = (b) => [b.readUInt32BE(16), b.readUInt32BE(20)]

for (const bucket of ['car-images', 'blog-images']) {
  test(`${bucket}: anon and non-admin uploads are refused, the admin's is public`, async () => {
    const path = `${unique('contract')}/photo.png`
    const a = await anon().storage.from(bucket).upload(path, PNG_1x1, { contentType: 'image/png' })
    assert.equal(a.error?.statusCode, '403')
    const u = await asUser(USER_ID).storage.from(bucket).upload(path, PNG_1x1, { contentType: 'image/png' })
    assert.equal(u.error?.statusCode, '403')
    assert.equal(u.error?.message, 'new row violates row-level security policy')

    const admin = asUser(ADMIN_ID).storage.from(bucket)
    const ok = await admin.upload(path, PNG_1x1, { contentType: 'image/png' })
    assert.equal(ok.error, null)

    const { data } = anon().storage.from(bucket).getPublicUrl(path)
    const res = await fetch(data.publicUrl)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'image/png')
    assert.equal(res.headers.get('cache-control'), 'max-age=3600')
    assert.ok(res.headers.get('last-modified'))
    const etag = res.headers.get('etag')
    assert.match(etag, /^"[0-9a-f]{32}"$/)
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG_1x1)
    assert.equal((await fetch(data.publicUrl, { headers: { 'If-None-Match': etag } })).status, 304)
    const part = await fetch(data.publicUrl, { headers: { Range: 'bytes=0-7' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), `bytes 0-7/${PNG_1x1.length}`)

    const rm = await asUser(USER_ID).storage.from(bucket).remove([path])
    assert.deepEqual(rm.data, [])
    const rmAdmin = await admin.remove([path])
    assert.equal(rmAdmin.data.length, 1)
    assert.equal((await fetch(data.publicUrl)).status, 400)
  })
}

test('limits: 11 MB, text/html, a key with ..', async () => {
  const admin = asUser(ADMIN_ID).storage.from('car-images')
  const big = Buffer.concat([PNG_1x1, Buffer.alloc(11 << 20)])
  let r = await admin.upload(`${unique('big')}.png`, big, { contentType: 'image/png' })
  assert.equal(r.error?.statusCode, '413')
  assert.equal(r.error?.message, 'The object exceeded the maximum allowed size')
  r = await admin.upload(`${unique('big')}.png`, new Blob([big], { type: 'image/png' }))
  assert.equal(r.error?.statusCode, '413')

  const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>')
  r = await admin.upload(`${unique('page')}.html`, html, { contentType: 'text/html' })
  assert.equal(r.error?.statusCode, '415')
  assert.equal(r.error?.message, 'mime type text/html is not supported')
  r = await admin.upload(`${unique('disguised')}.png`, new Blob([html], { type: 'image/png' }))
  assert.equal(r.error?.statusCode, '415')

  // fetch() resolves "a/../b" (and "%2e%2e") itself before sending, so send
  // what it cannot resolve: a ".." whose slash is encoded, and non-ASCII.
  for (const key of ['a/..%2Fb.png', '..%2F..%2Fetc.png', 'caf\u00e9.png']) {
    r = await admin.upload(key, PNG_1x1, { contentType: 'image/png' })
    assert.equal(r.error?.statusCode, '400', key)
    assert.match(r.error?.message, /^Invalid key: /)
  }
  r = await admin.move('nothing.png', '../escape.png')
  assert.equal(r.error?.statusCode, '400')
})

test('image transformation: getPublicUrl and download with transform', async () => {
  const admin = asUser(ADMIN_ID).storage.from('car-images')
  const path = `${unique('render')}/wide.png`
  assert.equal((await admin.upload(path, png(400, 200), { contentType: 'image/png' })).error, null)

  const pub = anon().storage.from('car-images').getPublicUrl(path, { transform: { width: 100, height: 100, resize: 'contain' } })
  assert.match(pub.data.publicUrl, /\/render\/image\/public\//)
  let res = await fetch(pub.data.publicUrl)
  assert.equal(res.status, 200)
  assert.deepEqual(pngSize(Buffer.from(await res.arrayBuffer())), [100, 50])

  // Sizes are snapped up to the server's set (STORAGE_RENDER_SIZES): 120x80 renders 128x100.
  res = await fetch(anon().storage.from('car-images').getPublicUrl(path, { transform: { width: 120, height: 80 } }).data.publicUrl)
  assert.deepEqual(pngSize(Buffer.from(await res.arrayBuffer())), [128, 100])

  const dl = await admin.download(path, { transform: { width: 64 } })
  assert.equal(dl.error, null)
  assert.deepEqual(pngSize(Buffer.from(await dl.data.arrayBuffer())), [64, 32])

  const signed = await admin.createSignedUrl(path, 60, { transform: { width: 64, height: 64 } })
  assert.equal(signed.error, null)
  res = await fetch(signed.data.signedUrl)
  assert.deepEqual(pngSize(Buffer.from(await res.arrayBuffer())), [64, 64])
  await admin.remove([path])
})
