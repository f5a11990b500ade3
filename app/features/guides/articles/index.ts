import type { GuideArticle } from '../article';
import { createCustomMeme } from './create-custom-meme';
import { downloadMemes } from './download-memes';
import { memeGeneratorGuide } from './meme-generator-guide';
import { memeTextEditing } from './meme-text-editing';
import { shareMemesOnline } from './share-memes-online';
import { uploadImageMeme } from './upload-image-meme';

/** Article bodies by guide slug. */
export const ARTICLES: Record<string, GuideArticle> = {
  'meme-generator-guide': memeGeneratorGuide,
  'create-custom-meme': createCustomMeme,
  'upload-image-meme': uploadImageMeme,
  'meme-text-editing': memeTextEditing,
  'download-memes': downloadMemes,
  'share-memes-online': shareMemesOnline,
};
