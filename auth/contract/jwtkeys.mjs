// Prints a JWT_KEYS value for the signing-keys suite (keys.test.mjs): the current
// ES256 key, the previous RS256 key retired now (within its grace), and an older
// ES256 key retired two days ago (past any JWT_EXP grace). The suite reads the
// same value back to sign tokens as the retired keys did.
//
//   JWT_KEYS=$(node jwtkeys.mjs)
import { generateKeyPairSync } from 'node:crypto'

const jwk = (type, opts, kid, extra) => {
  const { privateKey } = generateKeyPairSync(type, opts)
  return { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', ...extra }
}
const now = Math.floor(Date.now() / 1000)
const keys = [
  jwk('ec', { namedCurve: 'P-256' }, 'current', { alg: 'ES256', key_ops: ['sign', 'verify'] }),
  jwk('rsa', { modulusLength: 2048 }, 'previous', { alg: 'RS256', key_ops: ['verify'], retired_at: new Date(now * 1000).toISOString() }),
  jwk('ec', { namedCurve: 'P-256' }, 'expired', { alg: 'ES256', key_ops: ['verify'], retired_at: now - 2 * 86400 }),
]
process.stdout.write(JSON.stringify(keys))
