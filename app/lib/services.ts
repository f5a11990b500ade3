/** The fixed list of service cards (docs/product.md §2, §3.3): home tools section and the Get Started dialog. */

export type ServiceCategory = 'create' | 'optimize' | 'modify' | 'convert' | 'security';

export interface Service {
  id: string;
  title: string;
  description: string;
  href: string;
  category: ServiceCategory;
  features: string[];
  /** Words a visitor types for this job that the card itself doesn't show (search only, never rendered). */
  keywords: string[];
  featured: boolean;
}

export const SERVICES: Service[] = [
  {
    id: 'meme-generator',
    title: 'Meme Generator',
    description: 'Pick a template, upload a picture or generate one with AI, then add styled text and shapes.',
    href: '/meme-generator',
    category: 'create',
    features: ['50+ templates', 'Custom text', 'AI caption suggestions', 'AI image generation'],
    keywords: ['meme', 'caption', 'funny', 'text on image', 'add text', 'template', 'sticker', 'ai art', 'generate'],
    featured: true,
  },
  {
    id: 'optimize',
    title: 'Optimize',
    description: 'Compress images, upscale them with AI, or remove the background.',
    href: '/tools/optimize',
    category: 'optimize',
    features: ['Compress', 'AI upscale 2x to 4x', 'Remove background'],
    keywords: [
      'compress',
      'shrink',
      'smaller',
      'reduce',
      'file size',
      'kb',
      'mb',
      'quality',
      'upscale',
      'enlarge',
      'sharpen',
      'higher resolution',
      'background remover',
      'transparent',
      'cutout',
      'remove bg',
    ],
    featured: false,
  },
  {
    id: 'modify',
    title: 'Modify',
    description: 'Resize for social media, crop and rotate, or process many images at once.',
    href: '/tools/modify',
    category: 'modify',
    features: ['Resize', 'Crop and rotate', 'Batch processing'],
    keywords: [
      'resize',
      'dimensions',
      'scale',
      'youtube',
      'thumbnail',
      'instagram',
      'facebook',
      'twitter',
      'tiktok',
      'linkedin',
      'story',
      'banner',
      'cover photo',
      'profile picture',
      'avatar',
      'crop',
      'rotate',
      'flip',
      'bulk',
    ],
    featured: false,
  },
  {
    id: 'convert',
    title: 'Convert',
    description: 'Change image formats, one file or many.',
    href: '/tools/convert',
    category: 'convert',
    features: ['JPG and PNG', 'WEBP', 'BMP and TIFF'],
    keywords: [
      'convert',
      'format',
      'jpg to png',
      'png to jpg',
      'jpeg',
      'webp',
      'gif',
      'bmp',
      'tiff',
      'avif',
      'heic',
      'heif',
      'iphone',
      'change extension',
      'save as',
    ],
    featured: false,
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Add watermarks, blur faces and strip private metadata such as GPS location.',
    href: '/tools/security',
    category: 'security',
    features: ['Watermarks', 'Blur faces', 'Remove private metadata'],
    keywords: [
      'privacy',
      'private',
      'exif',
      'metadata',
      'gps',
      'location',
      'geotag',
      'camera info',
      'watermark',
      'logo',
      'copyright',
      'blur',
      'anonymize',
      'hide faces',
      'redact',
    ],
    featured: false,
  },
];

/** Words that carry no meaning for the match ("jpg to png", "how to resize my photo"). */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'to',
  'into',
  'in',
  'of',
  'for',
  'my',
  'and',
  'or',
  'how',
  'i',
  'can',
  'do',
  'make',
  'it',
  'me',
  'image',
  'images',
  'photo',
  'photos',
  'picture',
  'pictures',
  'pic',
  'file',
  'files',
]);

/**
 * Formats a visitor may look for that no tool takes yet: the search answers them honestly instead of
 * "No tools found" (core/images/kinds.ts ACCEPTED_FORMATS is the list the tools take). None today: HEIC and AVIF
 * are taken (ADR 0132) and find Convert.
 */
const NOT_YET: { words: string[]; note: string }[] = [];

export interface ServiceSearch {
  services: Service[];
  /** An honest answer for a format no tool takes yet, shown instead of the cards. */
  note?: string;
}

const haystack = (s: Service) => [s.title, s.description, ...s.features, ...s.keywords].join(' | ').toLowerCase();

/**
 * The home tools search (docs/product.md §3.3), ignoring case: a card matches when the whole query appears in its
 * title, description, features or keywords, or when the most of its meaningful words do ("jpg to png" finds
 * Convert, "make it smaller" finds Optimize).
 */
export function searchServices(services: Service[], query: string): ServiceSearch {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return { services };
  const words = q.split(/[^a-z0-9]+/).filter((w) => w && !FILLER.has(w));
  const notYet = NOT_YET.find((entry) => words.some((w) => entry.words.includes(w)));
  if (notYet) return { services: [], note: notYet.note };
  // A card's score: every word for the whole query found as typed, else how many of its words it holds; the
  // best-scoring cards are shown, so "remove gps" gives Security alone, not every card that can remove something.
  const scores = services.map((s) => {
    const text = haystack(s);
    return text.includes(q) ? words.length + 1 : words.filter((w) => text.includes(w)).length;
  });
  const best = Math.max(0, ...scores);
  return { services: best === 0 ? [] : services.filter((_, i) => scores[i] === best) };
}

/** The cards {@link searchServices} shows for a query. */
export const filterServices = (services: Service[], query: string): Service[] =>
  searchServices(services, query).services;
