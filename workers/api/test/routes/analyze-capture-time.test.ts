/**
 * The capture time the analysis reports is the one the camera wrote: "24 Nov 2026, 14:03", with the offset when the
 * file records OffsetTimeOriginal, never the same clock relabelled as UTC ("2026-11-24T14:03:00.000Z").
 */
import { describe, expect, it } from 'vitest';
import { encode } from '../../src/imaging/codecs/encode';
import { toolRequest } from '../support/corpus';
import { ascii, craftJpeg, exifSegment, tiffBlock } from '../support/metadata-fixtures';
import { syntheticPhoto } from '../support/synthetic';

interface Analysis {
  metadata: { privacy: { potentialRisks: string[]; dataTypes: string[] }; exif: { captureTime?: string | null } };
}

const photo = await encode(syntheticPhoto(48, 32), 'jpeg', { quality: 80 });

async function analyse(exif: ReturnType<typeof ascii>[]): Promise<Analysis> {
  const file = craftJpeg(photo, [exifSegment(tiffBlock({ ifd0: [ascii(0x010f, 'Canon')], exif }))]);
  const res = await toolRequest('analyze-metadata', file, {});
  expect(res.status).toBe(200);
  return res.json<Analysis>();
}

describe('POST /api/analyze-metadata: capture time', () => {
  it('shows DateTimeOriginal as the camera wrote it when there is no offset', async () => {
    const body = await analyse([ascii(0x9003, '2026:11:24 14:03:00')]);
    expect(body.metadata.privacy.potentialRisks).toContain(
      "Capture time: 24 Nov 2026, 14:03 (the camera's clock, no time zone recorded).",
    );
    expect(body.metadata.exif.captureTime).toBe('2026-11-24T14:03:00');
    expect(JSON.stringify(body)).not.toContain('14:03:00.000Z');
    expect(body.metadata.privacy.dataTypes).toContain('Timestamp');
  });

  it('adds OffsetTimeOriginal when the file records it', async () => {
    const body = await analyse([ascii(0x9003, '2026:11:24 14:03:00'), ascii(0x9011, '+01:00')]);
    expect(body.metadata.privacy.potentialRisks).toContain('Capture time: 24 Nov 2026, 14:03 (UTC+01:00).');
    expect(body.metadata.exif.captureTime).toBe('2026-11-24T14:03:00+01:00');
  });

  it('falls back to the digitised time with its own offset', async () => {
    const body = await analyse([ascii(0x9004, '2021:02:03 23:59:10'), ascii(0x9012, '-05:00')]);
    expect(body.metadata.privacy.potentialRisks).toContain('Capture time: 3 Feb 2021, 23:59 (UTC-05:00).');
  });
});
