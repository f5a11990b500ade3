/** The six how-to guides (docs/product.md §2). Their article bodies live beside this file. */
import { ACCEPTED_FORMATS_TEXT } from '../../../core/images/kinds';
export interface GuideSummary {
  slug: string;
  title: string;
  description: string;
}

export const GUIDES: GuideSummary[] = [
  {
    slug: 'meme-generator-guide',
    title: 'How to Use the Meme Generator',
    description: 'A tour of the editor: templates, text, shapes, layers and download.',
  },
  {
    slug: 'create-custom-meme',
    title: 'How to Create a Custom Meme',
    description: 'Start from a blank background or your own picture and build a meme from scratch.',
  },
  {
    slug: 'upload-image-meme',
    title: 'How to Make a Meme from Your Own Image',
    description: `Upload a ${ACCEPTED_FORMATS_TEXT} picture and caption it.`,
  },
  {
    slug: 'meme-text-editing',
    title: 'How to Edit Meme Text',
    description: 'Fonts, sizes, colours, outlines and alignment for text that reads at a glance.',
  },
  {
    slug: 'download-memes',
    title: 'How to Download Your Memes',
    description: 'PNG, JPG or WebP: which format to choose and how to get the best quality.',
  },
  {
    slug: 'share-memes-online',
    title: 'How to Share Memes Online',
    description: 'A link to your meme in one click, and sizes and formats that look right on each social network.',
  },
];

export const findGuide = (slug: string | undefined) => GUIDES.find((g) => g.slug === slug);
