// Failover of the replication reader, against the real
// binaries: run by scripts/test.d/39-realtime-contract.sh after the rest of the
// suite (it kills a server), not picked up by `node --test`'s default patterns.
// The reader is killed (SIGKILL) in the middle of a stream of inserts: the other
// server takes over and its subscriber receives every row once, in order (rows
// committed while no server read included); the permanent slot keeps its name; a
// slot left by a dead server of the old kind is dropped; the dead server's presence
// leaves the other's members; a server started afterwards follows and delivers.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, execFileSync } from 'node:child_process'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { subscribe, waitFor, sleep, env, ANON_KEY, SERVICE_ROLE_KEY, USER_ID, userToken } from './helpers.mjs'

const URLS = [env('SUPABASE_URL'), env('SUPABASE_URL_2')]
const PIDS = [Number(env('SERVER_PID_1')), Number(env('SERVER_PID_2'))]
const DB = env('TEST_DATABASE_URL')
const PORT3 = Number(env('REALTIME_CONTRACT_PORT3'))
const STATE = env('SERVER_STATE')

const psql = (sql) => execFileSync('psql', ['-Atq', DB, '-c', sql]).toString().trim()
const metric = async (url, name) => {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } })).text()
  const line = text.split('\n').find((l) => l.startsWith(name + ' '))
  return line ? Number(line.split(' ')[1]) : undefined
}
const opts = (token) => ({
  auth: { persistSession: false, autoRefreshToken: false },
  ...(token ? { accessToken: async () => token } : {}),
  realtime: { transport: WebSocket },
})
const made = []
const client = (url, token) => {
  const c = createClient(url, ANON_KEY, opts(token))
  made.push(c)
  return c
}
let third
after(async () => {
  for (const c of made) c.realtime.disconnect()
  if (third) third.kill('SIGTERM')
})

const presenceOn = (c, room, key) =>
  new Promise((resolve, reject) => {
    const ch = c.channel(room, { config: { presence: { key } } }).on('presence', { event: 'sync' }, () => {})
    ch.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(ch)
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status))
    })
  })

test('the reader dies: the other server reads on, its subscribers miss nothing, a dead slot and a dead presence go', { timeout: 120000 }, async () => {
  const readers = await Promise.all(URLS.map((u) => metric(u, 'realtime_replication_reader')))
  assert.deepEqual([...readers].sort(), [0, 1], `exactly one reader: ${readers}`)
  const r = readers.indexOf(1)
  const [readerURL, readerPID, otherURL] = [URLS[r], PIDS[r], URLS[1 - r]]
  const slot = psql("select slot_name from pg_replication_slots where database = current_database() and slot_name like 'realtime_reader_%'")
  assert.match(slot, /^realtime_reader_/)
  // A slot a dead server of the previous kind (one temporary slot each) left behind.
  psql("select pg_create_logical_replication_slot('realtime_0123456789ab', 'pgoutput')")

  const token = userToken(USER_ID)
  const tag = 'failover-' + Date.now()
  const sub = await subscribe(client(otherURL, token), { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `body=eq.${tag}` })
  const room = 'failover-' + Date.now()
  const ghost = await presenceOn(client(readerURL), room, 'ghost')
  const watcher = await presenceOn(client(otherURL), room, 'watcher')
  assert.equal(await ghost.track({ on: 1 }), 'ok')
  assert.equal(await watcher.track({ on: 2 }), 'ok')
  await waitFor(() => watcher.presenceState().ghost, 5000, "the reader's member seen on the other server")

  const svc = createClient(otherURL, SERVICE_ROLE_KEY, opts())
  const insert = async (n) => {
    const { error } = await svc.from('rt_notes').insert({ owner: USER_ID, body: tag, n })
    assert.equal(error, null)
  }
  for (let n = 0; n < 50; n++) await insert(n)
  process.kill(readerPID, 'SIGKILL')
  // Committed at once: nobody reads until the other server has the lock.
  for (let n = 50; n < 100; n++) await insert(n)
  await waitFor(() => sub.events.length >= 100, 30000, '100 events after the failover')
  await sleep(500)
  assert.deepEqual(sub.events.map((e) => e.new.n), Array.from({ length: 100 }, (_, i) => i), 'each row once, in commit order')
  assert.equal(await metric(otherURL, 'realtime_replication_reader'), 1)
  assert.ok((await metric(otherURL, 'realtime_replication_slot_lag_bytes')) >= 0, 'slot lag known')
  assert.equal(psql(`select active from pg_replication_slots where slot_name = '${slot}'`), 't', 'the same slot, read by the new reader')
  await waitFor(() => psql("select count(*) from pg_replication_slots where slot_name = 'realtime_0123456789ab'") === '0', 10000, 'the stale slot dropped')
  await waitFor(() => !watcher.presenceState().ghost, 15000, "the dead server's member gone")
  assert.ok(watcher.presenceState().watcher, 'the live member stays')

  // A server started now follows (the survivor keeps reading) and delivers.
  const env3 = {
    ...process.env,
    AUTHENTICATOR_PASSWORD: 'pgtest-authenticator',
    DATABASE_URL: DB,
    DATA_DIR: `${STATE}/data`,
    LISTEN_ADDR: `127.0.0.1:${PORT3}`,
    SITE_URL: env('SUPABASE_URL'),
    API_EXTERNAL_URL: env('SUPABASE_URL'),
  }
  third = spawn(`${process.cwd()}/../../bin/server`, [], { env: env3, stdio: 'ignore' })
  execFileSync('sh', ['-c', `echo ${third.pid} > ${STATE}/pid3`])
  const url3 = `http://127.0.0.1:${PORT3}`
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url3}/realtime/v1/api/health`).then((r) => r.json()).then((j) => j.status === 'ok').catch(() => false)
    if (ok) break
    if (i > 100) throw new Error('the third server did not start')
    await sleep(200)
  }
  const sub3 = await subscribe(client(url3, token), { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `body=eq.${tag}` })
  for (let n = 100; n < 110; n++) await insert(n)
  await waitFor(() => sub3.events.length >= 10 && sub.events.length >= 110, 15000, 'the rows on both servers')
  await sleep(300)
  assert.deepEqual(sub3.events.map((e) => e.new.n), Array.from({ length: 10 }, (_, i) => 100 + i))
  assert.equal(sub.events.length, 110)
  assert.equal(await metric(url3, 'realtime_replication_reader'), 0)
})
