/** The first steps of every tool route: read the upload and probe its header before anything else. */
import { type Picture, probe } from '../../imaging/engine';
import { readImageUpload } from './deps';

export async function readPicture(request: Request): Promise<{ picture: Picture; fields: Record<string, string> }> {
  const upload = await readImageUpload(request);
  return { picture: probe(upload.bytes), fields: upload.fields };
}
