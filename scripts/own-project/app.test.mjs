// A newcomer's app (supabase-js as on Supabase) against the server serving the
// project scripts/test.d/88-own-project.sh made with the Supabase CLI: its todos
// (RLS), realtime, the avatars bucket, the hello function, and nothing of the rental.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { suiteEnv, noSession } from '../contract/common.mjs'

const env = suiteEnv('88-own-project.sh')
const URL_ = env('SUPABASE_URL')
const ANON_KEY = env('ANON_KEY')

// Node 20 has no global WebSocket: realtime runs over the ws package.
const client = () => createClient(URL_, ANON_KEY, { auth: noSession, realtime: { transport: WebSocket } })
const ok = (what, { data, error }) => {
  if (error) assert.fail(`${what}: ${JSON.stringify(error)}`)
  return data
}

// The users sign in once, when a test first needs them: a refused sign-in fails
// the tests that need that user, not the others.
const once = (f) => { let p; return () => (p ??= f()) }
const owner = client()
const other = client() // signed in anonymously
const ownerIn = once(async () => {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`
  const { user, session } = ok('sign-up', await owner.auth.signUp({ email, password: 'a long enough password 1' }))
  assert.ok(session, 'sign-up gave no session: e-mail confirmation is on (a development server confirms by itself)')
  return user.id
})
const otherIn = once(async () => {
  const { user } = ok('anonymous sign-in ([auth] enable_anonymous_sign_ins = true)', await other.auth.signInAnonymously())
  assert.equal(user.is_anonymous, true, 'the anonymous user is not is_anonymous')
  return user.id
})

after(async () => {
  await owner.removeAllChannels()
  await other.removeAllChannels()
})

test('sign-up with e-mail and password, and anonymous sign-in', async () => {
  await ownerIn()
  await otherIn()
})

test('the owner adds a todo and reads it back', async () => {
  const ownerId = await ownerIn()
  const row = ok('insert', await owner.from('todos').insert({ task: 'buy milk' }).select().single())
  assert.equal(row.user_id, ownerId, 'user_id is not the owner (default auth.uid())')
  assert.equal(row.done, false)
  const rows = ok('select', await owner.from('todos').select('task, done, user_id'))
  assert.deepEqual(rows, [{ task: 'buy milk', done: false, user_id: ownerId }])
})

test('another user sees none of them and cannot change them', async () => {
  const ownerId = await ownerIn()
  const otherId = await otherIn()
  const mine = ok('owner reads', await owner.from('todos').select('id').eq('task', 'buy milk').single())
  assert.deepEqual(ok('other reads', await other.from('todos').select('id')), [], 'the other user sees the owner todos')
  const updated = ok('other updates', await other.from('todos').update({ done: true }).eq('id', mine.id).select())
  assert.deepEqual(updated, [], 'the other user updated the owner todo')
  const forged = await other.from('todos').insert({ task: 'forged', user_id: ownerId })
  assert.ok(forged.error, 'the other user added a todo in the owner name')
  const own = ok('other inserts its own', await other.from('todos').insert({ task: 'guest todo' }).select().single())
  assert.equal(own.user_id, otherId)
  const after = ok('owner reads again', await owner.from('todos').select('task, done').order('id'))
  assert.deepEqual(after, [{ task: 'buy milk', done: false }], 'the owner todos changed')
})

test('the owner receives its insert through realtime (postgres_changes)', { timeout: 30000 }, async () => {
  const ownerId = await ownerIn()
  const events = []
  const channel = owner
    .channel('todos-' + randomUUID().slice(0, 8))
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'todos' }, (p) => events.push(p))
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('realtime: no SUBSCRIBED within 10 s')), 10000)
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') { clearTimeout(timer); resolve() }
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') { clearTimeout(timer); reject(new Error(`realtime: ${status} ${err?.message ?? ''}`)) }
    })
  })
  ok('insert', await owner.from('todos').insert({ task: 'seen live' }))
  for (let i = 0; i < 100 && !events.some((e) => e.new?.task === 'seen live'); i++) await new Promise((r) => setTimeout(r, 100))
  assert.ok(events.some((e) => e.new?.task === 'seen live' && e.new?.user_id === ownerId),
    `no INSERT of the owner todo within 10 s (received: ${JSON.stringify(events)})`)
})

test('the owner uploads under its folder of the avatars bucket; others cannot', async () => {
  const ownerId = await ownerIn()
  const path = `${ownerId}/avatar.txt`
  ok('upload', await owner.storage.from('avatars').upload(path, new Blob(['my face']), { contentType: 'text/plain' }))
  const file = ok('download', await owner.storage.from('avatars').download(path))
  assert.equal(await file.text(), 'my face')
  await otherIn()
  const intruder = await other.storage.from('avatars').upload(`${ownerId}/intruder.txt`, new Blob(['x']), { contentType: 'text/plain' })
  assert.ok(intruder.error, 'another user uploaded into the owner folder')
  // public = false: no public URL serves it.
  const pub = await fetch(owner.storage.from('avatars').getPublicUrl(path).data.publicUrl)
  await pub.arrayBuffer()
  assert.notEqual(pub.status, 200, 'the private bucket serves the file at its public URL')
})

test('functions.invoke("hello") answers; a bad token is refused (verify_jwt = true)', async () => {
  await ownerIn()
  const data = ok('invoke', await owner.functions.invoke('hello', { body: { name: 'Ada' } }))
  assert.deepEqual(data, { message: 'Hello Ada!' })
  const bad = await fetch(`${URL_}/functions/v1/hello`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: 'Bearer not-a-jwt', 'content-type': 'application/json' },
    body: '{}',
  })
  assert.equal(bad.status, 401, `a bad token got ${bad.status}: ${await bad.text()}`)
})

test('nothing of the rental: no cars table', async () => {
  const cars = await client().from('cars').select('id').limit(1)
  assert.ok(cars.error, `from('cars') answered ${JSON.stringify(cars.data)}`)
})

test('nothing of the rental: / is not its site', async () => {
  const home = await fetch(`${URL_}/`)
  const body = await home.text()
  assert.ok(!/casarent/i.test(body), `/ is the rental site (${home.status}): ${body.slice(0, 200)}`)
})
