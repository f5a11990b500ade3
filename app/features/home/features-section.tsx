import { FREE_DAILY_AI_LIMIT, IMAGE_TTL_SECONDS_DEFAULT } from '../../../core/limits';

// Each claim is something the product does today; nothing here promises a feature we have not built.
const FEATURES = [
  {
    icon: '🖼️',
    title: '50+ templates',
    text: 'Classic layouts and drawn scenes, searchable, with text boxes already in place.',
  },
  { icon: '✍️', title: 'Custom text', text: 'Any font, size, colour and outline, on as many text layers as you like.' },
  {
    icon: '💡',
    title: 'AI caption suggestions',
    text: 'Stuck for a punchline? Ask for caption ideas that fit the template.',
  },
  { icon: '✂️', title: 'AI background removal', text: 'Cut a person or object out of a photo in one click.' },
  { icon: '🙈', title: 'Face detection and blur', text: 'Find faces automatically and blur them before you share.' },
  { icon: '🔍', title: 'AI upscale 2x to 4x', text: 'Make small pictures large enough to print or post.' },
  { icon: '⚡', title: 'Real-time preview', text: 'What you see on the canvas is exactly what you download.' },
  { icon: '📱', title: 'Mobile and touch', text: 'Works in the browser on phones and tablets, no app to install.' },
  {
    icon: '🔒',
    title: 'Private by design',
    text: `Images are processed only to give you your result and deleted automatically after ${IMAGE_TTL_SECONDS_DEFAULT / 60} minutes.`,
  },
];

/** Why choose us: the home page's claims (docs/product.md §1, §3.3), each one true of this product. */
export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-4 py-14">
      <h2 id="features-heading" className="text-2xl font-bold text-slate-900 dark:text-white sm:text-3xl">
        Why choose Memeforge?
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Free, no watermark and no sign-up, with {FREE_DAILY_AI_LIMIT} AI operations a day included.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <span aria-hidden="true" className="text-2xl">
              {feature.icon}
            </span>
            <h3 className="mt-2 font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
