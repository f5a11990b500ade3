/**
 * Captions written into a URL path, the way meme URLs have long written them (docs/api.md, "Memes by URL"): a path
 * segment cannot hold a space, a slash, a question mark or a hash, so they are spelt with characters it can hold.
 *
 * | in the URL | caption |
 * |---|---|
 * | `_` or `-` | a space |
 * | `__` / `--` | `_` / `-` |
 * | `~n` | a new line |
 * | `~q` `~s` `~h` `~p` `~a` `~b` `~l` `~g` `~t` | `?` `/` `#` `%` `&` `\` `<` `>` `~` |
 * | `''` | `"` |
 *
 * A `~` followed by anything else is refused (so a typo is not drawn as a tilde). The segment is percent-decoded
 * first, so `%20` is a space too.
 */

const TILDE: Record<string, string> = {
  n: '\n',
  q: '?',
  s: '/',
  h: '#',
  p: '%',
  a: '&',
  b: '\\',
  l: '<',
  g: '>',
  t: '~',
};

export type UrlTextResult = { ok: true; text: string } | { ok: false; problem: string };

/** One path segment (as it arrives, percent-encoded) → its caption, or the problem in words. */
export function captionFromSegment(segment: string): UrlTextResult {
  let raw: string;
  try {
    raw = decodeURIComponent(segment);
  } catch {
    return { ok: false, problem: `"${segment}" has a % that is not followed by two hexadecimal digits.` };
  }
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    const next = raw[i + 1];
    if ((c === '_' || c === '-') && next === c) {
      out += c;
      i++;
    } else if (c === '_' || c === '-') {
      out += ' ';
    } else if (c === "'" && next === "'") {
      out += '"';
      i++;
    } else if (c === '~') {
      const mapped = next === undefined ? undefined : TILDE[next];
      if (mapped === undefined) {
        const known = Object.keys(TILDE)
          .map((k) => `~${k}`)
          .join(', ');
        return {
          ok: false,
          problem: `"${raw}" has "~${next ?? ''}", which is not an escape; the escapes are ${known} (and __, --, '').`,
        };
      }
      out += mapped;
      i++;
    } else {
      out += c;
    }
  }
  return { ok: true, text: out };
}

/** The reverse: a caption as a path segment that `captionFromSegment` reads back to the same text. */
export function segmentFromCaption(text: string): string {
  let out = '';
  for (const c of text) {
    if (c === '_') out += '__';
    else if (c === '-') out += '--';
    else if (c === ' ') out += '_';
    else if (c === '"') out += "''";
    else {
      const key = Object.keys(TILDE).find((k) => TILDE[k] === c);
      out += key ? `~${key}` : encodeURIComponent(c);
    }
  }
  // An empty caption still needs a segment: a lone `_` is one space, which draws nothing.
  return out === '' ? '_' : out;
}
