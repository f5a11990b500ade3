/** The first steps of every tool route: read the upload and take it in by the rule every route shares (ADR 0012). */
import { intake, type Picture } from '../../imaging/engine';
import { readImageUpload } from './deps';

export async function readPicture(request: Request): Promise<{ picture: Picture; fields: Record<string, string> }> {
  const upload = await readImageUpload(request);
  return { picture: await intake(upload.bytes), fields: upload.fields };
}
