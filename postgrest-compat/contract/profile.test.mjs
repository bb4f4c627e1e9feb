// Schema per request: the contract server exposes public and pc_personal
// (PGRST_DB_SCHEMAS in scripts/test.d/20-rest-contract.sh). With a profile the
// transaction's search_path is that schema, then public.
import { test, beforeEach } from 'node:test'
import assert from 'node:assert/strict'
import { anon, reset, raw } from './lib.mjs'

const db = anon()
beforeEach(reset)

test('a function of the profile resolves unqualified names in that schema', async () => {
  const personal = db.schema('pc_personal')
  const only = await personal.rpc('pc_get_status', { uid: 2 })
  assert.deepEqual([only.error, only.data], [null, 'personal only'])
  const both = await personal.rpc('pc_get_status', { uid: 1 }, { get: true })
  assert.deepEqual([both.error, both.data], [null, 'personal one'])
  const set = await personal.rpc('pc_set_status', { uid: 2, new_status: 'changed' })
  assert.deepEqual([set.error, set.data], [null, 'changed'])
  const { data } = await personal.from('pc_users').select('status').order('id')
  assert.deepEqual(data, [{ status: 'personal one' }, { status: 'changed' }])
  const pub = await db.from('pc_users').select('status')
  assert.deepEqual(pub.data, [{ status: 'public one' }])
})

test('the profile is echoed; an unknown one is 406 PGRST106', async () => {
  const res = await raw('/rpc/pc_get_status?uid=2', { headers: { 'Accept-Profile': 'pc_personal' } })
  assert.equal(res.status, 200)
  assert.equal(res.headers.get('content-profile'), 'pc_personal')
  const bad = await db.schema('nope').from('pc_users').select()
  assert.equal(bad.status, 406)
  assert.equal(bad.error.code, 'PGRST106')
})
