import { type SecurityFields, securityFieldsSchema } from '../../../../../core/api/tools';
import { getAiProvider } from '../../ai';
import { HttpError } from '../../errors';
import { withVisitorCookie } from '../../identity/visitor';
import { readHeader } from '../../imaging/sniff';
import { quotaSubjectOf, withAiUnit } from '../../quota';
import type { Raster } from '../../imaging/raster';
import { inspect } from '../../imaging/analyze';
import { decode } from '../../imaging/decode';
import { encode } from '../../imaging/encode';
import { overBudget, tooLarge } from '../../imaging/large';
import { blur, inRegions, pixelate, type Rect } from '../../imaging/pixels';
import { protectPrivacy } from '../../imaging/privacy';
import { watermark } from '../../imaging/watermark';
import { resolveFormat } from './compress-image';
import { parseFields, readToolInput, type ToolInput } from './input';
import { respondWithImage } from './respond';

const QUALITY = 90;

type BlurFields = Extract<SecurityFields, { operation: 'blur' }>;

/** Where to blur: given rectangles, boxes found by the AI provider (faces, people), or everything but the subject. */
type Regions = Rect[] | { keep: Raster };

async function blurRegions(env: Env, input: ToolInput, f: BlurFields): Promise<Regions> {
  if (f.method === 'selective') {
    if (!f.regions) throw new HttpError(400, 'validation_failed', 'regions: Selective blur needs at least one rectangle.');
    return f.regions;
  }
  const ai = getAiProvider(env);
  if (f.method === 'background') {
    // The provider's foreground cut-out is the mask: its alpha says how much of the sharp picture to keep.
    const cutout = await ai.removeBackground(input.bytes);
    const header = readHeader(cutout);
    if (!header || header.width !== input.header.width || header.height !== input.header.height) {
      throw new HttpError(502, 'ai_upstream_error', 'The AI service returned a mask that does not fit the picture. Please try again.');
    }
    return { keep: await decode(cutout, header) };
  }
  return f.method === 'faces' ? ai.detectFaces(input.bytes) : ai.detectPeople(input.bytes);
}

/** Blends the sharp picture back over the blurred one wherever the mask is opaque. */
function keepSubject(sharp: Raster, blurred: Raster, mask: Raster): Raster {
  const out = new Uint8ClampedArray(blurred.data);
  for (let i = 0; i < out.length; i += 4) {
    const a = (mask.data[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) out[i + c] = a * (sharp.data[i + c] ?? 0) + (1 - a) * (blurred.data[i + c] ?? 0);
  }
  return { data: out, width: blurred.width, height: blurred.height };
}

async function blurImage(env: Env, input: ToolInput, f: BlurFields, notes: string[]) {
  const regions = await blurRegions(env, input, f);
  const op = f.pixelateLevel ? 'pixelate' : 'blur';
  const format = resolveFormat('original', input.header.format, notes);
  // Every method blurs parts of the picture, which the Images binding cannot do: over the budget is a 413.
  if (overBudget(input.header, op, format)) throw tooLarge(op, format);
  const raster = await decode(input.bytes, input.header);
  const apply = (patch: typeof raster) => (f.pixelateLevel ? pixelate(patch, f.pixelateLevel) : blur(patch, f.strength));
  let out: Raster;
  if ('keep' in regions) {
    out = keepSubject(raster, await apply(raster), regions.keep);
    notes.push(`The background was ${f.pixelateLevel ? 'pixelated' : 'blurred'}; the subject was kept sharp.`);
  } else {
    out = await inRegions(raster, regions, apply);
    notes.push(`${regions.length} area(s) ${f.pixelateLevel ? 'pixelated' : 'blurred'}.`);
  }
  return { bytes: await encode(out, format, { quality: QUALITY }), width: out.width, height: out.height, format };
}

/** POST /api/security: watermark, blur/pixelate areas, or remove private metadata. */
export async function postSecurity(request: Request, env: Env): Promise<Response> {
  const input = await readToolInput(request);
  const f = parseFields(securityFieldsSchema, input.fields);
  const notes: string[] = [];
  const base = { operation: f.operation, originalSize: input.bytes.length, notes };
  if (f.operation === 'privacy') {
    const findings = await inspect(input.bytes, input.header);
    if (overBudget(input.header, 'privacyReencode', 'jpeg') && input.header.orientation !== 1 && f.removeExif) throw tooLarge('privacyReencode', 'jpeg');
    const r = await protectPrivacy(input.bytes, input.header, f, findings);
    return respondWithImage(env, { ...base, bytes: r.bytes, format: r.format, width: r.width, height: r.height, engine: r.reencoded ? 'wasm' : 'passthrough', privacyLog: r.log, details: r.log.actions.join(' ') });
  }
  if (f.operation === 'watermark') {
    const format = resolveFormat('original', input.header.format, notes);
    if (overBudget(input.header, 'watermark', format)) throw tooLarge('watermark', format);
    const out = await watermark(await decode(input.bytes, input.header), f);
    const bytes = await encode(out, format, { quality: QUALITY });
    return respondWithImage(env, { ...base, bytes, format, width: out.width, height: out.height, engine: 'wasm', details: `Watermark "${f.text}" added at ${f.position}.` });
  }
  if (f.method === 'selective') {
    const out = await blurImage(env, input, f, notes);
    return respondWithImage(env, { ...base, ...out, engine: 'wasm', details: notes.join(' ') });
  }
  // Faces, people and background need the AI provider: one unit of the daily allowance, refunded on failure.
  const { subject, visitor } = await quotaSubjectOf(request, env);
  const response = await withAiUnit(env, subject, async () => {
    const out = await blurImage(env, input, f, notes);
    return respondWithImage(env, { ...base, ...out, engine: 'wasm', details: notes.join(' ') });
  });
  return withVisitorCookie(response, visitor);
}
