// Shared set-up of the storage contract suite: clients for anon, service role
// and the fixture's users, built from the environment the test server exports
// (what the node suites have in common is in scripts/contract/common.mjs).
import { createClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import { suiteEnv, tokenMinter, noSession, noWebSocket } from '../../scripts/contract/common.mjs'

export { ADMIN_ID, USER_ID, OTHER_ID } from '../../scripts/contract/common.mjs'

export const env = suiteEnv('35-storage-contract.sh')
export const SUPABASE_URL = env('SUPABASE_URL')
export const ANON_KEY = env('ANON_KEY')
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY')

// userToken mints the access token GoTrue would issue for sub.
export const userToken = tokenMinter(env('JWT_SECRET'))

const opts = { auth: noSession, realtime: { transport: noWebSocket('storage') } }

export const anon = () => createClient(SUPABASE_URL, ANON_KEY, opts)
export const service = () => createClient(SUPABASE_URL, SERVICE_ROLE_KEY, opts)
// asUser sends the user's token as the Authorization bearer, as a signed-in browser does.
export const asUser = (sub) =>
  createClient(SUPABASE_URL, ANON_KEY, { ...opts, global: { headers: { Authorization: `Bearer ${userToken(sub)}` } } })

// A tiny valid PNG (1x1) and a synthetic PNG of any size.
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export const unique = (p) => `${p}-${randomUUID().slice(0, 8)}`
