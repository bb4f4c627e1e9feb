// Shared set-up of the functions contract suite, from the environment exported by
// scripts/test-server.sh and scripts/test.d/38-functions-contract.sh.
// (What the node suites have in common is in scripts/contract/common.mjs.)
import { createClient } from '@supabase/supabase-js'
import { suiteEnv, noSession, noWebSocket, bookingAcceptance } from '../../scripts/contract/common.mjs'

export const env = suiteEnv('38-functions-contract.sh')
export const SUPABASE_URL = env('SUPABASE_URL')
export const ANON_KEY = env('ANON_KEY')
export const SERVICE_ROLE_KEY = env('SERVICE_ROLE_KEY')
export const EMULATOR_URL = env('PAYPAL_EMULATOR_URL')
export const SINK_URL = env('SMTP_SINK_URL')
export const AGENCY_EMAIL = env('AGENCY_EMAIL')
export const CAR_ID = 9001

export const ACCEPTANCE = await bookingAcceptance(SUPABASE_URL, ANON_KEY)
export const UNAVAILABLE_CAR_ID = 9002

const NoWebSocket = noWebSocket('functions')

export function client(key = ANON_KEY) {
  return createClient(SUPABASE_URL, key, { auth: noSession, realtime: { transport: NoWebSocket } })
}

export const dateIn = (days) => {
  const d = new Date(Date.now() + days * 86400000)
  return d.toISOString().slice(0, 10)
}

// bookingData is what the booking wizard submits. A car cannot be booked twice for
// the same dates, so each call rents a later window than the one before.
let windows = 0
export function bookingData(over = {}) {
  const start = 3 + 4 * windows++
  return {
    carId: CAR_ID,
    pickupDate: dateIn(start),
    returnDate: dateIn(start + 2),
    pickupTime: '10:00',
    returnTime: '10:00',
    pickupLocation: 'Aéroport Mohammed V',
    returnLocation: 'Centre-ville Casablanca',
    customerName: 'Node Contract',
    customerEmail: `node-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    customerPhone: '+212600000001',
    termsVersion: ACCEPTANCE.terms_version,
    driverConfirmed: true,
    insurance: 'basic',
    extras: { gps: false },
    paymentOption: 'full',
    language: 'fr',
    totalPrice: 1,
    ...over,
  }
}

// approve plays the visitor on the emulator's approval page and returns the URL
// PayPal sends the browser back to.
export async function approve(approveUrl, action = 'pay') {
  const page = await fetch(approveUrl)
  const html = await page.text()
  if (!page.ok || !html.includes('Simulated payment')) throw new Error(`approval page: ${page.status} ${html}`)
  const token = new URL(approveUrl).searchParams.get('token')
  const res = await fetch(`${EMULATOR_URL}/checkoutnow?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  })
  if (res.status !== 303) throw new Error(`approval: ${res.status}`)
  return new URL(res.headers.get('location'))
}

// mails waits until the SMTP sink holds n messages for rcpt.
export async function mails(rcpt, n = 1) {
  const res = await fetch(`${SINK_URL}/messages?to=${encodeURIComponent(rcpt)}&wait=${n}`)
  const body = await res.json()
  if (!res.ok) throw new Error(`sink: ${res.status} ${JSON.stringify(body)}`)
  return body
}
