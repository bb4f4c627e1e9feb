// create-paypal-order and capture-paypal-payment through functions.invoke, and the
// SPEC's plain fetch form of the capture call, against the PayPal emulator.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { client, bookingData, approve, mails, SUPABASE_URL, ANON_KEY, AGENCY_EMAIL, UNAVAILABLE_CAR_ID } from './helpers.mjs'

async function createOrder(over) {
  const { data, error } = await client().functions.invoke('create-paypal-order', { body: bookingData(over) })
  assert.equal(error, null, error && JSON.stringify(await error.context.json()))
  return data
}

// SPEC section 7: fetch, JSON {orderID, bookingData}, Bearer anon key, no apikey header.
async function captureByFetch(orderID, booking) {
  const res = await fetch(`${SUPABASE_URL}/functions/v1/capture-paypal-payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ANON_KEY}` },
    body: JSON.stringify({ orderID, bookingData: booking }),
  })
  return { res, body: await res.json() }
}

test('book, approve on PayPal, capture with fetch, confirmation email', async () => {
  const booking = bookingData({ language: 'ar' })
  const { data, error } = await client().functions.invoke('create-paypal-order', { body: booking })
  assert.equal(error, null)
  // 2 days x 400 = 800 DH; full payment x0.9 = 720 DH, all due now; 720 / 10.8 = 66.67 EUR.
  assert.equal(data.amountMAD, 720)
  assert.equal(data.amount, 66.67)
  assert.equal(data.currency, 'EUR')
  assert.match(data.bookingId, /^[0-9a-f-]{36}$/)
  assert.match(data.orderId, /^[A-Z0-9]+$/)

  const back = await approve(data.approveUrl)
  assert.equal(back.pathname, '/booking-success')
  assert.equal(back.searchParams.get('token'), data.orderId)
  assert.ok(back.searchParams.get('PayerID'))

  const { res, body } = await captureByFetch(back.searchParams.get('token'), booking)
  assert.equal(res.status, 200, JSON.stringify(body))
  assert.match(res.headers.get('content-type'), /^application\/json/)
  assert.equal(body.success, true)
  const b = body.booking
  for (const k of ['id', 'customer_name', 'customer_email', 'pickup_location', 'return_location', 'start_date', 'end_date', 'pickup_time', 'return_time', 'total_price', 'payment_id']) {
    assert.ok(b[k] !== undefined && b[k] !== null, `booking.${k}`)
  }
  assert.equal(b.id, data.bookingId)
  assert.equal(b.total_price, 720)
  assert.equal(b.status, 'confirmed')
  assert.equal(b.payment_status, 'paid')
  assert.equal(b.start_date, booking.pickupDate)

  // Capturing again returns the same booking and capture.
  const again = await client().functions.invoke('capture-paypal-payment', { body: { orderID: data.orderId, bookingData: booking } })
  assert.equal(again.error, null)
  assert.equal(again.data.booking.id, b.id)
  assert.equal(again.data.booking.payment_id, b.payment_id)
  const order = await (await fetch(`${process.env.PAYPAL_EMULATOR_URL}/_emulator/orders/${data.orderId}`)).json()
  assert.equal(order.emulator.captures, 1)

  // The customer's confirmation (Arabic) and the agency's notification.
  const [mail] = await mails(booking.customerEmail, 1)
  assert.match(b.reference, /^CR-[2-9A-HJKMNP-Z]{5}$/)
  assert.ok(mail.subject.includes(b.reference), mail.subject)
  assert.ok(mail.html.includes('dir="rtl"'))
  const agency = await mails(AGENCY_EMAIL, 1)
  assert.ok(agency.some((m) => m.text.includes(booking.customerEmail)))
})

test('a declined card is a FunctionsHttpError and the booking stays pending', async () => {
  const data = await createOrder()
  const back = await approve(data.approveUrl, 'decline')
  const { data: out, error } = await client().functions.invoke('capture-paypal-payment', { body: { orderID: back.searchParams.get('token'), bookingData: {} } })
  assert.equal(out, null)
  assert.ok(error instanceof FunctionsHttpError)
  assert.equal(error.context.status, 402)
  const body = await error.context.json()
  assert.equal(body.code, 'payment_declined')
  assert.match(body.error, /declined/)
})

test('invalid requests: error shapes', async () => {
  const cases = [
    [{ customerEmail: 'nope', pickupDate: '2000-01-01' }, 400, 'invalid_booking'],
    // The database refuses an unavailable car (docs/reservations.md).
    [{ carId: UNAVAILABLE_CAR_ID }, 409, 'BK002'],
  ]
  for (const [over, status, code] of cases) {
    const { error } = await client().functions.invoke('create-paypal-order', { body: bookingData(over) })
    assert.ok(error instanceof FunctionsHttpError)
    assert.equal(error.context.status, status)
    const body = await error.context.json()
    assert.equal(body.code, code)
    assert.equal(typeof body.error, 'string')
  }
  const { error } = await client().functions.invoke('create-paypal-order', { body: bookingData({ customerEmail: 'nope' }) })
  assert.equal((await error.context.json()).details.customerEmail, 'a valid email address is required')

  const { res, body } = await captureByFetch('UNKNOWNORDER1', {})
  assert.equal(res.status, 404)
  assert.equal(body.code, 'booking_not_found')
  const bad = await captureByFetch('not an order', {})
  assert.equal(bad.res.status, 400)
})
