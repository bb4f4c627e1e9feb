// RFC 6238 codes (SHA-1, 6 digits, 30 s) from a base32 secret, as an
// authenticator app computes them: the tests play the administrator's phone.
import { createHmac } from 'node:crypto'

export function base32Decode(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const out = []
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const i = alphabet.indexOf(ch)
    if (i < 0) throw new Error(`not base32: ${ch}`)
    value = (value << 5) | i
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

// totp returns the code of `secret` at `time` (ms), `step` steps away.
export function totp(secret, { time = Date.now(), step = 0 } = {}) {
  const counter = Math.floor(time / 1000 / 30) + step
  const msg = Buffer.alloc(8)
  msg.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest()
  const off = mac[mac.length - 1] & 0x0f
  const n = (mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000
  return String(n).padStart(6, '0')
}
