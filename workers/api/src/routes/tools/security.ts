import { type SecurityFields, securityFieldsSchema } from '../../../../../core/api/tools';
import { getAiProvider } from '../../ai';
import { HttpError } from '../../errors';
import { inspect } from '../../imaging/analyze';
import { decode } from '../../imaging/decode';
import { encode } from '../../imaging/encode';
import { overBudget, tooLarge, viaImagesBinding } from '../../imaging/large';
import { blur, inRegions, pixelate, type Rect } from '../../imaging/pixels';
import { protectPrivacy } from '../../imaging/privacy';
import { watermark } from '../../imaging/watermark';
import { resolveFormat } from './compress-image';
import { parseFields, readToolInput, type ToolInput } from './input';
import { respondWithImage } from './respond';

const QUALITY = 90;

type BlurFields = Extract<SecurityFields, { operation: 'blur' }>;

/** Where to blur: given rectangles, or boxes found by the AI provider (faces, people). */
async function blurRegions(env: Env, input: ToolInput, f: BlurFields): Promise<Rect[] | 'all'> {
  if (f.method === 'selective') {
    if (!f.regions) throw new HttpError(400, 'validation_failed', 'regions: Selective blur needs at least one rectangle.');
    return f.regions;
  }
  if (f.method === 'background') {
    // Background blur needs segmentation, which only the AI provider has; the none provider answers 503 here.
    await getAiProvider(env).removeBackground(input.bytes);
    throw new HttpError(503, 'ai_not_configured', 'Background blur is not available on this server yet.');
  }
  const ai = getAiProvider(env);
  return f.method === 'faces' ? ai.detectFaces(input.bytes) : ai.detectPeople(input.bytes);
}

async function blurImage(env: Env, input: ToolInput, f: BlurFields, notes: string[]) {
  const regions = await blurRegions(env, input, f);
  const op = f.pixelateLevel ? 'pixelate' : 'blur';
  const format = resolveFormat('original', input.header.format, notes);
  if (overBudget(input.header, op)) {
    if (op === 'blur' && regions === 'all') return viaImagesBinding(env, input.bytes, 'blur', [{ blur: f.strength }], format, QUALITY);
    throw tooLarge(op);
  }
  const raster = await decode(input.bytes, input.header);
  const apply = (patch: typeof raster) => (f.pixelateLevel ? pixelate(patch, f.pixelateLevel) : blur(patch, f.strength));
  const out = regions === 'all' ? await apply(raster) : await inRegions(raster, regions, apply);
  notes.push(regions === 'all' ? 'The whole picture was blurred.' : `${regions.length} area(s) ${f.pixelateLevel ? 'pixelated' : 'blurred'}.`);
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
    if (overBudget(input.header, 'privacyReencode') && input.header.orientation !== 1 && f.removeExif) throw tooLarge('privacyReencode');
    const r = await protectPrivacy(input.bytes, input.header, f, findings);
    return respondWithImage(env, { ...base, bytes: r.bytes, format: r.format, width: r.width, height: r.height, engine: r.reencoded ? 'wasm' : 'passthrough', privacyLog: r.log, details: r.log.actions.join(' ') });
  }
  if (f.operation === 'watermark') {
    if (overBudget(input.header, 'watermark')) throw tooLarge('watermark');
    const format = resolveFormat('original', input.header.format, notes);
    const out = await watermark(await decode(input.bytes, input.header), f);
    const bytes = await encode(out, format, { quality: QUALITY });
    return respondWithImage(env, { ...base, bytes, format, width: out.width, height: out.height, engine: 'wasm', details: `Watermark "${f.text}" added at ${f.position}.` });
  }
  const out = await blurImage(env, input, f, notes);
  return respondWithImage(env, { ...base, ...out, engine: 'wasm', details: notes.join(' ') });
}
