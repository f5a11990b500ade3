import { describe, inspect } from '../../imaging/analyze';
import { json } from '../../http';
import { readToolInput } from './input';

/** POST /api/analyze-metadata: what the file reveals (GPS, capture time, device, software, author, XMP, ICC). */
export async function postAnalyzeMetadata(request: Request): Promise<Response> {
  const input = await readToolInput(request);
  return json(describe(input.bytes, input.header, await inspect(input.bytes, input.header)));
}
