/** The fixed list of service cards (docs/product.md §2, §3.3): home tools section and the Get Started dialog. */
export type ServiceCategory = 'create' | 'optimize' | 'modify' | 'convert' | 'security';

export interface Service {
  id: string;
  title: string;
  description: string;
  href: string;
  category: ServiceCategory;
  features: string[];
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
    featured: true,
  },
  {
    id: 'optimize',
    title: 'Optimize',
    description: 'Compress images, upscale them with AI, or remove the background.',
    href: '/tools/optimize',
    category: 'optimize',
    features: ['Compress', 'AI upscale 2x to 4x', 'Remove background'],
    featured: false,
  },
  {
    id: 'modify',
    title: 'Modify',
    description: 'Resize for social media, crop and rotate, or process many images at once.',
    href: '/tools/modify',
    category: 'modify',
    features: ['Resize', 'Crop and rotate', 'Batch processing'],
    featured: false,
  },
  {
    id: 'convert',
    title: 'Convert',
    description: 'Change image formats, one file or many.',
    href: '/tools/convert',
    category: 'convert',
    features: ['JPG and PNG', 'WEBP', 'BMP and TIFF'],
    featured: false,
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Add watermarks, blur faces and strip private metadata such as GPS location.',
    href: '/tools/security',
    category: 'security',
    features: ['Watermarks', 'Blur faces', 'Remove private metadata'],
    featured: false,
  },
];

/** Case-insensitive match on title, description or any feature (docs/product.md §3.3). */
export function filterServices(services: Service[], query: string): Service[] {
  const q = query.trim().toLowerCase();
  if (!q) return services;
  return services.filter((s) => [s.title, s.description, ...s.features].some((t) => t.toLowerCase().includes(q)));
}
