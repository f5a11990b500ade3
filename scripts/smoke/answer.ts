/**
 * What every smoke check (scripts/smoke/checks.ts, scripts/smoke/people.ts) shares: the client's answer, the failure
 * with the sentence an operator needs, and the small helpers that read an answer or make a picture to send.
 */
import sharp from 'sharp';
import type { UploadResponse } from '../../core/api/images';

export class Failed extends Error {}

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: () => string;
  json: <T>() => T;
}

export interface Client {
  base: string;
  request(path: string, init?: RequestInit): Promise<Answer>;
}

/** What one check found, for the table: a short detail and the billed calls the answer said it made. */
export interface Outcome {
  detail: string;
  billed?: number;
}

export interface Found {
  templateId?: string;
  upload?: UploadResponse;
}

export interface Check {
  name: string;
  run(client: Client, found: Found): Promise<Outcome>;
}

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status === status) return;
  let said = '';
  try {
    said = `: ${answer.json<{ error?: string; code?: string }>().error ?? answer.text().slice(0, 160)}`;
  } catch {
    said = answer.text() ? `: ${answer.text().slice(0, 160)}` : '';
  }
  throw new Failed(`${what} answered ${answer.status}, not ${status}${said}`);
}

/** The `x-billed-calls` header every answer that can make a billed call carries (docs/api.md); required where asked. */
export function billedCalls(answer: Answer, what: string): number {
  const value = answer.headers.get('x-billed-calls');
  if (value === null || !/^\d+$/.test(value))
    throw new Failed(`${what} did not say its billed calls (no x-billed-calls header)`);
  return Number(value);
}

export const formatOf = (bytes: Uint8Array) =>
  sharp(bytes)
    .metadata()
    .then((m) => m.format);

/** A photo-like JPEG: `width` × `height`, smooth shapes (so it stays well under the 10 MB upload limit). */
export async function photo(width: number, height: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.2}" fill="#e9c46a"/>
    <rect x="${width * 0.55}" y="${height * 0.5}" width="${width * 0.3}" height="${height * 0.3}" fill="#264653"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer());
}

export const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
export const jpegFile = (bytes: Uint8Array, name: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' });
