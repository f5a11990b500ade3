/**
 * A software passkey for the Worker tests (test code only; the Worker verifies with @simplewebauthn/server, ADR 0170):
 * an ES256 key pair from WebCrypto, the "none" attestation a browser sends for a new passkey, and assertions signed
 * over authenticatorData ‖ SHA-256(clientDataJSON) with a counter that moves on. The few CBOR values it needs (a map,
 * text, bytes, small integers) are written by a tiny encoder here.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 255];
}

function cbor(value: Cbor): number[] {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  return [...head(5, value.size), ...[...value].flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from(bytes)));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const u32 = (n: number) => Uint8Array.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto's ECDSA signature is r‖s; WebAuthn sends it DER-encoded. */
function der(raw: Uint8Array): Uint8Array {
  const integer = (half: Uint8Array) => {
    let i = 0;
    while (i < half.length - 1 && half[i] === 0) i++;
    const trimmed = half.slice(i);
    const body = trimmed[0]! & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const seq = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, seq.length), seq);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle: string | null = null;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The same key with its own counter, as a passkey copied to another device (a synced passkey). */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.keys);
    copy.credentialId.set(this.credentialId);
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What `navigator.credentials.create()` answers, as JSON, for these options on this page's origin. */
  async register(options: CeremonyOptions, origin: string) {
    const rpId = options.rp?.id ?? new URL(origin).hostname;
    this.userHandle = options.user?.id ?? null;
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const fromB64url = (s: string) =>
      Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const cose = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, fromB64url(jwk.x!)],
      [-3, fromB64url(jwk.y!)],
    ]);
    const authData = concat(
      await sha256(utf8(rpId)),
      Uint8Array.of(UP | UV | AT),
      u32(this.counter),
      new Uint8Array(16),
      Uint8Array.of(0, this.credentialId.length),
      this.credentialId,
      Uint8Array.from(cbor(cose)),
    );
    const attestation = Uint8Array.from(
      cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      ),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What `navigator.credentials.get()` answers, as JSON: the counter moves on by one. */
  async signIn(options: CeremonyOptions, origin: string) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter += 1;
    const authData = concat(await sha256(utf8(rpId)), Uint8Array.of(UP | UV), u32(this.counter));
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(der(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
