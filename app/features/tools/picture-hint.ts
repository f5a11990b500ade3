import { ACCEPTED_FORMATS_TEXT } from '../../../core/images/kinds';
import { MAX_UPLOAD_MB } from '../../../core/limits';

/** What the drop zones say they take: the formats intake accepts (core/images/kinds.ts) and the upload limit. */
export const pictureHint = (several = false) =>
  `${ACCEPTED_FORMATS_TEXT}, up to ${MAX_UPLOAD_MB} MB${several ? ' each. Several at once are fine.' : ''}`;
