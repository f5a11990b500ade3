import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { removeBackground } from './background';
import { corpusFile, HAS_CORPUS } from './test-corpus';

/** Heavy (about a minute): only with AI_HEAVY=1 and the separate program installed (`npm start` installs it). */
const installed = existsSync(new URL('./background-removal/node_modules', import.meta.url));
const run = process.env.AI_HEAVY === '1' && installed && HAS_CORPUS;

describe.skipIf(!run)('background removal (separate AGPL program)', () => {
  it('makes the background of astronaut.png transparent and keeps the person opaque', async () => {
    const port = 8700 + Math.floor(Math.random() * 80);
    const child = spawn(process.execPath, ['server.mjs'], {
      cwd: new URL('./background-removal/', import.meta.url),
      env: { ...process.env, PORT: String(port) },
    });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const out = await removeBackground(await corpusFile('photos/astronaut.png'), 'image/png', port);
      const { data, info } = await sharp(out).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
      expect([info.width, info.height]).toEqual([512, 512]);
      expect(alpha(20, 20)).toBeLessThan(16); // the flag, top left
      expect(alpha(480, 60)).toBeLessThan(16); // the wall, top right
      expect(alpha(225, 140)).toBeGreaterThan(240); // the face
      expect(alpha(150, 400)).toBeGreaterThan(240); // the suit
      // Bytes that only claim to be a PNG: the program answers 415, which the service passes on as a bad image.
      await expect(removeBackground(new TextEncoder().encode('not a picture'), 'image/png', port)).rejects.toThrow(
        /could not be read/,
      );
    } finally {
      child.kill('SIGTERM');
    }
  }, 240_000);
});
