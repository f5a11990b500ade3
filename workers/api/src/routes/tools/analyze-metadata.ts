import { describe, inspect } from '../../imaging/engine';
import { json } from '../../http';
import { readPicture } from './input';

/** POST /api/analyze-metadata: what the file reveals (GPS, capture time, device, software, author, XMP, ICC). */
export async function postAnalyzeMetadata(request: Request): Promise<Response> {
  const { picture } = await readPicture(request, { pixels: false });
  return json(describe(picture.bytes, picture.header, await inspect(picture.bytes, picture.header)));
}
