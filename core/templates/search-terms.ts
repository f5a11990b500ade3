/**
 * What a template search or a meme topic means in the catalogue's words (ADR 0173): people type "tired", "monday" or
 * "when you", and the catalogue says "sleepy", "zombie" or "reaction". A query becomes groups of terms: its words
 * (minus the words that carry no meaning alone), each with the catalogue words it stands for; a template matches
 * when every group finds one of its terms in the template's name, description or keywords. The whole query as typed
 * still matches too, so a search that worked before (a name, a quote, "lily pad") finds what it found.
 */

/** Words that say nothing about a template on their own ("the", "my"); a query of only these is searched as typed. */
const STOP_WORDS = new Set(
  "a an the of to and or but my your our their his her its i im i'm me we you they it is are was be been am at in on for with about from by that this these those so just very really when what how why who do does did not no yes get got".split(
    ' ',
  ),
);

/**
 * Phrases that name a meme format rather than a subject: "when you …" is the setup of a reaction picture (the
 * reaction scenes carry the keyword `reaction`); "nobody asked" is Nobody: / Me:.
 */
const PHRASES: Readonly<Record<string, readonly string[]>> = {
  'when you': ['reaction'],
  'me when': ['reaction', 'nobody'],
  'nobody asked': ['nobody'],
  'this is fine': ['fine'],
  'change my mind': ['change my mind', 'opinion'],
  'hot take': ['hot take', 'opinion'],
  'glow up': ['glow up', 'before'],
  'starter pack': ['starter'],
};

/**
 * Each word's stand-ins in the catalogue's vocabulary (keywords, names and descriptions of the built-in templates).
 * Kept small and obvious: a synonym that finds the wrong picture is worse than none.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  tired: ['sleepy', 'yawn', 'exhausted', 'zombie', 'melt'],
  sleepy: ['tired', 'yawn', 'bedtime'],
  exhausted: ['tired', 'sleepy', 'zombie'],
  sleep: ['sleepy', 'bedtime', 'yawn', 'nap'],
  monday: ['monday', 'zombie', 'office', 'coffee'],
  mondays: ['monday', 'zombie'],
  work: ['office', 'job', 'meeting', 'monday', 'boss'],
  job: ['office', 'work', 'payday'],
  boss: ['office', 'work'],
  office: ['work', 'monday', 'meeting'],
  weekend: ['weekend', 'friday', 'chill', 'party'],
  friday: ['friday', 'party', 'weekend', 'celebrate'],
  happy: ['celebrate', 'party', 'yay', 'wholesome'],
  celebrate: ['party', 'win', 'yay'],
  angry: ['rage', 'mad', 'furious'],
  mad: ['rage', 'angry'],
  annoyed: ['rage', 'facepalm', 'ugh'],
  sad: ['crying', 'disappointment', 'fail'],
  scared: ['panic', 'scream', 'horror'],
  panic: ['panic', 'scream', 'anxiety'],
  anxiety: ['panic', 'anxiety', 'sweating'],
  stress: ['panic', 'fine', 'sweating'],
  stressed: ['panic', 'fine', 'sweating'],
  deadline: ['fine', 'panic', 'deadline'],
  choice: ['choice', 'decision', 'buttons', 'prefer'],
  choose: ['choice', 'decision', 'buttons'],
  decide: ['choice', 'decision', 'dilemma'],
  better: ['prefer', 'approve', 'comparison'],
  prefer: ['prefer', 'approve', 'choice'],
  money: ['money', 'cash', 'rich', 'payday', 'stonks'],
  rich: ['money', 'cash', 'stonks'],
  broke: ['broke', 'crash', 'loss'],
  crypto: ['crypto', 'stonks', 'moon'],
  funny: ['lol', 'laugh', 'funny'],
  laugh: ['lol', 'laughing', 'lmao'],
  smart: ['brain', 'smart', 'genius', 'think'],
  idea: ['idea', 'think', 'brain', 'plan'],
  plan: ['plan', 'steps', 'scheme'],
  fail: ['fail', 'facepalm', 'clown', 'crash'],
  mistake: ['mistake', 'clown', 'facepalm', 'self own'],
  wrong: ['mistake', 'clown', 'facepalm'],
  coffee: ['coffee', 'monday', 'zombie'],
  hot: ['heat', 'summer', 'melt', 'spicy'],
  summer: ['heat', 'summer', 'melt'],
  dog: ['dog', 'puppy', 'good boy'],
  cat: ['cat'],
  text: ['chat', 'texting', 'message'],
  texting: ['chat', 'texting', 'ghost'],
  reply: ['ghost', 'typing', 'reply'],
  dating: ['dating', 'ghost', 'texting'],
  waiting: ['waiting', 'loading', 'typing'],
  slow: ['loading', 'slow', 'waiting'],
  computer: ['computer', 'error', 'robot'],
  bug: ['bug', 'error', 'crash'],
  code: ['bug', 'error', 'compiled', 'machine'],
  ai: ['robot', 'ai', 'machine'],
  robot: ['robot', 'ai'],
  news: ['news', 'headline', 'announcement'],
  award: ['certificate', 'award', 'trophy', 'medal'],
  rank: ['tier', 'ranking', 'podium'],
  ranking: ['tier', 'ranking', 'podium'],
  best: ['tier', 'podium', 'gold'],
  versus: ['versus', 'vs', 'fight'],
  vs: ['versus', 'vs', 'fight'],
  fight: ['versus', 'fight', 'battle'],
  suspicious: ['suspicious', 'sus', 'doubt', 'detective'],
  sus: ['suspicious', 'sus', 'detective'],
  awkward: ['awkward', 'look away', 'nervous'],
  ignore: ['ignore', 'pretend', 'look away'],
  shock: ['shock', 'mind blown', 'wow'],
  surprised: ['shock', 'wow', 'mind blown'],
  wow: ['wow', 'mind blown', 'amazing'],
  cool: ['cool', 'sunglasses', 'swag'],
  please: ['please', 'beg', 'puppy eyes'],
  dance: ['dance', 'dancing', 'disco'],
  party: ['party', 'celebrate', 'disco'],
  expectation: ['expectation', 'reality'],
  reality: ['reality', 'expectation'],
  before: ['before', 'after'],
  after: ['after', 'before'],
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,.;:!?()[\]{}"“”«»/]+/u)
    .filter(Boolean);

/** A word and its stand-ins, the word first. */
export function termsFor(word: string): string[] {
  const w = word.toLowerCase();
  return [...new Set([w, ...(SYNONYMS[w] ?? [])])];
}

/**
 * The query as groups of terms (see the top of this file). Phrases are read first ("when you tired" → the phrase's
 * group and "tired"'s); a query of nothing but stop words gives no groups (then only the query as typed matches).
 */
export function searchGroups(query: string): string[][] {
  let rest = ` ${words(query).join(' ')} `;
  const groups: string[][] = [];
  for (const [phrase, terms] of Object.entries(PHRASES)) {
    if (rest.includes(` ${phrase} `)) {
      groups.push([phrase, ...terms]);
      rest = rest.replace(` ${phrase} `, ' ');
    }
  }
  for (const word of words(rest)) if (!STOP_WORDS.has(word)) groups.push(termsFor(word));
  return groups;
}

/** True when `text` (a template's name, description and keywords, lower case) holds a term of every group. */
export function matchesGroups(text: string, groups: readonly (readonly string[])[]): boolean {
  const t = text.toLowerCase();
  return groups.length > 0 && groups.every((group) => group.some((term) => t.includes(term)));
}
