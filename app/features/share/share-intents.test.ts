import { describe, expect, it } from 'vitest';
import { sameOriginPath, shareFileName, shareIntents } from './share-intents';

const PAGE = 'https://memes.example.org/m/abcdefgh1234';
const TITLE = 'Nope / Yep meme';

describe('share intents', () => {
  const intents = Object.fromEntries(shareIntents(PAGE, TITLE).map((i) => [i.name, new URL(i.href)]));

  it('offers X, Reddit, WhatsApp, Facebook and e-mail, in that order', () => {
    expect(shareIntents(PAGE, TITLE).map((i) => i.name)).toEqual(['X', 'Reddit', 'WhatsApp', 'Facebook', 'E-mail']);
  });

  it("puts the page's address and title where each network reads them", () => {
    expect(intents.X!.origin + intents.X!.pathname).toBe('https://x.com/intent/tweet');
    expect(intents.X!.searchParams.get('url')).toBe(PAGE);
    expect(intents.X!.searchParams.get('text')).toBe(TITLE);
    expect(intents.Reddit!.origin + intents.Reddit!.pathname).toBe('https://www.reddit.com/submit');
    expect(intents.Reddit!.searchParams.get('url')).toBe(PAGE);
    expect(intents.Reddit!.searchParams.get('title')).toBe(TITLE);
    expect(intents.WhatsApp!.origin).toBe('https://wa.me');
    expect(intents.WhatsApp!.searchParams.get('text')).toBe(`${TITLE} ${PAGE}`);
    expect(intents.Facebook!.origin + intents.Facebook!.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(intents.Facebook!.searchParams.get('u')).toBe(PAGE);
  });

  it('writes an e-mail with the title as subject and the link in the body, spaces as %20', () => {
    const mail = shareIntents(PAGE, TITLE).find((i) => i.name === 'E-mail')!.href;
    expect(mail).toBe(
      `mailto:?subject=Nope%20%2F%20Yep%20meme&body=Nope%20%2F%20Yep%20meme%0A${encodeURIComponent(PAGE)}`,
    );
  });

  it('adds no tracking parameter: only the page address and its title travel', () => {
    for (const intent of shareIntents(PAGE, TITLE)) expect(intent.href).not.toMatch(/utm_|fbclid|ref=/);
  });

  it('keeps a title with & and # inside its own parameter', () => {
    const x = new URL(shareIntents(PAGE, 'Cats & dogs #1 meme')[0]!.href);
    expect(x.searchParams.get('text')).toBe('Cats & dogs #1 meme');
    expect(x.searchParams.get('url')).toBe(PAGE);
  });
});

describe('the downloaded file', () => {
  it('is named after the template, with the extension of the bytes served', () => {
    expect(shareFileName({ template: { id: 'nope-yep', name: 'Nope / Yep' }, contentType: 'image/png' })).toBe(
      'nope-yep-meme.png',
    );
    expect(shareFileName({ template: { id: 'x', name: 'Surprised Meme' }, contentType: 'image/jpeg' })).toBe(
      'surprised-meme.jpg',
    );
    expect(shareFileName({ template: null, contentType: 'image/gif' })).toBe('meme.gif');
    expect(shareFileName({ template: null, contentType: 'image/webp' })).toBe('meme.webp');
  });

  it("is fetched from the page's own origin, where the download attribute is honoured", () => {
    expect(sameOriginPath('https://memes.example.org/api/shares/abcdefgh1234/image')).toBe(
      '/api/shares/abcdefgh1234/image',
    );
    expect(sameOriginPath('/api/shares/abcdefgh1234/image')).toBe('/api/shares/abcdefgh1234/image');
  });
});
