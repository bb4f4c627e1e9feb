// Every filter method of postgrest-js, each checked against the rows it must keep.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { anon, reset } from './lib.mjs'

const db = anon()
before(reset)

const ids = async (q) => {
  const { data, error } = await q.order('id')
  assert.equal(error, null, JSON.stringify(error))
  return data.map((r) => r.id)
}
const books = () => db.from('pc_books').select('id')
const events = () => db.from('pc_events').select('id')

test('comparison operators', async () => {
  assert.deepEqual(await ids(books().eq('genre', 'scifi')), [2, 3])
  assert.deepEqual(await ids(books().neq('genre', 'fiction')), [1, 2, 3])
  assert.deepEqual(await ids(books().gt('pages', 260)), [2])
  assert.deepEqual(await ids(books().gte('pages', 260)), [2, 5])
  assert.deepEqual(await ids(books().lt('pages', 170)), [4])
  assert.deepEqual(await ids(books().lte('pages', 174)), [4, 6])
  assert.deepEqual(await ids(books().gte('published', '1970-01-01').lt('published', '1975-01-01')), [2, 3, 4])
})

test('pattern operators', async () => {
  assert.deepEqual(await ids(books().like('title', '%Cities%')), [4])
  assert.deepEqual(await ids(books().like('title', '*Cities*')), [4])
  assert.deepEqual(await ids(books().ilike('title', 'the%')), [2, 3])
  assert.deepEqual(await ids(books().likeAllOf('title', ['%The%', '%of%'])), [3])
  assert.deepEqual(await ids(books().ilikeAllOf('title', ['%the%', '%of%'])), [3])
  assert.deepEqual(await ids(books().likeAnyOf('title', ['%Cities', 'Fic%'])), [4, 6])
  assert.deepEqual(await ids(books().ilikeAnyOf('title', ['%cities', 'fic%'])), [4, 6])
  assert.deepEqual(await ids(books().regexMatch('title', '^A')), [1])
  assert.deepEqual(await ids(books().regexIMatch('title', '^a ')), [1])
})

test('is, isDistinct, in, notIn', async () => {
  assert.deepEqual(await ids(books().is('price', null)), [3])
  assert.deepEqual(await ids(db.from('pc_authors').select('id').is('active', false)), [3])
  assert.deepEqual(await ids(db.from('pc_authors').select('id').is('active', true)), [1, 2, 4])
  assert.deepEqual(await ids(books().isDistinct('price', 9.99).lt('pages', 185)), [3, 4, 6])
  assert.deepEqual(await ids(books().in('id', [1, 3, 5])), [1, 3, 5])
  assert.deepEqual(await ids(books().in('title', ['Ficciones', "If on a winter's night a traveler", 'a,b (c)'])), [5, 6])
  assert.deepEqual(await ids(books().in('id', [])), [])
  assert.deepEqual(await ids(books().notIn('id', [1, 2, 3, 4])), [5, 6])
})

test('array and JSON containment', async () => {
  assert.deepEqual(await ids(books().contains('tags', ['physics'])), [2])
  assert.deepEqual(await ids(books().contains('tags', '{physics,anarchy}')), [2])
  assert.deepEqual(await ids(books().containedBy('tags', ['dreams', 'cities', 'x'])), [3, 4, 5])
  assert.deepEqual(await ids(books().overlaps('tags', ['islands', 'cities'])), [1, 4])
  assert.deepEqual(await ids(books().contains('meta', { series: 'Earthsea' })), [1])
  assert.deepEqual(await ids(books().containedBy('meta', { rating: 5, extra: 1 })), [2, 5, 6])
  assert.deepEqual(await ids(books().eq('meta->lang->>code', 'it')), [4])
})

test('range operators', async () => {
  assert.deepEqual(await ids(events().rangeLt('slots', '[6,9)')), [1])
  assert.deepEqual(await ids(events().rangeGt('slots', '[6,9)')), [2])
  assert.deepEqual(await ids(events().rangeLte('slots', '[6,9)')), [1])
  assert.deepEqual(await ids(events().rangeGte('slots', '[6,9)')), [2])
  assert.deepEqual(await ids(events().rangeAdjacent('slots', '[5,10)')), [1, 2])
  assert.deepEqual(await ids(events().overlaps('slots', '[3,12)')), [1, 2])
  assert.deepEqual(await ids(events().contains('slots', '[2,3)')), [1])
})

test('full-text search: fts, plain, phrase, websearch, with config', async () => {
  assert.deepEqual(await ids(books().textSearch('search', 'wizard')), [1])
  assert.deepEqual(await ids(books().textSearch('search', "'true' & 'names'", { config: 'english' })), [1])
  assert.deepEqual(await ids(books().textSearch('summary', 'true names', { type: 'plain', config: 'english' })), [1])
  assert.deepEqual(await ids(books().textSearch('summary', 'two worlds', { type: 'phrase' })), [2])
  assert.deepEqual(await ids(books().textSearch('summary', 'labyrinths or dreams', { type: 'websearch' })), [3, 6])
})

test('match, not, or (nested and on referenced tables), filter', async () => {
  assert.deepEqual(await ids(books().match({ genre: 'scifi', pages: 184 })), [3])
  assert.deepEqual(await ids(books().not('price', 'is', null).lt('pages', 170)), [4])
  assert.deepEqual(await ids(books().not('id', 'in', '(1,2,3,4)')), [5, 6])
  assert.deepEqual(await ids(books().or('id.eq.1,id.eq.6')), [1, 6])
  assert.deepEqual(await ids(books().or('pages.gt.300,and(genre.eq.fiction,pages.lt.170)')), [2, 4])
  assert.deepEqual(await ids(books().or('title.in.(Ficciones,"Invisible Cities"),tags.cs.{dreams}')), [3, 4, 6])
  assert.deepEqual(await ids(books().filter('genre', 'in', '(scifi,fantasy)')), [1, 2, 3])
  assert.deepEqual(await ids(books().filter('title', 'not.ilike', '*the*')), [1, 4, 5, 6])

  const { data } = await db.from('pc_authors').select('id, pc_books(id)').eq('id', 1)
    .or('pages.lt.184,pages.gt.300', { referencedTable: 'pc_books' }).order('id', { referencedTable: 'pc_books' })
  assert.deepEqual(data, [{ id: 1, pc_books: [{ id: 1 }, { id: 2 }] }])

  const { data: viaEmbed } = await db.from('pc_books').select('id, pc_authors!inner(name)').eq('pc_authors.country', 'IT').order('id')
  assert.deepEqual(viaEmbed.map((r) => r.id), [4, 5])
})
