/**
 * Hand-written captions for well-known template layouts, keyed by the template id the catalogue uses (the memegen
 * ids). Lines are per text box, in box order; `{context}` is the user's topic. The catalogue may add more with
 * `addTemplateCaptions`; ids that are not in the catalogue are simply never asked for.
 */
export const TEMPLATE_CAPTION_SEED: Record<string, readonly (readonly string[])[]> = {
  // Two panels: the rejected option on top, the preferred one below.
  drake: [
    ['Doing {context} the proper way', 'Doing {context} at the last minute'],
    ['Reading the manual for {context}', 'Pressing every button until {context} works'],
    ['Talking about my feelings', 'Talking about {context} for three hours'],
    ['Sleeping eight hours', 'Staying up to learn about {context}'],
    ['Paying full price for {context}', 'Waiting for the sale'],
    ['Asking for help with {context}', 'Suffering quietly and googling'],
    ['A balanced breakfast', '{context} for breakfast'],
    ['Planning {context}', 'Improvising {context} and hoping'],
  ],
  // Three labels: the distracted one, the new thing, the one being ignored.
  db: [
    ['Me', '{context}', 'My responsibilities'],
    ['My attention span', '{context}', 'The thing I opened the app for'],
    ['The group chat', '{context}', 'The actual plan'],
    ['Me at the supermarket', '{context}', 'The shopping list'],
    ['My brain at 2 a.m.', '{context}', 'Sleep'],
    ['Developers', '{context}', 'The framework they adopted last week'],
    ['My wallet', '{context}', 'Rent'],
    ['Me on a diet', '{context}', 'The salad I packed'],
  ],
  // One sign: a strong opinion, then the invitation to argue.
  cmm: [
    ['{context} is underrated', 'Change my mind'],
    ['{context} counts as a personality', 'Change my mind'],
    ['Nobody actually understands {context}', 'Change my mind'],
    ['{context} should be a public holiday', 'Change my mind'],
    ['Cereal is a soup', 'Change my mind'],
    ['{context} was better before', 'Change my mind'],
    ['Meetings about {context} could be emails', 'Change my mind'],
    ['{context} is just a phase that never ends', 'Change my mind'],
  ],
  // Calm in a burning room.
  fine: [
    ['{context} is on fire', 'This is fine'],
    ['Me ignoring every warning about {context}', 'This is fine'],
    ['Deadline tomorrow, {context} today', 'This is fine'],
    ['Inbox: 999+ about {context}', 'This is fine'],
    ['The plan for {context} collapsing', 'Totally under control'],
    ['Me explaining {context} while it breaks', 'Everything is going great'],
    ['Budget for {context}: gone', 'This is fine'],
    ['Week one of {context}', 'This is fine'],
  ],
  // Three stages: panic, calm, panic again.
  'panik-kalm-panik': [
    ['I forgot about {context}', 'It is due next week', 'It is next week'],
    ['{context} is broken', 'Someone fixed it', 'Nobody knows how'],
    ['Lost my keys', 'Found them in my pocket', 'That was the car running'],
    ['Surprise meeting about {context}', 'It is just a check-in', 'With the whole company'],
    ['Phone at 1 %', 'Found a charger', 'Wrong cable'],
    ['{context} sold out', 'Restocked', 'Price doubled'],
    ['Exam about {context}', 'Open book', 'The book is in another language'],
    ['Smoke alarm', 'Just the toast', 'Still my only toast'],
  ],
};
