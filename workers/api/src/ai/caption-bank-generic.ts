/**
 * The caption bank's generic entries, each written for a number of text boxes: single lines for one-box templates,
 * setup and punchline pairs for two-box ones, and escalating ladders as the last resort for a template with three or
 * more boxes that has no captions of its own (an imported one). `{context}` is the person's topic; an entry that
 * uses it is offered only when they typed one, so no caption ever reads "we have this at home".
 */
export type Entry = readonly string[];

/** Two boxes: a setup, then the punchline. */
export const GENERIC_CAPTIONS: readonly Entry[] = [
  ['Nobody:', 'Me at 3 a.m.: {context}'],
  ['Me: I will be normal about {context}', 'Also me:'],
  ['My plans for the weekend', '{context}'],
  ['What I expected', 'What {context} actually gave me'],
  ['{context}', 'It is fine. Everything is fine.'],
  ['When someone says {context} is overrated', 'Say that again. I dare you.'],
  ['Day 1 of {context}', 'Day 2 of {context}: who am I'],
  ['Explaining {context} to my parents', 'They nodded. They did not understand.'],
  ['Me after one tutorial on {context}', 'Basically an expert now'],
  ['{context}?', 'In this economy?'],
  ['The group chat when I bring up {context}', 'Seen by 14 people'],
  ['Starting {context} with confidence', 'Finishing it with prayers'],
  ['Doctor: you need to rest', 'Me: but {context}'],
  ['POV: you just discovered {context}', 'There is no going back'],
  ['{context}', 'Name a more iconic duo. I will wait.'],
  ['How it started: {context}', 'How it is going: also {context}, but louder'],
  ['My brain during the exam', 'Remember {context}? Let us think about that instead'],
  ['Me pretending to understand {context}', 'Ah yes, very interesting'],
  ['Alarm clock: rings', 'Me: five more minutes of dreaming about {context}'],
  ['I do not always think about {context}', 'Just every waking hour'],
  ['The audacity of {context}', 'Unmatched'],
  ['{context}', 'It really be like that sometimes'],
  ['Meanwhile, {context}', 'Living its best life'],
  ['When you see {context}', 'And you cannot unsee it'],
  ['Big mood:', '{context}'],
  ['Scientists: we found a new planet', 'Me: cool, anyway, {context}'],
  ['Budget: zero', 'Me: buys {context} anyway'],
  ['Past me: I will handle {context} later', 'Present me: who hurt you'],
  ['Mom: we have {context} at home', '{context} at home:'],
  ['Trying to stay calm about {context}', 'Internally: sirens'],
  ['That moment when {context}', 'And you pretend it was the plan'],
  ['Me: posts about {context}', 'The one friend who always replies first:'],
  ['Teacher: any questions?', 'Me: yes, what about {context}'],
  ['{context}', 'Peak performance achieved'],
  ['Nobody asked about {context}', 'Me, explaining it for 40 minutes:'],
  ['Wi-Fi down for five minutes', 'Me discovering {context} is a hobby'],
  ['Gym: open 24 hours', 'Me: but {context} is on'],
  ['Everyone: moves on from {context}', 'Me: still thinking about it'],
  ['My last two brain cells', 'Fighting over {context}'],
  ['Productivity tip:', 'Just do not think about {context}. Good luck.'],
  ['When {context} finally works', 'And you have no idea why'],
  ['Instructions unclear', 'Now I have {context}'],
  ['Me opening the fridge', 'Hoping {context} appeared since last time'],
  ['The calm before {context}', 'The storm after {context}'],
  ['One does not simply', 'Ignore {context}'],
  ['Plot twist:', 'It was {context} all along'],
  ['Keep calm', 'And blame it on {context}'],
  ['Expectation: a quiet day', 'Reality: {context}'],
  // Without a topic: these stand on their own.
  ['Nobody:', 'Me at 3 a.m.: reorganising my whole life'],
  ['Me: I will go to bed early tonight', 'Also me at 2 a.m.:'],
  ['What I ordered', 'What arrived'],
  ['When the code works on the first try', 'Suspicious'],
  ['Me: one quick look at my phone', 'Three hours later:'],
  ['Alarm: rings', 'Me: five more minutes'],
  ['My bank account', 'After one small treat'],
  ['Teacher: this will be on the test', 'My notes: a drawing of a cat'],
  ['When someone says "quick question"', 'It is never quick'],
  ['Me on Monday morning', 'Still loading'],
  ['Me: I will just clean one drawer', 'Me, six hours later, reading old letters:'],
  ['How I look walking into the exam', 'How I look walking out'],
];

/** One box: a line that stands alone. */
export const GENERIC_SINGLES: readonly Entry[] = [
  ['{context} is underrated'],
  ['Hot take: {context} counts as a personality'],
  ['I have thought about {context} every day this week'],
  ['Nobody talks about {context} enough'],
  ['{context} should be a public holiday'],
  ['Day 3 of {context}. Send snacks.'],
  ['Just finished {context}. Ask me anything.'],
  ['Me, an expert on {context} after one video'],
  ['Unpopular opinion: {context} was better before'],
  ['Rating {context}: ten out of ten, no notes'],
  ['Naps count as exercise'],
  ['Mondays should be optional'],
  ['This meeting could have been an email'],
  ['Pineapple belongs on pizza'],
  ['Coffee is a food group'],
  ['The snooze button is self-care'],
  ['Leftovers taste better the next day'],
  ['Nobody reads the terms and conditions'],
  ['Saw a cloud shaped like a cloud. That is the update.'],
  ['Socks with sandals are a lifestyle'],
];

/**
 * Three or more boxes, for templates without captions of their own: steps that escalate. A template with N boxes
 * gets the first N - 1 steps and the last one, so the final box always lands the joke.
 */
export const GENERIC_LADDERS: readonly Entry[] = [
  ['thinking about {context}', 'reading about {context}', 'watching videos about {context}', 'buying gear for {context}', 'joining a forum about {context}', 'correcting strangers about {context}', 'dreaming about {context}', '{context} is my whole personality now'],
  ['trying {context} once', 'trying {context} twice', '{context} every weekend', '{context} every evening', '{context} before breakfast', '{context} instead of sleeping', '{context} at work, quietly', 'quitting my job for {context}'],
  ['hearing about {context}', 'ignoring it', 'someone mentions it again', 'looking it up', 'one small look', 'a deep dive', 'a spreadsheet', 'a lifelong passion for {context}'],
  ['one coffee', 'two coffees', 'a third coffee', 'an espresso', 'a double espresso', 'coffee with an energy drink', 'hearing colours', 'I can see through time'],
  ['one episode', 'two episodes', 'half the season', 'the whole season', 'the next season', 'the spin-off', 'the fan theories', 'work starts in an hour'],
  ['one cookie', 'two cookies', 'a handful', 'the whole row', 'the whole box', 'the emergency box', 'the box I hid from myself', 'diet starts on Monday'],
  ['a quick fix', 'a second quick fix', 'a fix for the fix', 'a small rewrite', 'a big rewrite', 'a new framework', 'a new job', 'it was a typo'],
  ['checking one email', 'answering it', 'answering the next one', 'sorting the folders', 'new folders', 'colour-coded folders', 'a folder for folders', 'it is midnight'],
  ['I will start early', 'I still have time', 'plenty of time', 'some time', 'a little time', 'I work better under pressure', 'no time', 'all-nighter'],
  ['a tidy desk', 'one cup on the desk', 'two cups', 'a plate', 'a sock somehow', 'a small mountain', 'a new ecosystem', 'I work from the sofa now'],
];
